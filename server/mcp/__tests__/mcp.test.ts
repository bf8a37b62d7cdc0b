/**
 * /mcp driven as an assistant drives it: the real server (server/app.ts) on
 * a loopback port, the SDK's own Client over Streamable HTTP. The docs are
 * the current pages read from the sources (server/testSupport/docsSources.ts),
 * the contracts the ones gen:api bundles.
 */
import type {AddressInfo} from 'node:net';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {McpError, ErrorCode, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../../app';
import {responseSignature, checksum} from '../../../core/signatures';
import {EXAMPLE_KEY} from '../../../core/data/securityExamples';
import {configFor, makeBuild, type Fixture} from '../../testSupport/fixtures';
import {addDocs} from '../../testSupport/docsSources';
import {loadDemoMerchant} from '../../sandbox/merchants/demoMerchant';
import {CREDENTIALS_REFUSED} from '../sandbox';
import {startHandler} from '../../testSupport/certificationHandlers';
import {APPROVAL, authorizationCode, DEMO_METHODS, purchaseResponse} from '../../sandbox/rules/purchase';

const DEMO_VISA = DEMO_METHODS.find((m) => m.demo === 37)!;
const DEMO_MASTERCARD = DEMO_METHODS.find((m) => m.demo === 38)!;

// The machine's two cores are shared: a card payment decrypts with RSA, a server start indexes the docs.
jest.setTimeout(30_000);

let fixture: Fixture;
let app: FastifyInstance;
let base: string;
const clients: Client[] = [];

async function start(env: Record<string, string> = {}): Promise<{app: FastifyInstance; base: string}> {
  const server = await buildApp(configFor(fixture, env));
  await server.listen({host: '127.0.0.1', port: 0});
  return {app: server, base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`};
}

async function connect(url: string = base, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({name: 'jest', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {requestInit: {headers}}));
  clients.push(client);
  return client;
}

/** A JSON-RPC error answer as fetch reads it. */
async function rpcBody(response: Response): Promise<{jsonrpc: string; error: {code: number; message: string}}> {
  return (await response.json()) as {jsonrpc: string; error: {code: number; message: string}};
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tool's JSON answer, read as the assertions read it; they check its shape
function json(result: unknown): any {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== 'text') throw new Error('no text content');
  return JSON.parse(content.text);
}

/** The JSON-RPC error a call is refused with. */
async function refusal(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

beforeAll(async () => {
  fixture = makeBuild();
  addDocs(fixture.buildDir);
  // The limit per address is tested on a server of its own.
  ({app, base} = await start({MCP_RATE_LIMIT: '100000'}));
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await app.close();
  fixture.cleanup();
});

describe('what an assistant finds', () => {
  it('lists the tools, with the sandbox ones when the sandbox is on', async () => {
    const client = await connect();
    const {tools} = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'compute_signature',
        'get_operation',
        'get_page',
        'list_operations',
        'sandbox_certification',
        'sandbox_certify',
        'sandbox_inbox',
        'sandbox_request',
        'sandbox_request_log',
        'search_docs',
        'verify_confirmation',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description).toBeTruthy();
    }
    expect(tools.find((t) => t.name === 'search_docs')?.annotations?.readOnlyHint).toBe(true);
  });

  it('offers every page in both locales, the contracts and the WSDL as resources', async () => {
    const client = await connect();
    const {resources} = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('http://portal.test/vpost/integracion.md');
    expect(uris).toContain('http://portal.test/en/vpost/integracion.md');
    expect(uris).toContain('http://portal.test/openapi/rest.yaml');
    expect(uris).toContain('http://portal.test/openapi/rest.en.yaml');
    expect(uris).toContain('http://portal.test/openapi/v1/tcrest.yaml');
    expect(uris).toContain('http://portal.test/soap/pagos.wsdl');
    const page = await client.readResource({uri: 'http://portal.test/en/guias/cifrado.md'});
    expect(page.contents[0]).toMatchObject({mimeType: 'text/markdown'});
    expect(JSON.stringify(page.contents[0])).toMatch(/encrypt/i);
    const wsdl = await client.readResource({uri: 'http://portal.test/soap/pagos.wsdl'});
    expect(JSON.stringify(wsdl.contents[0])).toContain('definitions');
    const unknown = await refusal(client.readResource({uri: 'http://portal.test/no-existe.md'}));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
  });

  it('has a prompt per channel, in Spanish or English, pointing at the pages to read', async () => {
    const client = await connect();
    const {prompts} = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['integrate_post_form', 'integrate_rest', 'integrate_card_rest', 'integrate_soap']));
    const es = await client.getPrompt({name: 'integrate_post_form'});
    const text = (es.messages[0]!.content as {text: string}).text;
    expect(text).toContain('http://portal.test/vpost/integracion.md');
    expect(text).toContain('verify_confirmation');
    const en = await client.getPrompt({name: 'integrate_rest', arguments: {locale: 'en'}});
    expect((en.messages[0]!.content as {text: string}).text).toContain('http://portal.test/en/rest.md');
    expect((await refusal(client.getPrompt({name: 'integrate_cobol'}))).message).toContain('integrate_post_form');
    expect((await refusal(client.getPrompt({name: 'integrate_rest', arguments: {locale: 'fr'}}))).code).toBe(ErrorCode.InvalidParams);
  });
});

describe('the docs tools', () => {
  it('search_docs: the best pages with URL, Markdown URL and passage, accents or not', async () => {
    const client = await connect();
    const withAccents = json(await client.callTool({name: 'search_docs', arguments: {query: 'cómo calculo el checksum'}}));
    const without = json(await client.callTool({name: 'search_docs', arguments: {query: 'como calculo el CHECKSUM'}}));
    expect(withAccents.results[0]).toMatchObject({url: 'http://portal.test/vpost/integracion', markdownUrl: 'http://portal.test/vpost/integracion.md'});
    expect(withAccents.results[0].passage.toLowerCase()).toContain('checksum');
    expect(without.results.map((r: {url: string}) => r.url)).toEqual(withAccents.results.map((r: {url: string}) => r.url));
    const english = json(await client.callTool({name: 'search_docs', arguments: {query: 'reverse a card payment', locale: 'en', limit: 3}}));
    expect(english.results).toHaveLength(3);
    expect(english.results[0].url).toMatch(/^http:\/\/portal\.test\/en\//);
  });

  it('search_docs: bad arguments are JSON-RPC errors that say what to send', async () => {
    const client = await connect();
    for (const [args, words] of [
      [{}, 'query'],
      [{query: '   '}, 'query must not be empty'],
      [{query: 'pse', locale: 'fr'}, 'locale'],
      [{query: 'pse', limit: 99}, 'limit'],
      [{query: 'pse', version: 'v9'}, 'Unknown version "v9"'],
    ] as const) {
      const error = await refusal(client.callTool({name: 'search_docs', arguments: args}));
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toContain(words);
    }
  });

  it('get_page: by path or URL, with or without .md; an unknown page names the near ones', async () => {
    const client = await connect();
    const byPath = await client.callTool({name: 'get_page', arguments: {path: '/vpost/integracion'}});
    const byUrl = await client.callTool({name: 'get_page', arguments: {path: 'https://otro.example/vpost/integracion.md#checksum'}});
    expect(byUrl).toEqual(byPath);
    expect((byPath as CallToolResult).content[0]).toMatchObject({type: 'text', text: expect.stringContaining('checksum')});
    const english = await client.callTool({name: 'get_page', arguments: {path: '/en/guias/cifrado'}});
    expect(JSON.stringify(english)).toMatch(/encrypt/i);
    const error = await refusal(client.callTool({name: 'get_page', arguments: {path: '/vpost/integrasion'}}));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toContain('No docs page at /vpost/integrasion');
    expect(error.message).toContain('/vpost/integracion');
    expect((await refusal(client.callTool({name: 'get_page', arguments: {path: 42}}))).code).toBe(ErrorCode.InvalidParams);
  });

  it('list_operations and get_operation: from the contract, dereferenced, with examples and the sandbox URL', async () => {
    const client = await connect();
    const list = json(await client.callTool({name: 'list_operations', arguments: {channel: 'rest'}}));
    expect(list.operations.map((o: {operationId: string}) => o.operationId)).toEqual(expect.arrayContaining(['autenticar', 'pagoTarjeta', 'pagoPse', 'listarBancos']));
    expect(list.operations.every((o: {channel: string}) => o.channel === 'rest')).toBe(true);
    const card = json(await client.callTool({name: 'get_operation', arguments: {operationId: 'pagoTarjeta', channel: 'rest'}}));
    expect(card).toMatchObject({method: 'POST', path: '/confirmacionTransaccionMedioPago#pago-tarjeta', page: 'http://portal.test/rest/pago-tarjeta'});
    expect(card.sandboxUrl).toBe('http://portal.test/sandbox/core/confirmacionTransaccionMedioPago');
    expect(card.requestExamples.length).toBeGreaterThan(0);
    expect(JSON.stringify(card.operation)).not.toContain('$ref');
    const byPath = json(await client.callTool({name: 'get_operation', arguments: {method: 'post', path: '/listarBancos'}}));
    expect(byPath.operationId).toBe('listarBancos');
    const english = json(await client.callTool({name: 'get_operation', arguments: {operationId: 'autenticar', channel: 'apirest', locale: 'en'}}));
    expect(english.page).toBe('http://portal.test/en/apirest/autenticacion');
    const old = json(await client.callTool({name: 'get_operation', arguments: {operationId: 'autenticar', channel: 'rest', version: 'v1'}}));
    expect(old.page).toBe('http://portal.test/rest/v1/autenticacion');
  });

  it('get_operation: bad arguments say what to send', async () => {
    const client = await connect();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Give operationId, or method and path'],
      [{operationId: 'pagar'}, 'No operation "pagar"'],
      [{method: 'POST', path: '/confirmacionTransaccionMedioPago'}, 'operations match'],
      [{operationId: 'autenticar', channel: 'soap'}, 'channel'],
      [{operationId: 'autenticar', version: 'v7'}, 'Unknown version'],
    ];
    for (const [args, words] of cases) {
      const error = await refusal(client.callTool({name: 'get_operation', arguments: args}));
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toContain(words);
    }
  });
});

describe("the signature tools (core/signatures.ts and core/confirmation.ts, the workbench's code)", () => {
  it('compute_signature computes each kind, showing its inputs', async () => {
    const client = await connect();
    const firma = json(
      await client.callTool({name: 'compute_signature', arguments: {kind: 'firma', inputs: {llave: 'k', codigoFactura: 'F1', valorFactura: '1000', codigoAutorizacion: '123'}}}),
    );
    expect(firma).toMatchObject({name: 'firmaPasarela', value: responseSignature('k', 'F1', '1000', '123'), concatenated: 'kF11000123'});
    const sum = json(await client.callTool({name: 'compute_signature', arguments: {kind: 'checksum', inputs: {factura: 'F1', valor: '1000.50', llave: 'k'}}}));
    expect(sum.value).toBe(checksum('F1', '1000', 'k'));
    const token = json(await client.callTool({name: 'compute_signature', arguments: {kind: 'tokenSeguridad', inputs: {llave: 'k', hora: '14:05'}}}));
    const sameToken = json(await client.callTool({name: 'compute_signature', arguments: {kind: 'tokenSeguridad', inputs: {llave: 'k', instante: '2025-03-01T19:05:30Z'}}}));
    expect(token.value).toBe(sameToken.value);
    const amount = json(await client.callTool({name: 'compute_signature', arguments: {kind: 'md5ValidacionValor', inputs: {llave: 'k', valor: '1000'}}}));
    expect(amount.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it('compute_signature: a missing or malformed input is a JSON-RPC error naming it', async () => {
    const client = await connect();
    const cases: [Record<string, unknown>, string][] = [
      [{kind: 'firma', inputs: {llave: 'k'}}, 'missing: codigoFactura, valorFactura, codigoAutorizacion'],
      [{kind: 'checksum', inputs: {factura: 'F', valor: 'mil', llave: 'k'}}, '"mil" is not an amount'],
      [{kind: 'tokenSeguridad', inputs: {llave: 'k', hora: '25:00'}}, 'hora must be HH:mm'],
      [{kind: 'sha1', inputs: {}}, 'kind'],
      [{kind: 'firma', inputs: 'llave=k'}, 'inputs'],
    ];
    for (const [args, words] of cases) {
      const error = await refusal(client.callTool({name: 'compute_signature', arguments: args}));
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toContain(words);
    }
  });

  it('verify_confirmation checks firma{product} of a urlencoded or JSON body', async () => {
    const client = await connect();
    const firma = responseSignature(EXAMPLE_KEY, 'F77', '50000', '654321');
    const body = `codigoFactura=F77&valorFactura=50000&transaccionAprobada=1&codigoAutorizacion=654321&firmaPasarela=${firma}`;
    const good = json(await client.callTool({name: 'verify_confirmation', arguments: {body, key: EXAMPLE_KEY}}));
    expect(good).toMatchObject({valid: true, signatureValid: true, format: 'urlencoded', signatureField: 'firmaPasarela', expected: firma, status: 'aprobada'});
    // Without the stored order it never says the goods can go.
    expect(good).toMatchObject({orderChecked: false, deliver: false});
    expect(good.advice).toContain('compare codigoFactura and valorFactura with your stored order');
    const object = json(
      await client.callTool({
        name: 'verify_confirmation',
        arguments: {
          body: {codigoFactura: 'F77', valorFactura: 50000, transaccionAprobada: 1, codigoAutorizacion: '654321', firmaPasarela: firma},
          key: EXAMPLE_KEY,
          order: {factura: 'F77', valor: '50000'},
        },
      }),
    );
    expect(object).toMatchObject({valid: true, format: 'json', orderChecked: true, deliver: true});
    const wrongKey = json(await client.callTool({name: 'verify_confirmation', arguments: {body, key: 'otra'}}));
    expect(wrongKey.valid).toBe(false);
    for (const [args, words] of [
      [{body: 'codigoFactura=F77', key: EXAMPLE_KEY}, 'no firmaPasarela'],
      [{body: '{"a":', key: EXAMPLE_KEY}, 'not valid JSON'],
      [{body, key: ''}, 'key must not be empty'],
      [{body}, 'key'],
    ] as const) {
      const error = await refusal(client.callTool({name: 'verify_confirmation', arguments: args}));
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toContain(words);
    }
  });
});

describe('verify_confirmation refuses what the signature does not cover', () => {
  /** A real confirmation of the sandbox, as its purchase page signs it (server/sandbox/rules/purchase.ts), with the demo merchant's key. */
  function sandboxConfirmation(outcome: 'aprobada' | 'rechazada' | 'pendiente', method = DEMO_VISA): Record<string, string> {
    const codigoAutorizacion = authorizationCode(outcome, method);
    return purchaseResponse({
      fields: {factura: 'PRB-000002', valor: '150000'},
      approval: APPROVAL[outcome],
      codigoAutorizacion,
      numeroTransaccion: '4393080898',
      method,
      llave: EXAMPLE_KEY,
      firmaName: 'firmaPasarela',
    }).confirmation;
  }
  const verify = async (body: Record<string, string>, order?: Record<string, string>) =>
    json(await (await connect()).callTool({name: 'verify_confirmation', arguments: {body: new URLSearchParams(body).toString(), key: EXAMPLE_KEY, ...(order ? {order} : {})}}));

  it.each([
    ['a rejected Visa (00000)', () => sandboxConfirmation('rechazada')],
    ['a rejected Mastercard (00)', () => sandboxConfirmation('rechazada', DEMO_MASTERCARD)],
    ['a pending payment (no code)', () => sandboxConfirmation('pendiente')],
  ])('%s edited to transaccionAprobada 1: signature valid, confirmation refused', async (_what, make) => {
    const genuine = make();
    expect(await verify(genuine, {factura: 'PRB-000002', valor: '150000'})).toMatchObject({valid: true, deliver: false});
    const edited = await verify({...genuine, transaccionAprobada: '1'}, {factura: 'PRB-000002', valor: '150000'});
    expect(edited).toMatchObject({signatureValid: true, valid: false, deliver: false, problems: [{kind: 'approvedWithoutAuthorization'}]});
    expect(edited.problems[0].message).toContain('edited to approved');
    expect(edited.advice).toContain('Refuse it');
  });

  it('an approval with amount and authorization shifted by a digit: same signature, refused against the order', async () => {
    const genuine = sandboxConfirmation('aprobada');
    const code = genuine.codigoAutorizacion!;
    const shifted = {...genuine, valorFactura: `150000${code[0]}`, codigoAutorizacion: code.slice(1)};
    const result = await verify(shifted, {factura: 'PRB-000002', valor: '150000'});
    expect(result).toMatchObject({signatureValid: true, valid: false, deliver: false, problems: [{kind: 'otherAmount'}]});
    expect(await verify(genuine, {factura: 'PRB-000002', valor: '150000'})).toMatchObject({valid: true, deliver: true});
  });

  it('a replay moves nothing backwards and a repeat is applied once', async () => {
    const approved = sandboxConfirmation('aprobada');
    const afterReversal = await verify(approved, {factura: 'PRB-000002', valor: '150000', estado: 'reversada'});
    expect(afterReversal).toMatchObject({valid: false, deliver: false, problems: [{kind: 'backwards'}]});
    const again = await verify(approved, {factura: 'PRB-000002', valor: '150000', estado: 'aprobada'});
    expect(again).toMatchObject({valid: true, repeated: true, deliver: false});
    expect(again.advice).toContain('Already applied');
  });

  it('a bad order state is a JSON-RPC error that names the states', async () => {
    const error = await refusal(
      (await connect()).callTool({name: 'verify_confirmation', arguments: {body: 'a=1', key: EXAMPLE_KEY, order: {factura: 'F', valor: '1', estado: 'paid'}}}),
    );
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toContain('pendiente');
  });
});

describe('the sandbox tools', () => {
  it('sandbox_request pays with a card as the demo merchant, authenticating first', async () => {
    const client = await connect();
    const result = json(await client.callTool({name: 'sandbox_request', arguments: {operationId: 'pagoTarjeta', channel: 'rest'}}));
    const demo = loadDemoMerchant();
    expect(result.merchant).toEqual({usuario: demo.usuario, terminal: demo.terminal, demo: true});
    expect(result.request.url).toBe('http://portal.test/sandbox/core/confirmacionTransaccionMedioPago');
    expect(result.notes.join(' ')).toContain('autenticar');
    expect(result.status).toBe(200);
    expect(result.answer).toHaveProperty('CodigoRespuesta');
  });

  it("sandbox_request answers the sandbox's own refusal of a bad body (not an MCP error)", async () => {
    const client = await connect();
    const result = json(await client.callTool({name: 'sandbox_request', arguments: {operationId: 'listarBancos', body: {nada: 1}}}));
    expect(result.status).toBe(400);
    const unknown = await refusal(client.callTool({name: 'sandbox_request', arguments: {operationId: 'pagar'}}));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
  });

  it('sandbox_request reconciles with path parameters and a Bearer token', async () => {
    const client = await connect();
    const result = json(
      await client.callTool({
        name: 'sandbox_request',
        arguments: {operationId: 'consultarTransacciones', params: {fecha_inicio: '2025-01-01', fecha_fin: '2025-01-31', pagina: 1}},
      }),
    );
    expect(result.status).toBe(200);
    const missing = await client.callTool({name: 'sandbox_request', arguments: {operationId: 'consultarTransacciones'}});
    expect((missing as CallToolResult).isError).toBe(true);
    expect(JSON.stringify(missing)).toContain('fecha_inicio');
  });

  it('refuses credentials the sandbox does not know with a JSON-RPC error, and malformed ones at the door', async () => {
    const stranger = await connect(base, {authorization: `Basic ${Buffer.from('otro:secreto').toString('base64')}`});
    // The docs tools do not need the sandbox's merchant.
    expect(json(await stranger.callTool({name: 'search_docs', arguments: {query: 'checksum'}})).results.length).toBeGreaterThan(0);
    for (const name of ['sandbox_request', 'sandbox_inbox', 'sandbox_request_log']) {
      const error = await refusal(stranger.callTool({name, arguments: name === 'sandbox_request' ? {operationId: 'listarBancos'} : {}}));
      expect(error.code).toBe(CREDENTIALS_REFUSED);
      expect(error.message).toContain('does not know the credentials of this MCP connection');
      expect(error.message).toContain('/sandbox/credenciales');
    }
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer xyz'},
      body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
    });
    expect(response.status).toBe(401);
    const body = await rpcBody(response);
    expect(body.error.message).toContain('HTTP Basic');
    expect(body.error.code).toBe(CREDENTIALS_REFUSED);
  });

  it("sandbox_inbox and sandbox_request_log without credentials: the public demo merchant's records, as the sandbox serves them", async () => {
    const client = await connect();
    await client.callTool({name: 'sandbox_request', arguments: {operationId: 'listarBancos'}});
    const demo = loadDemoMerchant();
    const inbox = json(await client.callTool({name: 'sandbox_inbox', arguments: {}}));
    expect(inbox.merchant).toEqual({usuario: demo.usuario, terminal: demo.terminal, demo: true});
    expect(Array.isArray(inbox.notificaciones)).toBe(true);
    const log = json(await client.callTool({name: 'sandbox_request_log', arguments: {}}));
    expect(log.merchant.demo).toBe(true);
    expect(log.solicitudes[0]).toMatchObject({canal: 'rest', operacion: expect.stringContaining('listarBancos')});
    const direct = await fetch(`${base}/sandbox/registro`, {
      headers: {accept: 'application/json', authorization: `Basic ${Buffer.from(`${demo.usuario}:${demo.clave}`).toString('base64')}`},
    });
    expect(((await direct.json()) as {solicitudes: unknown[]}).solicitudes[0]).toEqual(log.solicitudes[0]);
  });
});

describe("the sandbox tools, merchant by merchant (each connection's sandbox credentials)", () => {
  interface Issued {
    usuario: string;
    clave: string;
    terminal: string;
    llave: string;
  }
  const issue = async (): Promise<Issued> => {
    const response = await fetch(`${base}/sandbox/credenciales`, {method: 'POST'});
    expect(response.status).toBe(201);
    return (await response.json()) as Issued;
  };
  const as = (who: Issued) => connect(base, {authorization: `Basic ${Buffer.from(`${who.usuario}:${who.clave}`).toString('base64')}`});
  /** The codigoSeguimiento of a card payment's answer. */
  const tracking = (answer: Record<string, unknown>): string => {
    const found = Object.entries(answer).find(([key]) => /^codigoseguimiento$/i.test(key));
    if (found === undefined) throw new Error(`no codigoSeguimiento in ${JSON.stringify(answer)}`);
    return String(found[1]);
  };

  it("each merchant's payments are in its own request log and inbox, never in the other's", async () => {
    const [ana, luis] = [await issue(), await issue()];
    const [anaClient, luisClient] = [await as(ana), await as(luis)];
    const paid: Record<string, string> = {};
    for (const [who, client] of [
      [ana, anaClient],
      [luis, luisClient],
    ] as const) {
      const card = json(await client.callTool({name: 'sandbox_request', arguments: {operationId: 'pagoTarjeta', channel: 'rest'}}));
      expect(card.merchant).toEqual({usuario: who.usuario, terminal: who.terminal, demo: false});
      expect(card.status).toBe(200);
      expect(card.request.body.Terminal).toBe(who.terminal);
      // A PSE payment stays pending until the bank answers: settled from the inbox's API (as its page does), its confirmation lands in the inbox.
      const pse = json(await client.callTool({name: 'sandbox_request', arguments: {operationId: 'pagoPse', channel: 'rest'}}));
      expect(pse.status).toBe(200);
      paid[who.terminal] = tracking(pse.answer);
      const settled = await fetch(`${base}/sandbox/transacciones/${paid[who.terminal]}/liquidar`, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json', authorization: `Basic ${Buffer.from(`${who.usuario}:${who.clave}`).toString('base64')}`},
        body: JSON.stringify({estado: 'aprobada'}),
      });
      expect(settled.status).toBe(200);
    }
    for (const [who, other, client] of [
      [ana, luis, anaClient],
      [luis, ana, luisClient],
    ] as const) {
      const log = json(await client.callTool({name: 'sandbox_request_log', arguments: {}}));
      expect(log.merchant).toEqual({usuario: who.usuario, terminal: who.terminal, demo: false});
      const payments = log.solicitudes.filter((s: {operacion: string}) => s.operacion.startsWith('confirmacionTransaccionMedioPago'));
      expect(payments.map((s: {operacion: string}) => s.operacion)).toEqual(['confirmacionTransaccionMedioPago (pse)', 'confirmacionTransaccionMedioPago (pago-tarjeta)']);
      expect(payments.every((s: {canal: string; estado: number}) => s.canal === 'rest' && s.estado === 200)).toBe(true);
      // Masked as the sandbox masks it: the clave never comes back.
      const text = JSON.stringify(log);
      expect(text).not.toContain(who.clave);
      expect(text).not.toContain(other.terminal);
      expect(text).not.toContain(other.usuario);

      const inbox = json(await client.callTool({name: 'sandbox_inbox', arguments: {locale: 'en'}}));
      expect(inbox.merchant.terminal).toBe(who.terminal);
      expect(inbox.notificaciones.filter((n: {transaccion?: string}) => n.transaccion === paid[who.terminal])).toHaveLength(1);
      expect(inbox.notificaciones.every((n: {terminal: string}) => n.terminal === who.terminal)).toBe(true);
      expect(JSON.stringify(inbox)).not.toContain(paid[other.terminal]!);
      // Exactly what the sandbox serves that merchant at /sandbox/notificaciones.
      const direct = await fetch(`${base}/sandbox/notificaciones`, {
        headers: {accept: 'application/json', 'accept-language': 'en', authorization: `Basic ${Buffer.from(`${who.usuario}:${who.clave}`).toString('base64')}`},
      });
      expect(inbox.notificaciones).toEqual(((await direct.json()) as {notificaciones: unknown[]}).notificaciones);
    }
    // And neither payment is in the public demo merchant's records.
    const anonymous = await connect();
    const demoLog = JSON.stringify(json(await anonymous.callTool({name: 'sandbox_request_log', arguments: {}})));
    const demoInbox = JSON.stringify(json(await anonymous.callTool({name: 'sandbox_inbox', arguments: {}})));
    for (const who of [ana, luis]) {
      expect(demoLog).not.toContain(who.terminal);
      expect(demoInbox).not.toContain(paid[who.terminal]!);
    }
  });
});

describe('the certification tools', () => {
  it("certify a merchant's handler and read its report, as its own credentials only; the demo merchant may not certify", async () => {
    const anonymous = await connect();
    const refused = await anonymous.callTool({name: 'sandbox_certify', arguments: {urlConfirmacion: 'http://127.0.0.1:9/confirmacion', locale: 'en'}});
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('CERTIFICACION_PROPIA');

    const response = await fetch(`${base}/sandbox/credenciales`, {method: 'POST'});
    const me = (await response.json()) as {usuario: string; clave: string; llave: string};
    const client = await connect(base, {authorization: `Basic ${Buffer.from(`${me.usuario}:${me.clave}`).toString('base64')}`});
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    try {
      const started = json(await client.callTool({name: 'sandbox_certify', arguments: {urlConfirmacion: handler.confirmationUrl, urlRespuesta: handler.returnUrl}}));
      expect(started).toMatchObject({estado: 'en-curso', informe: `http://portal.test/sandbox/certificaciones/${started.id}`});
      let report = json(await client.callTool({name: 'sandbox_certification', arguments: {id: started.id, locale: 'en'}}));
      for (let i = 0; i < 100 && report.estado === 'en-curso'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        report = json(await client.callTool({name: 'sandbox_certification', arguments: {id: started.id, locale: 'en'}}));
      }
      expect(report.estado).toBe('aprobada');
      expect(report.pruebas.map((p: {titulo: string}) => p.titulo)).toContain('A tampered confirmation, or one without a valid signature, is refused (4xx)');
      const list = json(await client.callTool({name: 'sandbox_certification', arguments: {}}));
      expect(list.certificaciones.map((c: {id: string}) => c.id)).toEqual([started.id]);
      // Nobody else's list shows it.
      expect(json(await anonymous.callTool({name: 'sandbox_certification', arguments: {}}))).toEqual({certificaciones: []});
      const wrong = await refusal(client.callTool({name: 'sandbox_certification', arguments: {id: 'not-an-id'}}));
      expect(wrong.code).toBe(ErrorCode.InvalidParams);
      expect(wrong.message).toContain('22-character id');
    } finally {
      await handler.close();
      await client.close();
      await anonymous.close();
    }
  }, 60_000);
});

describe('a new user, from the first question to a logged sandbox payment', () => {
  it('on a fresh server: the page that explains the checksum, the card-payment operation, a sandbox payment, and its entry in the request log', async () => {
    const fresh = await start({MCP_RATE_LIMIT: '100000'});
    try {
      const client = await connect(fresh.base);
      // 1. The page that explains the checksum.
      const found = json(await client.callTool({name: 'search_docs', arguments: {query: 'cómo calculo el checksum'}}));
      expect(found.results[0]).toMatchObject({url: 'http://portal.test/vpost/integracion', markdownUrl: 'http://portal.test/vpost/integracion.md'});
      expect(found.results[0].passage.toLowerCase()).toContain('checksum');
      // 2. The card-payment operation.
      const card = json(await client.callTool({name: 'get_operation', arguments: {operationId: 'pagoTarjeta', channel: 'rest'}}));
      expect(card).toMatchObject({operationId: 'pagoTarjeta', method: 'POST', page: 'http://portal.test/rest/pago-tarjeta'});
      const body = {...card.requestExamples[0].value, Referencia: 'MCP-NUEVO-1'};
      // 3. A payment by card in the sandbox, with the operation's example (no credentials: the public demo merchant).
      const paid = json(await client.callTool({name: 'sandbox_request', arguments: {operationId: 'pagoTarjeta', channel: 'rest', body}}));
      expect(paid.merchant.demo).toBe(true);
      expect(paid.request.url).toBe(card.sandboxUrl);
      expect(paid.status).toBe(200);
      expect(paid.answer).toHaveProperty('CodigoRespuesta');
      // 4. That call, newest first in the request log, as the client sent it (masked).
      const log = json(await client.callTool({name: 'sandbox_request_log', arguments: {}}));
      expect(log.solicitudes[0]).toMatchObject({canal: 'rest', operacion: 'confirmacionTransaccionMedioPago (pago-tarjeta)', estado: 200, errores: null});
      expect(log.solicitudes[0].cuerpo.Referencia).toBe('MCP-NUEVO-1');
      // The example's placeholder token was replaced by a fresh one, which the log masks.
      expect(paid.request.body.tokenSeguridad).not.toBe(body.tokenSeguridad);
      expect(paid.notes.join(' ')).toContain('autenticar');
      expect(JSON.stringify(log.solicitudes[0].cuerpo)).not.toContain(paid.request.body.tokenSeguridad);
      await client.close();
    } finally {
      await fresh.app.close();
    }
  }, 60_000);
});

describe('the endpoint', () => {
  const rpc = (headers: Record<string, string>, body: string = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})) =>
    fetch(`${base}/mcp`, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers}, body});

  it("takes browsers only from the portal's own origin and loopback (DNS rebinding)", async () => {
    expect((await rpc({origin: 'http://portal.test'})).status).toBe(200);
    expect((await rpc({origin: 'http://localhost:3000'})).status).toBe(200);
    const stranger = await rpc({origin: 'http://evil.example'});
    expect(stranger.status).toBe(403);
    expect((await rpcBody(stranger)).error.message).toContain('http://evil.example');
  });

  it('limits the body size and answers JSON-RPC errors, never a 500', async () => {
    const big = await rpc({}, JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'x'.repeat(300 * 1024)}}}));
    expect(big.status).toBe(413);
    expect((await rpcBody(big)).error.message).toContain('larger than');
    const broken = await rpc({}, '{"jsonrpc": "2.0", ');
    expect(broken.status).toBe(400);
    expect((await rpcBody(broken)).jsonrpc).toBe('2.0');
    const get = await fetch(`${base}/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('limits the requests per address', async () => {
    const limited = await start({MCP_RATE_LIMIT: '5'});
    try {
      const answers = await Promise.all(
        Array.from({length: 7}, () =>
          fetch(`${limited.base}/mcp`, {
            method: 'POST',
            headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
            body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'}),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      const refused = answers.find((a) => a.status === 429)!;
      expect((await rpcBody(refused)).error.message).toContain('Too many requests');
      expect(refused.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.app.close();
    }
  }, 30_000);

  it('changes no page of the site, and MCP=off leaves it out', async () => {
    const off = await start({MCP: 'off', MCP_RATE_LIMIT: '100000'});
    try {
      const withMcp = await app.inject({method: 'GET', url: '/vpost'});
      const without = await off.app.inject({method: 'GET', url: '/vpost'});
      expect(withMcp.body).toBe(without.body);
      expect(withMcp.headers['content-security-policy']).toBe(without.headers['content-security-policy']);
      const gone = await off.app.inject({method: 'POST', url: '/mcp', headers: {'content-type': 'application/json'}, payload: '{}'});
      expect(gone.statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
  }, 30_000);

  it('has no sandbox tools when the sandbox is off', async () => {
    const off = await start({SANDBOX: 'off', MCP_RATE_LIMIT: '100000'});
    try {
      const client = await connect(off.base);
      const {tools} = await client.listTools();
      expect(tools.map((t) => t.name)).not.toContain('sandbox_request');
      expect(tools.map((t) => t.name)).toContain('search_docs');
      await client.close();
    } finally {
      await off.app.close();
    }
  }, 30_000);
});
