/**
 * The docs pages for the assistants' tests, without a site build: the current
 * version of every docs page in both locales, read from the MDX sources (the
 * guides of docs/, the reference channels of reference/<id>/ with the pages
 * `npm run gen:api` generates there, and their English twins under i18n/en/),
 * written as the Markdown copies the build writes (build/<route>.md,
 * build/en/<route>.md), with the bundled contracts (static/openapi, also
 * written by gen:api) and the WSDL. The Markdown is cruder than the build's
 * (components are dropped, a generated page keeps its operation's texts), so
 * the search is measured on less text than it gets in production; when a
 * build exists, the search test measures it on the build's pages too.
 */
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, join, posix, relative, sep} from 'node:path';
import {parse} from 'yaml';
import {REFERENCE_CHANNELS} from '../../core/openapi/contracts';

export const PROJECT_DIR = join(__dirname, '..', '..');

/** The docs instances' current sources: folder -> route prefix in the build. */
function instances(): {dir: string; prefix: string}[] {
  return [
    {dir: 'docs', prefix: ''},
    {dir: 'i18n/en/docusaurus-plugin-content-docs/current', prefix: 'en/'},
    ...REFERENCE_CHANNELS.flatMap((id) => [
      {dir: `reference/${id}`, prefix: `${id}/`},
      {dir: `i18n/en/docusaurus-plugin-content-docs-${id}/current`, prefix: `en/${id}/`},
    ]),
  ];
}

function sources(dir: string, root: string = dir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sources(full, root);
    return /^[^_].*\.mdx?$/.test(entry.name) ? [relative(root, full).split(sep).join('/')] : [];
  });
}

/** The route of a source file inside its instance, as Docusaurus makes it (index files, slug, id). */
export function routeOf(file: string, front: Record<string, unknown>): string {
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const name = typeof front.id === 'string' ? front.id : posix.basename(file).replace(/(\.api)?\.mdx?$/, '');
  if (typeof front.slug === 'string') {
    return front.slug.startsWith('/') ? front.slug.replace(/^\/+|\/+$/g, '') : posix.join(dir, front.slug);
  }
  return name === 'index' ? dir : posix.join(dir, name);
}

/** The texts of a generated reference page's operation (its frontmatter's `api`): descriptions and field names. */
function operationTexts(api: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string | null): void => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, null));
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'properties' && typeof v === 'object' && v !== null) out.push(Object.keys(v).join(', '));
        walk(v, k);
      }
    } else if (typeof value === 'string' && (key === 'description' || key === 'summary' || key === 'title' || key === 'x-label')) {
      out.push(value);
    }
  };
  walk(api, null);
  return out;
}

/** Drops JSX elements' tags (their props too, over several lines) and keeps what they wrap. */
export function dropJsx(body: string): string {
  let out = '';
  let i = 0;
  let fence = false;
  while (i < body.length) {
    if (body.startsWith('```', i) && (i === 0 || body[i - 1] === '\n')) {
      fence = !fence;
    }
    const tag = !fence && body[i] === '<' && /^<\/?[A-Za-z]/.test(body.slice(i, i + 3));
    if (!tag) {
      out += body[i];
      i += 1;
      continue;
    }
    // Skip to the tag's closing ">", outside braces and quotes.
    let depth = 0;
    let quote: string | null = null;
    let j = i + 1;
    for (; j < body.length; j += 1) {
      const c = body[j];
      if (quote !== null) {
        if (c === '\\') j += 1;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    out += ' ';
    i = j + 1;
  }
  return out;
}

/** One MDX source as the Markdown copy of its page. */
export function markdownOf(source: string): {front: Record<string, unknown>; markdown: string} {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  const front = match ? ((parse(match[1]!) as Record<string, unknown>) ?? {}) : {};
  const body = (match ? source.slice(match[0].length) : source)
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const text = dropJsx(body)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const title = typeof front.title === 'string' ? front.title : '';
  const parts = [/^#\s/m.test(text) ? '' : `# ${title}`, text, typeof front.description === 'string' ? front.description : '', ...operationTexts(front.api)];
  return {front, markdown: `${parts.filter((p) => p !== '').join('\n\n')}\n`};
}

/** Writes the Markdown copies of the current docs (both locales) into `buildDir`; returns their routes. */
export function writeSourcePages(buildDir: string): string[] {
  const routes: string[] = [];
  for (const {dir, prefix} of instances()) {
    const root = join(PROJECT_DIR, dir);
    if (!existsSync(root)) continue;
    for (const file of sources(root)) {
      const {front, markdown} = markdownOf(readFileSync(join(root, file), 'utf8'));
      const route = `${prefix}${routeOf(file, front)}`.replace(/\/+$/, '');
      const target = join(buildDir, `${route}.md`);
      mkdirSync(dirname(target), {recursive: true});
      writeFileSync(target, markdown);
      routes.push(route);
    }
  }
  const generated = REFERENCE_CHANNELS.some((id) => existsSync(join(PROJECT_DIR, `reference/${id}/gen`)));
  if (!generated) {
    throw new Error('The reference pages are missing: run `npm run gen:api` (npm test runs it before jest).');
  }
  return routes;
}

/** Copies the bundled contracts (static/openapi, from gen:api) and the WSDL where the build has them. */
export function writeContracts(buildDir: string): void {
  const openapi = join(PROJECT_DIR, 'static', 'openapi');
  if (!existsSync(openapi)) {
    throw new Error('static/openapi is missing: run `npm run gen:api` (npm test runs it before jest).');
  }
  cpSync(openapi, join(buildDir, 'openapi'), {recursive: true});
  cpSync(join(PROJECT_DIR, 'static', 'soap'), join(buildDir, 'soap'), {recursive: true});
}

/** A fixture build (server/testSupport/fixtures.ts) with the docs pages, the contracts and the WSDL added. */
export function addDocs(buildDir: string): void {
  writeSourcePages(buildDir);
  writeContracts(buildDir);
}
