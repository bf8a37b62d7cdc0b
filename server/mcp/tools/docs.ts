/** The docs tools: search the pages, and read one as Markdown. */
import {z} from 'zod';
import {sitePath} from '../pages';
import {checkVersion, data, invalid, locale, text, tool, version} from './tool';

export const SEARCH_DOCS = tool({
  name: 'search_docs',
  description: "Searches the portal's docs (Spanish or English, any version): the best pages with title, URL, Markdown URL and the matching passage.",
  input: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(500).describe('The question or keywords, in Spanish or English, with or without accents.'),
    locale,
    version,
    limit: z.number().int().min(1).max(10).optional().describe('How many pages (default 5).'),
  }),
  readOnly: true,
  async run({context}, a) {
    const lang = a.locale ?? 'es';
    const v = checkVersion(context, a.version);
    const hits = context.search.search(a.query, lang, v, a.limit ?? 5);
    return data({
      query: a.query,
      locale: lang,
      version: v,
      results: hits.map((hit) => ({
        title: hit.page.title,
        url: `${context.origin}${sitePath(hit.page)}`,
        markdownUrl: `${context.origin}${sitePath(hit.page)}.md`,
        passage: hit.passage,
        score: hit.score,
      })),
    });
  },
});

export const GET_PAGE = tool({
  name: 'get_page',
  description: 'One docs page as Markdown, by path or URL.',
  input: z.object({
    path: z.string().trim().min(1, 'path must not be empty').max(2000).describe('The page path (/vpost/integracion, /en/rest/pse) or its full URL, with or without .md.'),
  }),
  readOnly: true,
  async run({context}, a) {
    const path = pagePath(a.path);
    const page = context.pages.find((p) => sitePath(p) === path);
    if (page === undefined) {
      const near = nearestPaths(path, context.pages.map(sitePath), 3);
      throw invalid(`No docs page at ${path}.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''} search_docs finds pages by topic.`);
    }
    return text(page.markdown);
  },
});

/** A page's path from what an assistant gives: /vpost/integracion, vpost/integracion.md, https://host/en/rest/pse#x. */
export function pagePath(input: string): string {
  let path = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw invalid(`"${input}" is not a URL or a page path.`);
    }
  }
  path = path
    .replace(/[?#].*$/, '')
    .replace(/\.md$/, '')
    .replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Edit distance of two strings (Levenshtein), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_v, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The `count` paths closest to `path`, close enough to be a typo or a moved page. */
function nearestPaths(path: string, paths: readonly string[], count: number): string[] {
  return paths
    .map((p) => ({p, d: distance(path, p)}))
    .filter(({d}) => d <= Math.max(3, Math.floor(path.length / 3)))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map(({p}) => p);
}
