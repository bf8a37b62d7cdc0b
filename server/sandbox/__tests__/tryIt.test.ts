/**
 * @jest-environment node
 */
/**
 * Try-it as a reader meets it on the reference pages
 * gen:api wrote: the first server is the portal's sandbox, and the request
 * body the console starts with (the API theme's own sampleFromSchema, as its
 * Body editor calls it) is a realistic example, not "string" placeholders.
 * Sent as it is to the sandbox (with a fresh token where the operation needs
 * one), it is accepted: /autenticar answers codigoRespuesta 0.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {sampleFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample';
// The Body editor resolves a oneOf/allOf to one schema before building its text.
import {resolveSchemaWithSelections} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/resolveSchemaWithSelections';
import {isObject, operationsOf, requestPath, REFERENCE_CHANNELS, type Json, type JsonObject, type Locale} from '../../../core/openapi/contracts';
import {allVersions, versionedPagesSource} from '../../../core/node/openapiVersions';
import {SANDBOX_BASE} from '../../../core/config';
import {freshToken, sandboxApp} from '../../testSupport/sandbox';

const ROOT = join(__dirname, '..', '..', '..');

function pagesContract(id: string, locale: Locale, version: string): JsonObject {
  const source = versionedPagesSource(id, locale, version);
  const file = join(ROOT, source);
  if (!existsSync(file)) throw new Error(`${source} is missing: run \`npm run gen:api\` first (npm test does).`);
  return JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
}

/** Where a schema-typed placeholder is left in a body ("string", 0 for a string field...). */
function placeholders(value: Json, at = ''): string[] {
  if (value === 'string') return [at || '(body)'];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, `${at}[${i}]`));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => placeholders(v, at === '' ? k : `${at}.${k}`));
  return [];
}

/** A copy of the body with every token field holding `token`. */
function withToken(value: Json, token: string): Json {
  if (Array.isArray(value)) return value.map((v) => withToken(v, token));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'tokenSeguridad' || k === 'accessToken' ? token : withToken(v, token)]));
}

/** The schema with its #/components references inlined, as the API plugin hands it to the theme. */
function dereference(value: Json, document: JsonObject, seen: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((v) => dereference(v, document, seen));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && !seen.includes(ref)) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => (isObject(node) ? (node[key] as Json) : null), document);
    const {$ref: _, ...siblings} = value;
    return dereference({...(isObject(target) ? target : {}), ...siblings}, document, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dereference(v, document, seen)]));
}

// The first calls compile the contracts' validators (Ajv): seconds on a loaded 2-core machine.
jest.setTimeout(60_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await sandboxApp();
});
afterAll(async () => app.close());

// Every version of the reference: the sandbox accepts the request bodies of each.
const channels = REFERENCE_CHANNELS.flatMap((id) => allVersions(ROOT).map((version) => [id, version] as const));
describe.each(channels)('try-it on the /%s reference, version %s', (id, version) => {
  const locales: Locale[] = ['es', 'en'];
  it.each(locales)('offers the sandbox first and starts from an example the sandbox accepts (%s)', async (locale) => {
    const document = pagesContract(id, locale, version);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(0);
    for (const {path, method, operation} of operations) {
      const servers = (operation.servers ?? (document.paths as JsonObject)[path]?.['servers' as never] ?? document.servers) as {url: string}[];
      const first = servers[0]!.url;
      expect(first.startsWith(`${SANDBOX_BASE}/`)).toBe(true);
      expect(servers.length).toBeGreaterThan(1);
      const media = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined;
      if (!isObject(media) || !isObject(media.schema)) continue;
      const body = sampleFromSchema(resolveSchemaWithSelections(dereference(media.schema, document) as never, {}), {type: 'request'}) as Json;
      expect({operation: `${method} ${path}`, placeholders: placeholders(body)}).toEqual({operation: `${method} ${path}`, placeholders: []});
      const token = await freshToken(app);
      const answer = await app.inject({
        method: method.toUpperCase() as 'POST',
        url: `${first}${requestPath(path)}`,
        payload: withToken(body, token) as object,
        headers: {authorization: `Bearer ${token}`},
      });
      expect({operation: `${method} ${path}`, status: answer.statusCode}).toEqual({operation: `${method} ${path}`, status: 200});
      if (requestPath(path).endsWith('/autenticar')) {
        expect(answer.json()).toMatchObject({codigoRespuesta: '0'});
      }
    }
  });
});
