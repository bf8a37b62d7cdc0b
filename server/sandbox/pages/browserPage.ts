/**
 * The browser pages of the inbox and the request log are the portal's own
 * (Docusaurus pages that read the remembered credentials, src/pages/sandbox/):
 * a browser's GET of /sandbox/notificaciones or /sandbox/registro is answered
 * with the built page (build/sandbox/<page>.html, as Docusaurus writes it with
 * trailingSlash: false, or build/sandbox/<page>/index.html; the English one lives
 * under /en/sandbox/..., which the site serves itself). Without a build (tests)
 * a small page says to open the portal's page.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {FastifyReply} from 'fastify';
import {layout, sendPage, linksLine} from './layout';
import {pageText} from '../words';
import {escapeHtml} from '../../../core/texts';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import {type Locale} from '../../../core/locale';

export type BrowserPage = 'inbox' | 'requestLog';

const PATHS: Record<BrowserPage, string> = {inbox: SANDBOX_PAGES.inbox, requestLog: SANDBOX_PAGES.requestLog};

export function sendBrowserPage(reply: FastifyReply, page: BrowserPage, lang: Locale, buildDir: string | undefined): FastifyReply {
  const path = PATHS[page];
  if (lang === 'en') return reply.redirect(`/en${path}`, 302);
  const relative = path.replace(/^\//, '');
  const file = buildDir === undefined ? undefined : [join(buildDir, `${relative}.html`), join(buildDir, relative, 'index.html')].find((candidate) => existsSync(candidate));
  if (file !== undefined) {
    // The site's page, with the site's own headers (its Content-Security-Policy comes from the root).
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(file));
  }
  const t = pageText(lang);
  const body = `<p>${t.html('openPortalPage.body')}</p><p><a href="${escapeHtml(path)}">${t.html('openPortalPage.link')}</a></p>`;
  return sendPage(reply, 200, layout({lang, title: t.text(`browserPages.${page}`), body, notice: t.html('notice'), links: linksLine(lang)}));
}
