/**
 * The server as `npm run serve` builds it (server/app.ts): the plugins
 * together, the security headers on every answer, and each plugin's rules
 * kept to its own part of the server.
 */
import {createHash} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../core/config';
import {buildApp} from '../app';
import {ManualsMissingError} from '../manuals/library';
import {SiteMissingError} from '../site/build';
import {INLINE_SCRIPT, configFor, makeBuild, xsrfToken, type Fixture} from '../testSupport/fixtures';
import {freePort} from '../testSupport/sandbox';

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

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('sends nosniff, a referrer policy, no framing, and a CSP without inline scripts', async () => {
    app = await buildApp(configFor(fixture));
    const response = await app.inject({method: 'GET', url: '/vpost'});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    const scripts = csp.get('script-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // Exactly the inline script of the pages, by its hash.
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(scripts).toEqual(["'self'", hash]);
    // The gateway's documented services, for the API reference's "try it".
    expect(csp.get('connect-src')).toContain('https://demo.pasarela.example');
  });

  it.each([
    ['the 404 page', 'GET', '/no-existe'],
    ['an API answer', 'POST', '/api/utils/enviarManuales'],
    ['a 405 of the API', 'DELETE', '/api/utils/enviarManuales'],
    ['a 404 of the API', 'GET', '/api/utils/nada'],
  ])('sends them on %s too', async (_name, method, url) => {
    app = await buildApp(configFor(fixture));
    const response = await app.inject({method, url});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});

describe('the plugins together', () => {
  it('takes, on the API, the XSRF cookie a page of the site gave', async () => {
    app = await buildApp(configFor(fixture));
    const {cookie, token} = await xsrfToken(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/utils/enviarManuales',
      headers: {'content-type': 'application/json', cookie, 'x-xsrf-token': token},
      payload: JSON.stringify({correos: ['ana@empresa.co']}),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({enviados: ['ana@empresa.co']});
  });

  it('mounts the API at the path of UTILS_API_BASE, and leaves /api/utils to the site', async () => {
    app = await buildApp(configFor(fixture, {UTILS_API_BASE: 'https://portal.test/servicios/utils/'}));
    const moved = await app.inject({method: 'GET', url: '/servicios/utils/enviarManuales'});
    expect(moved.statusCode).toBe(405);
    const old = await app.inject({method: 'GET', url: '/api/utils/enviarManuales'});
    expect(old.statusCode).toBe(404);
    expect(old.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('keeps the XSRF check, the JSON-only parser and the API errors to the utils base (the sandbox takes cross-site form posts)', async () => {
    app = await buildApp(configFor(fixture, {SANDBOX: 'on'}));
    // Stands for a sandbox operation: a merchant's form posting from its own site, no token.
    app.post(`${SANDBOX_BASE}/prueba`, async (request) => ({recibido: request.body}));
    const response = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/prueba`,
      headers: {'content-type': 'text/plain', origin: 'https://comercio.example'},
      payload: 'monto=1000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({recibido: 'monto=1000'});
    // An unknown sandbox path is the sandbox's 404 in the caller's shape: JSON for a client, a page for a browser.
    const unknown = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/nada`, headers: {origin: 'https://comercio.example'}});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({codigo: 'RUTA_DESCONOCIDA', registro: `${SANDBOX_BASE}/registro`});
    const client = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/nada`, headers: {accept: 'application/json', 'accept-language': 'en'}});
    expect(client.statusCode).toBe(404);
    expect(client.json().mensaje).toContain('There is nothing at this address of the sandbox');
    // A browser gets the site's 404 page, and the site's own files under /sandbox are still the site's.
    const browser = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/nada`, headers: {accept: 'text/html,application/xhtml+xml'}});
    expect(browser.statusCode).toBe(404);
    expect(browser.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('health checks, outside every prefix', () => {
  it('answer alive and ready when the portal keeps its state in memory', async () => {
    app = await buildApp(configFor(fixture));
    for (const url of ['/healthz', '/readyz']) {
      const response = await app.inject({method: 'GET', url});
      expect([url, response.statusCode, response.json()]).toEqual([url, 200, {status: 'ok'}]);
      expect(response.headers['cache-control']).toBe('no-store');
      expect((await app.inject({method: 'HEAD', url})).statusCode).toBe(200);
      expect((await app.inject({method: 'POST', url})).statusCode).toBe(404);
    }
  });

  it('with REDIS_URL and no Redis there: alive, not ready (naming redis); the sandbox says 503 and the rest serves', async () => {
    const port = await freePort();
    app = await buildApp(configFor(fixture, {REDIS_URL: `redis://:clave@127.0.0.1:${port}`}));
    expect((await app.inject({method: 'GET', url: '/healthz'})).statusCode).toBe(200);
    const ready = await app.inject({method: 'GET', url: '/readyz'});
    expect([ready.statusCode, ready.json()]).toEqual([503, {status: 'unavailable', down: ['redis']}]);
    const sandbox = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/credenciales`, headers: {'accept-language': 'en'}});
    expect(sandbox.statusCode).toBe(503);
    expect(sandbox.headers['retry-after']).toBe('5');
    expect(sandbox.json()).toMatchObject({codigo: 'NO_DISPONIBLE', mensaje: expect.stringContaining('The sandbox is unavailable')});
    expect((await app.inject({method: 'GET', url: '/vpost'})).statusCode).toBe(200);
    const {cookie, token} = await xsrfToken(app);
    const manuals = await app.inject({
      method: 'POST',
      url: '/api/utils/enviarManuales',
      headers: {'content-type': 'application/json', cookie, 'x-xsrf-token': token},
      payload: JSON.stringify({correos: ['ana@empresa.co']}),
    });
    expect(manuals.statusCode).toBe(200);
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

  it('refuses to start without the built site', async () => {
    await expect(buildApp(configFor(fixture, {BUILD_DIR: 'no-existe'}))).rejects.toThrow(SiteMissingError);
  });
});
