/**
 * @jest-environment node
 */
// The English site must never fall back to Spanish: every Spanish page has an
// English page, that page is really translated, and no UI string still waits
// for a translator. `npm run translations:missing` lists the same gaps.
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import config from '../../docusaurus.config';
import {DOCS_INSTANCES, allStrings, englishOf, pageSets, spanishPages} from '../../scripts/translations/inventory';
import {ROOT, docsInstances, proseBlocks, spanishLines} from '../support/englishPages';

const instances = docsInstances(config);
// Every docs instance in every version, and src/pages: the inventory of scripts/translations/.
const sets = pageSets(ROOT);

describe('the checks themselves', () => {
  it('finds the docs instances of the site config, the main one first', () => {
    expect(instances[0]).toEqual({
      id: 'default',
      source: join(ROOT, 'docs'),
      english: join(ROOT, 'i18n/en/docusaurus-plugin-content-docs/current'),
    });
    expect(
      docsInstances({
        plugins: [
          ['@docusaurus/plugin-content-docs', {id: 'rest', path: 'rest'}],
          ['other', {id: 'x'}],
        ],
      }),
    ).toEqual([{id: 'rest', source: join(ROOT, 'rest'), english: join(ROOT, 'i18n/en/docusaurus-plugin-content-docs-rest/current')}]);
  });

  it("takes stock of the site config's docs instances, no more, no fewer", () => {
    const inventory = sets
      .filter((set) => set.version === 'current' && set.instance !== 'pages')
      .map((set) => ({id: set.instance, source: join(ROOT, set.source), english: join(ROOT, set.english)}));
    expect(inventory).toEqual(instances);
    expect(DOCS_INSTANCES.map((i) => i.id)).toEqual(instances.map((i) => i.id));
  });

  it('reads the prose of a page and ignores code, names and short labels', () => {
    const page = [
      '---',
      'title: Terminal',
      'description: La terminal agregador y la terminal gateway.',
      '---',
      '# Terminal',
      '',
      'Su comercio opera con una terminal.',
      'Hay dos clases de terminal.',
      '',
      '| `usuario` | Texto (oculto) | Identificador de su comercio. |',
      '| `0` | `COP` |',
      '- Moneda: `COP`.',
      '```html',
      '<input name="descripcionFactura" value="Compra de prueba de la tienda">',
      '```',
      '```mermaid',
      '    C->>S: Confirma el pedido del comprador en la tienda',
      '    C->>P: POST (UTF-8) usuario, factura, valor',
      '```',
    ].join('\n');
    expect(proseBlocks(page)).toEqual([
      'La terminal agregador y la terminal gateway.',
      'Su comercio opera con una terminal. Hay dos clases de terminal.',
      '| `usuario` | Texto (oculto) | Identificador de su comercio. |',
      'C->>S: Confirma el pedido del comprador en la tienda',
    ]);
    expect(spanishLines(page)).toEqual([
      'description: La terminal agregador y la terminal gateway.',
      'Su comercio opera con una terminal.',
      '    C->>S: Confirma el pedido del comprador en la tienda',
    ]);
    expect(spanishLines('Send `tipoDocumento` with `CC`, `CE` or `Otro` to [the page](/vpost/informacion#medios-de-pago).')).toEqual([]);
  });
});

describe.each(sets.map((set) => [set.source, set] as const))('English twins of %s/', (_source, set) => {
  const pages = spanishPages(ROOT, set);

  it('has at least one Spanish page', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it('has an English page for every Spanish page', () => {
    expect(pages.filter((rel) => !existsSync(join(ROOT, englishOf(set, rel)))).map((rel) => englishOf(set, rel))).toEqual([]);
  });

  const translated = pages.filter((rel) => existsSync(join(ROOT, englishOf(set, rel))));

  it.each(translated)('%s repeats no Spanish paragraph, list item, table row or description', (rel) => {
    const spanish = new Set(proseBlocks(readFileSync(join(ROOT, set.source, rel), 'utf8')));
    const english = proseBlocks(readFileSync(join(ROOT, englishOf(set, rel)), 'utf8'));
    expect(english.filter((block) => spanish.has(block))).toEqual([]);
  });

  it.each(translated)('%s has no line of Spanish prose', (rel) => {
    expect(spanishLines(readFileSync(join(ROOT, englishOf(set, rel)), 'utf8'))).toEqual([]);
  });
});

describe('English UI strings', () => {
  it('have no message left with the "TODO: " prefix of npm run translations:write', () => {
    expect(
      allStrings(ROOT)
        .filter((s) => s.state === 'missing')
        .map((s) => `${s.file}: ${s.id}`),
    ).toEqual([]);
  });
});
