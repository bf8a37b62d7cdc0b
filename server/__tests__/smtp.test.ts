/**
 * The manuals through a real SMTP conversation: an smtp-server on an ephemeral
 * loopback port receives what the service sends with SMTP_URL pointed at it.
 */
import {createServer, type AddressInfo} from 'node:net';
import {SMTPServer, type SMTPServerAddress} from 'smtp-server';
import {simpleParser, type ParsedMail} from 'mailparser';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../app';
import {FAKE_PDF, configFor, makeBuild, xsrfToken, type Fixture} from '../testSupport/fixtures';

interface Received {
  readonly envelopeTo: readonly string[];
  readonly mail: ParsedMail;
}

interface Receiver {
  readonly port: number;
  readonly received: Received[];
  readonly logins: string[];
  close(): Promise<void>;
}

/** A mail server that keeps what it receives; refuses the recipients in `refuse`. */
async function startReceiver(options: {refuse?: string[]; auth?: {user: string; pass: string}} = {}): Promise<Receiver> {
  const received: Received[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: options.auth === undefined,
    allowInsecureAuth: true,
    logger: false,
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
  return {port, received, logins, close: () => new Promise((resolve) => server.close(() => resolve()))};
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
      expect(receiver.received.map((r) => r.envelopeTo)).toEqual([['ana@empresa.co'], ['luis@tienda.example']]);
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
      expect(receiver.received.map((r) => r.envelopeTo)).toEqual([['ana@empresa.co'], ['luis@tienda.example']]);
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
