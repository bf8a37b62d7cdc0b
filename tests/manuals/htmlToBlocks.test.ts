/**
 * @jest-environment node
 */
import {htmlToBlocks, type Block} from '../../plugins/manuals/htmlToBlocks';

const PAGE = 'https://portal.example/vpost/integracion';

/** Shaped like Docusaurus's minified output: optional end tags left out, unquoted attributes. */
const HTML = `<!doctype html><html><body><nav>menu</nav><article>
<nav class="theme-doc-breadcrumbs"><ul><li>Inicio</ul></nav>
<div class="tocCollapsible_ETCw theme-doc-toc-mobile"><button>En esta página</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Integración</h1></header>
<p>Se envía por <code>POST</code> y <strong>UTF-8</strong>, vea <a href=/vpost/informacion#medios-de-pago>los medios</a> o <a href=?tab=valores>la pestaña</a>.
<h2 class="anchor" id=variables>Variables<a href=#variables class=hash-link aria-label="Enlace directo">&#8203;</a></h2>
<div class="theme-tabs-container tabs-container"><ul role=tablist><li role=tab>Obligatorias<li role=tab>Opcionales</ul>
<div class=margin-top--md><div role=tabpanel><table><thead><tr><th>Variable<th>Tipo<th>Descripción<tbody><tr><td><code>usuario</code><td>Texto<td>Su comercio.<tr><td><code>valor</code><td>Entero<td>Sin <em>puntos</em>.</table></div>
<div role=tabpanel hidden><ul><li>Uno<li>Dos <code>x</code></ul></div></div></div>
<div class="theme-admonition theme-admonition-info admonition_xJq3 alert alert--info"><div class=admonitionHeading_Gvgb><span class=admonitionIcon_Rf37><svg><path d=""></path></svg></span>info</div><div class=admonitionContent_BuS1><p>Dos lecturas.</div></div>
<div class="language-html codeBlockContainer_Ckt0 theme-code-block"><div class=codeBlockTitle_Ktv7>pago.html</div><div class=codeBlockContent_QJqH><pre class=prism-code><code><span class=token-line><span>&lt;form&gt;</span><br></span><span class=token-line><span>  &lt;/form&gt;</span><br></span></code></pre><div class=buttonGroup><button>Copiar</button></div></div></div>
<table><thead><tr><th>Grupo<th>Medio<th>Demo<th>Producción<tbody><tr><td rowspan=2>Tarjeta<td>Visa<td>37<td>2<tr><td>Mastercard<td>38<td>1</table>
<span class=sample_x1><button type=button>Ver código: Pago normal</button><a href=?muestra=pagonormal>?muestra=pagonormal</a></span>
</div></article><footer>pie</footer></body></html>`;

function blocks(): Block[] {
  return htmlToBlocks(HTML, {pageUrl: PAGE, sample: (key, label) => (key === 'pagonormal' ? `<!-- ${label} -->` : null)});
}

describe('turning a built page into PDF blocks', () => {
  it('keeps the article only, with headings, styled runs and absolute links', () => {
    const [title, paragraph, heading] = blocks();
    expect(title).toEqual({kind: 'heading', level: 1, text: 'Integración'});
    expect(paragraph).toEqual({
      kind: 'paragraph',
      runs: [
        {text: 'Se envía por '},
        {text: 'POST', code: true},
        {text: ' y '},
        {text: 'UTF-8', bold: true},
        {text: ', vea '},
        {text: 'los medios', href: 'https://portal.example/vpost/informacion#medios-de-pago'},
        {text: ' o '},
        {text: 'la pestaña', href: 'https://portal.example/vpost/integracion?tab=valores'},
        {text: '.'},
      ],
    });
    // The anchor link of the heading is not text.
    expect(heading).toEqual({kind: 'heading', level: 2, text: 'Variables'});
    const all = JSON.stringify(blocks());
    expect(all).not.toContain('Inicio');
    expect(all).not.toContain('En esta página');
    expect(all).not.toContain('menu');
    expect(all).not.toContain('Copiar');
    expect(all).not.toContain('pie');
  });

  it('keeps every tab, hidden ones too, under the tab name', () => {
    const list = blocks();
    const labels = list.filter((b) => b.kind === 'label').map((b) => (b as {text: string}).text);
    expect(labels).toEqual(['Obligatorias', 'Opcionales']);
    expect(list).toContainEqual({
      kind: 'list',
      ordered: false,
      items: [[{kind: 'paragraph', runs: [{text: 'Uno'}]}], [{kind: 'paragraph', runs: [{text: 'Dos '}, {text: 'x', code: true}]}]],
    });
  });

  it('reads tables whose end tags were left out, marking code cells', () => {
    const table = blocks().find((b) => b.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      header: [
        {text: 'Variable', code: false},
        {text: 'Tipo', code: false},
        {text: 'Descripción', code: false},
      ],
      rows: [
        [{text: 'usuario', code: true}, {text: 'Texto', code: false}, {text: 'Su comercio.', code: false}],
        [{text: 'valor', code: true}, {text: 'Entero', code: false}, {text: 'Sin puntos.', code: false}],
      ],
    });
  });

  it('leaves the cells under a row-spanning cell empty, so columns stay aligned', () => {
    const tables = blocks().filter((b) => b.kind === 'table');
    const rows = (tables[1] as Extract<Block, {kind: 'table'}>).rows.map((r) => r.map((c) => c.text));
    expect(rows).toEqual([
      ['Tarjeta', 'Visa', '37', '2'],
      ['', 'Mastercard', '38', '1'],
    ]);
  });

  it('turns admonitions into notes and code blocks into code, lines kept', () => {
    const list = blocks();
    expect(list).toContainEqual({kind: 'note', title: 'info', blocks: [{kind: 'paragraph', runs: [{text: 'Dos lecturas.'}]}]});
    expect(list).toContainEqual({kind: 'code', title: 'pago.html', text: '<form>\n  </form>'});
  });

  it('prints the code behind a sample button, after its label', () => {
    const list = blocks();
    const index = list.findIndex((b) => b.kind === 'paragraph' && b.runs[0]?.text === 'Ver código: Pago normal');
    expect(index).toBeGreaterThan(0);
    expect(list[index]).toEqual({
      kind: 'paragraph',
      runs: [{text: 'Ver código: Pago normal', bold: true, href: 'https://portal.example/vpost/integracion?muestra=pagonormal'}],
    });
    expect(list[index + 1]).toEqual({kind: 'code', text: '<!-- Ver código: Pago normal -->'});
  });

  it('gives nothing for a page without an article', () => {
    expect(htmlToBlocks('<html><body><p>x</p></body></html>', {pageUrl: PAGE})).toEqual([]);
  });
});
