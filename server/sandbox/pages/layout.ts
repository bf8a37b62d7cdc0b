/**
 * The sandbox's server-rendered pages: one small HTML layout (lang, title,
 * one h1, no script), escaping, the reader's language, and the answer's
 * headers (a strict Content-Security-Policy of their own: no script at all,
 * forms only to this origin and, on the page that returns the buyer, to the
 * merchant's return URL).
 */
import type {FastifyReply} from 'fastify';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import type {Locale} from '../../../core/locale';
import {escapeHtml} from '../../../core/texts';
import {pageText, rulesPage} from '../words';

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1c1e21;background:#f5f6f7;line-height:1.5}
main{max-width:46rem;margin:0 auto;padding:1rem 1.25rem 3rem;background:#fff;min-height:100vh;box-sizing:border-box}
.banner{background:#fff4ce;border-left:4px solid #b58105;padding:.5rem .75rem;margin:0 0 1rem;font-size:.95rem}
.refused{border-left-color:#c62828;background:#fdecea}
.ok{border-left-color:#2e7d32;background:#edf7ed}
h1{font-size:1.5rem;line-height:1.25}h2{font-size:1.15rem;margin-top:1.5rem}
table{border-collapse:collapse;width:100%;font-size:.9rem;margin:.5rem 0}
th,td{border:1px solid #dadde1;padding:.3rem .5rem;text-align:left;vertical-align:top;word-break:break-all}
th{background:#f5f6f7;word-break:normal}
fieldset{border:1px solid #dadde1;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.5rem 0 .15rem;font-weight:500}
.choice label{display:inline;font-weight:400;margin:0}
.choice{margin:.25rem 0}
input[type=text],input[type=url],input[type=email],select{width:100%;box-sizing:border-box;padding:.45rem;font-size:1rem;border:1px solid #8d949e;border-radius:4px}
button{font-size:1rem;padding:.6rem 1.2rem;background:#1a5fb4;color:#fff;border:0;border-radius:4px;cursor:pointer;margin-top:1rem}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
a{color:#1a5fb4}
.hint{color:#525860;font-size:.9rem;margin:.15rem 0}
main>p.hint:last-child{margin-top:2rem}
code{font-size:.9em;background:#f0f1f3;padding:0 .2rem;border-radius:3px;word-break:break-all}
`.trim();

export interface PageOptions {
  readonly lang: Locale;
  readonly title: string;
  /** The page's content, already escaped; the layout adds the h1 from `title`. */
  readonly body: string;
  /** Line under the heading that says this is the sandbox, not the gateway. */
  readonly notice: string;
  /** Links to the rules page and the inbox. */
  readonly links: string;
}

export function layout({lang, title, body, notice, links}: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner">${notice}</p>
<h1>${escapeHtml(title)}</h1>
${body}
<p class="hint">${links}</p>
</main>
</body>
</html>
`;
}

/** Sends a sandbox page: HTML, never cached, with its own CSP. */
export function sendPage(reply: FastifyReply, status: number, html: string, formTargets: readonly string[] = []): FastifyReply {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))];
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self'${origins.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return reply.code(status).header('cache-control', 'no-store').header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);
}

/** Hidden inputs carrying `fields`, for a form that re-posts them. */
export function hiddenInputs(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** A two-column table of variables and values. */
export function fieldTable(fields: Readonly<Record<string, string>>, headings: {name: string; value: string}): string {
  const rows = Object.entries(fields)
    .map(([name, value]) => `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  return `<table><thead><tr><th scope="col">${escapeHtml(headings.name)}</th><th scope="col">${escapeHtml(headings.value)}</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** The sandbox's paths (core/data/sandbox.ts) and its rules page. */

/** The links every sandbox page ends with: the rules page, the inbox and the request log. */
export function linksLine(lang: Locale): string {
  const t = pageText(lang);
  const prefix = lang === 'en' ? '/en' : '';
  return `<a href="${rulesPage(lang)}">${t.html('rulesLink')}</a> · <a href="${prefix}${SANDBOX_PAGES.inbox}">${t.html('inboxLink')}</a> · <a href="${prefix}${SANDBOX_PAGES.requestLog}">${t.html('requestLogLink')}</a>`;
}
