/**
 * The sandbox's notifier (server/sandbox/confirmations/notifier.ts) against a real local
 * HTTP server: what it sends, where it refuses to send (private, link-local,
 * public hosts off the allow-list, loopback when not local), and its bounds
 * (no redirects, timeout, answer size, body size, rate per terminal).
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createInbox, type Inbox} from '../inbox';
import {loadDemoMerchant} from '../../merchants/demoMerchant';
import {createMerchants} from '../../merchants/merchants';
import {classifyAddress, createNotifier, type NotifierOptions, type ResolveHost} from '../notifier';
import {memoryStore} from '../../store/memory';

const merchant = loadDemoMerchant();
const RECEIVER = 'http://portal.test/sandbox/notificaciones/receptor';
const FIELDS = {codigoFactura: 'FAC-1', valorFactura: '1000', transaccionAprobada: '1', campoExtra1: 'ñandú & co'};

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
let received: Received[];
let handler: (request: IncomingMessage, response: ServerResponse) => void;

beforeEach(async () => {
  received = [];
  handler = (_request, response) => response.end('recibido');
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({method: request.method ?? '', headers: request.headers, body});
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function notifier(options: Partial<NotifierOptions> = {}) {
  const inbox: Inbox = createInbox({store: memoryStore(), merchants: createMerchants(memoryStore(), merchant), productName: 'Pasarela'});
  return {inbox, notifier: createNotifier({inbox, receiverUrl: RECEIVER, allow: [], local: true, ...options})};
}

const fakeDns =
  (table: Record<string, string[]>): ResolveHost =>
  async (host) => {
    const addresses = table[host];
    if (addresses === undefined) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({address, family: address.includes(':') ? 6 : 4}));
  };

describe('the notifier', () => {
  it("stores into the inbox, without the network, when the URL is the sandbox's receiver", async () => {
    const {inbox, notifier: n} = notifier();
    for (const url of [null, RECEIVER]) {
      const entry = await n.deliver({terminal: merchant.terminal, url, fields: FIELDS, source: 'pagina-de-compra'});
      expect(entry.outcome).toMatchObject({status: 'entregada', reason: 'RECEPTOR'});
    }
    expect(await inbox.list(merchant.terminal)).toHaveLength(2);
    expect(received).toEqual([]);
  });

  it('POSTs the fields url-encoded in UTF-8 to a loopback URL while the server runs locally, and records the answer', async () => {
    const {inbox, notifier: n} = notifier();
    const entry = await n.deliver({terminal: merchant.terminal, url: `${base}/confirmacion`, fields: FIELDS, source: 'pagina-de-compra'});
    expect(entry.outcome).toMatchObject({status: 'entregada', httpStatus: 200, reason: 'OK', answer: 'recibido'});
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual(FIELDS);
    expect((await inbox.list(merchant.terminal))[0]).toMatchObject({destination: `${base}/confirmacion`, fields: FIELDS});
  });

  it('refuses loopback when the server does not run locally', async () => {
    const {notifier: n} = notifier({local: false});
    for (const url of [`${base}/x`, `http://[::1]:1/x`, 'http://127.9.9.9/x']) {
      const entry = await n.deliver({terminal: '1', url, fields: FIELDS, source: 's'});
      expect(entry.outcome).toMatchObject({status: 'rechazada', reason: 'LOOPBACK_NO_LOCAL'});
    }
    expect(received).toEqual([]);
  });

  it.each([
    ['http://10.1.2.3/x', 'DIRECCION_PRIVADA'],
    ['http://172.20.0.1/x', 'DIRECCION_PRIVADA'],
    ['http://192.168.1.10/x', 'DIRECCION_PRIVADA'],
    ['http://[fd00::1]/x', 'DIRECCION_PRIVADA'],
    ['http://[::ffff:10.0.0.1]/x', 'DIRECCION_PRIVADA'],
    ['http://169.254.169.254/latest/meta-data', 'DIRECCION_PROHIBIDA'],
    ['http://0.0.0.0/x', 'DIRECCION_PROHIBIDA'],
    ['http://[fe80::1]/x', 'DIRECCION_PROHIBIDA'],
    ['http://203.0.113.9/x', 'HOST_NO_PERMITIDO'],
    ['ftp://203.0.113.9/x', 'ESQUEMA'],
    ['http://usuario:clave@203.0.113.9/x', 'CREDENCIALES'],
    ['no es una url', 'URL_INVALIDA'],
  ])('refuses %s (%s), sending nothing', async (url, reason) => {
    const {inbox, notifier: n} = notifier();
    const entry = await n.deliver({terminal: '1', url, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'rechazada', reason});
    expect(await inbox.list('1')).toHaveLength(1);
    expect(received).toEqual([]);
  });

  it('refuses a URL over 2,000 characters', async () => {
    const entry = await notifier().notifier.deliver({terminal: '1', url: `${base}/${'a'.repeat(2000)}`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'rechazada', reason: 'URL_LARGA'});
    expect(received).toEqual([]);
  });

  it('resolves a name and checks every address: one private address is enough to refuse', async () => {
    const resolve = fakeDns({'tienda.test': ['203.0.113.5', '10.0.0.5'], 'interna.test': ['192.168.0.2'], 'meta.test': ['169.254.169.254']});
    const {notifier: n} = notifier({resolve});
    expect((await n.deliver({terminal: '1', url: 'http://tienda.test/x', fields: FIELDS, source: 's'})).outcome.reason).toBe('DIRECCION_PRIVADA');
    expect((await n.deliver({terminal: '1', url: 'http://interna.test/x', fields: FIELDS, source: 's'})).outcome.reason).toBe('DIRECCION_PRIVADA');
    expect((await n.deliver({terminal: '1', url: 'http://nadie.test/x', fields: FIELDS, source: 's'})).outcome.reason).toBe('DNS');
    // Link-local stays refused even for a listed host.
    const listed = notifier({resolve, allow: ['meta.test']}).notifier;
    expect((await listed.deliver({terminal: '1', url: 'http://meta.test/x', fields: FIELDS, source: 's'})).outcome.reason).toBe('DIRECCION_PROHIBIDA');
  });

  it('sends to an allow-listed host, connecting to the address it checked (pinned), with the Host it was given', async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    const resolve: ResolveHost = async () => {
      lookups += 1;
      return [{address: '127.0.0.1', family: 4}];
    };
    const {notifier: n} = notifier({resolve, allow: ['tienda.test'], local: false});
    const entry = await n.deliver({terminal: '1', url: `http://tienda.test:${port}/confirmar`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'entregada', httpStatus: 200});
    expect(lookups).toBe(1);
    expect(received[0]!.headers.host).toBe(`tienda.test:${port}`);
  });

  it('does not follow redirects', async () => {
    handler = (request, response) => {
      if (request.url === '/a') {
        response.writeHead(302, {location: `${base}/b`}).end();
      } else {
        response.end('b');
      }
    };
    const {notifier: n} = notifier();
    const entry = await n.deliver({terminal: '1', url: `${base}/a`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'respuesta-error', httpStatus: 302, reason: 'REDIRECCION_NO_SEGUIDA', params: {location: `${base}/b`}});
    expect(received).toHaveLength(1);
  });

  it('records an error answer as such', async () => {
    handler = (_request, response) => response.writeHead(500).end('fallo');
    const entry = await notifier().notifier.deliver({terminal: '1', url: `${base}/x`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'respuesta-error', httpStatus: 500, reason: 'HTTP_ERROR', answer: 'fallo'});
  });

  it('gives up after the timeout', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    const entry = await notifier({timeoutMs: 300}).notifier.deliver({terminal: '1', url: `${base}/x`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'fallida', reason: 'TIEMPO_AGOTADO'});
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps only the first bytes of a large answer', async () => {
    handler = (_request, response) => response.end('x'.repeat(200_000));
    const entry = await notifier({maxAnswerBytes: 1000}).notifier.deliver({terminal: '1', url: `${base}/x`, fields: FIELDS, source: 's'});
    expect(entry.outcome).toMatchObject({status: 'entregada', answerCut: true});
    expect(entry.outcome.answer).toHaveLength(1000);
  });

  it('refuses a body over the bound, and a connection that fails is recorded', async () => {
    const {notifier: n} = notifier({maxBodyBytes: 100});
    expect((await n.deliver({terminal: '1', url: `${base}/x`, fields: {a: 'x'.repeat(200)}, source: 's'})).outcome.reason).toBe('CUERPO_GRANDE');
    const closed = `http://127.0.0.1:1/x`;
    expect((await n.deliver({terminal: '1', url: closed, fields: FIELDS, source: 's'})).outcome).toMatchObject({status: 'fallida', reason: 'CONEXION'});
    expect(received).toEqual([]);
  });

  it('limits network deliveries per terminal and minute', async () => {
    let now = 0;
    const {notifier: n} = notifier({perMinute: 2, now: () => now});
    const send = (terminal: string) => n.deliver({terminal, url: `${base}/x`, fields: FIELDS, source: 's'});
    expect((await send('1')).outcome.status).toBe('entregada');
    expect((await send('1')).outcome.status).toBe('entregada');
    expect((await send('1')).outcome).toMatchObject({status: 'rechazada', reason: 'LIMITE'});
    expect((await send('2')).outcome.status).toBe('entregada');
    now = 61_000;
    expect((await send('1')).outcome.status).toBe('entregada');
    expect(received).toHaveLength(4);
  });

  it('classifies addresses', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('100.64.0.1')).toBe('private');
    expect(classifyAddress('224.0.0.1')).toBe('never');
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('2001:db8::1')).toBe('public');
  });
});
