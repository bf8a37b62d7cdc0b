/** A small built site, as `npm run build` lays it out, for the server tests. */
import {mkdirSync, mkdtempSync, writeFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import Fastify, {type FastifyInstance} from 'fastify';
import {XSRF_COOKIE} from '../../core/xsrf';
import {mailerOptions} from '../app';
import {loadServerConfig, type ServerConfig} from '../config';
import manualsApi from '../manuals';
import {loadManuals} from '../manuals/library';
import {createMailer, type MailerOptions, type ManualsMailer} from '../manuals/mailer';
import {newToken} from '../xsrf';
import {MANIFEST_FILE, MANIFEST_VERSION, MANUALS_DIR, type ManualManifest} from '../../core/manualsBuild';
import {memoryBackend} from '../sandbox/store/memory';

/** The colour-mode bootstrap Docusaurus inlines into every page (shortened). */
export const INLINE_SCRIPT = '!function(){document.documentElement.setAttribute("data-theme","light")}()';

export function page(title: string, lang = 'es'): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title><script type="application/ld+json">{"@type":"BreadcrumbList"}</script><script src="/assets/js/main.0a1b2c3d.js" defer></script></head><body><script>${INLINE_SCRIPT}</script><h1>${title}</h1></body></html>`;
}

/** Stands in for a PDF: the server attaches the file as it is. */
export const FAKE_PDF = Buffer.from('%PDF-1.7\n% manual de prueba\n%%EOF\n');

function manifest(locale: 'es' | 'en'): ManualManifest {
  const prefix = locale === 'es' ? '' : '/en';
  return {
    version: MANIFEST_VERSION,
    locale,
    productName: 'Pasarela',
    pdf: {
      file: locale === 'es' ? 'manual-integracion-pasarela.pdf' : 'integration-manual-pasarela.pdf',
      path: `${prefix}/${MANUALS_DIR}/${locale === 'es' ? 'manual-integracion-pasarela.pdf' : 'integration-manual-pasarela.pdf'}`,
      title: locale === 'es' ? 'Manual de integración' : 'Integration manual',
      pages: 3,
    },
    channels: [
      {label: locale === 'es' ? 'Variables POST' : 'POST variables', path: `${prefix}/vpost`},
      {label: 'REST', path: `${prefix}/rest`},
    ],
    mail: {
      subject: locale === 'es' ? 'Manual de integración de Integraciones Pasarela' : 'Integration manual of Integrations Pasarela',
      greeting: locale === 'es' ? 'Hola:' : 'Hello,',
      intro: locale === 'es' ? 'Le enviamos el manual de integración.' : 'Here is the integration manual.',
      channelsHeading: locale === 'es' ? 'Canales en el portal:' : 'Channels on the portal:',
      pdfLink: locale === 'es' ? 'El manual en línea' : 'The manual online',
      support: locale === 'es' ? 'Soporte: {email}.' : 'Support: {email}.',
      footer: locale === 'es' ? 'Alguien pidió este correo en el portal.' : 'Someone asked for this message on the portal.',
    },
  };
}

function write(root: string, path: string, content: string | Buffer): void {
  const file = join(root, path);
  mkdirSync(dirname(file), {recursive: true});
  writeFileSync(file, content);
}

export interface Fixture {
  readonly root: string;
  readonly buildDir: string;
  readonly outboxDir: string;
  cleanup(): void;
}

export function makeBuild(options: {manuals?: boolean} = {}): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'manuales-'));
  const build = join(root, 'build');
  write(build, '404.html', page('Página no encontrada'));
  write(build, 'vpost.html', page('Variables POST'));
  write(build, 'vpost/informacion.html', page('Información general'));
  write(build, 'enviomanuales.html', page('Integración Pasarela'));
  write(build, 'en/404.html', page('Page not found', 'en'));
  write(build, 'en/vpost.html', page('POST variables', 'en'));
  // The Markdown copies the llms-txt plugin writes beside the docs pages (the assistants' docs, server/mcp).
  write(build, 'vpost.md', '# Variables POST\n\nEl formulario se envía por POST a la página de compra.\n');
  write(build, 'vpost/informacion.md', '# Información general\n\nAmbientes y medios de pago.\n');
  write(build, 'en/vpost.md', '# POST variables\n\nThe form is posted to the purchase page.\n');
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  write(build, 'assets/js/main.0a1b2c3d.js', js);
  write(build, 'assets/js/main.0a1b2c3d.js.br', brotliCompressSync(js));
  write(build, 'assets/js/main.0a1b2c3d.js.gz', gzipSync(js));
  write(build, 'img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (options.manuals !== false) {
    for (const locale of ['es', 'en'] as const) {
      const m = manifest(locale);
      const folder = locale === 'es' ? MANUALS_DIR : `en/${MANUALS_DIR}`;
      write(build, `${folder}/${MANIFEST_FILE}`, JSON.stringify(m));
      write(build, `${folder}/${m.pdf.file}`, FAKE_PDF);
    }
  }
  return {root, buildDir: build, outboxDir: join(root, 'outbox'), cleanup: () => rmSync(root, {recursive: true, force: true})};
}

export function configFor(fixture: Fixture, env: Record<string, string> = {}): ServerConfig {
  return loadServerConfig({SITE_URL: 'http://portal.test', ...env}, fixture.root);
}

/** Cookie and header a page gives the browser, as the screen would send them. */
export async function xsrfToken(app: FastifyInstance): Promise<{cookie: string; token: string}> {
  const response = await app.inject({method: 'GET', url: '/enviomanuales'});
  const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (cookie === undefined) {
    throw new Error('the page set no XSRF-TOKEN cookie');
  }
  return {cookie: `XSRF-TOKEN=${cookie.value}`, token: cookie.value};
}

/** The utils API alone, as the app mounts it, on a Fastify of its own (./manuals/index.ts). */
export async function manualsApp(
  fixture: Fixture,
  options: {readonly mailer?: ManualsMailer; readonly env?: Record<string, string>; readonly mailerOptions?: Partial<MailerOptions>} = {},
): Promise<FastifyInstance> {
  const config = configFor(fixture, options.env);
  const mailer = options.mailer ?? createMailer({...mailerOptions(config), ...options.mailerOptions});
  const app = Fastify();
  await app.register(manualsApi, {
    prefix: config.utilsPrefix,
    manuals: loadManuals(config.buildDir),
    mailer,
    rateLimitPerMinute: config.rateLimitPerMinute,
    counters: memoryBackend(),
  });
  app.addHook('onClose', async () => mailer.close());
  return app;
}

/** A cookie and header pair as the site gives it to the screen. */
export function xsrfPair(): {cookie: string; 'x-xsrf-token': string} {
  const token = newToken();
  return {cookie: `${XSRF_COOKIE}=${token}`, 'x-xsrf-token': token};
}
