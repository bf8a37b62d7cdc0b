/**
 * The manuals through a real SMTP conversation: an smtp-server on an ephemeral
 * loopback port receives what the service sends with SMTP_URL pointed at it,
 * and misbehaves on demand (refuses a recipient, never answers the message,
 * drops the connection in the middle of it).
 */
import {createServer, type AddressInfo} from 'node:net';
import {SMTPServer, type SMTPServerAddress} from 'smtp-server';
import {simpleParser, type ParsedMail} from 'mailparser';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../../app';
import {SEND_CONCURRENCY, SEND_DEADLINE_MS, SMTP_TIMEOUTS} from '../mailer';
import {FAKE_PDF, configFor, makeBuild, manualsApp, xsrfPair, xsrfToken, type Fixture} from '../../testSupport/fixtures';

interface Received {
  readonly envelopeTo: readonly string[];
  readonly mail: ParsedMail;
}

interface Receiver {
  readonly port: number;
  readonly received: Received[];
  readonly logins: string[];
  /** Recipients whose message the server took and never answered. */
  readonly stalled: string[];
  /** Recipients whose connection the server dropped in the middle of the message. */
  readonly dropped: string[];
  /** Sessions open now. */
  connections(): number;
  close(): Promise<void>;
}

interface ReceiverOptions {
  readonly refuse?: string[];
  readonly auth?: {user: string; pass: string};
  /** Takes the message of these recipients and never answers it (DATA never gets its 250). */
  readonly stall?: (recipient: string) => boolean;
  /** Closes the connection as the message of these recipients starts. */
  readonly drop?: (recipient: string) => boolean;
}

/** A mail server that keeps what it receives, and misbehaves as `options` say. */
async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const received: Received[] = [];
  const logins: string[] = [];
  const stalled: string[] = [];
  const dropped: string[] = [];
  // smtp-server's set of open sessions (public, though not in its type definitions).
  const sessions = () => (server as unknown as {connections: Set<{session: unknown; close(): void}>}).connections;
  const server: SMTPServer = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: options.auth === undefined,
    allowInsecureAuth: true,
    logger: false,
    // Closing the receiver does not wait for the sessions it stalled.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        logins.push(auth.username ?? '');
        callback(null, {user: auth.username});
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & {responseCode: number};
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      if (options.stall?.(recipient)) {
        stalled.push(recipient);
        stream.resume();
        return;
      }
      if (options.drop?.(recipient)) {
        dropped.push(recipient);
        stream.resume();
        [...sessions()].find((connection) => connection.session === session)?.close();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail});
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    stalled,
    dropped,
    connections: () => sessions().size,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let fixture: Fixture;
let app: FastifyInstance | undefined;

beforeEach(() => {
  fixture = makeBuild();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  fixture.cleanup();
});

async function send(smtpUrl: string, correos: string[]) {
  app = await buildApp(configFor(fixture, {SMTP_URL: smtpUrl, MAIL_FROM: 'Manuales Pasarela <manuales@pasarela.example>'}));
  const {cookie, token} = await xsrfToken(app);
  return app.inject({
    method: 'POST',
    url: '/api/utils/enviarManuales',
    headers: {'content-type': 'application/json', cookie, 'x-xsrf-token': token},
    payload: JSON.stringify({correos}),
  });
}

describe('sending through SMTP_URL', () => {
  it('delivers one message to each recipient, each with the PDF attached', async () => {
    const receiver = await startReceiver();
    try {
      const response = await send(`smtp://127.0.0.1:${receiver.port}`, ['ana@empresa.co', 'luis@tienda.example']);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({enviados: ['ana@empresa.co', 'luis@tienda.example']});
      expect(receiver.received.map((r) => r.envelopeTo).sort()).toEqual([['ana@empresa.co'], ['luis@tienda.example']]);
      for (const {mail} of receiver.received) {
        expect(mail.from?.value).toEqual([{name: 'Manuales Pasarela', address: 'manuales@pasarela.example'}]);
        expect(mail.subject).toBe('Manual de integración de Integraciones Pasarela');
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]!.contentType).toBe('application/pdf');
        expect(mail.attachments[0]!.filename).toBe('manual-integracion-pasarela.pdf');
        expect(Buffer.compare(mail.attachments[0]!.content, FAKE_PDF)).toBe(0);
        expect(mail.text).toContain('REST: http://portal.test/rest');
      }
    } finally {
      // The pooled connection first, or the receiver waits for it to leave.
      await app?.close();
      app = undefined;
      await receiver.close();
    }
  });

  it('logs in with the user and password of the URL', async () => {
    const receiver = await startReceiver({auth: {user: 'portal', pass: 's3creta'}});
    try {
      const response = await send(`smtp://portal:s3creta@127.0.0.1:${receiver.port}`, ['ana@empresa.co']);
      expect(response.statusCode).toBe(200);
      expect(receiver.logins).toEqual(['portal']);
      expect(receiver.received).toHaveLength(1);
    } finally {
      // The pooled connection first, or the receiver waits for it to leave.
      await app?.close();
      app = undefined;
      await receiver.close();
    }
  });

  it('reports a refused recipient as a failure, and says who did get the manual', async () => {
    const receiver = await startReceiver({refuse: ['nadie@empresa.co']});
    try {
      const response = await send(`smtp://127.0.0.1:${receiver.port}`, ['ana@empresa.co', 'nadie@empresa.co', 'luis@tienda.example']);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        error: 'ENVIO_FALLIDO',
        enviados: ['ana@empresa.co', 'luis@tienda.example'],
        fallidos: [{correo: 'nadie@empresa.co', motivo: 'ENVIO_RECHAZADO', codigo: 550}],
      });
      expect(receiver.received.map((r) => r.envelopeTo).sort()).toEqual([['ana@empresa.co'], ['luis@tienda.example']]);
    } finally {
      // The pooled connection first, or the receiver waits for it to leave.
      await app?.close();
      app = undefined;
      await receiver.close();
    }
  });

  it('answers 502, with nobody reported as served, when the mail server is down', async () => {
    const port = await closedPort();
    const response = await send(`smtp://127.0.0.1:${port}`, ['ana@empresa.co', 'luis@tienda.example']);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'ENVIO_FALLIDO',
      enviados: [],
      fallidos: [
        {correo: 'ana@empresa.co', motivo: 'ENVIO_NO_POSIBLE'},
        {correo: 'luis@tienda.example', motivo: 'ENVIO_NO_POSIBLE'},
      ],
    });
  });
});

/** Addresses p0@empresa.co ... p{n-1}@empresa.co. */
function people(n: number): string[] {
  return Array.from({length: n}, (_, i) => `p${i}@empresa.co`);
}

/** POSTs `correos` to the utils API alone, with the mailer's deadline set to `deadlineMs` (the default when undefined). */
async function timedSend(port: number, correos: string[], deadlineMs?: number) {
  app = await manualsApp(fixture, {
    env: {SMTP_URL: `smtp://127.0.0.1:${port}`, MANUALS_RATE_LIMIT: '100'},
    mailerOptions: deadlineMs === undefined ? {} : {deadlineMs},
  });
  await app.ready();
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/utils/enviarManuales',
    headers: {'content-type': 'application/json', ...xsrfPair()},
    payload: JSON.stringify({correos}),
  });
  return {response, elapsed: performance.now() - started};
}

// A stalled mail server once held the request 10 s per recipient, one
// that dropped the connection during DATA 30 s each.
describe('a mail server that stalls or drops the connection', () => {
  // Short, so the suite stays fast; the default is checked below.
  const DEADLINE = 1_500;
  /** Time allowed past the deadline for answering (a loaded CI machine). */
  const SLACK = 2_000;

  let receiver: Receiver;
  afterEach(async () => {
    // The pooled connections first, or the receiver waits for them.
    await app?.close();
    app = undefined;
    await receiver.close();
  });

  it.each([3, 20])('answers %i recipients of a server that never answers the message by the deadline, none served', async (n) => {
    receiver = await startReceiver({stall: () => true});
    const correos = people(n);
    const {response, elapsed} = await timedSend(receiver.port, correos, DEADLINE);
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE - 50);
    expect(elapsed).toBeLessThan(DEADLINE + SLACK);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'ENVIO_FALLIDO',
      mensaje: 'No se pudo enviar el manual a ningún correo. Vuelva a intentar en unos minutos.',
      enviados: [],
      fallidos: correos.map((correo) => ({correo, motivo: 'TIEMPO_AGOTADO'})),
    });
    // Never more than the pool's connections at once: the rest waited, and were cancelled.
    expect(receiver.stalled).toEqual(correos.slice(0, Math.min(n, SEND_CONCURRENCY)));
  });

  it('serves the others while one message stalls, and names who got it', async () => {
    receiver = await startReceiver({stall: (r) => r === 'p1@empresa.co'});
    const {response, elapsed} = await timedSend(receiver.port, people(3), DEADLINE);
    expect(elapsed).toBeLessThan(DEADLINE + SLACK);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'ENVIO_FALLIDO',
      mensaje: 'Solo se envió a p0@empresa.co, p2@empresa.co; falló para p1@empresa.co. Vuelva a intentar solo con esos correos.',
      enviados: ['p0@empresa.co', 'p2@empresa.co'],
      fallidos: [{correo: 'p1@empresa.co', motivo: 'TIEMPO_AGOTADO'}],
    });
    expect(receiver.received.map((r) => r.envelopeTo[0]).sort()).toEqual(['p0@empresa.co', 'p2@empresa.co']);
  });

  it.each([
    [3, (i: number) => i === 1],
    [20, (i: number) => i % 2 === 1],
  ])('answers %i recipients before the deadline when the server drops some connections during the message', async (n, drops) => {
    receiver = await startReceiver({drop: (r) => drops(Number(/^p(\d+)@/.exec(r)![1]))});
    const correos = people(n);
    // Long enough that only a wrong wait could reach it.
    const deadline = 10_000;
    const {response, elapsed} = await timedSend(receiver.port, correos, deadline);
    expect(elapsed).toBeLessThan(deadline);
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body.enviados).toEqual(correos.filter((_, i) => !drops(i)));
    // Dropped, not retried: the server may already have the message.
    expect(body.fallidos).toEqual(correos.filter((_, i) => drops(i)).map((correo) => ({correo, motivo: 'ENVIO_NO_POSIBLE'})));
    expect([...receiver.dropped].sort()).toEqual(correos.filter((_, i) => drops(i)).sort());
    // Four at a time: the server sees them in any order.
    expect(receiver.received.map((r) => r.envelopeTo[0]).sort()).toEqual([...body.enviados].sort());
  });

  it('with the real default, answers a stalled list of 20 when SEND_DEADLINE_MS has passed, inside the 30 s the API promises', async () => {
    // The bound: each timeout of a connection is inside the deadline, and the deadline inside 30 s.
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThan(SEND_DEADLINE_MS);
    expect(SEND_DEADLINE_MS).toBeLessThanOrEqual(25_000);
    receiver = await startReceiver({stall: () => true});
    app = await manualsApp(fixture, {env: {SMTP_URL: `smtp://127.0.0.1:${receiver.port}`}});
    await app.ready();
    // Jest's clock for every timer (the mailer's deadline, and the receiver's own
    // timers, which the test moves along); sockets and the SMTP conversation run for real.
    jest.useFakeTimers({doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance', 'Date']});
    try {
      const waitUntil = async (done: () => boolean, step = 0) => {
        const giveUp = Date.now() + 10_000;
        while (!done() && Date.now() < giveUp) {
          jest.advanceTimersByTime(step);
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(done()).toBe(true);
      };
      let answered = false;
      const started = jest.now();
      const pending = app
        .inject({method: 'POST', url: '/api/utils/enviarManuales', headers: {'content-type': 'application/json', ...xsrfPair()}, payload: JSON.stringify({correos: people(20)})})
        .finally(() => {
          answered = true;
        });
      // The send has begun (the pool is connecting) before the clock moves: the deadline was armed at `started`.
      await waitUntil(() => receiver.connections() === SEND_CONCURRENCY);
      // The receiver greets after a timer of its own: move the clock in small steps until every connection holds a message.
      await waitUntil(() => receiver.stalled.length === SEND_CONCURRENCY, 50);
      jest.advanceTimersByTime(started + SEND_DEADLINE_MS - 1 - jest.now());
      for (let i = 0; i < 50; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(answered).toBe(false);
      jest.advanceTimersByTime(1);
      const response = await pending;
      expect(jest.now() - started).toBe(SEND_DEADLINE_MS);
      expect(response.statusCode).toBe(502);
      expect(response.json().fallidos).toEqual(people(20).map((correo) => ({correo, motivo: 'TIEMPO_AGOTADO'})));
    } finally {
      jest.useRealTimers();
    }
  });
});
