/**
 * The Postman collection (v2.1) of the three REST channels and its
 * environment, served at SANDBOX_PAGES.postmanCollection and
 * SANDBOX_PAGES.postmanEnvironment.
 *
 * Generated from the contracts (../contracts.ts, the same operations the
 * sandbox serves) by Postman's own converter, openapi-to-postmanv2: one
 * OpenAPI document per channel, whose request bodies are the contract's
 * first request example with the caller's credentials as Postman variables
 * ({{usuario}}, {{clave}}, {{terminal}}, {{tokenSeguridad}}). Each channel is
 * a folder whose first request authenticates; its test script stores the
 * token for the requests after it. The base URL is {{baseUrl}}. Credentials
 * travel only in bodies (and the token in the reconciliation's Authorization
 * header), never in a URL.
 */
import {convertV2} from 'openapi-to-postmanv2';
import {SANDBOX_BASE} from '../../../core/config';
import {SANDBOX_CONTRACTS, type ContractOperation, type Json, type JsonObject} from '../contracts';
import type {Merchant} from '../merchants/merchants';

/** The variables a request body takes from the environment, by field name. */
const VARIABLES: Readonly<Record<string, string>> = {
  usuario: '{{usuario}}',
  clave: '{{clave}}',
  terminal: '{{terminal}}',
  Terminal: '{{terminal}}',
  tokenSeguridad: '{{tokenSeguridad}}',
  accessToken: '{{tokenSeguridad}}',
};

function withVariables(value: Json): Json {
  if (Array.isArray(value)) return value.map(withVariables);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, typeof v === 'string' && VARIABLES[name] !== undefined ? VARIABLES[name] : withVariables(v)]));
}

const CHANNEL_NAMES: Readonly<Record<(typeof SANDBOX_CONTRACTS)[number], string>> = {rest: 'REST', apirest: 'API REST', tcrest: 'REST de tarjetas'};

/** The reconciliation's parameters: the caller's terminal and a range that always answers. */
const RECONCILIATION = {terminal: '{{terminal}}', fecha_inicio: '2026-01-01', fecha_fin: '2030-12-31', pagina: '1'};

/** The name of a request in the collection (unique per channel). */
const requestName = (op: ContractOperation) => op.operationId;

function openapiOf(channel: (typeof SANDBOX_CONTRACTS)[number], operations: readonly ContractOperation[]): JsonObject {
  const paths: JsonObject = {};
  for (const op of operations) {
    const body = op.examples[0]?.value;
    const entry: JsonObject = {
      operationId: requestName(op),
      summary: requestName(op),
      responses: {'200': {description: 'OK'}},
      ...(op.method === 'GET'
        ? {
            parameters: Object.keys(op.params ?? {}).map((name) => ({
              name,
              in: 'path',
              required: true,
              schema: {type: 'string'},
              example: RECONCILIATION[name as keyof typeof RECONCILIATION] ?? '',
            })),
          }
        : {requestBody: {required: true, content: {'application/json': {schema: {type: 'object'}, ...(body === undefined ? {} : {example: withVariables(body)})}}}}),
    };
    // Several payment requests share one path: each gets a key of its own (the URL is set after).
    let key = `${op.base}${op.path}`;
    if (paths[key] !== undefined) key = `${key}/${op.pageKey}`;
    paths[key] = {[op.method.toLowerCase()]: entry};
  }
  return {openapi: '3.0.3', info: {title: CHANNEL_NAMES[channel], version: '1'}, servers: [{url: '{{baseUrl}}'}], paths};
}

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: {url: unknown; header?: {key: string; value: string}[]; method?: string};
  event?: unknown[];
}

function convert(document: JsonObject): Promise<PostmanItem[]> {
  return new Promise((resolve, reject) => {
    convertV2({type: 'json', data: document}, {requestNameSource: 'Fallback', parametersResolution: 'Example', folderStrategy: 'Paths'}, (error, answer) => {
      const result = (answer ?? {result: false}) as unknown as {result: boolean; reason?: string; output?: {type: string; data: {item: PostmanItem[]}}[]};
      if (error !== null && error !== undefined) return reject(error instanceof Error ? error : new Error(error.message));
      if (!result.result || result.output?.[0] === undefined) return reject(new Error(`openapi-to-postmanv2: ${result.reason ?? 'no collection'}`));
      resolve(result.output[0].data.item);
    });
  });
}

const leaves = (items: readonly PostmanItem[]): PostmanItem[] => items.flatMap((item) => (item.item === undefined ? [item] : leaves(item.item)));

const AUTH_TEST = [
  '// Stores the token for the requests after this one.',
  'const answer = pm.response.json();',
  "pm.test('autenticación exitosa / authenticated', () => pm.expect(answer.codigoRespuesta).to.eql('0'));",
  "pm.collectionVariables.set('tokenSeguridad', answer.tokenSeguridad);",
];
const EVERY_TEST = ["pm.test('2xx', () => pm.response.to.be.success);"];

export async function postmanCollection(operations: readonly ContractOperation[], productName: string): Promise<JsonObject> {
  const folders: JsonObject[] = [];
  for (const channel of SANDBOX_CONTRACTS) {
    const ops = operations.filter((op) => op.contract === channel);
    // Authentication first: its token is every other request's.
    const ordered = [...ops.filter((op) => op.operationId === 'autenticar'), ...ops.filter((op) => op.operationId !== 'autenticar')];
    const converted = leaves(await convert(openapiOf(channel, ordered)));
    const items = ordered.map((op) => {
      const item = converted.find((candidate) => candidate.name === requestName(op));
      if (item?.request === undefined) throw new Error(`openapi-to-postmanv2 left out ${channel} ${requestName(op)}`);
      const path = `${op.base}${op.path}`.replace(/\{([^}]+)\}/g, (_m, name: string) => RECONCILIATION[name as keyof typeof RECONCILIATION] ?? '');
      const segments = path.split('/').filter((s) => s !== '');
      item.request.url = {raw: `{{baseUrl}}/${segments.join('/')}`, host: ['{{baseUrl}}'], path: segments};
      if (op.method === 'GET') {
        item.request.header = [...(item.request.header ?? []).filter((h) => h.key.toLowerCase() !== 'authorization'), {key: 'Authorization', value: '{{tokenSeguridad}}'}];
      }
      if (op.operationId === 'autenticar') item.event = [{listen: 'test', script: {type: 'text/javascript', exec: AUTH_TEST}}];
      return item as unknown as JsonObject;
    });
    folders.push({name: CHANNEL_NAMES[channel], item: items});
  }
  return {
    info: {
      name: `${productName} · sandbox`,
      description: 'Colección generada de los contratos OpenAPI del portal (openapi-to-postmanv2). Importe también el entorno (entorno.json).',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    event: [{listen: 'test', script: {type: 'text/javascript', exec: EVERY_TEST}}],
    variable: [{key: 'tokenSeguridad', value: ''}],
    item: folders,
  };
}

/** The environment: the sandbox's base URL and the credentials of whoever asks (the demo merchant's otherwise). */
export function postmanEnvironment(siteUrl: string, merchant: Merchant, clave: string): JsonObject {
  const value = (key: string, v: string, secret = false) => ({key, value: v, type: secret ? 'secret' : 'default', enabled: true});
  return {
    name: `sandbox · ${merchant.usuario}`,
    values: [value('baseUrl', `${siteUrl}${SANDBOX_BASE}`), value('usuario', merchant.usuario), value('clave', clave, true), value('terminal', merchant.terminal)],
    _postman_variable_scope: 'environment',
  };
}
