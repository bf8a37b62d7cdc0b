/**
 * The built site as its plugin (server/site) gives it, on a Fastify of its
 * own: pages, redirects, 404s, compression, caching, the XSRF cookie.
 */
import {createHash} from 'node:crypto';
import Fastify, {type FastifyInstance} from 'fastify';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import site from '..';
import {SiteMissingError, indexSite} from '../build';
import {inlineScriptHashes} from '../csp';
import {makeBuild, type Fixture} from '../../testSupport/fixtures';

let fixture: Fixture;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = makeBuild();
  app = Fastify();
  await app.register(site, {buildDir: fixture.buildDir, index: indexSite(fixture.buildDir)});
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

describe('the XSRF cookie', () => {
  it('sets a readable, same-site XSRF-TOKEN cookie on page responses, and keeps a good one', async () => {
    const first = await app.inject({method: 'GET', url: '/vpost'});
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.httpOnly).toBeUndefined();
    expect(cookie.secure).toBeUndefined();
    const again = await app.inject({method: 'GET', url: '/vpost', headers: {cookie: `XSRF-TOKEN=${cookie.value}`}});
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const asset = await app.inject({method: 'GET', url: '/assets/js/main.0a1b2c3d.js'});
    expect(asset.cookies).toHaveLength(0);
  });

  it('replaces a token the server never issues', async () => {
    const response = await app.inject({method: 'GET', url: '/enviomanuales', headers: {cookie: 'XSRF-TOKEN=corto'}});
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks it Secure when the page is served over https', async () => {
    const secure = Fastify({trustProxy: true});
    await secure.register(site, {buildDir: fixture.buildDir, index: indexSite(fixture.buildDir)});
    try {
      const response = await secure.inject({method: 'GET', url: '/vpost', headers: {'x-forwarded-proto': 'https'}});
      expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('other methods', () => {
  it('answers a POST to a page with the 404 page', async () => {
    const response = await app.inject({method: 'POST', url: '/en/vpost', headers: {'content-type': 'application/json'}, payload: '{}'});
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found</title>');
  });
});

describe('start-up', () => {
  it('refuses to index a folder with no built site, saying how to make one', () => {
    expect(() => indexSite(fixture.root)).toThrow(SiteMissingError);
    expect(() => indexSite(fixture.root)).toThrow('npm run build');
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
