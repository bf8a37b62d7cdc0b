/**
 * The samples are shown on the pages from their files (plugins/sample-files):
 * every sample file is on the page of its channel in both languages, inside
 * the server-language tabs, and every file a page names exists.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {commentTable, fillSampleBlocks, localeOfPage, sampleFilesOf} from '../../plugins/sample-files';
import {commentsOf, translateComments} from '../../plugins/sample-files/comments';
import {LANGUAGES, PROJECT, SAMPLES} from '../../server/testSupport/sampleLanguages';

const EN = 'i18n/en/docusaurus-plugin-content-docs';
type Role = 'form' | 'confirmation' | 'returnPage' | 'restFlow' | 'soap' | 'encryption';
/** The page that shows each kind of sample, in Spanish and in English. */
const PAGES: readonly {role: Role; es: string; en: string}[] = [
  {role: 'form', es: 'docs/vpost/integracion.mdx', en: `${EN}/current/vpost/integracion.mdx`},
  {role: 'confirmation', es: 'docs/vpost/integracion.mdx', en: `${EN}/current/vpost/integracion.mdx`},
  {role: 'returnPage', es: 'docs/vpost/integracion.mdx', en: `${EN}/current/vpost/integracion.mdx`},
  {role: 'restFlow', es: 'reference/rest/index.mdx', en: `${EN}-rest/current/index.mdx`},
  {role: 'soap', es: 'docs/soap/index.mdx', en: `${EN}/current/soap/index.mdx`},
  {role: 'encryption', es: 'docs/guias/cifrado.mdx', en: `${EN}/current/guias/cifrado.mdx`},
];

const read = (path: string) => readFileSync(join(PROJECT, path), 'utf8');

describe.each(['es', 'en'] as const)('%s pages', (locale) => {
  for (const page of PAGES) {
    it(`${page[locale]} shows the ${page.role} sample of every language, in tabs that remember the language`, () => {
      const text = read(page[locale]);
      const shown = sampleFilesOf(text);
      for (const language of LANGUAGES) expect(shown).toContain(`samples/${language.id}/${language.files[page.role]}`);
      expect(text).toMatch(/<Tabs groupId="lenguaje-servidor">/);
    });
  }

  it('names only sample files that exist, and every sample file is shown', () => {
    const shown = [...new Set(PAGES.map((page) => page[locale]))].flatMap((path) => sampleFilesOf(read(path)));
    const files = readdirSync(SAMPLES, {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.\w+$/.test(file))
      .map((file) => `samples/${file}`);
    expect(new Set(shown)).toEqual(new Set(files));
  });
});

describe('the confirmation handlers and the page that shows them', () => {
  /** The answers the page's table explains: `400 FIRMA_INVALIDA`, ... */
  const explained = (page: string) => [...read(page).matchAll(/^\| `(\d{3}) ([A-Z_]+)` \|/gm)].map((m) => ({status: m[1]!, code: m[2]!}));

  it.each(['docs/vpost/integracion.mdx', `${EN}/current/vpost/integracion.mdx`])('%s explains the answers that every handler gives', (page) => {
    const rows = explained(page);
    expect(rows.map((r) => r.code).sort()).toEqual(
      ['CAMBIO_NO_PERMITIDO', 'ESTADO_DESCONOCIDO', 'ESTADO_NO_CONCUERDA', 'FIRMA_INVALIDA', 'OK', 'PEDIDO_DESCONOCIDO', 'REPETIDA', 'VALOR_DISTINTO'].sort(),
    );
    for (const language of LANGUAGES) {
      const text = readFileSync(join(SAMPLES, language.id, language.files.confirmation), 'utf8');
      for (const {code} of rows) expect(text).toMatch(new RegExp(`["']${code}["']`));
    }
    expect(read(page)).toContain('`FALTA_LLAVE_TERMINAL`');
  });
});

describe("the samples' comments in English (i18n/en/sample-comments.json)", () => {
  const files = readdirSync(SAMPLES, {recursive: true, encoding: 'utf8'}).filter((file) => /\.\w+$/.test(file));
  const table = commentTable('en');

  it('has the English of every comment of every sample, and nothing else', () => {
    const comments = new Set(files.flatMap((file) => commentsOf(file, readFileSync(join(SAMPLES, file), 'utf8')).map((c) => c.text)));
    const missing = [...comments].filter((text) => table[text] === undefined);
    const stale = Object.keys(table).filter((text) => !comments.has(text));
    expect({missing, stale}).toEqual({missing: [], stale: []});
  });

  it.each(files)('samples/%s: the English page shows the same code with every comment in English', (file) => {
    const source = readFileSync(join(SAMPLES, file), 'utf8');
    const english = translateComments(file, source, table);
    const code = (text: string) => {
      const lines = text.split('\n');
      for (const c of commentsOf(file, text).reverse()) {
        if (c.kind === 'trailing') lines[c.from] = lines[c.from]!.slice(0, lines[c.from]!.length - c.text.length);
        else lines.splice(c.from, c.to - c.from + 1);
      }
      return lines.join('\n');
    };
    expect(code(english)).toBe(code(source));
    expect(commentsOf(file, english).map((c) => c.text)).toEqual(commentsOf(file, source).map((c) => table[c.text]));
  });

  it('reads comments as the pages show them: whole-line paragraphs, after code, docstrings; not // in a URL or # in a string', () => {
    const js = "// Uno\n// dos\nconst u = 'http://x'; // tres\n  // cuatro\n";
    expect(commentsOf('a.mjs', js).map((c) => [c.text, c.kind])).toEqual([
      ['Uno\ndos', 'lines'],
      ['tres', 'trailing'],
      ['cuatro', 'lines'],
    ]);
    const py = '"""Uno.\n\nDos.\n"""\nx = "Calle 10 # 20"  # tres\n';
    expect(commentsOf('a.py', py).map((c) => [c.text, c.kind])).toEqual([
      ['Uno.\n\nDos.', 'docstring'],
      ['tres', 'trailing'],
    ]);
    expect(translateComments('a.mjs', js, {'Uno\ndos': 'One\ntwo', tres: 'three'})).toBe("// One\n// two\nconst u = 'http://x'; // three\n  // cuatro\n");
    expect(() => commentsOf('a.cs', '/* no */')).toThrow('a.cs:1: a block comment; write the comment with //');
  });

  it("takes the page's locale from its path", () => {
    expect(localeOfPage(join(PROJECT, 'docs/vpost/integracion.mdx'))).toBe('es');
    expect(localeOfPage(join(PROJECT, `${EN}/current/vpost/integracion.mdx`))).toBe('en');
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

  it('on an English page, fills the block with the comments in English', () => {
    const block = {type: 'code', lang: 'js', meta: 'file=samples/node/confirmacion.mjs', value: ''};
    fillSampleBlocks({type: 'root', children: [block]}, PROJECT, 'en');
    expect(block.value).toContain('// Confirmation handler (POST channel)');
    expect(block.value).not.toContain('// Receptor de la confirmación');
    expect(block.value).toContain("return [400, 'FIRMA_INVALIDA'];");
  });

  it('leaves other code blocks alone', () => {
    const block = {type: 'code', lang: 'js', meta: 'title="x.js"', value: 'x'};
    fillSampleBlocks(block);
    expect(block).toEqual({type: 'code', lang: 'js', meta: 'title="x.js"', value: 'x'});
  });
});
