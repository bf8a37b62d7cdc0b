/**
 * The sandbox on its store backend, in process and with memory
 * under a switch that makes it fail as an unreachable Redis does:
 *
 * - the backend down: every sandbox request answers 503 + Retry-After in the
 *   caller's language and shape (JSON, a page for a browser, a SOAP Fault);
 * - the store failing in the middle of a request: the same 503 from every
 *   channel's own error handling, never a 500;
 * - a payment is recorded with its confirmation queued in one commit, or not
 *   at all, and paid once;
 * - a merchant is forgotten 30 days after its last use; one evicted to make
 *   room takes its records with it.
 */
import type {FastifyInstance} from 'fastify';
import {loadPortalConfig, SANDBOX_BASE} from '../../../core/config';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {createSandboxParts, type SandboxParts} from '../wiring';
import {loadDemoMerchant} from '../merchants/demoMerchant';
import {createMerchants, TOUCH_MS, type MerchantRecord} from '../merchants/merchants';
import {StoreUnavailableError, type Expectation, type SandboxStore, type StoreBackend, type StoreOptions, type Write} from '../store/contract';
import {basic, freshToken, MERCHANT} from '../../testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../../testSupport/sandboxForms';
import {sandboxApp} from '../../testSupport/sandbox';
import {memoryBackend, memoryStore} from '../store/memory';

jest.setTimeout(60_000);

const S = SANDBOX_BASE;
const DAY = 24 * 60 * 60 * 1000;

/** A memory backend that can be switched to behave as an unreachable Redis. */
function switchable(base: StoreBackend = memoryBackend()) {
  const state = {down: false, failing: false, failCommits: 0, evictions: new Map<string, (terminal: string) => void>()};
  const inner = new Map<SandboxStore<unknown>, SandboxStore<unknown>>();
  const check = () => {
    if (state.failing || state.down) throw new StoreUnavailableError('redis');
  };
  const unwrap = <T extends Write | Expectation>(item: T): T => ({...item, store: inner.get(item.store) ?? item.store});
  const backend: StoreBackend = {
    kind: 'redis',
    store<V>(name: string, limits: Parameters<StoreBackend['store']>[1], options: StoreOptions = {}) {
      if (options.onEvict !== undefined) state.evictions.set(name, options.onEvict);
      const s = base.store<V>(name, limits, options);
      const wrapped: SandboxStore<V> = {
        name,
        put: async (...args) => (check(), s.put(...args)),
        get: async (...args) => (check(), s.get(...args)),
        delete: async (...args) => (check(), s.delete(...args)),
        list: async (...args) => (check(), s.list(...args)),
        clear: async (...args) => (check(), s.clear(...args)),
        size: async () => (check(), s.size()),
      };
      inner.set(wrapped, s);
      return wrapped;
    },
    async commit(writes, options = {}) {
      check();
      if (state.failCommits > 0) {
        state.failCommits -= 1;
        throw new StoreUnavailableError('redis');
      }
      return base.commit(writes.map(unwrap), {...options, ...(options.expect === undefined ? {} : {expect: options.expect.map(unwrap)})});
    },
    sequence: async (...args) => (check(), base.sequence(...args)),
    allow: async (...args) => (check(), base.allow(...args)),
    usage: async (...args) => (check(), base.usage(...args)),
    lease: async (...args) => (check(), base.lease(...args)),
    publish: async (...args) => (check(), base.publish(...args)),
    subscribe: (...args) => base.subscribe(...args),
    shared: async (...args) => (check(), base.shared(...args)),
    down: () => (state.down ? ['redis'] : []),
    close: () => base.close(),
  };
  return {backend, state};
}

const portal = loadPortalConfig({});
const SECRET = 'un secreto compartido de al menos 32 caracteres';

let app: FastifyInstance;
let parts: SandboxParts;
let state: ReturnType<typeof switchable>['state'];

beforeAll(async () => {
  const made = switchable();
  state = made.state;
  parts = createSandboxParts({portal, siteUrl: 'http://portal.test', backend: made.backend, secret: SECRET});
  app = await sandboxApp({backend: made.backend, parts, secret: SECRET});
  await app.ready();
});
afterAll(async () => app.close());
afterEach(() => {
  state.down = false;
  state.failing = false;
  state.failCommits = 0;
});

const soapQuery = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="urn:integraciones:pagos"><soap:Body><p:consultarEstadoTransaccion><p:terminal>${MERCHANT.terminal}</p:terminal><p:referencia>R</p:referencia><p:codigoSeguimiento>1</p:codigoSeguimiento><p:tokenSeguridad>${token}</p:tokenSeguridad><p:estadoPago>true</p:estadoPago></p:consultarEstadoTransaccion></soap:Body></soap:Envelope>`;
const SAMPLE = {usuario: '', factura: 'F-1', valor: '1000', descripcionFactura: 'Prueba'};

describe('the sandbox while its store is down', () => {
  it('answers 503 with Retry-After in the JSON API shape, in the caller’s language', async () => {
    state.down = true;
    const es = await app.inject({method: 'POST', url: `${S}/credenciales`});
    expect(es.statusCode).toBe(503);
    expect(es.headers['retry-after']).toBe('5');
    expect(es.headers['cache-control']).toBe('no-store');
    expect(es.json()).toEqual({codigo: 'NO_DISPONIBLE', mensaje: expect.stringContaining('no está disponible'), registro: `${S}/registro`});
    const en = await app.inject({method: 'GET', url: `${S}/notificaciones`, headers: {accept: 'application/json', 'accept-language': 'en-US,en;q=0.9'}});
    expect(en.json()).toMatchObject({codigo: 'NO_DISPONIBLE', mensaje: expect.stringContaining('The sandbox is unavailable')});
    expect((await app.inject({method: 'POST', url: `${S}/auth/autenticar`, payload: {usuario: 'x', clave: 'y', terminal: 'z'}})).statusCode).toBe(503);
    state.down = false;
    expect((await app.inject({method: 'POST', url: `${S}/credenciales`})).statusCode).toBe(201);
  });

  it('gives a browser a page and a SOAP client a Fault', async () => {
    state.down = true;
    const page = await app.inject({method: 'POST', url: `${S}/pagos?lang=en`, headers: {...FORM_TYPE, accept: 'text/html'}, payload: form(SAMPLE)});
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Sandbox unavailable');
    const soap = await app.inject({method: 'POST', url: `${S}/soap/ServicioPagos`, headers: {'content-type': 'text/xml; charset=utf-8'}, payload: soapQuery('x')});
    expect(soap.statusCode).toBe(503);
    expect(soap.body).toMatch(/<faultstring>El entorno de pruebas no está disponible/);
  });
});

describe('the sandbox when its store fails in the middle of a request', () => {
  it.each([
    ['the JSON API', {method: 'GET' as const, url: `${S}/notificaciones`, headers: {accept: 'application/json', authorization: basic(MERCHANT)}}],
    ['the event stream', {method: 'GET' as const, url: `${S}/eventos`, headers: {authorization: basic(MERCHANT)}}],
    ['the purchase page', {method: 'POST' as const, url: `${S}/pagos`, headers: {...FORM_TYPE, accept: 'text/html'}, payload: form(SAMPLE)}],
    ['the simulated bank', {method: 'GET' as const, url: `${S}/banco/abc`, headers: {accept: 'text/html'}}],
    ['the credentials', {method: 'POST' as const, url: `${S}/credenciales`}],
  ])('%s answers 503, never 500', async (_name, request) => {
    state.failing = true;
    const answer = await app.inject(request);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
  });

  it('REST and SOAP answer 503 too', async () => {
    const token = await freshToken(app);
    state.failing = true;
    const rest = await app.inject({
      method: 'POST',
      url: `${S}/core/consultarEstadoTransaccion`,
      payload: {terminal: MERCHANT.terminal, referencia: 'R', codigoSeguimiento: '1', tokenSeguridad: token, estadoPago: true},
    });
    expect([rest.statusCode, rest.json().codigo]).toEqual([503, 'NO_DISPONIBLE']);
    const soap = await app.inject({method: 'POST', url: `${S}/soap/ServicioPagos`, headers: {'content-type': 'text/xml; charset=utf-8'}, payload: soapQuery(token)});
    expect(soap.statusCode).toBe(503);
    expect(soap.headers['retry-after']).toBe('5');
    expect(soap.body).toContain('no está disponible');
  });
});

describe('a payment of the purchase page', () => {
  it('is recorded with its confirmation queued in one commit, or not at all; and paid once', async () => {
    const opened = await app.inject({method: 'POST', url: `${S}/pagos`, headers: FORM_TYPE, payload: form({...SAMPLE, factura: 'ATOMICA'})});
    const pay = formsOf(opened.body)[0]!;
    const choice = form({
      ...pay.fields,
      metodoPago: '37',
      resultado: 'pendiente',
      tipoDocumento: 'CC',
      documentoComprador: '1',
      nombreComprador: 'A',
      apellidoComprador: 'B',
      correoComprador: 'a@b.co',
    });
    const inboxOf = async () => (await parts.inbox.list(MERCHANT.terminal)).filter((n) => n.fields.codigoFactura === 'ATOMICA');
    const pendingOf = async () => (await parts.state.transactions.list(MERCHANT.terminal)).filter((t) => t.referencia === 'ATOMICA');

    state.failCommits = 1;
    const failed = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: choice});
    expect(failed.statusCode).toBe(503);
    expect(await inboxOf()).toEqual([]);
    expect(await pendingOf()).toEqual([]);

    const done = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: choice});
    expect(done.statusCode).toBe(200);
    expect((await inboxOf()).map((n) => n.outcome.status)).toEqual(['entregada']);
    expect((await pendingOf()).map((t) => t.status)).toEqual(['pending']);
    expect((await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: choice})).statusCode).toBe(409);
    expect(await inboxOf()).toHaveLength(1);
  });
});

describe('merchants and their records', () => {
  const demo = loadDemoMerchant();
  const MONTH = SANDBOX_RULES.merchants.days * DAY;

  it(`are forgotten ${SANDBOX_RULES.merchants.days} days after their last use, not after their creation`, async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const store = memoryStore<MerchantRecord>({perTerminal: 1, terminals: 10, maxAgeMs: MONTH}, () => clock, {pinned: [demo.terminal]});
    const merchants = createMerchants(store, demo, () => clock);
    const used = await merchants.create();
    const idle = await merchants.create();
    clock += 20 * DAY;
    expect(await merchants.authenticate(used.usuario, used.clave)).toBeDefined();
    clock += 15 * DAY;
    // 35 days after both were made: the one used on day 20 is known, the idle one is gone.
    expect(await merchants.byUsuario(used.usuario)).toBeDefined();
    expect(await merchants.byUsuario(idle.usuario)).toBeUndefined();
    // A use within TOUCH_MS of the last one does not rewrite the record (no write per request).
    const before = await store.get(used.terminal, 'comercio');
    clock += TOUCH_MS / 2;
    await merchants.byTerminal(used.terminal);
    expect(await store.get(used.terminal, 'comercio')).toEqual(before);
    clock += MONTH;
    expect(await merchants.byUsuario(used.usuario)).toBeUndefined();
  });

  it('evicted to make room for another, a merchant takes its records with it (the demo merchant never goes)', async () => {
    const made = switchable();
    const own = createSandboxParts({portal, siteUrl: 'http://portal.test', backend: made.backend});
    const issued = await own.merchants.create();
    await own.notifier.deliver({terminal: issued.terminal, url: null, fields: {codigoFactura: 'SUYA'}, source: 'rest'});
    await own.requestLog.add(issued.terminal, {canal: 'rest', operacion: 'x', estado: 200, errores: null, cuerpo: null, comprobada: true});
    await own.notifier.deliver({terminal: demo.terminal, url: null, fields: {codigoFactura: 'DEMO'}, source: 'rest'});
    expect(await own.inbox.list(issued.terminal)).toHaveLength(1);
    expect(await own.events.replay(issued.terminal, '0')).toHaveLength(1);
    made.state.evictions.get('comercios')!(issued.terminal);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await own.inbox.list(issued.terminal)).toEqual([]);
    expect(await own.events.replay(issued.terminal, '0')).toEqual([]);
    expect(await own.requestLog.list(issued.terminal)).toEqual([]);
    expect(await own.inbox.list(demo.terminal)).toHaveLength(1);
  });
});
