/**
 * The sandbox tools' access (../sandbox.ts) against the real sandbox (its
 * per-merchant routes), in-process as the portal wires it: GET /sandbox/credenciales,
 * /sandbox/notificaciones and /sandbox/registro with the caller's HTTP Basic
 * credentials and Accept: application/json. Only what the real sandbox
 * cannot be made to do (answer HTML where JSON was asked, fail) is a
 * stand-in.
 */
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../../core/config';
import {MERCHANT, basic, newMerchant, sandboxApp, type TestCredentials} from '../../testSupport/sandbox';
import {loadOperations} from '../operations';
import {SandboxCredentialsError, SandboxGateway, SandboxToolError, basicCredentials, type Inject} from '../sandbox';

jest.setTimeout(30_000);

let app: FastifyInstance;
let ana: TestCredentials;
let luis: TestCredentials;
let calls: {url: string; headers: Record<string, string>; remoteAddress?: string}[];

/** The portal's wiring (server/app.ts): the sandbox's routes in-process, each call recorded. */
const inject: Inject = async (request) => {
  calls.push({url: request.url, headers: request.headers ?? {}, ...(request.remoteAddress === undefined ? {} : {remoteAddress: request.remoteAddress})});
  const answer = await app.inject(request);
  return {statusCode: answer.statusCode, headers: answer.headers, body: answer.body};
};

const gateway = (through: Inject = inject) => new SandboxGateway(through, MERCHANT, 'http://portal.test', []);

beforeAll(async () => {
  app = await sandboxApp();
  ana = await newMerchant(app);
  luis = await newMerchant(app);
});

beforeEach(() => {
  calls = [];
});

afterAll(async () => {
  await app.close();
});

describe('the sandbox tools on the real sandbox', () => {
  it('reads the Basic credentials of the MCP request, and refuses a malformed header', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials(basic({usuario: 'ana', clave: 'a:b'}))).toEqual({usuario: 'ana', clave: 'a:b'});
    expect(() => basicCredentials('Bearer x')).toThrow('HTTP Basic');
    expect(() => basicCredentials(`Basic ${Buffer.from('sinclave').toString('base64')}`)).toThrow('usuario:clave');
  });

  it("acts as the demo merchant without credentials, and as the caller's merchant with them, as the sandbox knows it", async () => {
    const tools = gateway();
    expect(await tools.merchant(null)).toEqual({usuario: MERCHANT.usuario, clave: MERCHANT.clave, terminal: MERCHANT.terminal, demo: true});
    expect(await tools.merchant({usuario: MERCHANT.usuario, clave: MERCHANT.clave})).toMatchObject({terminal: MERCHANT.terminal, demo: true});
    expect(calls).toEqual([]);
    expect(await tools.merchant({usuario: ana.usuario, clave: ana.clave}, {address: '10.1.2.3', lang: 'en'})).toEqual({
      usuario: ana.usuario,
      clave: ana.clave,
      terminal: ana.terminal,
      demo: false,
    });
    expect(calls).toEqual([
      {url: `${SANDBOX_BASE}/credenciales`, headers: {authorization: basic(ana), accept: 'application/json', 'accept-language': 'en'}, remoteAddress: '10.1.2.3'},
    ]);
    await expect(tools.merchant({usuario: ana.usuario, clave: 'vieja'})).rejects.toThrow(SandboxCredentialsError);
    await expect(tools.merchant({usuario: 'prueba.000000000000', clave: ana.clave})).rejects.toThrow(SandboxCredentialsError);
  });

  it('refuses a rotated clave, which the sandbox no longer knows, saying how to get new credentials', async () => {
    const eva = await newMerchant(app);
    const tools = gateway();
    expect((await tools.merchant({usuario: eva.usuario, clave: eva.clave})).terminal).toBe(eva.terminal);
    const rotated = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/credenciales/rotar`, headers: {authorization: basic(eva)}});
    expect(rotated.statusCode).toBe(200);
    const refused = tools.merchant({usuario: eva.usuario, clave: eva.clave});
    await expect(refused).rejects.toThrow('rotated');
    await expect(tools.merchant({usuario: eva.usuario, clave: eva.clave})).rejects.toThrow(`POST http://portal.test${SANDBOX_BASE}/credenciales`);
    expect((await tools.merchant({usuario: eva.usuario, clave: rotated.json<{clave: string}>().clave})).terminal).toBe(eva.terminal);
  });

  it("reads each merchant's own inbox and request log, with its own credentials", async () => {
    const tools = gateway();
    // A call each merchant makes, refused (a gateway error code), so that the errors-only filter has something to keep.
    for (const who of [ana, luis]) {
      const answer = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/auth/autenticar`, payload: {usuario: who.usuario, clave: 'mala', terminal: who.terminal}});
      expect(answer.json()).toMatchObject({codigoRespuesta: '1'});
    }
    const anaM = await tools.merchant({usuario: ana.usuario, clave: ana.clave});
    const luisM = await tools.merchant({usuario: luis.usuario, clave: luis.clave});
    const demo = await tools.merchant(null);
    calls = [];
    expect(await tools.records('inbox', anaM)).toEqual({notificaciones: []});
    const anaLog = await tools.records('log', anaM, true);
    const luisLog = await tools.records('log', luisM);
    const operations = (log: typeof anaLog) => (log.solicitudes as {operacion: string}[]).map((s) => s.operacion);
    expect(operations(anaLog)).toEqual(['autenticar']);
    expect(operations(luisLog)).toEqual(['autenticar', 'credenciales']);
    expect(JSON.stringify(anaLog)).not.toContain(luis.terminal);
    expect(JSON.stringify(luisLog)).not.toContain(ana.terminal);
    // What the sandbox serves that merchant, as it serves it.
    const direct = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro?errores=1`, headers: {authorization: basic(ana), accept: 'application/json'}});
    expect(anaLog).toEqual(direct.json());
    await tools.records('inbox', demo);
    expect(calls.map((c) => [c.url, c.headers.authorization, c.headers.accept])).toEqual([
      [`${SANDBOX_BASE}/notificaciones`, basic(ana), 'application/json'],
      [`${SANDBOX_BASE}/registro?errores=1`, basic(ana), 'application/json'],
      [`${SANDBOX_BASE}/registro`, basic(luis), 'application/json'],
      [`${SANDBOX_BASE}/notificaciones`, basic(MERCHANT), 'application/json'],
    ]);
  });

  it("pays as the caller's merchant, whatever usuario, clave and terminal the body names", async () => {
    // The bundled contracts (static/openapi, from gen:api), as the build carries them.
    const operations = loadOperations(join(process.cwd(), 'static'), ['current']).filter((o) => o.locale === 'es');
    const tools = new SandboxGateway(inject, MERCHANT, 'http://portal.test', operations);
    const card = operations.find((o) => o.operationId === 'pagoTarjeta' && o.channel === 'rest')!;
    const anaM = await tools.merchant({usuario: ana.usuario, clave: ana.clave});
    // The contract's example names the demo merchant's terminal (as "Terminal").
    const paid = await tools.request(card, undefined, undefined, anaM);
    expect(paid.status).toBe(200);
    expect(paid.request.body).toMatchObject({Terminal: ana.terminal});
    const log = await tools.records('log', anaM);
    expect(JSON.stringify(log)).toContain('confirmacionTransaccionMedioPago');
    const luisLog = await tools.records('log', await tools.merchant({usuario: luis.usuario, clave: luis.clave}));
    expect(JSON.stringify(luisLog)).not.toContain('confirmacionTransaccionMedioPago');
  });

  it('says what to do when the sandbox refuses the credentials, refuses the read, or answers no JSON', async () => {
    await expect(gateway().records('log', {usuario: ana.usuario, clave: 'otra', terminal: ana.terminal, demo: false})).rejects.toThrow('refused these credentials');
    // What the real sandbox cannot be made to answer: a page where JSON was asked, and a failure of its own.
    const html: Inject = async () => ({statusCode: 200, headers: {'content-type': 'text/html'}, body: '<!doctype html>'});
    const tools = gateway(html);
    await expect(tools.records('inbox', {...MERCHANT, demo: true})).rejects.toThrow(`http://portal.test${SANDBOX_BASE}/notificaciones`);
    await expect(tools.records('inbox', {...MERCHANT, demo: true})).rejects.not.toThrow(SandboxCredentialsError);
    const busy: Inject = async () => ({
      statusCode: 429,
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({codigo: 'LIMITE_SOLICITUDES', mensaje: 'Demasiadas solicitudes.'}),
    });
    await expect(gateway(busy).records('log', {...MERCHANT, demo: true})).rejects.toThrow('Demasiadas solicitudes. (LIMITE_SOLICITUDES)');
    const broken = gateway(async () => ({statusCode: 500, headers: {}, body: ''}));
    await expect(broken.merchant({usuario: ana.usuario, clave: ana.clave})).rejects.toThrow(SandboxToolError);
    await expect(broken.merchant({usuario: ana.usuario, clave: ana.clave})).rejects.toThrow('could not check these credentials: HTTP 500');
  });
});
