/**
 * Events: the merchant's event stream (Server-Sent Events) with
 * Last-Event-ID replay, its bounds and heartbeats; resending a confirmation;
 * settling a pending payment, which confirms it as the gateway would; and the
 * downloadable listener, escuchar.mjs, run for real with `node` against the
 * sandbox and a local HTTP server.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Fastify, {type FastifyInstance} from 'fastify';
import {loadPortalConfig} from '../../../../core/config';
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import {checksum, responseSignature} from '../../../../core/signatures';
import sandbox, {createSandboxParts, SANDBOX_BASE, type SandboxOptions} from '../..';
import type {SandboxParts} from '../../wiring';
import {asJson, basic, freePort, newMerchant, tokenOf, type TestCredentials} from '../../../testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../../../testSupport/sandboxForms';

jest.setTimeout(90_000);

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A merchant's server on this computer: records what it is posted. */
async function localServer(): Promise<{url: string; received: Received[]; server: Server}> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({headers: request.headers, body});
      response.end('recibido');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/confirmacion`, received, server};
}
const stop = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

async function start(port: number, parts: SandboxParts, extra: Partial<SandboxOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sandbox, {prefix: SANDBOX_BASE, portal: loadPortalConfig({}), siteUrl: `http://127.0.0.1:${port}`, parts, ...extra});
  await app.listen({port, host: '127.0.0.1'});
  return app;
}

const until = async (what: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Reads a stream's text as it comes. */
function follow(response: Response): {text: () => string; done: Promise<void>} {
  let text = '';
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const {value, done: end} = await reader.read();
        if (end) return;
        text += decoder.decode(value, {stream: true});
      }
    } catch {
      // aborted
    }
  })();
  return {text: () => text, done};
}

let port: number;
let base: string;
let parts: SandboxParts;
let app: FastifyInstance;
let me: TestCredentials;

beforeEach(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  parts = createSandboxParts({portal: loadPortalConfig({}), siteUrl: base});
  app = await start(port, parts, {heartbeatMs: 100});
  me = await newMerchant(app);
});
afterEach(async () => app.close());

/** A purchase of `who` paid on the purchase page, its confirmation to `url` (the receiver when absent). */
async function buy(who: TestCredentials, factura: string, options: {url?: string; resultado?: string; metodoPago?: string} = {}) {
  const page = await app.inject({
    method: 'POST',
    url: `${SANDBOX_BASE}/pagos`,
    headers: FORM_TYPE,
    payload: form({
      usuario: who.usuario,
      factura,
      valor: '5000',
      descripcionFactura: 'Compra',
      checksum: checksum(factura, '5000', who.llave),
      tipoDocumento: 'CC',
      documentoComprador: '1',
      nombreComprador: 'Ana',
      apellidoComprador: 'Pérez',
      correoComprador: 'ana@example.com',
      campoExtra1: 'ñandú & co',
    }),
  });
  expect(page.statusCode).toBe(200);
  const pay = formsOf(page.body)[0]!;
  const done = await app.inject({
    method: 'POST',
    url: pay.action,
    headers: FORM_TYPE,
    payload: form({
      ...pay.fields,
      metodoPago: options.metodoPago ?? '37',
      resultado: options.resultado ?? 'aprobada',
      ...(options.url === undefined ? {} : {urlConfirmacion: options.url}),
    }),
  });
  expect(done.statusCode).toBe(200);
}

const stream = (who: TestCredentials, lastEventId?: string, signal?: AbortSignal) =>
  fetch(`${base}${SANDBOX_BASE}/eventos`, {headers: {authorization: basic(who), ...(lastEventId === undefined ? {} : {'last-event-id': lastEventId})}, signal});

describe('the event stream', () => {
  it('passes each confirmation on as it is sent, with heartbeats, and replays what a client missed', async () => {
    const controller = new AbortController();
    const live = await stream(me, undefined, controller.signal);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reading = follow(live);
    await buy(me, 'EV-1');
    await until(() => reading.text().includes('EV-1'));
    await until(() => reading.text().includes(': latido'));
    const event = /id: (\d+)\nevent: confirmacion\ndata: (.*)\n\n/.exec(reading.text())!;
    const data = JSON.parse(event[2]!) as {url: string; cuerpo: Record<string, string>; id: string};
    expect(data.url).toBe(`${base}${SANDBOX_BASE}/notificaciones/receptor`);
    expect(data.cuerpo.firmaPasarela).toBe(responseSignature(me.llave, 'EV-1', '5000', data.cuerpo.codigoAutorizacion!));
    expect(data.cuerpo.campoExtra1).toBe('ñandú & co');
    const [entry] = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(me)})).json().notificaciones;
    expect(data.id).toBe(entry.id);
    controller.abort();

    // Away for two confirmations: Last-Event-ID brings them, in order; nothing before it.
    await buy(me, 'EV-2');
    await buy(me, 'EV-3');
    const back = new AbortController();
    const again = follow(await stream(me, event[1], back.signal));
    await until(() => again.text().includes('EV-3'));
    expect(again.text()).not.toContain('EV-1');
    expect(again.text().indexOf('EV-2')).toBeLessThan(again.text().indexOf('EV-3'));
    back.abort();
  });

  it("passes a certification's requests on as they are published, even when a later id comes first, and never replays them", async () => {
    const controller = new AbortController();
    const reading = follow(await stream(me, undefined, controller.signal));
    await until(() => reading.text().includes(': latido'));
    const request = (paso: number) => ({certificacion: 'C'.repeat(22), paso, destino: 'confirmacion' as const, cuerpo: {paso: String(paso)}});
    // Several requests signaled at once may reach the stream out of the order of their ids.
    const later = await parts.events.signal(me.terminal, request(1));
    await parts.backend.publish('eventos', {terminal: me.terminal, event: {id: String(Number(later.id) - 1), type: 'certificacion', data: request(2)}});
    await until(() => (reading.text().match(/event: certificacion/g) ?? []).length === 2);
    controller.abort();
    // A stream that comes back does not get them again: they were for the run that sent them.
    const back = new AbortController();
    const again = follow(await stream(me, '0', back.signal));
    await until(() => again.text().includes(': latido'));
    expect(again.text()).not.toContain('certificacion');
    back.abort();
  });

  it('starts from now for a Last-Event-ID that is not one of its ids', async () => {
    await buy(me, 'OLD-1');
    for (const garbage of ['basura', '-1', '1e5', 'x'.repeat(300)]) {
      const controller = new AbortController();
      const reading = follow(await stream(me, garbage, controller.signal));
      await until(() => reading.text().includes(': latido'));
      expect(reading.text()).not.toContain('OLD-1');
      controller.abort();
    }
    // Zero is one of its ids (before every event): everything kept comes.
    const controller = new AbortController();
    const all = follow(await stream(me, '0', controller.signal));
    await until(() => all.text().includes('OLD-1'));
    controller.abort();
  });

  it(`takes at most ${SANDBOX_RULES.events.streamsPerMerchant} streams per merchant (429), frees a place when one closes, and needs credentials`, async () => {
    const controllers = Array.from({length: SANDBOX_RULES.events.streamsPerMerchant}, () => new AbortController());
    const open = await Promise.all(controllers.map((c) => stream(me, undefined, c.signal)));
    expect(open.map((r) => r.status)).toEqual(open.map(() => 200));
    const over = await stream(me);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({codigo: 'LIMITE_FLUJOS', registro: `${SANDBOX_BASE}/registro`});
    // Another merchant has places of its own.
    const other = await newMerchant(app);
    const theirs = new AbortController();
    expect((await stream(other, undefined, theirs.signal)).status).toBe(200);
    theirs.abort();
    controllers[0]!.abort();
    // The closed stream's place is free again (the server sees the close shortly after).
    const again = new AbortController();
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 200; tries++) {
      const answer = await stream(me, undefined, again.signal);
      status = answer.status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    again.abort();
    const unauthorised = await fetch(`${base}${SANDBOX_BASE}/eventos`, {headers: {'accept-language': 'en'}});
    expect(unauthorised.status).toBe(401);
    expect(((await unauthorised.json()) as {mensaje: string}).mensaje).toMatch(/^Invalid credentials/);
    for (const c of controllers) c.abort();
  });

  it('ends every stream when the server closes', async () => {
    const reading = follow(await stream(me));
    await until(() => reading.text().includes(': latido'));
    const started = Date.now();
    await app.close();
    await reading.done;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('resend and settle', () => {
  it('resends the same signed body to the URL it went to', async () => {
    const local = await localServer();
    try {
      await buy(me, 'RE-1', {url: local.url});
      await until(() => local.received.length === 1);
      const [entry] = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(me)})).json().notificaciones;
      const resent = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/notificaciones/${entry.id}/reenviar`, headers: {authorization: basic(me)}});
      expect(resent.statusCode).toBe(200);
      expect(resent.json().entrega).toMatchObject({url: local.url, estado: 'entregada', httpStatus: 200, origen: 'reenvio', firmaValida: true});
      await until(() => local.received.length === 2);
      expect(local.received[1]!.body).toBe(local.received[0]!.body);
      expect(local.received[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
      const unknown = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/notificaciones/00000000-0000-0000-0000-000000000000/reenviar`, headers: {authorization: basic(me)}});
      expect(unknown.statusCode).toBe(404);
      const bad = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/notificaciones/${encodeURIComponent('<x>')}/reenviar`, headers: {authorization: basic(me)}});
      expect(bad.statusCode).toBe(400);
    } finally {
      await stop(local.server);
    }
  });

  it('settles a pending REST payment as approved, and confirms it signed with the merchant key', async () => {
    const token = await tokenOf(app, me);
    const created = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/confirmacionTransaccionMedioPago`,
      payload: {
        MetodoPago: {Id: '42'},
        Referencia: 'LIQ-1',
        Valortotal: '7000',
        Valorbase: '0',
        Valoriva: '0',
        Descripcion: 'x',
        Correo: 'a@b.co',
        Nombre: 'A',
        Apellido: 'B',
        Documento: '1',
        tipoDocumento: '1',
        Terminal: me.terminal,
        tokenSeguridad: token,
        Extra1: 'pedido-9',
      },
    });
    const {CodigoSeguimiento} = created.json();
    const settle = (estado: string, id = CodigoSeguimiento) =>
      app.inject({method: 'POST', url: `${SANDBOX_BASE}/transacciones/${id}/liquidar`, headers: {authorization: basic(me), 'accept-language': 'en'}, payload: {estado}});
    expect((await settle('pagada')).statusCode).toBe(400);
    const done = await settle('aprobada');
    expect(done.statusCode).toBe(200);
    const {transaccion, notificacion} = done.json();
    expect(transaccion).toMatchObject({codigoSeguimiento: CodigoSeguimiento, estado: 'approved'});
    expect(notificacion).toMatchObject({
      firmaValida: true,
      transaccion: CodigoSeguimiento,
      origen: 'liquidacion',
      cuerpo: {codigoFactura: 'LIQ-1', valorFactura: '7000', transaccionAprobada: '1', campoExtra1: 'pedido-9'},
    });
    expect((await settle('rechazada')).statusCode).toBe(409);
    expect((await settle('rechazada')).json()).toMatchObject({codigo: 'NO_PENDIENTE', mensaje: expect.stringMatching(/not pending/)});
    const status = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
      payload: {terminal: me.terminal, referencia: 'LIQ-1', codigoSeguimiento: CodigoSeguimiento, tokenSeguridad: token, estadoPago: true},
    });
    expect(status.json()).toMatchObject({estadoPago: 'Aprobada'});
  });

  it('settles a pending purchase of the purchase page as expired, confirming to its confirmation URL; the simulated bank confirms too', async () => {
    const local = await localServer();
    try {
      await buy(me, 'PEN-1', {url: local.url, resultado: 'pendiente', metodoPago: '42'});
      await until(() => local.received.length === 1);
      const [entry] = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(me)})).json().notificaciones;
      expect(entry.cuerpo.transaccionAprobada).toBe('0');
      const done = await app.inject({
        method: 'POST',
        url: `${SANDBOX_BASE}/transacciones/${entry.transaccion}/liquidar`,
        headers: {authorization: basic(me)},
        payload: {estado: 'expirada'},
      });
      expect(done.statusCode).toBe(200);
      await until(() => local.received.length === 2);
      const fields = Object.fromEntries(new URLSearchParams(local.received[1]!.body));
      expect(fields).toMatchObject({codigoFactura: 'PEN-1', transaccionAprobada: '-1', codigoAutorizacion: '', campoExtra1: 'ñandú & co'});
      expect(fields.firmaPasarela).toBe(responseSignature(me.llave, 'PEN-1', '5000', ''));

      // PSE at the simulated bank: the approval is confirmed into the inbox.
      const token = await tokenOf(app, me);
      const bank0 = parts.flows.banks.find((b) => b.codigoBanco !== '0')!;
      const answer = await app.inject({
        method: 'POST',
        url: `${SANDBOX_BASE}/core/confirmacionTransaccionMedioPago`,
        payload: {
          MetodoPago: {Id: '41', campo1: bank0.codigoBanco, campo2: bank0.nombreBanco, campo3: '0', campo4: 'https://tienda.example.com/vuelta'},
          Referencia: 'PSE-1',
          Valortotal: '9000',
          Valorbase: '0',
          Valoriva: '0',
          Descripcion: 'x',
          Correo: 'a@b.co',
          Nombre: 'A',
          Apellido: 'B',
          Documento: '1',
          tipoDocumento: '1',
          Terminal: me.terminal,
          tokenSeguridad: token,
        },
      });
      expect(answer.json()).toMatchObject({estado: 'PENDIENTE'});
      const bank = await app.inject({method: 'POST', url: new URL(answer.json().urlBanco).pathname, headers: FORM_TYPE, payload: 'decision=aprobar'});
      expect(bank.statusCode).toBe(200);
      const [latest] = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(me)})).json().notificaciones;
      expect(latest).toMatchObject({origen: 'liquidacion', firmaValida: true, cuerpo: {codigoFactura: 'PSE-1', transaccionAprobada: '1'}});
    } finally {
      await stop(local.server);
    }
  });
});

describe('escuchar.mjs', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let out = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'escuchar-'));
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

  async function download(): Promise<string> {
    const answer = await fetch(`${base}${SANDBOX_BASE}/escuchar.mjs`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await answer.text();
    expect(source).toContain(`const PORTAL = ${JSON.stringify(base)};`);
    const file = join(dir, 'escuchar.mjs');
    writeFileSync(file, source);
    return file;
  }

  function run(file: string, args: string[]): void {
    child = spawn(process.execPath, [file, ...args], {stdio: ['ignore', 'pipe', 'pipe']});
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  }

  it('forwards each confirmation exactly as signed, one line per delivery, and catches up after a reconnection', async () => {
    const local = await localServer();
    try {
      const file = await download();
      run(file, ['--usuario', me.usuario, '--clave', me.clave, '--reenviar', local.url]);
      await until(() => /Conectado al flujo de eventos/.test(out));
      await buy(me, 'LAP-1');
      await until(() => local.received.length === 1);
      const [entry] = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(me)})).json().notificaciones;
      // The same body the gateway's POST carries: the signed variables, in order, URL-encoded in UTF-8.
      expect(local.received[0]!.body).toBe(new URLSearchParams(Object.entries(entry.cuerpo as Record<string, string>)).toString());
      expect(local.received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
      await until(() => /factura LAP-1\) -> 200 recibido/.test(out));

      // The portal goes away; a confirmation is sent meanwhile; the listener reconnects and gets it.
      await app.close();
      await parts.notifier.deliver({terminal: me.terminal, url: null, fields: {codigoFactura: 'LAP-2', valorFactura: '1'}, source: 'rest'});
      app = await start(port, parts, {heartbeatMs: 100});
      await until(() => local.received.length === 2, 40_000);
      expect(Object.fromEntries(new URLSearchParams(local.received[1]!.body))).toEqual({codigoFactura: 'LAP-2', valorFactura: '1'});
      expect(out).toMatch(/reconecto en \d+ s/);
    } finally {
      await stop(local.server);
    }
  });

  it('says so, and keeps listening, when --reenviar is not HTTP or the local server refuses the connection', async () => {
    const file = await download();
    run(file, ['--usuario', me.usuario, '--clave', me.clave, '--reenviar', 'ftp://localhost/confirmacion']);
    await until(() => /Conectado/.test(out));
    await buy(me, 'NOHTTP-1');
    await until(() => (out.match(/--reenviar no es una URL http o https/g) ?? []).length >= 2);
    expect(child!.exitCode).toBeNull();
    child!.kill();

    const closedPort = await freePort();
    out = '';
    run(file, ['--usuario', me.usuario, '--clave', me.clave, '--reenviar', `http://127.0.0.1:${closedPort}/confirmacion`, '--portal', base]);
    await until(() => /Conectado/.test(out));
    await buy(me, 'REFUSED-1');
    await until(() => /su servidor local no respondió/.test(out));
    expect(out).toContain('ECONNREFUSED');
    await buy(me, 'REFUSED-2');
    await until(() => (out.match(/su servidor local no respondió/g) ?? []).length >= 2);
    expect(child!.exitCode).toBeNull();
  });

  it('stops with a clear line for unknown credentials, and shows its usage without arguments', async () => {
    const file = await download();
    run(file, ['--usuario', me.usuario, '--clave', 'otra', '--reenviar', 'http://127.0.0.1:1/x']);
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(child!.exitCode).toBe(1);
    expect(out).toContain('(401)');
    out = '';
    run(file, []);
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(child!.exitCode).toBe(2);
    expect(out).toContain('Uso: node escuchar.mjs');
  });
});
