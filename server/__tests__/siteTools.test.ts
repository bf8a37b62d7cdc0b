/**
 * What the integrator's tools need from the server: pages with a
 * live code block may evaluate the reader's code ('unsafe-eval' there and
 * nowhere else), and the Markdown copies of the pages and the llms.txt
 * indexes are served as text in UTF-8.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../app';
import {configFor, makeBuild, type Fixture} from '../testSupport/fixtures';

let fixture: Fixture;
let app: FastifyInstance;

function write(path: string, content: string): void {
  const file = join(fixture.buildDir, path);
  mkdirSync(dirname(file), {recursive: true});
  writeFileSync(file, content);
}

const page = (title: string, body: string): string => `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  fixture = makeBuild();
  write('guias/cifrado.html', page('Cifrado de valores', '<div class="live" data-live-sample="cifrado" data-live-code=""><pre>código</pre></div>'));
  write('firmas.html', page('Banco de firmas', '<form aria-label="Verificar una confirmación"></form>'));
  write('vpost/integracion.md', '# Integración\n\nEl formulario se envía por `POST`, con codificación `UTF-8`: ñ.\n');
  write('llms.txt', '# Integraciones Pasarela\n\n- [Integración](vpost/integracion.md)\n');
  write('en/llms.txt', '# Integrations Pasarela\n');
  app = await buildApp(configFor(fixture));
});

afterAll(async () => {
  await app.close();
  fixture.cleanup();
});

const scriptSrc = (csp: unknown): string[] =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1) ?? [];

describe('live code pages', () => {
  it("give 'unsafe-eval' to a page with a live block, and keep the rest of its policy", async () => {
    const live = await app.inject({method: 'GET', url: '/guias/cifrado'});
    const plain = await app.inject({method: 'GET', url: '/vpost'});
    expect(live.statusCode).toBe(200);
    expect(scriptSrc(live.headers['content-security-policy'])).toEqual([...scriptSrc(plain.headers['content-security-policy']), "'unsafe-eval'"]);
    expect(String(live.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each(['/vpost', '/firmas', '/en/vpost', '/no-existe'])("keep %s without 'unsafe-eval'", async (url) => {
    const response = await app.inject({method: 'GET', url});
    expect(scriptSrc(response.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
  });
});

describe('Markdown copies and llms.txt', () => {
  it('serves a page as Markdown in UTF-8', async () => {
    const response = await app.inject({method: 'GET', url: '/vpost/integracion.md'});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.body).toContain('codificación `UTF-8`: ñ.');
  });

  it.each(['/llms.txt', '/en/llms.txt'])('serves %s as plain text in UTF-8', async (url) => {
    const response = await app.inject({method: 'GET', url});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
