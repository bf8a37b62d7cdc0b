/**
 * Several servers acting as one sandbox, as a new user would try it: two production server
 * processes (server/main.ts, as `npm run serve` runs it) on one Redis of the
 * test's own, with a password in REDIS_URL, act as one sandbox:
 *
 * - credentials created on one work on the other, on every channel (REST with
 *   a token issued by the other, SOAP, reconciliation, the purchase page, the
 *   inbox and the request log);
 * - an event stream open on one gets the events the other publishes;
 * - the rate limits (the sandbox's and the manuals form's) count on both;
 * - SIGTERM drains (event streams end with a retry: line, exit within 10 s),
 *   and a restart of both loses nothing;
 * - Redis stopped: the sandbox answers 503 with Retry-After in the caller's
 *   language while pages, files and the manuals form go on; /readyz names
 *   redis; Redis started again: the sandbox serves again, no restart.
 *
 * Needs redis-server (Debian's package; the test fails saying so without it).
 */
import {constants, publicEncrypt} from 'node:crypto';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {DEMO_PUBLIC_KEY_PEM} from '../../core/data/encryption';
import {SANDBOX_RULES, SANDBOX_TEST_CARDS, TEST_CARD} from '../../core/data/sandbox';
import {checksum} from '../../core/signatures';
import {makeBuild, page, xsrfPair, type Fixture} from '../testSupport/fixtures';
import {startPortal, type PortalProcess} from '../testSupport/portal';
import {startRedis, type TestRedis} from '../testSupport/redis';
import {basic, freePort, MERCHANT, type TestCredentials} from '../testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../testSupport/sandboxForms';

jest.setTimeout(120_000);

const S = '/sandbox';
const enc = (text: string) => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(text)).toString('hex');
const VISA = SANDBOX_TEST_CARDS.find((c) => c.brand === 'visa')!;

let fixture: Fixture;
let redis: TestRedis;
let env: Record<string, string>;
let a: PortalProcess;
let b: PortalProcess;

beforeAll(async () => {
  fixture = makeBuild();
  // The sandbox's rules page is a page of the portal under /sandbox: it must keep serving while Redis is down.
  writeFileSync(join(fixture.buildDir, 'sandbox.html'), page('Entorno de pruebas'));
  redis = await startRedis();
  const [portA, portB] = [await freePort(), await freePort()];
  env = {
    BUILD_DIR: fixture.buildDir,
    OUTBOX_DIR: fixture.outboxDir,
    REDIS_URL: redis.url,
    // Both servers behind one public address, as behind a load balancer.
    SITE_URL: `http://127.0.0.1:${portA}`,
    MANUALS_RATE_LIMIT: '3',
    MCP: 'off',
  };
  [a, b] = await Promise.all([startPortal(env, portA), startPortal(env, portB)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
  fixture?.cleanup();
});

async function call(
  server: PortalProcess,
  path: string,
  init: RequestInit = {},
): Promise<{status: number; headers: Headers; text: string; json: <T = Record<string, unknown>>() => T}> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  return {status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T};
}
const postJson = (server: PortalProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(server, path, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body: JSON.stringify(body)});
const asJson = (c: {usuario: string; clave: string}, lang = 'es') => ({accept: 'application/json', authorization: basic(c), 'accept-language': lang});

async function tokenOn(server: PortalProcess, c: {usuario: string; clave: string; terminal: string}): Promise<string> {
  const answer = await postJson(server, `${S}/auth/autenticar`, {usuario: c.usuario, clave: c.clave, terminal: c.terminal});
  const token = answer.json<{tokenSeguridad?: string}>().tokenSeguridad;
  if (typeof token !== 'string') throw new Error(`autenticar answered ${answer.status} ${answer.text}`);
  return token;
}

let ref = 0;
function paymentBody(c: TestCredentials, token: string, metodo: Record<string, string>): Record<string, unknown> {
  ref += 1;
  return {
    MetodoPago: metodo,
    Referencia: `MULTI-${ref}`,
    Valortotal: '1000',
    Valorbase: '0',
    Valoriva: '0',
    Descripcion: 'Dos servidores',
    Correo: 'ana@example.com',
    Nombre: 'Ana',
    Apellido: 'Pérez',
    Documento: '1020304050',
    tipoDocumento: '1',
    Terminal: c.terminal,
    tokenSeguridad: token,
  };
}
const cardMethod = () => ({
  Id: VISA.methodId,
  campo1: enc(VISA.approved),
  campo2: enc(TEST_CARD.cvc),
  campo3: enc(TEST_CARD.expiryYear),
  campo4: enc(TEST_CARD.expiryMonth),
  campo5: '1',
});

/** Reads an event stream until `done` holds for what arrived; the stream is left open. */
async function readStream(response: Response, done: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`the stream did not bring what was expected; it brought:\n${text}`);
    const chunk = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), left).unref())]);
    if (chunk === 'late') continue;
    if (chunk.done) break;
    text += decoder.decode(chunk.value);
  }
  reader.releaseLock();
  return text;
}

async function eventually<T>(attempt: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not as expected after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// What the first test makes, the later ones read.
let merchant: TestCredentials;
let tokenFromA: string;
let card: {CodigoSeguimiento: string; Referencia: string};
let pending: {CodigoSeguimiento: string; referencia: string};
let credentialsMade = 0;

describe('two portal servers on one Redis', () => {
  it('are one sandbox: credentials made on one work on the other, on every channel', async () => {
    const made = await call(a, `${S}/credenciales`, {method: 'POST'});
    expect(made.status).toBe(201);
    credentialsMade += 1;
    merchant = made.json<TestCredentials>();
    expect((await call(b, `${S}/credenciales`, {headers: asJson(merchant)})).json()).toMatchObject({usuario: merchant.usuario, publico: false});

    // REST: a token issued by A pays on B; B's payment is found by A's status query, reconciliation and SOAP.
    tokenFromA = await tokenOn(a, merchant);
    const paid = await postJson(b, `${S}/core/confirmacionTransaccionMedioPago`, paymentBody(merchant, tokenFromA, cardMethod()));
    expect(paid.json()).toMatchObject({CodigoRespuesta: '0'});
    card = {CodigoSeguimiento: String(paid.json().CodigoSeguimiento), Referencia: `MULTI-${ref}`};
    const referenced = await postJson(a, `${S}/core/confirmacionTransaccionMedioPago`, {...paymentBody(merchant, tokenFromA, {Id: '42'})});
    pending = {CodigoSeguimiento: String(referenced.json().CodigoSeguimiento), referencia: `MULTI-${ref}`};
    expect(pending.CodigoSeguimiento).not.toBe(card.CodigoSeguimiento);
    const status = await postJson(a, `${S}/core/consultarEstadoTransaccion`, {
      terminal: merchant.terminal,
      referencia: card.Referencia,
      codigoSeguimiento: card.CodigoSeguimiento,
      tokenSeguridad: await tokenOn(b, merchant),
      estadoPago: true,
    });
    expect(status.json()).toMatchObject({codigoRespuesta: '0', estadoPago: 'Aprobada'});
    const listed = await call(a, `${S}/rest/conciliacion/${merchant.terminal}/2020-01-01/2099-12-31/1`, {headers: {authorization: tokenFromA}});
    expect(listed.json<{transacciones: {codigoSeguimiento: string}[]}>().transacciones.map((t) => t.codigoSeguimiento)).toEqual(
      expect.arrayContaining([card.CodigoSeguimiento, pending.CodigoSeguimiento]),
    );
    const soap = await call(a, `${S}/soap/ServicioPagos`, {
      method: 'POST',
      headers: {'content-type': 'text/xml; charset=utf-8', soapaction: 'urn:integraciones:pagos/consultarEstadoTransaccion'},
      body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="urn:integraciones:pagos"><soap:Body><p:consultarEstadoTransaccion><p:terminal>${merchant.terminal}</p:terminal><p:referencia>${card.Referencia}</p:referencia><p:codigoSeguimiento>${card.CodigoSeguimiento}</p:codigoSeguimiento><p:tokenSeguridad>${tokenFromA}</p:tokenSeguridad><p:estadoPago>true</p:estadoPago></p:consultarEstadoTransaccion></soap:Body></soap:Envelope>`,
    });
    expect(soap.status).toBe(200);
    expect(soap.text).toMatch(/<(\w+:)?codigoRespuesta>0</);
    expect(soap.text).toContain('Aprobada');

    // The purchase page: opened on A, paid on B; the confirmation is in the inbox read on A, the requests in the log read on B.
    const purchase = await call(a, `${S}/pagos`, {
      method: 'POST',
      headers: FORM_TYPE,
      body: form({
        usuario: merchant.usuario,
        factura: 'FAC-DOS',
        valor: '5000',
        descripcionFactura: 'Compra en dos servidores',
        checksum: checksum('FAC-DOS', '5000', merchant.llave),
        tipoDocumento: 'CC',
        documentoComprador: '1',
        nombreComprador: 'Ana',
        apellidoComprador: 'Pérez',
        correoComprador: 'ana@example.com',
      }),
    });
    expect(purchase.status).toBe(200);
    const pay = formsOf(purchase.text)[0]!;
    const done = await call(b, pay.action, {method: 'POST', headers: FORM_TYPE, body: form({...pay.fields, metodoPago: VISA.methodId})});
    expect(done.status).toBe(200);
    // Paid once, whichever server the second submission reaches.
    expect((await call(a, pay.action, {method: 'POST', headers: FORM_TYPE, body: form({...pay.fields, metodoPago: VISA.methodId})})).status).toBe(409);
    const inbox = (await call(a, `${S}/notificaciones`, {headers: asJson(merchant)})).json<{
      notificaciones: {estado: string; firmaValida: boolean; cuerpo: Record<string, string>}[];
    }>();
    expect(inbox.notificaciones).toHaveLength(1);
    expect(inbox.notificaciones[0]).toMatchObject({estado: 'entregada', firmaValida: true, cuerpo: {codigoFactura: 'FAC-DOS'}});
    const log = (await call(b, `${S}/registro`, {headers: asJson(merchant)})).json<{solicitudes: {operacion: string}[]}>();
    expect(log.solicitudes.map((s) => s.operacion)).toEqual(expect.arrayContaining(['credenciales', 'autenticar', 'pagina-de-compra', 'pagina-de-compra/pagar']));

    // Rotated on B: the old clave is refused on A, and so is every token issued before.
    const rotated = (await call(b, `${S}/credenciales/rotar`, {method: 'POST', headers: asJson(merchant)})).json<TestCredentials>();
    expect((await call(a, `${S}/credenciales`, {headers: asJson(merchant)})).status).toBe(401);
    const stale = await postJson(a, `${S}/core/consultarEstadoTransaccion`, {
      terminal: merchant.terminal,
      referencia: card.Referencia,
      codigoSeguimiento: card.CodigoSeguimiento,
      tokenSeguridad: tokenFromA,
    });
    expect(stale.status).toBe(401);
    merchant = {...merchant, clave: rotated.clave, llave: rotated.llave};
    expect((await call(a, `${S}/credenciales`, {headers: asJson(merchant)})).status).toBe(200);
    tokenFromA = await tokenOn(a, merchant);
  });

  it("an event stream on one server gets the other's events; the receiver's confirmations land in the inbox read on the other", async () => {
    const controller = new AbortController();
    const stream = await fetch(`${b.baseUrl}${S}/eventos`, {headers: {authorization: basic(merchant)}, signal: controller.signal});
    expect(stream.status).toBe(200);
    await readStream(stream, (text) => text.includes('retry:'));
    const settled = await postJson(a, `${S}/transacciones/${pending.CodigoSeguimiento}/liquidar`, {estado: 'aprobada'}, {authorization: basic(merchant)});
    expect(settled.json()).toMatchObject({transaccion: {estado: 'approved'}, notificacion: {estado: 'entregada'}});
    const events = await readStream(stream, (text) => text.includes('event: confirmacion'));
    controller.abort();
    expect(events).toContain(pending.referencia);
    // Settled once: the second settlement, on the other server, is refused.
    expect((await postJson(b, `${S}/transacciones/${pending.CodigoSeguimiento}/liquidar`, {estado: 'rechazada'}, {authorization: basic(merchant)})).status).toBe(409);

    const received = await call(a, `${S}/notificaciones/receptor`, {method: 'POST', headers: FORM_TYPE, body: form({codigoFactura: 'RECIBIDA-EN-A', valorFactura: '1'})});
    expect(received.status).toBe(200);
    const demoInbox = (await call(b, `${S}/notificaciones`, {headers: asJson(MERCHANT)})).json<{notificaciones: {cuerpo: Record<string, string>}[]}>();
    expect(demoInbox.notificaciones.map((n) => n.cuerpo.codigoFactura)).toContain('RECIBIDA-EN-A');
  });

  it('count the rate limits together: new credentials per address, and the manuals form', async () => {
    const servers = [a, b];
    let refused = false;
    for (let i = 0; !refused && i < 2 * SANDBOX_RULES.merchants.perHourPerAddress; i += 1) {
      const answer = await call(servers[i % 2]!, `${S}/credenciales`, {method: 'POST'});
      if (answer.status === 201) credentialsMade += 1;
      else {
        expect(answer.status).toBe(429);
        expect(answer.headers.get('retry-after')).not.toBeNull();
        refused = true;
      }
    }
    expect(credentialsMade).toBe(SANDBOX_RULES.merchants.perHourPerAddress);

    const send = (server: PortalProcess) => {
      const xsrf = xsrfPair();
      return call(server, '/api/utils/enviarManuales', {
        method: 'POST',
        headers: {'content-type': 'application/json', ...xsrf},
        body: JSON.stringify({correos: ['ana@example.com']}),
      });
    };
    expect([(await send(a)).status, (await send(b)).status, (await send(a)).status, (await send(b)).status]).toEqual([200, 200, 200, 429]);
  });

  it('drain on SIGTERM (event streams told to come back) and lose nothing when both restart', async () => {
    const stream = await fetch(`${a.baseUrl}${S}/eventos`, {headers: {authorization: basic(merchant)}});
    await readStream(stream, (text) => text.includes(': ') && text.includes('retry:'));
    const stopped = await a.stop('SIGTERM');
    const rest = await readStream(stream, () => false, 2000).catch((error: Error) => error.message);
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(rest).toContain('retry: ');
    expect(rest).toContain('cierre del servidor');
    expect((await b.stop('SIGTERM')).code).toBe(0);

    [a, b] = await Promise.all([startPortal(env, a.port), startPortal(env, b.port)]);
    expect((await call(b, `${S}/credenciales`, {headers: asJson(merchant)})).status).toBe(200);
    // A token issued before the restart is still good (the signing secret is shared through Redis).
    const status = await postJson(b, `${S}/core/consultarEstadoTransaccion`, {
      terminal: merchant.terminal,
      referencia: card.Referencia,
      codigoSeguimiento: card.CodigoSeguimiento,
      tokenSeguridad: tokenFromA,
      estadoPago: true,
    });
    expect(status.json()).toMatchObject({codigoRespuesta: '0', estadoPago: 'Aprobada'});
    const inbox = (await call(a, `${S}/notificaciones`, {headers: asJson(merchant)})).json<{notificaciones: {cuerpo: Record<string, string>}[]}>();
    expect(inbox.notificaciones.map((n) => n.cuerpo.codigoFactura)).toEqual(expect.arrayContaining(['FAC-DOS', pending.referencia]));
    const log = (await call(a, `${S}/registro`, {headers: asJson(merchant)})).json<{solicitudes: unknown[]}>();
    expect(log.solicitudes.length).toBeGreaterThan(5);
  });

  it('Redis stopped: the sandbox says 503 with Retry-After, the rest of the portal serves; Redis back: the sandbox serves again', async () => {
    await redis.stop();
    const down = await eventually(
      () => call(a, `${S}/credenciales`, {method: 'POST'}),
      (answer) => answer.status === 503,
    );
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(down.json()).toMatchObject({codigo: 'NO_DISPONIBLE', mensaje: expect.stringContaining('no está disponible')});
    const english = await call(b, `${S}/notificaciones`, {headers: asJson(MERCHANT, 'en')});
    expect(english.status).toBe(503);
    expect(english.json()).toMatchObject({mensaje: expect.stringContaining('unavailable')});
    const browser = await call(b, `${S}/pagos`, {method: 'POST', headers: {...FORM_TYPE, accept: 'text/html'}, body: form({factura: 'x'})});
    expect(browser.status).toBe(503);
    expect(browser.headers.get('content-type')).toContain('text/html');
    const soap = await call(a, `${S}/soap/ServicioPagos`, {method: 'POST', headers: {'content-type': 'text/xml; charset=utf-8'}, body: '<x/>'});
    expect(soap.status).toBe(503);
    expect(soap.text).toContain('soap:Fault');
    expect((await call(a, '/readyz')).status).toBe(503);
    expect((await call(b, '/readyz')).json()).toEqual({status: 'unavailable', down: ['redis']});
    expect((await call(a, '/healthz')).status).toBe(200);
    for (const path of ['/vpost', '/en/vpost', '/sandbox', '/img/logo.svg', '/assets/js/main.0a1b2c3d.js']) {
      expect([path, (await call(b, path)).status]).toEqual([path, 200]);
    }
    const xsrf = xsrfPair();
    const manuals = await call(a, '/api/utils/enviarManuales', {
      method: 'POST',
      headers: {'content-type': 'application/json', ...xsrf},
      body: JSON.stringify({correos: ['ana@example.com']}),
    });
    expect(manuals.status).toBe(200);

    await redis.start();
    for (const server of [a, b]) {
      await eventually(
        () => call(server, `${S}/credenciales`, {method: 'POST'}),
        (answer) => answer.status === 201,
      );
      expect((await call(server, '/readyz')).status).toBe(200);
    }
    // Redis came back empty (no persistence): the servers wrote their shared token secret back, so tokens still cross.
    const token = await tokenOn(a, MERCHANT);
    const paid = await postJson(b, `${S}/core/confirmacionTransaccionMedioPago`, paymentBody(MERCHANT, token, cardMethod()));
    expect(paid.json()).toMatchObject({CodigoRespuesta: '0'});
    // And the servers subscribed again: an event published on A reaches a stream open on B.
    const controller = new AbortController();
    const stream = await fetch(`${b.baseUrl}${S}/eventos`, {headers: {authorization: basic(MERCHANT)}, signal: controller.signal});
    await readStream(stream, (text) => text.includes('retry:'));
    expect((await call(a, `${S}/notificaciones/receptor`, {method: 'POST', headers: FORM_TYPE, body: form({codigoFactura: 'DESPUES', valorFactura: '1'})})).status).toBe(200);
    const inbox = (await call(a, `${S}/notificaciones`, {headers: asJson(MERCHANT)})).json<{notificaciones: {id: string}[]}>();
    expect((await call(a, `${S}/notificaciones/${inbox.notificaciones[0]!.id}/reenviar`, {method: 'POST', headers: {authorization: basic(MERCHANT)}})).status).toBe(200);
    expect(await readStream(stream, (text) => text.includes('event: confirmacion'))).toContain('DESPUES');
    controller.abort();
  });
});
