/**
 * @jest-environment node
 */
// After `npm run gen:api`: the reference has a page for every operation, in
// Spanish and in English, at /<channel>/<page key>, titled in its language, and
// the sidebars point at exactly those pages.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {generatedDir, operationsOf, pagesSource, REFERENCE_CHANNELS, type JsonObject, type Locale} from '../../core/openapi/contracts';
import {GENERATED_DIR} from '../../src/lib/apiSidebars';
import restSidebars from '../../src/sidebars/rest';
import apirestSidebars from '../../src/sidebars/apirest';
import tcrestSidebars from '../../src/sidebars/tcrest';
import {ROOT, LOCALES} from '../support/contracts';

const SIDEBARS = {rest: restSidebars, apirest: apirestSidebars, tcrest: tcrestSidebars};

interface Page {
  readonly file: string;
  readonly front: JsonObject;
  readonly body: string;
}

function pages(id: string, locale: Locale): Page[] {
  const dir = join(ROOT, generatedDir(id, locale));
  if (!existsSync(dir)) {
    throw new Error(`${generatedDir(id, locale)} does not exist: run \`npm run gen:api\` first (npm test does).`);
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.api.mdx'))
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (match === null) throw new Error(`${file} has no front matter`);
      return {file, front: parse(match[1]!) as JsonObject, body: match[2]!};
    });
}

function contract(id: string, locale: Locale): JsonObject {
  return JSON.parse(readFileSync(join(ROOT, pagesSource(id, locale)), 'utf8')) as JsonObject;
}

/** Every doc id a sidebar links to. */
function docIds(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: {type?: string; id?: string; items?: unknown; link?: {type?: string; id?: string}}) => [
    ...(item.type === 'doc' && item.id !== undefined ? [item.id] : []),
    ...(item.link?.type === 'doc' && item.link.id !== undefined ? [item.link.id] : []),
    ...docIds(item.items),
  ]);
}

describe.each(REFERENCE_CHANNELS)('the generated /%s reference', (id) => {
  it.each(LOCALES)('has one page per operation, slug = page key, title in its language (%s)', (locale) => {
    const operations = operationsOf(contract(id, locale));
    const found = pages(id, locale);
    expect(found).toHaveLength(operations.length);
    for (const {path, operation} of operations) {
      const key = String(operation['x-page-key']);
      const page = found.find((p) => p.front.id === key);
      expect({key, page: page?.file !== undefined}).toEqual({key, page: true});
      expect(page!.front.slug).toBe(`/${key}`);
      expect(page!.front.title).toBe(operation.summary);
      // The page shows and calls the path without the fragment that names the documented request.
      const api = page!.front.api as {path: string};
      expect(api.path).toBe(path.split('#')[0]);
      expect(page!.body).not.toContain('#' + key + '"');
    }
  });

  it('has English pages whose titles are not the Spanish ones', () => {
    const spanish = new Map(pages(id, 'es').map((p) => [p.front.id, p.front.title]));
    const same = pages(id, 'en').filter((p) => spanish.get(p.front.id) === p.front.title && p.front.title !== 'PSE');
    expect(same.map((p) => p.front.title)).toEqual([]);
  });

  it('has a sidebar that reaches every generated page and only existing pages', () => {
    const sidebar = SIDEBARS[id][id];
    const ids = docIds(sidebar);
    const generated = pages(id, 'es').map((p) => `${GENERATED_DIR}/${String(p.front.id)}`);
    expect(ids.filter((d) => d.startsWith(`${GENERATED_DIR}/`)).sort()).toEqual(generated.sort());
    for (const doc of ids.filter((d) => !d.startsWith(`${GENERATED_DIR}/`))) {
      expect(existsSync(join(ROOT, 'reference', id, `${doc}.mdx`))).toBe(true);
      expect(existsSync(join(ROOT, `i18n/en/docusaurus-plugin-content-docs-${id}/current`, `${doc}.mdx`))).toBe(true);
    }
  });
});

describe('the downloadable contracts', () => {
  it.each(REFERENCE_CHANNELS)('%s is written in both languages', (id) => {
    for (const file of [`static/openapi/${id}.yaml`, `static/openapi/${id}.en.yaml`]) {
      const document = parse(readFileSync(join(ROOT, file), 'utf8')) as JsonObject;
      expect(document.openapi).toBe('3.1.0');
      expect(operationsOf(document).length).toBeGreaterThan(0);
    }
  });
});
