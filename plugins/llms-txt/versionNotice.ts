/**
 * A page of an older docs version says so in its HTML: Docusaurus draws the
 * "unmaintained" banner first in the page's main column, with a link to the
 * same page in the current version (or to the current version's first page).
 * Its Markdown twin (converted from the page's article, without the banner)
 * gets the same words and link as its first lines, a quote before the title,
 * the link pointing at the current page's own Markdown twin.
 */
import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import {join} from 'node:path';

const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10))
      : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/** The inner HTML of the element that opens at `start` (an element with nested elements of the same name). */
function innerHtml(html: string, start: number, tag: string): string | null {
  const open = html.indexOf('>', start) + 1;
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  pattern.lastIndex = open;
  let depth = 1;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    depth += match[1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(open, match.index);
  }
  return null;
}

/** The version banner of a built page, or null: its inner HTML. */
export function versionBannerHtml(html: string): string | null {
  const at = html.search(/<div\b[^>]*class="?[^">]*\btheme-doc-version-banner\b/);
  return at === -1 ? null : innerHtml(html, at, 'div');
}

/**
 * The banner as one line of Markdown: bold kept, each link pointing at its
 * page's Markdown twin on `siteUrl` (the current version's page).
 */
export function bannerMarkdown(bannerHtml: string, siteUrl: string): string {
  const href = (raw: string) => {
    const path = decode(raw).replace(/[?#].*$/, '');
    if (/^[a-z]+:/i.test(path)) return path;
    return `${siteUrl}${path === '/' ? '' : path.replace(/\/+$/, '')}.md`;
  };
  return decode(
    bannerHtml
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(
        /<a\b[^>]*\shref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a>/gi,
        (_whole, a?: string, b?: string, c?: string, text?: string) => `[${(text ?? '').replace(/<[^>]+>/g, '')}](${href(a ?? b ?? c ?? '')})`,
      )
      .replace(/<\/?(?:b|strong)\b[^>]*>/gi, '**')
      .replace(/<\/?div\b[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Puts the banner of each page of `routes` (relative to the locale's build
 * folder, without extension) at the top of its Markdown twin, when the page
 * has one; returns the routes that got it.
 */
export async function addVersionNotices(outDir: string, routes: readonly string[], siteUrl: string): Promise<string[]> {
  const done: string[] = [];
  for (const route of routes) {
    const htmlFile = join(outDir, `${route}.html`);
    const markdownFile = join(outDir, `${route}.md`);
    if (!existsSync(htmlFile) || !existsSync(markdownFile)) continue;
    const banner = versionBannerHtml(await readFile(htmlFile, 'utf8'));
    if (banner === null) continue;
    const markdown = await readFile(markdownFile, 'utf8');
    await writeFile(markdownFile, `> ${bannerMarkdown(banner, siteUrl)}\n\n${markdown}`, 'utf8');
    done.push(route);
  }
  return done;
}
