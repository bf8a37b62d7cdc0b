/**
 * The Postman collection and environment (server/sandbox/downloads/postman.ts): a
 * v2.1 collection of the three REST channels, generated from the contracts
 * by openapi-to-postmanv2, run in order by Postman's own runner (newman's
 * programmatic API) with a NEW merchant's environment against the sandbox:
 * the authentication requests store the token, and every request answers 2xx.
 */
import type {FastifyInstance} from 'fastify';
import newman from 'newman';
import {loadContractOperations} from '../../contracts';
import {SANDBOX_BASE} from '../..';
import {MERCHANT, basic, newMerchant, listeningSandboxApp} from '../../../testSupport/sandbox';

jest.setTimeout(120_000);

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  ({app, base} = await listeningSandboxApp());
});
afterAll(async () => app.close());

interface Item {
  name: string;
  item?: Item[];
  request?: {url: {raw: string}; body?: {raw?: string}; header?: {key: string; value: string}[]};
  event?: {listen: string; script: {exec: string[]}}[];
}

it('is a v2.1 collection of every REST operation, each channel authenticating first, with no secret in a URL', async () => {
  const answer = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/coleccion.json`});
  expect(answer.statusCode).toBe(200);
  const collection = answer.json<{info: {schema: string}; item: Item[]}>();
  expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  expect(collection.item.map((f) => f.name)).toEqual(['REST', 'API REST', 'REST de tarjetas']);
  const requests = collection.item.flatMap((f) => f.item ?? []);
  expect(requests).toHaveLength(loadContractOperations().length);
  for (const folder of collection.item) {
    const [first] = folder.item!;
    expect(first!.name).toBe('autenticar');
    expect(first!.request!.body!.raw).toContain('{{clave}}');
    expect(first!.event![0]!.script.exec.join('\n')).toContain("pm.collectionVariables.set('tokenSeguridad'");
  }
  for (const request of requests) {
    expect(request.request!.url.raw).toMatch(/^\{\{baseUrl\}\}\//);
    expect(request.request!.url.raw).not.toMatch(/\{\{(clave|tokenSeguridad|usuario)\}\}/);
  }
  expect(answer.body).not.toContain(MERCHANT.clave);
});

it("runs in order with a new merchant's environment: every request answers 2xx", async () => {
  const me = await newMerchant(app);
  const environment = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/entorno.json`, headers: {authorization: basic(me)}});
  expect(environment.statusCode).toBe(200);
  const values = Object.fromEntries((environment.json().values as {key: string; value: string}[]).map((v) => [v.key, v.value]));
  expect(values).toEqual({baseUrl: `${base}${SANDBOX_BASE}`, usuario: me.usuario, clave: me.clave, terminal: me.terminal});
  const collection = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/coleccion.json`})).json();

  const summary = await new Promise<newman.NewmanRunSummary>((resolve, reject) => {
    newman.run({collection, environment: environment.json(), reporters: [], timeoutRequest: 20_000}, (error, result) => (error ? reject(error) : resolve(result)));
  });
  const executions = summary.run.executions;
  expect(executions).toHaveLength(loadContractOperations().length);
  const failed = executions
    .filter((e) => e.response === undefined || e.response.code < 200 || e.response.code >= 300)
    .map((e) => `${e.item.name}: ${e.response?.code ?? 'no answer'} ${e.response?.stream?.toString() ?? ''}`);
  expect(failed).toEqual([]);
  expect(summary.run.failures.map((f) => `${f.source?.name ?? ''}: ${f.error.message}`)).toEqual([]);
  // The calls went to the new merchant: its request log holds them, none of them refused.
  const log = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`, headers: {accept: 'application/json', authorization: basic(me)}})).json().solicitudes as {
    estado: number;
  }[];
  expect(log.filter((entry) => entry.estado >= 400)).toEqual([]);
  expect(log.length).toBeGreaterThanOrEqual(executions.length);
});

it("gives the demo merchant's environment without credentials, and 401 for bad ones", async () => {
  const demo = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/entorno.json`});
  expect(Object.fromEntries((demo.json().values as {key: string; value: string}[]).map((v) => [v.key, v.value]))).toMatchObject({
    usuario: MERCHANT.usuario,
    terminal: MERCHANT.terminal,
  });
  expect((await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/entorno.json`, headers: {authorization: basic({usuario: 'prueba.1', clave: 'x'})}})).statusCode).toBe(401);
  expect((await app.inject({method: 'GET', url: `${SANDBOX_BASE}/postman/entorno.json`, headers: {authorization: 'Basic !!'}})).statusCode).toBe(401);
});
