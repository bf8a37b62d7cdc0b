/**
 * The notifications inbox (server/sandbox/inbox.ts): the sandbox's own
 * receiver stores what is posted to it, the page lists every confirmation of a
 * terminal newest first with every variable and the firma check, the store is
 * bounded, and bad input gets a page with a 4xx.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../core/config';
import {responseSignature} from '../../core/signatures';
import {buildApp} from '../app';
import {loadDemoMerchant} from '../sandbox/merchant';
import {createNotifications} from '../sandbox/purchase';
import {loadPortalConfig} from '../../core/config';
import {configFor, makeBuild, type Fixture} from '../testSupport/fixtures';
import {FORM_TYPE, form, sandboxApp} from '../testSupport/sandboxForms';

const merchant = loadDemoMerchant();
const RECEIVER = `${SANDBOX_BASE}/notificaciones/receptor`;
const INBOX = `${SANDBOX_BASE}/notificaciones`;

function confirmation(factura: string, firma?: string): Record<string, string> {
  const fields = {codigoFactura: factura, valorFactura: '1000', transaccionAprobada: '1', codigoAutorizacion: '123456'};
  return {...fields, firmaPasarela: firma ?? responseSignature(merchant.llave, factura, '1000', '123456'), campoExtra1: '<b>sin html</b>'};
}

let app: FastifyInstance;
afterEach(async () => app.close());

describe('the inbox', () => {
  beforeEach(async () => {
    app = await sandboxApp({limits: {perTerminal: 3, terminals: 10, maxAgeMs: 60_000}});
  });

  const receive = (fields: Record<string, string>, query = '') => app.inject({method: 'POST', url: `${RECEIVER}${query}`, headers: FORM_TYPE, payload: form(fields)});

  it('lists what the receiver got, newest first, with every variable escaped and the firma checked', async () => {
    expect((await receive(confirmation('FAC-1'))).statusCode).toBe(200);
    expect((await receive(confirmation('FAC-2', 'f'.repeat(32)))).statusCode).toBe(200);
    const page = await app.inject({method: 'GET', url: INBOX});
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const body = page.body;
    expect(body.indexOf('FAC-2')).toBeLessThan(body.indexOf('FAC-1'));
    expect(body).toContain('firmaPasarela es válida');
    expect(body).toContain('firmaPasarela no coincide');
    expect(body).toContain('&lt;b&gt;sin html&lt;/b&gt;');
    expect(body).not.toContain('<b>sin html</b>');
    expect(body).toContain('POST recibido por el receptor');
  });

  it('keeps each terminal apart, in English on request', async () => {
    const notifications = createNotifications({portal: loadPortalConfig({}), siteUrl: 'http://portal.test'});
    await app.close();
    app = await sandboxApp({notifications});
    await notifications.notifier.deliver({terminal: '9999', url: null, fields: confirmation('FAC-OTRA'), source: 'rest'});
    // The receiver stores for the demo merchant's terminal only, whatever the query says.
    await receive(confirmation('FAC-DEMO'), '?terminal=9999');
    const mine = await app.inject({method: 'GET', url: INBOX});
    expect(mine.body).not.toContain('FAC-OTRA');
    expect(mine.body).toContain('FAC-DEMO');
    const other = await app.inject({method: 'GET', url: `${INBOX}?terminal=9999&lang=en`});
    expect(other.body).toContain('<html lang="en">');
    expect(other.body).toContain('FAC-OTRA');
    expect(other.body).not.toContain('FAC-DEMO');
    expect(other.body).toContain('could not be checked: the sandbox does not know this terminal&#39;s key');
  });

  it('is bounded per terminal', async () => {
    for (const factura of ['A-1', 'A-2', 'A-3', 'A-4']) await receive(confirmation(factura));
    const body = (await app.inject({method: 'GET', url: INBOX})).body;
    expect(body).not.toContain('A-1');
    expect(body).toContain('A-4');
  });

  it('answers bad input with a page and a 4xx, storing nothing', async () => {
    const badTerminal = await app.inject({method: 'GET', url: `${INBOX}?terminal=${encodeURIComponent('<script>')}`});
    expect(badTerminal.statusCode).toBe(400);
    expect(badTerminal.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(badTerminal.body).not.toContain('<script>');
    expect((await app.inject({method: 'POST', url: RECEIVER})).statusCode).toBe(400);
    expect((await app.inject({method: 'POST', url: RECEIVER, headers: {'content-type': 'application/json'}, payload: '{}'})).statusCode).toBe(415);
    expect((await app.inject({method: 'GET', url: RECEIVER})).statusCode).toBe(405);
    expect((await app.inject({method: 'GET', url: INBOX})).body).toContain('Todavía no hay confirmaciones');
  });
});

describe('shared with other parts of the sandbox', () => {
  it('shows what another part delivers through the same notifier', async () => {
    const notifications = createNotifications({portal: loadPortalConfig({}), siteUrl: 'http://portal.test'});
    app = await sandboxApp({notifications});
    await notifications.notifier.deliver({terminal: merchant.terminal, url: null, fields: confirmation('REST-1'), source: 'rest'});
    const body = (await app.inject({method: 'GET', url: INBOX})).body;
    expect(body).toContain('REST-1');
    expect(body).toContain('firmaPasarela es válida');
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
    // The sandbox pages' own policy, not the site's: no script at all.
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
    app = await buildApp(configFor(fixture, {SANDBOX: 'off'}));
    expect((await app.inject({method: 'GET', url: INBOX})).statusCode).toBe(404);
    expect((await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: 'factura=1'})).statusCode).toBe(404);
  });
});
