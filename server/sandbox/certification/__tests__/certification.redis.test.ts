/**
 * The certification of an integrator's endpoints (..):
 * a handler that follows the recipe passes every check; each handler with one
 * fault fails exactly the check meant for it; the report is signed, shared by
 * its link, revoked by its merchant; the routes' bounds hold.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import type {Redis} from 'ioredis';
import {redisBackend} from '../../store/redis';
import {startRedis, whenReady, type TestRedis} from '../../../testSupport/redis';
import {SANDBOX_BASE} from '../../../../core/config';
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import {startHandler, type HandlerFault} from '../../../testSupport/certificationHandlers';
import {asJson, freePort, MERCHANT, newMerchant, listeningSandboxApp, type TestCredentials, sandboxApp} from '../../../testSupport/sandbox';

jest.setTimeout(120_000);

const S = `${SANDBOX_BASE}/certificaciones`;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  // A listener that never reports is given up on after 4 s instead of the rules' 15: a listener that
  // runs answers each request in well under a second.
  ({app, base} = await listeningSandboxApp({certificationListenerWaitMs: 4000}));
});
afterAll(async () => app.close());

interface Report {
  readonly id: string;
  readonly estado: string;
  readonly pruebas: readonly {readonly nombre: string; readonly resultado: string; readonly detalle: string; readonly curl: string; readonly guia: string}[];
  readonly firma: string;
}

let runs = 0;
async function certify(me: TestCredentials, body: Record<string, unknown>, lang = 'es'): Promise<Report> {
  // Each run from an address of its own: the file starts more runs a minute than one integrator would, and polls their reports.
  const remoteAddress = `10.77.0.${++runs}`;
  const started = await app.inject({method: 'POST', url: S, headers: asJson(me, lang), payload: body, remoteAddress});
  expect(started.statusCode).toBe(202);
  const {id, estado, informe} = started.json<{id: string; estado: string; informe: string}>();
  expect(estado).toBe('en-curso');
  expect(informe).toBe(`${base}${S}/${id}`);
  for (;;) {
    const answer = await app.inject({method: 'GET', url: `${S}/${id}`, headers: {accept: 'application/json', 'accept-language': lang}, remoteAddress});
    if (answer.statusCode !== 200) throw new Error(`the report answered ${answer.statusCode} ${answer.body}`);
    const report = answer.json<Report>();
    if (report.estado !== 'en-curso') return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const failed = (report: Report) => report.pruebas.filter((p) => p.resultado === 'falla').map((p) => p.nombre);

describe('the certification, direct to the handler', () => {
  it('passes a handler and return page that follow the recipe, in every check, with a signed report', async () => {
    const me = await newMerchant(app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    try {
      const started = Date.now();
      const report = await certify(me, {urlConfirmacion: handler.confirmationUrl, urlRespuesta: handler.returnUrl, via: 'directa', rest: false});
      expect(Date.now() - started).toBeLessThan(120_000);
      expect(failed(report)).toEqual([]);
      expect(report.estado).toBe('aprobada');
      expect(report.pruebas.map((p) => p.nombre)).toEqual(['estados', 'firma', 'estado-editado', 'reenvios', 'extras', 'rafaga', 'retorno', 'retorno-falsificado']);
      for (const p of report.pruebas) expect(p.curl).toMatch(/^curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/(confirmacion|retorno)/);
      // The report verifies; an edited one does not.
      const verify = (body: unknown) => app.inject({method: 'POST', url: `${S}/verificar`, headers: {'content-type': 'application/json'}, payload: JSON.stringify(body)});
      expect((await verify(report)).json()).toEqual({valido: true});
      expect((await verify({...report, estado: 'aprobada', pruebas: report.pruebas.slice(1)})).json()).toEqual({valido: false});
      expect((await verify({...report, terminal: '999999999999'})).json()).toEqual({valido: false});
    } finally {
      await handler.close();
    }
  });

  it.each<[HandlerFault, string]>([
    ['noSignatureCheck', 'firma'],
    ['acceptsEditedStatus', 'estado-editado'],
    ['slow', 'rafaga'],
    ['failsOnResend', 'reenvios'],
    ['redirects', 'retorno'],
  ])('fails a handler that %s in exactly the check "%s", linking the guide', async (fault, check) => {
    const me = await newMerchant(app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela', fault});
    try {
      const report = await certify(me, {urlConfirmacion: handler.confirmationUrl, urlRespuesta: handler.returnUrl, via: 'directa'}, 'en');
      expect(report.estado).toBe('fallida');
      expect(failed(report)).toEqual([check]);
      const failing = report.pruebas.find((p) => p.nombre === check)!;
      expect(failing.guia).toMatch(/^\/en\/(vpost\/integracion|sandbox)/);
      expect(failing.detalle.length).toBeGreaterThan(40);
    } finally {
      await handler.close();
    }
  });
});

describe('the certification routes', () => {
  it('lets only the merchant start, list and revoke its runs; a wrong or revoked id is a 404', async () => {
    const me = await newMerchant(app);
    const stranger = await newMerchant(app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    try {
      expect(
        (await app.inject({method: 'POST', url: S, headers: {accept: 'application/json'}, payload: {urlConfirmacion: handler.confirmationUrl, via: 'directa'}})).statusCode,
      ).toBe(401);
      const report = await certify(me, {urlConfirmacion: handler.confirmationUrl, via: 'directa'});
      const list = (await app.inject({method: 'GET', url: S, headers: asJson(me)})).json<{certificaciones: {id: string}[]}>();
      expect(list.certificaciones.map((c) => c.id)).toEqual([report.id]);
      expect((await app.inject({method: 'GET', url: S, headers: asJson(stranger)})).json()).toEqual({certificaciones: []});
      // Another merchant cannot revoke it; its link opens for anyone, as a page too.
      expect((await app.inject({method: 'DELETE', url: `${S}/${report.id}`, headers: asJson(stranger)})).statusCode).toBe(404);
      const page = await app.inject({method: 'GET', url: `${S}/${report.id}`, headers: {accept: 'text/html', 'accept-language': 'es'}});
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Certificación de la integración');
      expect((await app.inject({method: 'GET', url: `${S}/${'A'.repeat(22)}`, headers: {accept: 'application/json'}})).statusCode).toBe(404);
      expect((await app.inject({method: 'DELETE', url: `${S}/${report.id}`, headers: asJson(me)})).statusCode).toBe(204);
      expect((await app.inject({method: 'GET', url: `${S}/${report.id}`, headers: {accept: 'application/json'}})).statusCode).toBe(404);
    } finally {
      await handler.close();
    }
  });

  it("refuses the demo merchant, whose key is public, and a start it cannot read, in the caller's language, starting nothing", async () => {
    const demo = await app.inject({method: 'POST', url: S, headers: asJson(MERCHANT, 'en'), payload: {urlConfirmacion: 'http://127.0.0.1:9/confirmacion', via: 'directa'}});
    expect(demo.statusCode).toBe(403);
    expect(demo.json()).toMatchObject({codigo: 'CERTIFICACION_PROPIA', mensaje: expect.stringContaining('create your own')});
    const me = await newMerchant(app);
    for (const payload of [
      {via: 'directa'},
      {urlConfirmacion: 'http://127.0.0.1:9/', via: 'correo'},
      {urlConfirmacion: 'http://127.0.0.1:9/', via: 'directa', rest: 'si'},
      {urlConfirmacion: '', via: 'directa'},
    ]) {
      const bad = await app.inject({method: 'POST', url: S, headers: asJson(me, 'es'), payload});
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({codigo: 'SOLICITUD_INVALIDA'});
    }
    const broken = await app.inject({method: 'POST', url: S, headers: {...asJson(me), 'content-type': 'application/json'}, payload: '{"urlConfirmacion":'});
    expect(broken.statusCode).toBe(400);
    expect((await app.inject({method: 'GET', url: S, headers: asJson(me)})).json()).toEqual({certificaciones: []});
  });

  it('runs one at a time per merchant and a few an hour (429 with Retry-After); refuses a destination the sandbox may not post to', async () => {
    const me = await newMerchant(app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela', fault: 'slow'});
    try {
      const start = () => app.inject({method: 'POST', url: S, headers: asJson(me), payload: {urlConfirmacion: handler.confirmationUrl, via: 'directa'}});
      expect((await start()).statusCode).toBe(202);
      const second = await start();
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({codigo: 'CERTIFICACION_EN_CURSO'});
      expect(second.headers['retry-after']).toBeDefined();
    } finally {
      await handler.close();
    }
    // The cloud's metadata address is never a destination; via "escuchar" is the way to a computer the sandbox cannot reach.
    const other = await newMerchant(app);
    const metadata = await app.inject({method: 'POST', url: S, headers: asJson(other, 'en'), payload: {urlConfirmacion: 'http://169.254.169.254/latest', via: 'directa'}});
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json()).toMatchObject({codigo: 'DESTINO_NO_PERMITIDO'});
    expect(metadata.json().mensaje).toContain('escuchar');
    // A few an hour.
    const limited = await newMerchant(app);
    const quick = await startHandler({llave: limited.llave, firmaName: 'firmaPasarela'});
    try {
      for (let i = 0; i < SANDBOX_RULES.certification.runsPerHour; i++) await certify(limited, {urlConfirmacion: quick.confirmationUrl, via: 'directa'});
      const over = await app.inject({method: 'POST', url: S, headers: asJson(limited), payload: {urlConfirmacion: quick.confirmationUrl, via: 'directa'}});
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({codigo: 'LIMITE_CERTIFICACIONES'});
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await quick.close();
    }
  });
});

describe('the certification through escuchar.mjs', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let out = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'certificar-'));
    out = '';
  });
  afterEach(async () => {
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill();
      await exited;
    }
    child = undefined;
    rmSync(dir, {recursive: true, force: true});
  });

  /** The listener as an integrator downloads and runs it. */
  async function listen(me: TestCredentials, args: readonly string[]): Promise<void> {
    const file = join(dir, 'escuchar.mjs');
    writeFileSync(file, await (await fetch(`${base}${SANDBOX_BASE}/escuchar.mjs`)).text());
    child = spawn(process.execPath, [file, '--usuario', me.usuario, '--clave', me.clave, ...args], {stdio: ['ignore', 'pipe', 'pipe']});
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    for (let i = 0; i < 100 && !/Conectado al flujo de eventos/.test(out); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(out).toContain('Conectado al flujo de eventos');
  }

  it('makes every request on the integrator’s computer and reports it back: the same verdicts as direct', async () => {
    const me = await newMerchant(app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    try {
      await listen(me, ['--reenviar', handler.confirmationUrl, '--retorno', handler.returnUrl]);
      const report = await certify(me, {urlConfirmacion: handler.confirmationUrl, urlRespuesta: handler.returnUrl, via: 'escuchar'});
      expect(failed(report)).toEqual([]);
      expect(report.estado).toBe('aprobada');
      expect(out).toMatch(/certificación [\w-]+, prueba \d+ \(confirmacion\) -> 200/);
    } finally {
      await handler.close();
    }
  });

  it('ends as incomplete, never as passed, when no listener reports a delivery', async () => {
    const me = await newMerchant(app);
    const report = await certify(me, {urlConfirmacion: 'http://localhost:8080/confirmacion', via: 'escuchar'}, 'en');
    expect(report.estado).toBe('incompleta');
    expect((report as unknown as {incompleta: string}).incompleta).toContain('escuchar.mjs did not report');
    expect((report as unknown as {incompleta: string}).incompleta).toContain('4000');
  });
});

describe("the certification's REST client check", () => {
  const rules = {windowSeconds: 8, tokenSeconds: 3, retryAfterSeconds: 2, maxRetries: 3};
  let short: FastifyInstance;
  let shortBase: string;
  beforeAll(async () => {
    const port = await freePort();
    shortBase = `http://127.0.0.1:${port}`;
    short = await sandboxApp({siteUrl: shortBase, certificationRest: rules});
    await short.listen({port, host: '127.0.0.1'});
  });
  afterAll(async () => short.close());

  /** A REST client that lists banks once a second for `seconds`: `patient` waits as Retry-After says, and renews its token when told it expired. */
  async function client(me: TestCredentials, seconds: number, patient: boolean): Promise<void> {
    const call = (path: string, payload: object) =>
      fetch(`${shortBase}${SANDBOX_BASE}${path}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(payload)});
    const authenticate = async () =>
      ((await (await call('/auth/autenticar', {usuario: me.usuario, clave: me.clave, terminal: me.terminal})).json()) as {tokenSeguridad: string}).tokenSeguridad;
    const until = Date.now() + seconds * 1000;
    let token = await authenticate();
    while (Date.now() < until) {
      const answer = await call('/core/listarBancos', {idMetodoPago: '41', terminal: me.terminal, accessToken: token});
      if (answer.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, patient ? Number(answer.headers.get('retry-after')) * 1000 : 100));
        continue;
      }
      if (answer.status === 401) token = await authenticate();
      else await new Promise((resolve) => setTimeout(resolve, 700));
    }
  }

  async function certifyWithClient(patient: boolean | null): Promise<Report> {
    const me = await newMerchant(short);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    try {
      const started = await short.inject({method: 'POST', url: S, headers: asJson(me, 'en'), payload: {urlConfirmacion: handler.confirmationUrl, via: 'directa', rest: true}});
      const {id} = started.json<{id: string}>();
      if (patient !== null) await client(me, rules.windowSeconds + 1, patient);
      for (;;) {
        const report = (await short.inject({method: 'GET', url: `${S}/${id}`, headers: {accept: 'application/json', 'accept-language': 'en'}})).json<Report>();
        if (report.estado !== 'en-curso') return report;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await handler.close();
    }
  }

  it('passes a client that waits as Retry-After says and renews an expired token once', async () => {
    const report = await certifyWithClient(true);
    expect(failed(report)).toEqual([]);
    expect(report.pruebas.at(-1)!.nombre).toBe('cliente-rest');
  });

  it('fails a client that retries at once after a 503, saying so', async () => {
    const report = await certifyWithClient(false);
    expect(failed(report)).toEqual(['cliente-rest']);
    expect(report.pruebas.at(-1)!.detalle).toContain('it must wait as long as Retry-After says');
  });

  it('fails when no REST call came during the check', async () => {
    const report = await certifyWithClient(null);
    expect(failed(report)).toEqual(['cliente-rest']);
    expect(report.pruebas.at(-1)!.detalle).toContain('No REST call of this merchant arrived');
  });
});

describe('the certification on two servers sharing one Redis', () => {
  let redis: TestRedis;
  let client: Redis;
  let subscriber: Redis;
  const servers: {app: FastifyInstance; base: string}[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client();
    subscriber = redis.client();
    await Promise.all([whenReady(client), whenReady(subscriber)]);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = await sandboxApp({
        siteUrl: url,
        backend: redisBackend({client, subscriber, prefix: 'certificar:'}),
        secret: 'el secreto que comparten los dos servidores de prueba',
      });
      await server.listen({port, host: '127.0.0.1'});
      servers.push({app: server, base: url});
    }
  }, 30_000);
  afterAll(async () => {
    for (const s of servers) await s.app.close();
    await redis?.close();
  });

  it('runs on one server with the listener on the other, and its report opens from either; an edited one is refused on both', async () => {
    const [a, b] = servers as [{app: FastifyInstance; base: string}, {app: FastifyInstance; base: string}];
    const me = await newMerchant(a.app);
    const handler = await startHandler({llave: me.llave, firmaName: 'firmaPasarela'});
    const dir = mkdtempSync(join(tmpdir(), 'certificar-redis-'));
    let out = '';
    const file = join(dir, 'escuchar.mjs');
    writeFileSync(file, await (await fetch(`${b.base}${SANDBOX_BASE}/escuchar.mjs`)).text());
    const listener = spawn(process.execPath, [file, '--usuario', me.usuario, '--clave', me.clave, '--reenviar', handler.confirmationUrl, '--retorno', handler.returnUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    try {
      for (let i = 0; i < 100 && !out.includes('Conectado'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const started = await a.app.inject({
        method: 'POST',
        url: S,
        headers: asJson(me),
        payload: {urlConfirmacion: handler.confirmationUrl, urlRespuesta: handler.returnUrl, via: 'escuchar'},
      });
      const {id} = started.json<{id: string}>();
      let report: Report;
      for (;;) {
        report = (await b.app.inject({method: 'GET', url: `${S}/${id}`, headers: {accept: 'application/json'}})).json<Report>();
        if (report.estado !== 'en-curso') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(report.estado).toBe('aprobada');
      const fromA = (await a.app.inject({method: 'GET', url: `${S}/${id}`, headers: {accept: 'application/json'}})).json<Report>();
      expect(fromA).toEqual(report);
      for (const server of [a, b]) {
        const verify = (body: unknown) => server.app.inject({method: 'POST', url: `${S}/verificar`, headers: {'content-type': 'application/json'}, payload: JSON.stringify(body)});
        expect((await verify(report)).json()).toEqual({valido: true});
        expect((await verify({...report, pruebas: report.pruebas.map((p) => ({...p, resultado: 'ok'})), estado: 'aprobada', fecha: '2020-01-01T00:00:00.000Z'})).json()).toEqual({
          valido: false,
        });
      }
    } finally {
      listener.kill();
      await handler.close();
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
