/**
 * Every rule of POST /api/utils/enviarManuales, through Fastify's inject, on
 * the utils API plugin alone (server/manuals), with the embedded default
 * mailer (.eml files in an outbox folder).
 */
import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import Ajv from 'ajv';
import {simpleParser} from 'mailparser';
import Fastify, {type FastifyInstance} from 'fastify';
import manualsApi, {BODY_LIMIT} from '..';
import {MAX_RECIPIENTS} from '../addresses';
import {MAX_JSON_DEPTH} from '../json';
import {loadManuals} from '../library';
import type {ManualsMailer} from '../mailer';
import {enviarManualesSchema} from '../schema';
import {FAKE_PDF, makeBuild, manualsApp, xsrfPair, type Fixture} from '../../testSupport/fixtures';
import {memoryBackend} from '../../sandbox/store/memory';

const URL = '/api/utils/enviarManuales';

let fixture: Fixture;
let app: FastifyInstance;

beforeEach(async () => {
  fixture = makeBuild();
  app = await manualsApp(fixture);
});

afterEach(async () => {
  await app.close();
  fixture.cleanup();
});

async function post(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: URL,
    headers: {'content-type': 'application/json', ...xsrfPair(), ...headers},
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The 200 answer as the route's schema describes it. */
const isSuccessBody = new Ajv().compile(enviarManualesSchema.response[200]);

function outbox(): string[] {
  return existsSync(fixture.outboxDir) ? readdirSync(fixture.outboxDir).sort() : [];
}

describe('sending', () => {
  it('writes one message per recipient, each with the PDF, when no SMTP_URL is set', async () => {
    const response = await post({correos: ['ana@empresa.com.co', 'luis@tienda.example']});
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({enviados: ['ana@empresa.com.co', 'luis@tienda.example']});
    expect(isSuccessBody(response.json())).toBe(true);

    const files = outbox();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const messages = await Promise.all(files.map((f) => simpleParser(readFileSync(join(fixture.outboxDir, f)))));
    expect(messages.map((m) => m.to && !Array.isArray(m.to) && m.to.value.map((v) => v.address))).toEqual([['ana@empresa.com.co'], ['luis@tienda.example']]);
    for (const message of messages) {
      expect(message.subject).toBe('Manual de integración de Integraciones Pasarela');
      expect(message.cc).toBeUndefined();
      expect(message.bcc).toBeUndefined();
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments[0]!.contentType).toBe('application/pdf');
      expect(message.attachments[0]!.filename).toBe('manual-integracion-pasarela.pdf');
      expect(Buffer.compare(message.attachments[0]!.content, FAKE_PDF)).toBe(0);
      expect(message.text).toContain('Variables POST: http://portal.test/vpost');
      expect(message.text).toContain('http://portal.test/manuales/manual-integracion-pasarela.pdf');
      expect(message.text).toContain('Soporte: soporte@pasarela.example.');
      expect(message.html).toContain('<a href="http://portal.test/rest">REST</a>');
      expect(message.from?.value).toEqual([{name: 'Integraciones Pasarela', address: 'soporte@pasarela.example'}]);
      expect(message.replyTo?.value).toEqual([{name: '', address: 'soporte@pasarela.example'}]);
      expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    }
  });

  it('sends each address once when the list repeats it', async () => {
    const response = await post({correos: ['ana@empresa.co', 'ANA@empresa.co', 'ana@empresa.co']});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({enviados: ['ana@empresa.co']});
    expect(outbox()).toHaveLength(1);
  });

  it('writes in English for a screen in English', async () => {
    const response = await post({correos: ['ana@empresa.co']}, {'accept-language': 'en'});
    expect(response.statusCode).toBe(200);
    const message = await simpleParser(readFileSync(join(fixture.outboxDir, outbox()[0]!)));
    expect(message.subject).toBe('Integration manual of Integrations Pasarela');
    expect(message.attachments[0]!.filename).toBe('integration-manual-pasarela.pdf');
    expect(message.text).toContain('POST variables: http://portal.test/en/vpost');
  });

  it('reports a failure as a failure, naming who got the manual and who did not', async () => {
    await app.close();
    const sent: string[] = [];
    const mailer: ManualsMailer = {
      description: 'test',
      send: async (recipients) => {
        sent.push(...recipients);
        return {enviados: [recipients[0]!], fallidos: recipients.slice(1).map((correo) => ({correo, motivo: 'ENVIO_NO_POSIBLE' as const}))};
      },
      close: () => undefined,
    };
    app = await manualsApp(fixture, {mailer});
    const response = await post({correos: ['a@uno.co', 'b@dos.co']});
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'ENVIO_FALLIDO',
      enviados: ['a@uno.co'],
      fallidos: [{correo: 'b@dos.co', motivo: 'ENVIO_NO_POSIBLE'}],
    });
  });

  it('answers 5xx when the outbox cannot be written', async () => {
    await app.close();
    app = await manualsApp(fixture, {env: {OUTBOX_DIR: join(fixture.buildDir, 'vpost.html', 'no')}});
    const response = await post({correos: ['a@uno.co']});
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({error: 'ENVIO_FALLIDO', enviados: [], fallidos: [{correo: 'a@uno.co'}]});
  });
});

describe('XSRF', () => {
  it.each([
    ['no cookie and no header', {}],
    ['a header but no cookie', {'x-xsrf-token': 'a'.repeat(43)}],
    ['a cookie but no header', {cookie: `XSRF-TOKEN=${'a'.repeat(43)}`}],
    ['a header that differs from the cookie', {cookie: `XSRF-TOKEN=${'a'.repeat(43)}`, 'x-xsrf-token': 'b'.repeat(43)}],
    ['a cookie the server never issues', {cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x'}],
  ])('refuses (403) a POST with %s, and sends nothing', async (_name, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: URL,
      headers: {'content-type': 'application/json', ...headers},
      payload: JSON.stringify({correos: ['a@uno.co']}),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({error: 'XSRF_INVALIDO'});
    expect(outbox()).toHaveLength(0);
  });

  it('refuses a POST from a page of another site even with a token', async () => {
    const response = await post({correos: ['a@uno.co']}, {origin: 'https://atacante.example'});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({error: 'ORIGEN_CRUZADO'});
    expect(outbox()).toHaveLength(0);
  });

  it('accepts the same origin', async () => {
    const response = await post({correos: ['a@uno.co']}, {origin: 'http://localhost:80'});
    expect(response.statusCode).toBe(200);
  });

  it('checks the token before reading the body', async () => {
    const response = await app.inject({method: 'POST', url: URL, headers: {'content-type': 'text/plain'}, payload: '{'});
    expect(response.statusCode).toBe(403);
  });
});

describe('what the request must look like', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['JSON in another charset', 'application/json; charset=latin1'],
    ['a look-alike type', 'application/jsonx'],
  ])('refuses %s with 415', async (_name, type) => {
    const response = await post(JSON.stringify({correos: ['a@uno.co']}), {'content-type': type});
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({error: 'TIPO_DE_CONTENIDO', recibido: type});
    expect(outbox()).toHaveLength(0);
  });

  it.each(['application/json; charset=UTF-8', 'application/json;charset="utf-8"', 'Application/JSON'])('accepts %s', async (type) => {
    const response = await post({correos: ['a@uno.co']}, {'content-type': type});
    expect(response.statusCode).toBe(200);
  });

  it('refuses JSON with a parameter other than the charset with 415', async () => {
    const response = await post({correos: ['a@uno.co']}, {'content-type': 'application/json; charset=utf-8; profile=x'});
    expect(response.statusCode).toBe(415);
  });

  it('refuses a body of any length without a content type with 415', async () => {
    const response = await app.inject({method: 'POST', url: URL, headers: xsrfPair(), payload: JSON.stringify({correos: ['a@uno.co']})});
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({error: 'TIPO_DE_CONTENIDO', recibido: null});
    expect(outbox()).toHaveLength(0);
  });

  it('refuses a POST with no body at all as a body that is not the object', async () => {
    const response = await app.inject({method: 'POST', url: URL, headers: xsrfPair()});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: 'CUERPO_INVALIDO'});
  });

  it('refuses a body larger than 16 KiB with 413', async () => {
    const response = await post({correos: Array.from({length: 1000}, (_, i) => `persona${i}@empresa.co`)});
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({error: 'CUERPO_DEMASIADO_GRANDE', limite: BODY_LIMIT});
    expect(BODY_LIMIT).toBe(16 * 1024);
  });

  it.each([
    ['malformed JSON', '{"correos": [', 'JSON_INVALIDO'],
    ['an empty body', '', 'JSON_INVALIDO'],
    ['a bare list', '["a@uno.co"]', 'CUERPO_INVALIDO'],
    ['no correos field', '{}', 'CUERPO_INVALIDO'],
    ['correos as text', '{"correos": "a@uno.co"}', 'CUERPO_INVALIDO'],
    ['an empty list', '{"correos": []}', 'SIN_CORREOS'],
    ['a prototype-poisoning key', '{"correos": ["a@uno.co"], "__proto__": {"x": 1}}', 'JSON_INVALIDO'],
  ])('refuses %s with 400', async (_name, payload, code) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: code});
    expect(outbox()).toHaveLength(0);
  });

  // 5,000 levels once answered 500 (the answer's copy of the entry overflowed the stack).
  it('refuses a list nested 5,000 deep as CUERPO_INVALIDO, not a 500', async () => {
    const response = await post(`{"correos":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({error: 'CUERPO_INVALIDO', mensaje: expect.stringContaining(`${MAX_JSON_DEPTH} niveles`)});
    expect(outbox()).toHaveLength(0);
  });

  it('answers a stray list inside the list entry by entry, up to the nesting limit', async () => {
    // The object and the list of correos are two levels; the entry takes the rest.
    const entry = (levels: number) => `${'['.repeat(levels)}"a@uno.co"${']'.repeat(levels)}`;
    const atLimit = await post(`{"correos":["b@dos.co", ${entry(MAX_JSON_DEPTH - 2)}]}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().rechazados).toEqual([{indice: 1, correo: entry(MAX_JSON_DEPTH - 2), motivo: 'NO_ES_TEXTO'}]);
    const over = await post(`{"correos":["b@dos.co", ${entry(MAX_JSON_DEPTH - 1)}]}`);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('CUERPO_INVALIDO');
  });

  it('does not count brackets inside the addresses as nesting', async () => {
    const response = await post({correos: [`${'['.repeat(20)}@uno.co`]});
    expect(response.statusCode).toBe(400);
    expect(response.json().rechazados).toEqual([{indice: 0, correo: `${'['.repeat(20)}@uno.co`, motivo: 'FORMATO'}]);
  });

  it('names fields it does not take', async () => {
    const response = await post({correos: ['a@uno.co'], cc: ['b@dos.co'], asunto: 'x'});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: 'CUERPO_INVALIDO', campos: ['cc', 'asunto']});
    expect(outbox()).toHaveLength(0);
  });

  it('names every field it does not take, before looking at the list', async () => {
    const response = await post({cc: 'x', correos: [42], bcc: 'y'});
    expect(response.json()).toEqual({
      error: 'CUERPO_INVALIDO',
      mensaje: 'Campos no admitidos: cc, bcc. Solo se admite "correos".',
      campos: ['cc', 'bcc'],
    });
  });

  it('takes 20 distinct addresses and refuses 21', async () => {
    expect(MAX_RECIPIENTS).toBe(20);
    const twenty = Array.from({length: 20}, (_, i) => `p${i}@empresa.co`);
    expect((await post({correos: [...twenty, 'p0@empresa.co']})).statusCode).toBe(200);
    expect(outbox()).toHaveLength(20);
    const response = await post({correos: [...twenty, 'otra@empresa.co']});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: 'DEMASIADOS_CORREOS', limite: 20, cantidad: 21});
    expect(outbox()).toHaveLength(20);
  });

  it('names every bad entry with its position and reason, and sends to nobody', async () => {
    const correos = [
      'bien@empresa.co',
      'ana@empresa.co\r\nBcc: todos@victima.co',
      'Ana Pérez <ana@empresa.co>',
      '"ana"@empresa.co',
      'ana@empresa.co, luis@empresa.co',
      'ana@empresa.co;luis@empresa.co',
      `${'a'.repeat(250)}@empresa.co`,
      42,
      '   ',
      'sin-arroba',
      'ana@localhost',
      'ana@-empresa.co',
      'ana..perez@empresa.co',
    ];
    const response = await post({correos});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('CORREOS_INVALIDOS');
    expect(body.rechazados.map((r: {indice: number; motivo: string}) => [r.indice, r.motivo])).toEqual([
      [1, 'SALTO_DE_LINEA'],
      [2, 'NOMBRE_VISIBLE'],
      [3, 'CARACTER_NO_PERMITIDO'],
      [4, 'CARACTER_NO_PERMITIDO'],
      [5, 'CARACTER_NO_PERMITIDO'],
      [6, 'DEMASIADO_LARGO'],
      [7, 'NO_ES_TEXTO'],
      [8, 'VACIO'],
      [9, 'FORMATO'],
      [10, 'FORMATO'],
      [11, 'FORMATO'],
      [12, 'FORMATO'],
    ]);
    expect(body.rechazados[0].correo).toBe('ana@empresa.co\r\nBcc: todos@victima.co');
    expect(body.rechazados[5].correo).toHaveLength(81);
    expect(body.mensaje).toContain('sin-arroba');
    expect(outbox()).toHaveLength(0);
  });

  it('takes an address of exactly 254 characters and refuses one of 255', async () => {
    // A 64-character local part and a domain of 63-character labels, up to the limit.
    const address = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 196)}.co`;
    expect(address(254)).toHaveLength(254);
    expect((await post({correos: [address(254)]})).statusCode).toBe(200);
    expect(outbox()).toHaveLength(1);
    const response = await post({correos: [address(255)]});
    expect(response.statusCode).toBe(400);
    expect(response.json().rechazados).toEqual([{indice: 0, correo: `${address(255).slice(0, 80)}…`, motivo: 'DEMASIADO_LARGO'}]);
    expect(outbox()).toHaveLength(1);
  });

  it('refuses a display name written without angle brackets', async () => {
    const response = await post({correos: ['luis@empresa.co', 'Ana Pérez ana@empresa.co']});
    expect(response.statusCode).toBe(400);
    expect(response.json().rechazados).toEqual([{indice: 1, correo: 'Ana Pérez ana@empresa.co', motivo: 'NOMBRE_VISIBLE'}]);
    expect(outbox()).toHaveLength(0);
  });
});

describe('other methods and paths', () => {
  // A DELETE with no body once answered 400 "invalid JSON".
  const bodies: [string, Record<string, string>, string | undefined][] = [
    ['no body', {}, undefined],
    ['an empty JSON body', {'content-type': 'application/json'}, ''],
    ['malformed JSON', {'content-type': 'application/json'}, '{"correos": ['],
    ['a valid body', {'content-type': 'application/json'}, JSON.stringify({correos: ['a@uno.co']})],
    ['a text body', {'content-type': 'text/plain'}, 'hola'],
    ['a body over the limit', {'content-type': 'application/json'}, 'x'.repeat(BODY_LIMIT * 2)],
  ];
  const cases = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
    bodies.filter(([, , payload]) => payload === undefined || (method !== 'GET' && method !== 'HEAD')).map(([name, headers, payload]) => [method, name, headers, payload] as const),
  );

  it.each(cases)('answers %s with %s 405, Allow: POST, before the body or the token is looked at', async (method, _name, headers, payload) => {
    const response = await app.inject({method, url: URL, headers, ...(payload === undefined ? {} : {payload})});
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    if (method !== 'HEAD') {
      expect(response.json()).toEqual({error: 'METODO_NO_PERMITIDO', mensaje: 'Use POST.'});
    }
    expect(outbox()).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/utils/otraCosa', {}, undefined],
    ['GET', '/api/utils', {}, undefined],
    ['POST', '/api/utils/', {'content-type': 'text/plain'}, 'hola'],
    ['POST', '/api/utils/enviarManuales/mas', {'content-type': 'application/json'}, '{'],
  ])('answers %s %s with a JSON 404', async (method, url, headers, payload) => {
    const response = await app.inject({method, url, headers, ...(payload === undefined ? {} : {payload})});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({error: 'NO_ENCONTRADO', mensaje: `No existe ${method} ${url}. La API solo recibe POST /api/utils/enviarManuales.`});
  });
});

describe('encapsulation', () => {
  it('keeps its parser, its XSRF check and its error answers to the utils base', async () => {
    const mailer: ManualsMailer = {description: 'test', send: async () => ({enviados: [], fallidos: []}), close: () => undefined};
    const server = Fastify();
    await server.register(manualsApi, {prefix: '/api/utils', manuals: loadManuals(fixture.buildDir), mailer, rateLimitPerMinute: 5, counters: memoryBackend()});
    server.post('/otro', async (request) => ({recibido: request.body}));
    try {
      // A text body, no token, another site: none of the API's rules apply here.
      const response = await server.inject({method: 'POST', url: '/otro', headers: {'content-type': 'text/plain', origin: 'https://comercio.example'}, payload: 'hola'});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({recibido: 'hola'});
      // Fastify's own 404 outside the base.
      expect((await server.inject({method: 'GET', url: '/nada'})).json()).toMatchObject({statusCode: 404, error: 'Not Found'});
    } finally {
      await server.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit per client', async () => {
    await app.close();
    app = await manualsApp(fixture, {env: {MANUALS_RATE_LIMIT: '2'}});
    expect((await post({correos: ['a@uno.co']})).statusCode).toBe(200);
    expect((await post({correos: []})).statusCode).toBe(400);
    const third = await post({correos: ['a@uno.co']});
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({error: 'DEMASIADAS_SOLICITUDES'});
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(outbox()).toHaveLength(1);
    // Another client is not affected.
    const other = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: '10.1.2.3',
      headers: {'content-type': 'application/json', ...xsrfPair()},
      payload: JSON.stringify({correos: ['a@uno.co']}),
    });
    expect(other.statusCode).toBe(200);
  });
});
