/**
 * Full-text search over the docs pages (./pages.ts) with MiniSearch: one
 * index per locale and version, terms folded to lower case without accents
 * ("autenticación", "AUTENTICACION" and "autenticacion" are one term), the
 * title and headings weighted above the body, the body's prose above its
 * code blocks (a page with samples in five languages would otherwise win on
 * the sheer count of its identifiers), prefix and a little fuzziness for
 * half-typed or misspelt words.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import type {DocPage, Locale} from './pages';

/** Lower case, without diacritics: the form every indexed and searched term takes. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words that say nothing about which page answers (question words, articles, prepositions). */
const STOP_WORDS: Readonly<Record<Locale, ReadonlySet<string>>> = {
  es: new Set(
    'a al algo ante como con cual cuales cuando de del debo donde el en es esta este esto hay la las le lo los me mi mis no o para por puedo que se si sin su sus un una uno y yo hago hace hacer tengo tiene quiero necesito'.split(
      ' ',
    ),
  ),
  en: new Set('a an and are at be by can do does for from how i in is it my of on or the to what when where which who why with you your need want should'.split(' ')),
};

/** A word of the text: letters and digits, joined by dots or underscores inside identifiers (MetodoPago.Id, campo_1). */
const WORD = /[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  const words = text.match(WORD) ?? [];
  // An identifier is also its parts: "MetodoPago.Id" finds "metodopago" and "id"; camelCase splits too.
  return words.flatMap((word) => {
    const parts = word.split(/[._]/).flatMap((part) => part.split(/(?<=\p{Ll})(?=\p{Lu})/u));
    return parts.length > 1 ? [word, ...parts] : [word];
  });
}

// @orama/stemmers declares ES-module types only; require() loads its CommonJS build (dist/*.cjs).
type Stemmer = (word: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's types are ES-module only; its CommonJS build is what runs
const englishStemmer = (require('@orama/stemmers/english') as {stemmer: Stemmer}).stemmer;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const spanishStemmer = (require('@orama/stemmers/spanish') as {stemmer: Stemmer}).stemmer;

const STEMMERS: Readonly<Record<Locale, (word: string) => string>> = {es: spanishStemmer, en: englishStemmer};

/**
 * The stem of a lower-case word (Snowball, @orama/stemmers), without accents.
 * Spanish words ending in -cion/-sion take back their accent first, so the
 * stemmer sees "autenticacion" typed without it as "autenticación".
 */
export function stem(word: string, locale: Locale): string {
  if (/\d/.test(word) || word.length <= 3) return fold(word);
  const accented = locale === 'es' ? word.replace(/([cs])ion(es)?$/, (_m, c: string, plural?: string) => (plural ? `${c}iones` : `${c}ión`)) : word;
  return fold(STEMMERS[locale](accented));
}

function processTerm(locale: Locale) {
  return (term: string): string | null => {
    const lower = term.toLowerCase();
    if (lower.length < 2 || STOP_WORDS[locale].has(fold(lower))) return null;
    return stem(lower, locale);
  };
}

/** The Markdown's headings (##..######), one per line. */
function headingsOf(markdown: string): string {
  return [...markdown.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) => (m[1] ?? '').replace(/\[\u200B\]\(#[^)]*\)/g, '')).join('\n');
}

/** The Markdown without link targets and anchors: their URLs are not words of the page. */
function plain(markdown: string): string {
  return markdown
    .replace(/\[\u200B\]\([^)]*\)/g, '')
    .replace(/\]\((?:[^()]|\([^)]*\))*\)/g, ']')
    .replace(/<!--.*?-->/g, '');
}

/** A fenced code block (``` or ~~~, as CommonMark opens and closes them). */
const FENCED = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;

/** The Markdown's prose and its code blocks, apart. */
export function proseAndCode(markdown: string): {prose: string; code: string} {
  const code: string[] = [];
  const prose = markdown.replace(FENCED, (block) => {
    code.push(block);
    return '\n';
  });
  return {prose, code: code.join('\n')};
}

export interface SearchHit {
  readonly page: DocPage;
  readonly score: number;
  /** The paragraph of the page that matches the question best. */
  readonly passage: string;
}

interface IndexedPage {
  readonly id: number;
  readonly title: string;
  readonly headings: string;
  readonly text: string;
  readonly code: string;
}

/** The paragraph (or table row block, or list) that shares the most terms with the question. */
export function bestPassage(markdown: string, terms: ReadonlySet<string>, locale: Locale, max = 400): string {
  const process = processTerm(locale);
  const blocks = plain(markdown)
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '' && !/^#\s/.test(block));
  let best = blocks[0] ?? '';
  let bestScore = -1;
  for (const block of blocks) {
    const found = new Set(
      tokenize(block)
        .map(process)
        .filter((t): t is string => t !== null && terms.has(t)),
    );
    // Distinct terms matched count most; a heading alone is a poor passage.
    const score = found.size * 10 - (block.startsWith('#') ? 5 : 0);
    if (score > bestScore) {
      best = block;
      bestScore = score;
    }
  }
  const text = best.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The search over one set of pages; `search` picks the locale's and version's. */
export class DocsSearch {
  private readonly indexes = new Map<string, {index: MiniSearch<IndexedPage>; pages: readonly DocPage[]}>();

  constructor(pages: readonly DocPage[]) {
    const groups = new Map<string, DocPage[]>();
    for (const page of pages) {
      const key = `${page.locale}/${page.version}`;
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
    for (const [key, group] of groups) {
      const locale = key.split('/')[0] as Locale;
      const index = new MiniSearch<IndexedPage>({
        fields: ['title', 'headings', 'text', 'code'],
        tokenize,
        processTerm: processTerm(locale),
        searchOptions: {boost: {title: 4, headings: 2, code: 0.25}, prefix: (term) => term.length >= 4, fuzzy: (term) => (term.length >= 6 ? 0.2 : false)},
      });
      index.addAll(
        group.map((page, id) => {
          const {prose, code} = proseAndCode(page.markdown);
          return {id, title: page.title, headings: headingsOf(prose), text: plain(prose), code};
        }),
      );
      this.indexes.set(key, {index, pages: group});
    }
  }

  /** The best `limit` pages for `query` among the pages of `locale` and `version`. */
  search(query: string, locale: Locale, version: string, limit = 5): SearchHit[] {
    const entry = this.indexes.get(`${locale}/${version}`);
    if (entry === undefined) return [];
    const results: SearchResult[] = entry.index.search(query);
    const process = processTerm(locale);
    const terms = new Set(
      tokenize(query)
        .map(process)
        .filter((t): t is string => t !== null),
    );
    return results.slice(0, limit).map((result) => {
      const page = entry.pages[result.id as number]!;
      return {page, score: Math.round(result.score * 100) / 100, passage: bestPassage(page.markdown, terms, locale)};
    });
  }
}
