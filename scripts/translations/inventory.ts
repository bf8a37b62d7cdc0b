/**
 * What there is to translate and how far the English is: the one logic behind
 * `npm run translations:missing`, `npm run translations:status`,
 * `npm run translations:mark` and the tests of tests/i18n/.
 *
 * - Pages: every Markdown/MDX file of every docs instance, in every version,
 *   and of src/pages, with its English twin under i18n/en/ (generated API
 *   pages excluded: their English comes from the overlays). A page is missing
 *   (no twin), outdated (the Spanish changed since the twin's `translated_from`
 *   record, see ./blocks.ts, or there is no record) or up to date.
 * - UI strings: every entry of the i18n/en JSON files; missing while it keeps
 *   write-translations' "TODO: " prefix, outdated when it records the Spanish
 *   text it translates (the table labels and the server's sentences of
 *   i18n/en/portal-labels/) and that text changed. A Spanish text of
 *   core/data/labels without its English entry is missing too.
 * - API texts (./overlays.ts) need the bundled contracts, so they live apart.
 *
 * Everything takes the repository's root, so the tests can run it on a copy.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {REFERENCE_CHANNELS} from '../../core/openapi/contracts';
import {versionsOf} from '../../core/node/docsVersions';
import {flatten, LABELS_DIR} from '../../plugins/labels';
import {describeChange, diffBlocks, readRecord, sourceBlocks} from './blocks';

/** The prefix `npm run translations:write` puts before a string nobody has translated yet. */
export const TODO_PREFIX = 'TODO: ';

/** A folder of Spanish pages and the folder of their English twins, relative to the root. */
export interface PageSet {
  /** "default@current", "rest@v1", "pages" ... */
  readonly id: string;
  /** The docs instance ("default", "rest", ...) or "pages" for src/pages. */
  readonly instance: string;
  /** "current", "v1", ... ("current" for src/pages). */
  readonly version: string;
  readonly source: string;
  readonly english: string;
}

/**
 * The docs instances of docusaurus.config.ts: the classic preset's (docs/) and
 * one per API reference channel (reference/<id>/). tests/i18n checks this list
 * against the config itself, so a new instance cannot be left out.
 */
export const DOCS_INSTANCES: readonly {id: string; path: string}[] = [{id: 'default', path: 'docs'}, ...REFERENCE_CHANNELS.map((id) => ({id, path: `reference/${id}`}))];

/** Where Docusaurus keeps the English files of docs instance `id` (version "current" or "v1"...). */
export function englishDocsDir(id: string, version: string): string {
  return `i18n/en/docusaurus-plugin-content-docs${id === 'default' ? '' : `-${id}`}/${version === 'current' ? 'current' : `version-${version}`}`;
}

/** Where Docusaurus keeps version `version` of docs instance `id` (Docusaurus's versioning layout). */
export function versionedDocsDir(id: string, path: string, version: string): string {
  if (version === 'current') return path;
  return `${id === 'default' ? 'versioned_docs' : `${id}_versioned_docs`}/version-${version}`;
}

/** Every page set: each docs instance in its current and its cut versions, then src/pages. */
export function pageSets(root: string): PageSet[] {
  const docs = DOCS_INSTANCES.flatMap(({id, path}) =>
    ['current', ...versionsOf(id, root)].map((version) => ({
      id: `${id}@${version}`,
      instance: id,
      version,
      source: versionedDocsDir(id, path, version),
      english: englishDocsDir(id, version),
    })),
  );
  return [...docs, {id: 'src/pages', instance: 'pages', version: 'current', source: 'src/pages', english: 'i18n/en/docusaurus-plugin-content-pages'}];
}

/** The files under `dir` (Node's recursive readdir), as paths that start with `dir`. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The Spanish files a translator translates, relative to the set's folder:
 * Markdown and MDX, pages and the partials they import ("_" files), without
 * what `npm run gen:api` writes (gen/ folders, *.api.mdx, *.info.mdx, *.tag.mdx).
 */
export function spanishPages(root: string, set: PageSet): string[] {
  const dir = join(root, set.source);
  return walk(dir)
    .map((file) => relative(dir, file))
    .filter((rel) => /\.mdx?$/.test(rel) && !/\.(api|info|tag)\.mdx$/.test(rel) && !rel.split(sep).includes('gen'))
    .map((rel) => rel.split(sep).join('/'))
    .sort();
}

export type State = 'missing' | 'outdated' | 'current';

export interface PageStatus {
  readonly set: PageSet;
  /** Relative to the set's folders. */
  readonly rel: string;
  /** Relative to the root. */
  readonly spanish: string;
  readonly english: string;
  readonly state: State;
  /** For an outdated page: what changed in the Spanish page, one line each. */
  readonly changes: readonly string[];
}

/** Where the English twin of a page is, relative to the root. */
export const englishOf = (set: PageSet, rel: string): string => `${set.english}/${rel}`;

/** The state of one page's English twin. */
export function pageStatus(root: string, set: PageSet, rel: string): PageStatus {
  const spanish = `${set.source}/${rel}`;
  const english = englishOf(set, rel);
  const base = {set, rel, spanish, english};
  if (!existsSync(join(root, english))) return {...base, state: 'missing', changes: []};
  const record = readRecord(readFileSync(join(root, english), 'utf8'));
  if (record === null) {
    return {...base, state: 'outdated', changes: ['records no Spanish source (no translated_from in its front matter)']};
  }
  const changes = diffBlocks(record, sourceBlocks(readFileSync(join(root, spanish), 'utf8'))).map((change) => describeChange(spanish, change));
  return {...base, state: changes.length > 0 ? 'outdated' : 'current', changes};
}

/** Every page of every set, with its state. */
export function allPages(root: string): PageStatus[] {
  return pageSets(root).flatMap((set) => spanishPages(root, set).map((rel) => pageStatus(root, set, rel)));
}

export interface StringStatus {
  /** The JSON file, relative to the root. */
  readonly file: string;
  readonly id: string;
  readonly state: State;
  /** The message (without the TODO prefix when missing). */
  readonly message: string;
  /** For an outdated entry: the Spanish text it records and the one it translates now. */
  readonly change?: {readonly recorded: string; readonly now: string};
}

/** The Spanish labels of a topic of core/data/labels, by translation id, or null for other files. */
function spanishLabels(root: string, file: string): Record<string, string> | null {
  const topic = /^i18n\/en\/portal-labels\/(.+)\.json$/.exec(file)?.[1];
  if (topic === undefined) return null;
  const source = join(root, LABELS_DIR, `${topic}.json`);
  return existsSync(source) ? flatten(JSON.parse(readFileSync(source, 'utf8')) as Parameters<typeof flatten>[0]) : {};
}

/**
 * Every UI string of the i18n/en JSON files, with its state; for the labels and the server's
 * sentences (portal-labels), also every Spanish text its English file lacks (no file at all, or an
 * entry taken out), as missing.
 */
export function allStrings(root: string): StringStatus[] {
  const english = walk(join(root, 'i18n/en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => relative(root, f).split(sep).join('/'));
  const topics = (existsSync(join(root, LABELS_DIR)) ? readdirSync(join(root, LABELS_DIR)) : [])
    .filter((name) => name.endsWith('.json'))
    .map((name) => `i18n/en/portal-labels/${name}`);
  const files = [...new Set([...english, ...topics])].sort();
  return files.flatMap((file) => {
    const messages = existsSync(join(root, file)) ? (JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, {message?: unknown; description?: unknown}>) : {};
    const labels = spanishLabels(root, file);
    const absent = Object.entries(labels ?? {})
      .filter(([id]) => !(id in messages))
      .map(([id, text]): StringStatus => ({file, id, state: 'missing', message: text}));
    return [
      ...absent,
      ...Object.entries(messages).flatMap(([id, entry]): StringStatus[] => {
        if (typeof entry.message !== 'string') return [];
        if (entry.message.startsWith(TODO_PREFIX)) return [{file, id, state: 'missing', message: entry.message.slice(TODO_PREFIX.length)}];
        const now = labels?.[id];
        if (now !== undefined && entry.description !== now) {
          return [{file, id, state: 'outdated', message: entry.message, change: {recorded: String(entry.description), now}}];
        }
        return [{file, id, state: 'current', message: entry.message}];
      }),
    ];
  });
}
