/**
 * Every rule of POST /api/utils/enviarManuales, through Fastify's inject, with
 * the embedded default mailer (.eml files in an outbox folder).
 */
import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {simpleParser} from 'mailparser';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../app';
import {ManualsMissingError} from '../manuals';
import type {ManualsMailer} from '../mailer';
import {FAKE_PDF, configFor, makeBuild, xsrfToken, type Fixture} from '../testSupport/fixtures';

const URL = '/api/utils/enviarManuales';

let fixture: Fixture;
let app: FastifyInstance;

beforeEach(async () => {
  fixture = makeBuild();
  app = await buildApp(configFor(fixture));
});

afterEach(async () => {
  await app.close();
  fixture.cleanup();
});

async function post(payload: unknown, headers: Record<string, string> = {}) {
  const {cookie, token} = await xsrfToken(app);
  return app.inject({
    method: 'POST',
    url: URL,
    headers: {'content-type': 'application/json', cookie, 'x-xsrf-token': token, ...headers},
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function outbox(): string[] {
  return existsSync(fixture.outboxDir) ? readdirSync(fixture.outboxDir).sort() : [];
}

describe('sending', () => {
  it('writes one message per recipient, each with the PDF, when no SMTP_URL is set', async () => {
    const response = await post({correos: ['ana@empresa.com.co', 'luis@tienda.example']});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({enviados: ['ana@empresa.com.co', 'luis@tienda.example']});

    const files = outbox();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const messages = await Promise.all(files.map((f) => simpleParser(readFileSync(join(fixture.outboxDir, f)))));
    expect(messages.map((m) => m.to && !Array.isArray(m.to) && m.to.value.map((v) => v.address))).toEqual([
      ['ana@empresa.com.co'],
      ['luis@tienda.example'],
    ]);
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
    app = await buildApp(configFor(fixture), {mailer});
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
    app = await buildApp(configFor(fixture, {OUTBOX_DIR: join(fixture.buildDir, 'vpost.html', 'no')}));
    const response = await post({correos: ['a@uno.co']});
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({error: 'ENVIO_FALLIDO', enviados: [], fallidos: [{correo: 'a@uno.co'}]});
  });
});

describe('XSRF', () => {
  it('sets a readable, same-site XSRF-TOKEN cookie on page responses, and keeps a good one', async () => {
    const first = await app.inject({method: 'GET', url: '/vpost'});
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.httpOnly).toBeUndefined();
    const again = await app.inject({method: 'GET', url: '/vpost', headers: {cookie: `XSRF-TOKEN=${cookie.value}`}});
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const asset = await app.inject({method: 'GET', url: '/assets/js/main.0a1b2c3d.js'});
    expect(asset.cookies).toHaveLength(0);
  });

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

  it('accepts application/json with charset utf-8', async () => {
    const response = await post({correos: ['a@uno.co']}, {'content-type': 'application/json; charset=UTF-8'});
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body larger than 16 KiB with 413', async () => {
    const response = await post({correos: Array.from({length: 1000}, (_, i) => `persona${i}@empresa.co`)});
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({error: 'CUERPO_DEMASIADO_GRANDE', limite: 16384});
  });

  it.each([
    ['malformed JSON', '{"correos": [', 'JSON_INVALIDO'],
    ['an empty body', '', 'JSON_INVALIDO'],
    ['a bare list', '["a@uno.co"]', 'CUERPO_INVALIDO'],
    ['no correos field', '{}', 'CUERPO_INVALIDO'],
    ['correos as text', '{"correos": "a@uno.co"}', 'CUERPO_INVALIDO'],
    ['an empty list', '{"correos": []}', 'SIN_CORREOS'],
  ])('refuses %s with 400', async (_name, payload, code) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: code});
  });

  it('names fields it does not take', async () => {
    const response = await post({correos: ['a@uno.co'], cc: ['b@dos.co'], asunto: 'x'});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({error: 'CUERPO_INVALIDO', campos: ['cc', 'asunto']});
    expect(outbox()).toHaveLength(0);
  });

  it('takes 20 distinct addresses and refuses 21', async () => {
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

  it('answers 405 to other methods on the operation', async () => {
    const response = await app.inject({method: 'GET', url: URL});
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toMatchObject({error: 'METODO_NO_PERMITIDO'});
  });

  it('answers JSON 404 under the API base', async () => {
    const response = await app.inject({method: 'GET', url: '/api/utils/otraCosa'});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({error: 'NO_ENCONTRADO'});
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit per client', async () => {
    await app.close();
    app = await buildApp(configFor(fixture, {MANUALS_RATE_LIMIT: '2'}));
    expect((await post({correos: ['a@uno.co']})).statusCode).toBe(200);
    expect((await post({correos: []})).statusCode).toBe(400);
    const third = await post({correos: ['a@uno.co']});
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({error: 'DEMASIADAS_SOLICITUDES'});
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(outbox()).toHaveLength(1);
    // Another client is not affected.
    const {cookie, token} = await xsrfToken(app);
    const other = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: '10.1.2.3',
      headers: {'content-type': 'application/json', cookie, 'x-xsrf-token': token},
      payload: JSON.stringify({correos: ['a@uno.co']}),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('start-up', () => {
  it('refuses to start without the manuals, saying how to make them', async () => {
    const bare = makeBuild({manuals: false});
    try {
      await expect(buildApp(configFor(bare))).rejects.toThrow(ManualsMissingError);
      await expect(buildApp(configFor(bare))).rejects.toThrow('npm run build');
    } finally {
      bare.cleanup();
    }
  });
});
