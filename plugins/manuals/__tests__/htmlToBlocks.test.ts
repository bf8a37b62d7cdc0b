/**
 * @jest-environment node
 */
import {htmlToBlocks, type Block} from '../htmlToBlocks';

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

describe('a worked example of a security value', () => {
  it('keeps its layout: a two-column table, each name beside its value', () => {
    const html = `<article><div class="markdown"><figure class=example_a><dl class=inputs_b><div class=row_c><dt><code>llave</code><dd><code>LlaveDePrueba123</code></div><div class=row_c><dt>Texto concatenado<dd><code>LlaveDePrueba123FAC-1</code></div><div class=row_c><dt><code>MD5(…)</code><dd><code class=output_d>9f3a</code></div></dl></figure></div></article>`;
    expect(htmlToBlocks(html, {pageUrl: PAGE})).toEqual([
      {
        kind: 'table',
        header: [],
        rows: [
          [
            {text: 'llave', code: true},
            {text: 'LlaveDePrueba123', code: true},
          ],
          [
            {text: 'Texto concatenado', code: false},
            {text: 'LlaveDePrueba123FAC-1', code: true},
          ],
          [
            {text: 'MD5(…)', code: true},
            {text: '9f3a', code: true},
          ],
        ],
      },
    ]);
  });
});

describe('a sequence diagram of a page', () => {
  it('becomes a diagram block with the SVG as the build wrote it, attribute names intact', () => {
    const html = `<article><div class="markdown"><figure class=figure_x><div class=scroll_y tabindex=0 role=region aria-label="Diagrama"><svg class=svg_z width=600 height=120 viewBox="0 0 600 120" role=img aria-labelledby="a b" color="#1c1e21"><title id=a>Diagrama de secuencia: Comercio, Pasarela</title><desc id=b>1. Comercio → Pasarela: pago</desc><line x1=0 y1=10 x2=500 y2=10 stroke-dasharray="4 4" stroke=currentColor></line><text x=10 y=30 fill=currentColor>Comercio &amp; cía</text></svg></div></figure></div></article>`;
    const [diagram] = htmlToBlocks(html, {pageUrl: PAGE});
    expect(diagram).toMatchObject({kind: 'diagram', title: 'Diagrama de secuencia: Comercio, Pasarela'});
    const svg = (diagram as Extract<Block, {kind: 'diagram'}>).svg;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain('viewBox="0 0 600 120"');
    expect(svg).toContain('stroke-dasharray="4 4"');
    expect(svg).toContain('>Comercio &amp; cía</text>');
  });

  it('is read where React puts it once the page has loaded, not its Suspense fallback', () => {
    const html = `<body><article><div class="markdown"><h2>Flujo</h2><!--$?--><template id=B:0></template><pre>sequenceDiagram\n  A->>B: hola</pre><!--/$--><p>Después.</div></article><div hidden id=S:0><figure><svg viewBox="0 0 10 10" role=img><title>Diagrama de secuencia: A, B</title></svg></figure></div></body>`;
    expect(htmlToBlocks(html, {pageUrl: PAGE}).map((b) => b.kind)).toEqual(['heading', 'diagram', 'paragraph']);
  });

  it('leaves out icons: an SVG without role="img"', () => {
    expect(htmlToBlocks('<article><div class="markdown"><p>Texto<svg><path d=""></path></svg></p></div></article>', {pageUrl: PAGE})).toEqual([
      {kind: 'paragraph', runs: [{text: 'Texto'}]},
    ]);
  });
});

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
        [
          {text: 'usuario', code: true},
          {text: 'Texto', code: false},
          {text: 'Su comercio.', code: false},
        ],
        [
          {text: 'valor', code: true},
          {text: 'Entero', code: false},
          {text: 'Sin puntos.', code: false},
        ],
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

  describe('an API reference page (docusaurus-theme-openapi-docs markup, drawn on the server)', () => {
    /** Shaped like a built reference page: media-type tabs, schema/example tabs, a schema list of divs, responses by status. */
    const REFERENCE = `<html><body><article><div class="theme-doc-markdown markdown"><div class="row theme-api-markdown"><div class="col col--7 openapi-left-panel__container">
<h1 class=openapi__heading>Autenticación</h1>
<h2 class="anchor openapi-tabs__heading" id=request>Solicitud<a href=#request class=hash-link>&#8203;</a></h2>
<div class=tabs-container><div class=tabs__container><div class=openapi-tabs__mime-container><ul role=tablist class="tabs openapi-tabs__mime"><li role=tab aria-selected=true class=tabs__item>application/json</ul></div></div>
<div class=margin-top--md><div role=tabpanel><div class=openapi-tabs__schema-container><div class=openapi-tabs__schema-tabs-container><ul role=tablist class="tabs openapi-tabs__schema"><li role=tab aria-selected=true><span class=openapi-tabs__schema-label>Body</span><li role=tab aria-selected=false><span class=openapi-tabs__schema-label>Ejemplo</span></ul></div>
<div class=margin-top--md><div role=tabpanel><details class="openapi-markdown__details mime" open><summary><h3 class=openapi-markdown__details-summary-header-body>Cuerpo<strong class=openapi-schema__required>obligatorio</strong></h3></summary><div><div class=collapsibleContent_i85q><ul style=margin-left:1rem>
<div class=openapi-schema__list-item><div><span class=openapi-schema__container><strong class=openapi-schema__property>usuario</strong><span class=openapi-schema__name>string</span><span class=openapi-schema__divider></span><span class=openapi-schema__required>obligatorio</span></span><p>El usuario del comercio.</div></div>
<div class=openapi-schema__list-item><div><span class=openapi-schema__container><strong class=openapi-schema__property>terminal</strong><span class=openapi-schema__name>string</span></span><p>La terminal.</div></div>
</ul></div></div></details></div>
<div role=tabpanel hidden><div class=theme-code-block><pre><code>{"usuario": "demo"}</code></pre></div></div></div></div></div></div></div>
<div class=openapi-tabs__container><div class=openapi-tabs__response-header-section><h2 class="anchor openapi-tabs__heading" id=responses>Respuestas</h2><div class=openapi-tabs__response-container><ul role=tablist class=tabs><li role=tab aria-selected=false>200<li role=tab aria-selected=true>400</ul></div></div>
<div class=margin-top--md><div role=tabpanel><p>Datos no válidos.</div></div></div>
</div><div class="col col--5 openapi-right-panel__container"><div class="openapi-skeleton lg"></div></div></div></div></article></body></html>`;

    const reference = (): Block[] => htmlToBlocks(REFERENCE, {pageUrl: 'https://portal.example/rest/autenticacion'});

    it('names each panel after its tab, leaves the tab lists out and keeps the heading the tabs hold', () => {
      expect(reference().filter((block) => block.kind === 'label' || block.kind === 'heading')).toEqual([
        {kind: 'heading', level: 1, text: 'Autenticación'},
        {kind: 'heading', level: 2, text: 'Solicitud'},
        {kind: 'label', text: 'application/json'},
        {kind: 'label', text: 'Body'},
        {kind: 'heading', level: 3, text: 'Cuerpo obligatorio'},
        {kind: 'label', text: 'Ejemplo'},
        {kind: 'heading', level: 2, text: 'Respuestas'},
        // The responses draw their selected tab's panel only: it takes that tab's name.
        {kind: 'label', text: '400'},
      ]);
    });

    it('lists the schema properties, their badges as separate words, with their descriptions', () => {
      const list = reference().find((block) => block.kind === 'list');
      expect(list).toEqual({
        kind: 'list',
        ordered: false,
        items: [
          [
            {kind: 'paragraph', runs: [{text: 'usuario', bold: true}, {text: ' string obligatorio'}]},
            {kind: 'paragraph', runs: [{text: 'El usuario del comercio.'}]},
          ],
          [
            {kind: 'paragraph', runs: [{text: 'terminal', bold: true}, {text: ' string'}]},
            {kind: 'paragraph', runs: [{text: 'La terminal.'}]},
          ],
        ],
      });
    });

    it('keeps the example and the response text, and nothing of the tab lists', () => {
      const all = reference();
      expect(all).toContainEqual({kind: 'code', text: '{"usuario": "demo"}'});
      expect(all).toContainEqual({kind: 'paragraph', runs: [{text: 'Datos no válidos.'}]});
      expect(JSON.stringify(all)).not.toMatch(/"text":"200"/);
    });
  });
});
