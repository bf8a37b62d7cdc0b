/**
 * @jest-environment node
 */
// An English translation says what its Spanish source says now: every English
// page records the Spanish blocks it was translated from (`translated_from`),
// every action of an English overlay the Spanish texts (`x-translated-from`),
// and a change to the Spanish since then fails here, naming the English file
// and the Spanish that changed. `npm run translations:mark -- <file>` records a
// translation as brought up to date; `npm run translations:status` counts.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../../core/openapi/contracts';
import {describeChange, diffBlocks, readRecord, sourceBlocks, writeRecord} from '../../scripts/translations/blocks';
import {allPages, allStrings, pageSets, pageStatus} from '../../scripts/translations/inventory';
import {describeOverlayChange, isOutdated, markOverlay, overlayTexts} from '../../scripts/translations/overlays';
import {missingLines, outdatedEntries, rows, type Row} from '../../scripts/translations/report';
import {ROOT} from '../support/englishPages';

const SPANISH = [
  '---',
  'title: Guía',
  'description: Una guía de prueba.',
  '---',
  '',
  '# Guía',
  '',
  'Primer párrafo de la guía,',
  'en dos líneas.',
  '',
  '- Un punto.',
  '- Otro punto.',
  '',
  '```js',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '| Campo | Qué |',
  '|---|---|',
  '| `usuario` | El usuario. |',
  '',
  'Último párrafo.',
].join('\n');

const hashes = (markdown: string): string[] => sourceBlocks(markdown).map((b) => b.hash);

describe('the blocks of a Spanish page', () => {
  it('are its front-matter entries, paragraphs, list items, table rows, headings and code blocks', () => {
    expect(sourceBlocks(SPANISH).map((b) => [b.line, b.text])).toEqual([
      [2, 'title: Guía'],
      [3, 'description: Una guía de prueba.'],
      [6, '# Guía'],
      [8, 'Primer párrafo de la guía, en dos líneas.'],
      [11, '- Un punto.'],
      [12, '- Otro punto.'],
      [14, '```js\nconst a = 1;\n\nconst b = 2;\n```'],
      [20, '| Campo | Qué |'],
      [21, '|---|---|'],
      [22, '| `usuario` | El usuario. |'],
      [24, 'Último párrafo.'],
    ]);
  });

  it('are recorded as short hashes with no run of digits or of letters, and no letter alone that is a word', () => {
    for (const {hash} of sourceBlocks(SPANISH)) expect(hash).toMatch(/^([bcdfghjklmnpqrstvwxz][0-9]){3}$/);
  });

  it('do not change when a paragraph is only reflowed, and do when a word or a line of code changes', () => {
    const recorded = hashes(SPANISH);
    expect(diffBlocks(recorded, sourceBlocks(SPANISH.replace('de la guía,\nen dos', 'de la guía, en\ndos')))).toEqual([]);
    expect(diffBlocks(recorded, sourceBlocks(SPANISH.replace('const b = 2;', 'const b  = 2;')))).toHaveLength(1);
  });

  it('name what changed, where, with the text it says now', () => {
    const recorded = hashes(SPANISH);
    const changed = SPANISH.replace('Primer párrafo de la guía,', 'Primer párrafo, corregido,').replace('- Otro punto.\n', '').concat('\n\nUn párrafo nuevo.');
    expect(diffBlocks(recorded, sourceBlocks(changed)).map((c) => describeChange('docs/guia.mdx', c))).toEqual([
      'docs/guia.mdx:8: changed: "Primer párrafo, corregido, en dos líneas."',
      'docs/guia.mdx:13: 1 block(s) removed here',
      'docs/guia.mdx:25: new: "Un párrafo nuevo."',
    ]);
  });

  it('are recorded in the English front matter, which a second record replaces and the body never sees', () => {
    const english = '---\ntitle: Guide\n---\n\n# Guide\n\nFirst paragraph.\n';
    const once = writeRecord(english, hashes(SPANISH));
    expect(readRecord(once)).toEqual(hashes(SPANISH));
    expect(once.endsWith('---\n\n# Guide\n\nFirst paragraph.\n')).toBe(true);
    expect(readRecord(writeRecord(once, ['b1c2d3']))).toEqual(['b1c2d3']);
    expect(writeRecord(once, ['b1c2d3'])).toBe(writeRecord(english, ['b1c2d3']));
    // A partial has no front matter of its own: the record brings one.
    expect(writeRecord('## Partial\n', ['b1c2d3'])).toBe('---\ntranslated_from: >-\n  b1c2d3\n---\n## Partial\n');
    expect(readRecord('# No front matter\n')).toBeNull();
  });
});

describe('a changed Spanish page, in a copy of the repository layout', () => {
  let root: string;
  const spanish = 'docs/vpost/guia.mdx';
  const english = 'i18n/en/docusaurus-plugin-content-docs/current/vpost/guia.mdx';
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), {recursive: true});
    writeFileSync(join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'translations-'));
    write(spanish, SPANISH);
    write(english, writeRecord('---\ntitle: Guide\n---\n\n# Guide\n', hashes(SPANISH)));
    write('docs/vpost/nueva.mdx', '# Nueva\n');
    write('i18n/en/code.json', JSON.stringify({a: {message: 'Done'}, b: {message: 'TODO: Hecho'}}));
  });
  afterEach(() => rmSync(root, {recursive: true, force: true}));

  it('makes its English page outdated, naming the English file and the Spanish paragraph, until it is marked', () => {
    const set = pageSets(root).find((s) => s.id === 'default@current')!;
    expect(pageStatus(root, set, 'vpost/guia.mdx').state).toBe('current');
    write(spanish, SPANISH.replace('Último párrafo.', 'Último párrafo, cambiado.'));
    const outdated = pageStatus(root, set, 'vpost/guia.mdx');
    expect(outdated).toMatchObject({english, state: 'outdated', changes: [`${spanish}:24: changed: "Último párrafo, cambiado."`]});
    write(english, writeRecord(readFileSync(join(root, english), 'utf8'), hashes(readFileSync(join(root, spanish), 'utf8'))));
    expect(pageStatus(root, set, 'vpost/guia.mdx').state).toBe('current');
  });

  it('is counted by the status rows, with the missing page and string translations:missing lists', () => {
    write(spanish, SPANISH.replace('Último párrafo.', 'Último párrafo, cambiado.'));
    const inventory = {pages: allPages(root), strings: allStrings(root), api: {texts: [], overlays: []}};
    const byId = new Map(rows(root, inventory).map((r) => [r.id, r]));
    expect(byId.get('default@current')).toEqual<Row>({
      kind: 'pages',
      id: 'default@current',
      total: 2,
      missing: 1,
      outdated: 1,
      upToDate: 0,
      percent: {missing: 50, outdated: 50, upToDate: 0},
    });
    expect(byId.get('i18n/en/code.json')).toMatchObject({kind: 'ui', total: 2, missing: 1, upToDate: 1, percent: {missing: 50, outdated: 0, upToDate: 50}});
    expect(missingLines(inventory)).toEqual([
      'page     i18n/en/docusaurus-plugin-content-docs/current/vpost/nueva.mdx (from docs/vpost/nueva.mdx)',
      'string   i18n/en/code.json: b = "Hecho"',
    ]);
    expect(outdatedEntries(inventory)).toEqual([{file: english, changes: [`${spanish}:24: changed: "Último párrafo, cambiado."`]}]);
  });

  it('counts a label or server sentence whose English entry was taken out, or whose topic has no English file, as missing; a changed Spanish one as outdated', () => {
    write('core/data/labels/demo.json', JSON.stringify({a: 'Uno', b: {c: 'Dos'}, d: 'Tres'}));
    write('core/data/labels/nuevo.json', JSON.stringify({e: 'Cuatro'}));
    write('i18n/en/portal-labels/demo.json', JSON.stringify({a: {message: 'One', description: 'Uno'}, 'b.c': {message: 'Two', description: 'Dos antes'}}));
    const strings = allStrings(root).filter((s) => s.file.startsWith('i18n/en/portal-labels/'));
    expect(strings.map(({file, id, state}) => [file, id, state])).toEqual([
      ['i18n/en/portal-labels/demo.json', 'd', 'missing'],
      ['i18n/en/portal-labels/demo.json', 'a', 'current'],
      ['i18n/en/portal-labels/demo.json', 'b.c', 'outdated'],
      ['i18n/en/portal-labels/nuevo.json', 'e', 'missing'],
    ]);
    expect(missingLines({pages: [], strings, api: {texts: [], overlays: []}})).toEqual([
      'string   i18n/en/portal-labels/demo.json: d = "Tres"',
      'string   i18n/en/portal-labels/nuevo.json: e = "Cuatro"',
    ]);
  });
});

describe('an English overlay', () => {
  const overlay = [
    'overlay: 1.0.0',
    'info:',
    '  title: English texts',
    '  version: 1.0.0',
    'actions:',
    '  # The operation.',
    "  - target: $.paths['/autenticar'].post",
    '    update:',
    '      summary: Authentication',
    '      responses:',
    "        '200':",
    '          description: The result.',
    '  - target: $.info',
    '    update:',
    '      title: REST services',
    '',
  ].join('\n');
  const contract = (summary: string): JsonObject => ({
    info: {title: 'Servicios REST'},
    paths: {'/autenticar': {post: {summary, responses: {'200': {description: 'El resultado.'}}}}},
  });

  it('records the Spanish texts beside the English ones, leaving every other line as it was', () => {
    const marked = markOverlay(overlay, [contract('Autenticación')]);
    expect(marked).toBe(
      overlay
        .replace(
          '          description: The result.\n',
          "          description: The result.\n    x-translated-from:\n      summary: Autenticación\n      responses:\n        '200':\n          description: El resultado.\n",
        )
        .concat('    x-translated-from:\n      title: Servicios REST\n'),
    );
    expect(markOverlay(marked, [contract('Autenticación')])).toBe(marked);
    expect(overlayTexts(parse(marked) as JsonObject, [contract('Autenticación')]).filter(isOutdated)).toEqual([]);
  });

  it('is outdated when a Spanish text changes, naming the place and the text before and after', () => {
    const marked = parse(markOverlay(overlay, [contract('Autenticación')])) as JsonObject;
    const outdated = overlayTexts(marked, [contract('Autenticación del comercio')]).filter(isOutdated);
    expect(outdated.map((t) => describeOverlayChange('openapi/en/rest.overlay.yaml', t))).toEqual([
      `openapi/en/rest.overlay.yaml: $.paths['/autenticar'].post summary: the Spanish changed from "Autenticación" to "Autenticación del comercio"; the English says "Authentication"`,
    ]);
    expect(overlayTexts(parse(overlay) as JsonObject, [contract('Autenticación')]).filter(isOutdated)).toHaveLength(3);
  });
});

describe('the English pages of the portal', () => {
  const pages = allPages(ROOT).filter((p) => p.state !== 'missing');

  it('are found in every docs instance and version and in src/pages', () => {
    expect(new Set(pages.map((p) => p.set.id))).toEqual(new Set(pageSets(ROOT).map((s) => s.id)));
  });

  // Failing? Bring the English page up to date with the Spanish lines named, then
  // `npm run translations:mark -- <English page>` (contributing/translators.md).
  it.each(pages.map((p) => [p.english, p] as const))('%s translates its Spanish page as it is now', (_english, page) => {
    expect(page.changes).toEqual([]);
  });
});

describe('npm run translations:status -- --json', () => {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  let report: {rows: Row[]; totals: Row; missing: string[]; outdated: {file: string; changes: string[]}[]};

  beforeAll(() => {
    report = JSON.parse(execFileSync(tsx, ['scripts/translations/status.ts', '--json'], {cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024})) as typeof report;
  });

  it('counts every docs instance and version, src/pages, every UI strings file and every contract', () => {
    const ids = report.rows.map((r) => `${r.kind} ${r.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([...pageSets(ROOT).map((s) => `pages ${s.id}`), 'ui i18n/en/code.json', 'api rest@current', 'api tcrest@current', 'api apirest@current']),
    );
    for (const row of [...report.rows, report.totals]) {
      expect(row.missing + row.outdated + row.upToDate).toBe(row.total);
      expect(row.percent.upToDate).toBe(row.total === 0 ? 0 : Math.round((row.upToDate / row.total) * 1000) / 10);
    }
    expect(report.totals.total).toBe(report.rows.reduce((sum, r) => sum + r.total, 0));
    expect(report.rows.find((r) => r.kind === 'api' && r.id === 'rest@current')!.total).toBeGreaterThan(100);
  });

  // Failing? Each entry names an English overlay (or labels file) and the Spanish text that changed.
  it('finds no English overlay or table label behind its Spanish', () => {
    // (The pages are checked one by one above.)
    expect(report.outdated.filter((entry) => !/\.mdx?$/.test(entry.file))).toEqual([]);
  });

  it('lists as missing exactly what npm run translations:missing lists', () => {
    const missing = spawnSync(tsx, ['scripts/untranslated.mjs'], {cwd: ROOT, encoding: 'utf8'});
    const lines = missing.stdout.split('\n').slice(1).filter(Boolean);
    expect(missing.status).toBe(report.missing.length === 0 ? 0 : 1);
    expect(report.missing).toEqual(report.missing.length === 0 ? [] : lines);
    expect(report.totals.missing).toBe(report.missing.length);
  });
});
