/**
 * The content checks over a built site (contributing/integrator-tools.md, "Content checks"): every
 * locale and version, each failure naming the page and quoting its text.
 *
 *  - prose: no MDX or JSX left as text, no placeholder, no `TODO:` in English,
 *    no `undefined`, `NaN` or `[object Object]`, in any page (HTML) or
 *    Markdown twin (./prose.ts; code blocks are code and left out);
 *  - twins: every page served as HTML has its Markdown twin (`<page>.md`),
 *    and it answers 200;
 *  - links: every link to the portal in each llms.txt and each `.md`
 *    answers 200 (links to other sites are not followed: the build cannot
 *    reach them);
 *  - older versions: each page of an older docs version says so in its first
 *    lines, in HTML (before its title) and in Markdown (in its first three
 *    lines), naming the version and linking a page of the current version
 *    that answers 200;
 *  - llms.txt lists the current version first and the older versions after
 *    a heading of their own.
 *
 * What "answers" means is given by the caller (`status`): ./check.ts asks the
 * portal's own server, in-process (server/app.ts, Fastify's inject), so a
 * link answers exactly as it would for a reader; the tests give a fixture's.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {CODE_CLOSE, CODE_OPEN, proseFaults, proseOfHtml, proseOfMarkdown} from './prose';

export interface Failure {
  /** The page (its path on the portal: /en/sandbox, /rest/v1/pse.md, /llms.txt). */
  readonly page: string;
  readonly rule: string;
  /** The offending text, quoted. */
  readonly text: string;
}

export interface CheckOptions {
  readonly buildDir: string;
  /** The portal's address (SITE_URL): links to it are the portal's own. */
  readonly siteUrl: string;
  /** Locale folders of the build ("en"); the default locale is at its root. */
  readonly localeFolders: readonly string[];
  /** Which older docs version a path (without the locale's folder) belongs to, or null for the current one. */
  readonly olderVersionOf: (path: string) => string | null;
  /** The HTTP status the portal answers to a GET of `path` (path and query). */
  readonly status: (path: string) => Promise<number>;
}

/** Pages served as HTML that have no Markdown twin, and why. */
const NO_TWIN: readonly {readonly path: RegExp; readonly why: string}[] = [
  {path: /^\/404$/, why: 'the page not found: its content is no page of the docs'},
  {path: /^\/search$/, why: 'the search results: empty until the reader types a query'},
];

/** Every file of the build but its hashed assets, relative to it with forward slashes (Node's recursive readdir). */
function files(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('assets/'));
}

/** Splits a portal path into its locale folder ('' for the default) and the rest. */
function localeOf(path: string, localeFolders: readonly string[]): {folder: string; rest: string} {
  const folder = localeFolders.find((f) => path === `/${f}` || path.startsWith(`/${f}/`));
  return folder === undefined ? {folder: '', rest: path} : {folder, rest: path.slice(folder.length + 1) || '/'};
}

/** Markdown links `[text](url)` and autolinks `<https://...>` of a Markdown text, outside code. */
export function markdownLinks(markdown: string): string[] {
  const prose = proseOfMarkdown(markdown).replace(new RegExp(`${CODE_OPEN}[^${CODE_CLOSE}]*${CODE_CLOSE}`, 'g'), '');
  const out: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(match[1]!);
  for (const match of prose.matchAll(/<(https?:\/\/[^>\s]+)>/g)) out.push(match[1]!);
  return out;
}

/** The portal path a link names (from the page at `from`), or null when it leaves the portal. */
export function portalPath(link: string, from: string, siteUrl: string): string | null {
  if (link.startsWith('#') || link.startsWith('mailto:')) return null;
  let url: URL;
  try {
    url = new URL(link, `${siteUrl}${from}`);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteUrl).origin) return null;
  return `${url.pathname}${url.search}`;
}

/** The links of the default text of an HTML fragment, with their targets. */
const htmlLinks = (html: string): string[] => [...html.matchAll(/<a\b[^>]*\shref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

export interface CheckResult {
  readonly failures: Failure[];
  /** What was looked at: pages and twins read, portal links followed. */
  readonly counts: {readonly files: number; readonly links: number};
}

export async function checkSite(options: CheckOptions): Promise<CheckResult> {
  const {buildDir, siteUrl, localeFolders, olderVersionOf, status} = options;
  const failures: Failure[] = [];
  const all = files(buildDir);
  const answers = new Map<string, Promise<number>>();
  const answer = (path: string) => {
    let pending = answers.get(path);
    if (pending === undefined) {
      pending = status(path);
      answers.set(path, pending);
    }
    return pending;
  };
  /** Whether a portal path belongs to an older version (the locale's folder taken off first). */
  const isOlder = (path: string) => olderVersionOf(localeOf(path, localeFolders).rest) !== null;
  const pageOf = (file: string) => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1') || ''}`.replace(/(.)\/$/, '$1');

  // Prose of every page and twin, and of each llms.txt.
  const read = all.filter((f) => /\.(html|md)$/.test(f) || /(^|\/)llms\.txt$/.test(f));
  for (const file of read) {
    const source = readFileSync(join(buildDir, file), 'utf8');
    const locale = localeOf(`/${file}`, localeFolders).folder === 'en' ? 'en' : 'es';
    const prose = file.endsWith('.html') ? proseOfHtml(source) : proseOfMarkdown(source);
    const page = file.endsWith('.html') ? pageOf(file) : `/${file}`;
    for (const fault of proseFaults(prose, locale)) failures.push({page, rule: fault.rule, text: fault.text});
  }

  // Every page served as HTML has its twin, and the twin answers.
  const pages = all
    .filter((f) => f.endsWith('.html'))
    .filter((f) => !/<meta[^>]+http-equiv="?refresh/i.test(readFileSync(join(buildDir, f), 'utf8').slice(0, 4096)))
    .map(pageOf)
    .filter((page) => !NO_TWIN.some(({path}) => path.test(localeOf(page, localeFolders).rest)));
  const twins = new Set(all.filter((f) => f.endsWith('.md')).map((f) => `/${f}`));
  for (const page of pages) {
    const twin = `${page}.md`;
    if (!twins.has(twin)) failures.push({page, rule: 'Markdown twin', text: `no ${twin}`});
  }

  // Every link to the portal in each llms.txt and each twin answers 200.
  const linkSources = all.filter((f) => f.endsWith('.md') || /(^|\/)llms\.txt$/.test(f));
  const checks: Promise<void>[] = [];
  for (const file of linkSources) {
    const from = `/${file}`;
    for (const link of new Set(markdownLinks(readFileSync(join(buildDir, file), 'utf8')))) {
      const path = portalPath(link, from, siteUrl);
      if (path === null) continue;
      checks.push(
        answer(path).then((code) => {
          if (code !== 200) failures.push({page: from, rule: 'broken link', text: `${link} answers ${code}`});
        }),
      );
    }
  }
  for (const page of pages) {
    if (twins.has(`${page}.md`)) {
      checks.push(
        answer(`${page}.md`).then((code) => {
          if (code !== 200) failures.push({page, rule: 'Markdown twin', text: `${page}.md answers ${code}`});
        }),
      );
    }
  }
  await Promise.all(checks);

  // Pages of an older version say so first, and link the current version.
  const linksCurrent = async (targets: readonly string[], from: string): Promise<boolean> => {
    for (const target of targets) {
      const path = portalPath(target, from, siteUrl);
      if (path !== null && !isOlder(path.replace(/[?#].*$/, '')) && (await answer(path)) === 200) return true;
    }
    return false;
  };
  for (const page of pages) {
    const version = olderVersionOf(localeOf(page, localeFolders).rest);
    if (version === null) continue;
    const html = readFileSync(join(buildDir, `${page === '/' ? 'index' : page.slice(1)}.html`), 'utf8');
    const main = html.search(/<main\b/i);
    const title = html.search(/<h1\b/i);
    const before = main === -1 || title === -1 || title < main ? '' : html.slice(main, title);
    const notice = proseOfHtml(before);
    if (!new RegExp(`\\b${version}\\b`).test(notice) || !(await linksCurrent(htmlLinks(before), page))) {
      failures.push({page, rule: 'older version', text: `nothing before the title names ${version} and links the current version (found: "${notice.slice(0, 160)}")`});
    }
    const twin = `${page}.md`;
    if (!twins.has(twin)) continue;
    const first = readFileSync(join(buildDir, twin.slice(1)), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 3);
    const said = first.some((line) => new RegExp(`\\b${version}\\b`).test(line));
    if (!said || !(await linksCurrent(markdownLinks(first.join('\n')), twin))) {
      failures.push({page: twin, rule: 'older version', text: `its first lines neither name ${version} nor link the current version: "${(first[0] ?? '').slice(0, 160)}"`});
    }
  }

  // llms.txt: the current version first, the older ones after a heading of their own.
  for (const file of all.filter((f) => /(^|\/)llms\.txt$/.test(f))) {
    const from = `/${file}`;
    let heading = '';
    let headingAt = -1;
    let olderHeadingAt: number | null = null;
    let lastCurrentAt = -1;
    const lines = readFileSync(join(buildDir, file), 'utf8').split('\n');
    let portalLinks = 0;
    lines.forEach((line, at) => {
      if (/^#{1,6}\s/.test(line)) {
        heading = line;
        headingAt = at;
        return;
      }
      for (const link of markdownLinks(line)) {
        const path = portalPath(link, from, siteUrl);
        if (path === null) continue;
        portalLinks += 1;
        if (isOlder(path.replace(/[?#].*$/, ''))) {
          olderHeadingAt ??= headingAt;
        } else {
          lastCurrentAt = at;
          if (olderHeadingAt !== null)
            failures.push({page: from, rule: 'llms.txt order', text: `a current page after the older versions' heading: "${line.slice(0, 160)}" (under "${heading}")`});
        }
      }
    });
    // Links to another address than SITE_URL's would all be taken for other sites' and never followed.
    if (portalLinks === 0) failures.push({page: from, rule: 'llms.txt order', text: `no link to ${siteUrl}: was the site built with another SITE_URL?`});
    if (olderHeadingAt !== null && (olderHeadingAt === -1 || olderHeadingAt < lastCurrentAt)) {
      failures.push({
        page: from,
        rule: 'llms.txt order',
        text: `older versions are listed before the current one ends, not under a heading of their own: "${lines[olderHeadingAt] ?? lines[0] ?? ''}"`,
      });
    }
  }
  const order = (a: Failure, b: Failure) =>
    a.page < b.page ? -1 : a.page > b.page ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  return {failures: failures.sort(order), counts: {files: read.length, links: answers.size}};
}

/** Failures as lines for a person: grouped by rule, one line each. */
export function report(failures: readonly Failure[], limit = 200): string {
  const sorted = [...failures].sort((a, b) => (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  const lines = sorted.slice(0, limit).map((f) => `  ${f.rule}: ${f.page}: ${f.text}`);
  if (sorted.length > limit) lines.push(`  ... and ${sorted.length - limit} more`);
  return lines.join('\n');
}
