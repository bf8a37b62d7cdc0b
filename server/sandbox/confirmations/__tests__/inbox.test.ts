/**
 * The notifications inbox (server/sandbox/confirmations/inbox.ts, routes/inbox.ts): the
 * sandbox's own receiver stores what is posted to it (for the public demo
 * merchant); the inbox is read as JSON with the merchant's credentials
 * (`?terminal=` alone reads nothing), newest first, every variable as
 * it came and the firma checked; the store is bounded; bad input gets a 4xx;
 * a browser gets the portal's page.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../../../core/config';
import {responseSignature} from '../../../../core/signatures';
import {loadPortalConfig} from '../../../../core/config';
import {buildApp} from '../../../app';
import {createSandboxParts} from '../..';
import {loadDemoMerchant} from '../../merchants/demoMerchant';
import {configFor, makeBuild, type Fixture} from '../../../testSupport/fixtures';
import {asJson, newMerchant} from '../../../testSupport/sandbox';
import {FORM_TYPE, form} from '../../../testSupport/sandboxForms';
import {sandboxApp} from '../../../testSupport/sandbox';

const merchant = loadDemoMerchant();
const RECEIVER = `${SANDBOX_BASE}/notificaciones/receptor`;
const INBOX = `${SANDBOX_BASE}/notificaciones`;

function confirmation(factura: string, firma?: string): Record<string, string> {
  const fields = {codigoFactura: factura, valorFactura: '1000', transaccionAprobada: '1', codigoAutorizacion: '123456'};
  return {...fields, firmaPasarela: firma ?? responseSignature(merchant.llave, factura, '1000', '123456'), campoExtra1: '<b>sin html</b>'};
}

interface Notification {
  id: string;
  cuerpo: Record<string, string>;
  firma: string;
  firmaValida: boolean;
  firmaTexto: string;
  origen: string;
  estado: string;
  motivo: string;
  url: string;
}

let app: FastifyInstance;
afterEach(async () => app.close());

const read = async (credentials = merchant, lang = 'es', url = INBOX) => {
  const answer = await app.inject({method: 'GET', url, headers: asJson(credentials, lang)});
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  return answer.json<{notificaciones: Notification[]}>().notificaciones;
};

describe('the inbox', () => {
  beforeEach(async () => {
    app = await sandboxApp({limits: {perTerminal: 3, terminals: 10, maxAgeMs: 60_000}});
  });

  const receive = (fields: Record<string, string>, query = '') => app.inject({method: 'POST', url: `${RECEIVER}${query}`, headers: FORM_TYPE, payload: form(fields)});

  it('lists what the receiver got, newest first, every variable as it came, with the firma checked', async () => {
    expect((await receive(confirmation('FAC-1'))).statusCode).toBe(200);
    expect((await receive(confirmation('FAC-2', 'f'.repeat(32)))).statusCode).toBe(200);
    const [second, first] = await read();
    expect(second!.cuerpo.codigoFactura).toBe('FAC-2');
    expect(first!.cuerpo.codigoFactura).toBe('FAC-1');
    expect(first).toMatchObject({firmaValida: true, firma: 'valida', firmaTexto: 'firmaPasarela es válida: coincide con la firma calculada con la llave de la terminal.'});
    expect(second).toMatchObject({firmaValida: false, firmaTexto: expect.stringContaining('firmaPasarela no coincide')});
    // JSON carries the value as it came; the portal's page escapes what it shows.
    expect(first!.cuerpo.campoExtra1).toBe('<b>sin html</b>');
    expect(first!.origen).toBe('receptor');
    expect(first!.motivo).toMatch(/^Entregada: POST recibido desde/);
  });

  it('keeps each merchant apart (?terminal= alone reads nothing), in English on request', async () => {
    const parts = createSandboxParts({portal: loadPortalConfig({}), siteUrl: 'http://portal.test'});
    await app.close();
    app = await sandboxApp({parts});
    const other = await newMerchant(app);
    await parts.notifier.deliver({terminal: other.terminal, url: null, fields: confirmation('FAC-OTRA'), source: 'rest'});
    await parts.notifier.deliver({terminal: '9999', url: null, fields: confirmation('FAC-NADIE'), source: 'rest'});
    // The receiver stores for the demo merchant only, whatever the query says.
    await receive(confirmation('FAC-DEMO'), `?terminal=${other.terminal}`);
    const mine = await read(merchant, 'es', `${INBOX}?lang=es`);
    expect(mine.map((n) => n.cuerpo.codigoFactura)).toEqual(['FAC-DEMO']);
    const theirs = await read(other, 'en');
    expect(theirs.map((n) => n.cuerpo.codigoFactura)).toEqual(['FAC-OTRA']);
    // Signed with the demo key, not the other merchant's: the inbox says so, in English.
    expect(theirs[0]!.firmaTexto).toBe('firmaPasarela does not match the signature computed with the terminal key.');
    expect((await parts.inbox.list('9999'))[0]!.firma).toBe('terminal-desconocida');
    // ?terminal= names nobody's inbox: without credentials it is a 401, with them it is still one's own.
    const anonymous = await app.inject({method: 'GET', url: `${INBOX}?terminal=${other.terminal}`, headers: {accept: 'application/json'}});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('FAC-OTRA');
    expect((await read(merchant, 'es', `${INBOX}?terminal=${other.terminal}`)).map((n) => n.cuerpo.codigoFactura)).toEqual(['FAC-DEMO']);
    const noAuth = await app.inject({method: 'GET', url: INBOX, headers: {accept: 'application/json'}});
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json()).toMatchObject({codigo: 'CREDENCIALES_INVALIDAS', registro: `${SANDBOX_BASE}/registro`});
  });

  it('is bounded per merchant', async () => {
    for (const factura of ['A-1', 'A-2', 'A-3', 'A-4']) await receive(confirmation(factura));
    const facturas = (await read()).map((n) => n.cuerpo.codigoFactura);
    expect(facturas).toEqual(['A-4', 'A-3', 'A-2']);
  });

  it('answers bad input with a 4xx, storing nothing', async () => {
    const badQuery = await app.inject({method: 'GET', url: `${INBOX}?lang=${encodeURIComponent('<script>')}`, headers: asJson(merchant)});
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.body).not.toContain('<script>');
    expect(badQuery.json()).toMatchObject({codigo: 'SOLICITUD_INVALIDA', registro: `${SANDBOX_BASE}/registro`});
    expect((await app.inject({method: 'POST', url: RECEIVER})).statusCode).toBe(400);
    expect((await app.inject({method: 'POST', url: RECEIVER, headers: {'content-type': 'application/json'}, payload: '{}'})).statusCode).toBe(415);
    expect((await app.inject({method: 'GET', url: RECEIVER})).statusCode).toBe(405);
    expect(await read()).toEqual([]);
  });

  it('gives a browser a page that says where the portal page is', async () => {
    const page = await app.inject({method: 'GET', url: INBOX});
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Abrir la página del portal');
    const english = await app.inject({method: 'GET', url: `${INBOX}?lang=en`});
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe(`/en${INBOX}`);
  });
});

describe('shared with other parts of the sandbox', () => {
  it('shows what another part delivers through the same notifier', async () => {
    const parts = createSandboxParts({portal: loadPortalConfig({}), siteUrl: 'http://portal.test'});
    app = await sandboxApp({parts});
    await parts.notifier.deliver({terminal: merchant.terminal, url: null, fields: confirmation('REST-1'), source: 'rest'});
    const [entry] = await read();
    expect(entry!.cuerpo.codigoFactura).toBe('REST-1');
    expect(entry!.firmaValida).toBe(true);
  });
});

describe('in the server', () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = makeBuild();
  });
  afterEach(() => fixture.cleanup());

  it('is served under /sandbox when SANDBOX is on, and not at all when off', async () => {
    app = await buildApp(configFor(fixture));
    const page = await app.inject({method: 'GET', url: INBOX});
    expect(page.statusCode).toBe(200);
    // Without the built page, the sandbox's own small page and policy: no script at all.
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
    app = await buildApp(configFor(fixture, {SANDBOX: 'off'}));
    expect((await app.inject({method: 'GET', url: INBOX})).statusCode).toBe(404);
    expect((await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: 'factura=1'})).statusCode).toBe(404);
  });

  it('serves the built portal pages of the inbox and the request log to a browser', async () => {
    // As the site's build writes them (trailingSlash: false): build/sandbox/<page>.html.
    mkdirSync(join(fixture.buildDir, 'sandbox'), {recursive: true});
    for (const page of ['notificaciones', 'registro']) {
      writeFileSync(join(fixture.buildDir, 'sandbox', `${page}.html`), `<!doctype html><html lang="es"><body><div id="${page}">portal</div></body></html>`);
    }
    app = await buildApp(configFor(fixture));
    for (const page of ['notificaciones', 'registro']) {
      const answer = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/${page}`});
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(`<div id="${page}">portal</div>`);
      // The site's policy, which lets the page's scripts run.
      expect(answer.headers['content-security-policy']).not.toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    }
  });
});
