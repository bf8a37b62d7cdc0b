/** The built site as the server gives it: pages, redirects, 404s, compression, caching, headers. */
import {createHash} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {buildApp} from '../app';
import {inlineScriptHashes} from '../csp';
import {INLINE_SCRIPT, configFor, makeBuild, type Fixture} from '../testSupport/fixtures';

let fixture: Fixture;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = makeBuild();
  app = await buildApp(configFor(fixture));
});

afterAll(async () => {
  await app.close();
  fixture.cleanup();
});

describe('pages', () => {
  it.each([
    ['/vpost', 'Variables POST'],
    ['/vpost/informacion', 'Información general'],
    ['/en/vpost', 'POST variables'],
    ['/enviomanuales', 'Integración Pasarela'],
    ['/vpost?muestra=pagonormal', 'Variables POST'],
  ])('serves %s as a page', async (url, title) => {
    const response = await app.inject({method: 'GET', url});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/', '/vpost', 302],
    ['/?muestra=pagonormal', '/vpost?muestra=pagonormal', 302],
    ['/en', '/en/vpost', 302],
    ['/en/', '/en/vpost', 302],
    ['/vpost/', '/vpost', 301],
    ['/vpost/informacion/?tab=x', '/vpost/informacion?tab=x', 301],
  ])('redirects %s to %s', async (url, location, status) => {
    const response = await app.inject({method: 'GET', url});
    expect(response.statusCode).toBe(status);
    expect(response.headers.location).toBe(location);
  });

  it.each([
    ['/no-existe', 'Página no encontrada'],
    ['/vpost/no-existe', 'Página no encontrada'],
    ['/en/does-not-exist', 'Page not found'],
    ['//evil.example/', 'Página no encontrada'],
    ['/..%2f..%2fetc/passwd', 'Página no encontrada'],
    ['/assets/js/main.0a1b2c3d.js.br', 'Página no encontrada'],
  ])('answers %s with the 404 page and status 404', async (url, title) => {
    const response = await app.inject({method: 'GET', url});
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.headers.location).toBeUndefined();
  });

  it('answers a malformed address with 400', async () => {
    const response = await app.inject({method: 'GET', url: '/%E0%A4%A'});
    expect(response.statusCode).toBe(400);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({method: 'HEAD', url: '/vpost'});
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('compression and caching', () => {
  const js = '/assets/js/main.0a1b2c3d.js';

  it('sends the brotli file made at build time to a client that takes it', async () => {
    const response = await app.inject({method: 'GET', url: js, headers: {'accept-encoding': 'br, gzip'}});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('console.log');
  });

  it('sends gzip when brotli is not accepted, and the plain file when neither is', async () => {
    const gzip = await app.inject({method: 'GET', url: js, headers: {'accept-encoding': 'gzip'}});
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('console.log');
    const plain = await app.inject({method: 'GET', url: js});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    expect((await app.inject({method: 'GET', url: js})).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({method: 'GET', url: '/img/logo.svg'})).headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it('sends nosniff, a referrer policy, no framing, and a CSP without inline scripts', async () => {
    const response = await app.inject({method: 'GET', url: '/vpost'});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    const scripts = directives.get('script-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // Exactly the inline script of the pages, by its hash.
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(scripts).toEqual(["'self'", hash]);
    // The gateway's documented services, for the API reference's "try it".
    expect(directives.get('connect-src')).toContain('https://demo.pasarela.example');
  });

  it('sends the headers on API answers too', async () => {
    const response = await app.inject({method: 'POST', url: '/api/utils/enviarManuales'});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});

describe('inline script hashes', () => {
  it('hashes executable inline scripts only', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type=application/ld+json>{"a":1}</script><script type="application/json">{}</script><script></script>';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('b()')]);
  });
});
