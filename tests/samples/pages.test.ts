/**
 * The samples are shown on the pages from their files (plugins/sample-files):
 * every sample file is on the page of its channel in both languages, inside
 * the server-language tabs, and every file a page names exists.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fillSampleBlocks, sampleFilesOf} from '../../plugins/sample-files';
import {LANGUAGES, PROJECT, SAMPLES} from './languages';

const EN = 'i18n/en/docusaurus-plugin-content-docs/current';
/** The page (Spanish path; the English one mirrors it) that shows each kind of sample. */
const PAGES = {form: 'vpost/integracion.mdx', confirmation: 'vpost/integracion.mdx'} as const;

const read = (path: string) => readFileSync(join(PROJECT, path), 'utf8');

describe.each([
  ['es', 'docs'],
  ['en', EN],
])('%s pages', (_locale, folder) => {
  for (const [role, page] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
    it(`${page} shows the ${role} sample of every language, in tabs that remember the language`, () => {
      const text = read(join(folder, page));
      const shown = sampleFilesOf(text);
      for (const language of LANGUAGES) expect(shown).toContain(`samples/${language.id}/${language.files[role]}`);
      expect(text).toMatch(/<Tabs groupId="lenguaje-servidor">/);
    });
  }

  it('names only sample files that exist', () => {
    const pages = Object.values(PAGES).map((page) => read(join(folder, page)));
    const files = new Set(readdirSync(SAMPLES, {recursive: true, encoding: 'utf8'}).map((file) => `samples/${file}`));
    for (const path of pages.flatMap(sampleFilesOf)) expect(files).toContain(path);
  });
});

describe('the sample-files remark plugin', () => {
  it('fills a file= block with the file and titles it with its path', () => {
    const block = {type: 'code', lang: 'php', meta: 'file=samples/php/confirmacion.php', value: ''};
    fillSampleBlocks({type: 'root', children: [block]});
    expect(block.value).toBe(read('samples/php/confirmacion.php').replace(/\n$/, ''));
    expect(block.meta).toBe('title="samples/php/confirmacion.php"');
  });

  it('refuses a file outside samples/ and a missing one, naming it', () => {
    expect(() => fillSampleBlocks({type: 'code', meta: 'file=../package.json'})).toThrow('"../package.json" is not under samples/');
    expect(() => fillSampleBlocks({type: 'code', meta: 'file=samples/php/nada.php'})).toThrow('samples/php/nada.php, which does not exist');
  });

  it('leaves other code blocks alone', () => {
    const block = {type: 'code', lang: 'js', meta: 'title="x.js"', value: 'x'};
    fillSampleBlocks(block);
    expect(block).toEqual({type: 'code', lang: 'js', meta: 'title="x.js"', value: 'x'});
  });
});
