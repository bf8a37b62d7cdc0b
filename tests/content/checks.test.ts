/**
 * @jest-environment node
 */
// The content checks of `npm test` (scripts/content/checks.ts) on a small built
// site of their own: clean, it passes; each planted fault fails, naming the page
// and quoting the offending text. A path answers as the portal's site plugin
// answers it (server/site/build.ts: a built file, else the 404 page).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {decide, indexSite} from '../../server/site/build';
import {checkSite, type Failure} from '../../scripts/content/checks';
import {proseFaults, proseOfHtml, proseOfMarkdown} from '../../scripts/content/prose';

const SITE = 'http://portal.test';

/** A built page: the navbar, then the main column with its title and text. */
const page = (title: string, body: string, banner = '') =>
  `<!doctype html><html><head><title>${title} | Integraciones</title></head><body><nav><a href="/vpost">Variables POST</a></nav>` +
  `<main><div class="row"><div class="col">${banner}<article><h1>${title}</h1>${body}</article></div></div></main></body></html>`;
const BANNER = (to: string) =>
  `<div class="theme-doc-version-banner alert" role="alert"><div>Esta es la documentación para <b>v1</b>, que ya no se mantiene.</div>` +
  `<div>Vea la <b><a href="${to}">última versión</a></b>.</div></div>`;

/** The clean site: both locales, a current and a v1 page, a reference page, the twins, both llms.txt, a 404, a redirect stub. */
const CLEAN: Readonly<Record<string, string>> = {
  '404.html': page('Página no encontrada', '<p>No encontramos esa página.</p>'),
  'en/404.html': page('Page not found', '<p>We could not find that page.</p>'),
  'index.html': '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/vpost"></head></html>',
  'search.html': page('Buscar', ''),
  'vpost.html': page('Variables POST', '<p>Envíe el formulario a <code>/sandbox/pagos</code>.</p><pre><code>const x = {SANDBOX_PAGES.purchase};</code></pre>'),
  'vpost.md': `# Variables POST\n\nEnvíe el formulario. Vea [la referencia](${SITE}/rest/autenticacion.md).\n\n\`\`\`js\nconst total = undefined;\n\`\`\`\n`,
  'rest/autenticacion.html': page('Autenticación', '<p>POST /autenticar</p>'),
  'rest/autenticacion.md': '# Autenticación\n\n`POST` `/autenticar`\n',
  'v1/vpost.html': page('Variables POST', '<p>La moneda va en Extra8.</p>', BANNER('/vpost')),
  'v1/vpost.md': `> Esta es la documentación para **v1**, que ya no se mantiene. Vea la [última versión](${SITE}/vpost.md).\n\n# Variables POST\n\nLa moneda va en \`Extra8\`.\n`,
  'en/vpost.html': page('POST variables', '<p>Send the form.</p>'),
  'en/vpost.md': `# POST variables\n\nSend the form ([v1](${SITE}/en/v1/vpost.md)).\n`,
  'en/v1/vpost.html': page('POST variables', '<p>The currency goes in Extra8.</p>', BANNER('/en/vpost')),
  'en/v1/vpost.md': `> This is documentation for **v1**. See the [latest version](${SITE}/en/vpost.md).\n\n# POST variables\n`,
  'llms.txt': `# Integraciones\n\n> Guías.\n\n## Variables POST\n\n- [Variables POST](${SITE}/vpost.md): el formulario.\n- [Autenticación](${SITE}/rest/autenticacion.md)\n\n## Versiones anteriores\n\n### v1: Variables POST\n\n- [Variables POST](${SITE}/v1/vpost.md)\n`,
  'en/llms.txt': `# Integrations\n\n## POST variables\n\n- [POST variables](${SITE}/en/vpost.md)\n\n## Older versions\n\n- [POST variables](${SITE}/en/v1/vpost.md)\n`,
};

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'portal-content-checks-'));
});
afterEach(() => rmSync(work, {recursive: true, force: true}));

/** Writes the clean site with `changes` (a file's new text, or null to leave it out) and runs the checks. */
async function check(changes: Readonly<Record<string, string | null>> = {}): Promise<Failure[]> {
  for (const [file, text] of Object.entries({...CLEAN, ...changes})) {
    if (text === null) continue;
    mkdirSync(dirname(join(work, file)), {recursive: true});
    writeFileSync(join(work, file), text, 'utf8');
  }
  const index = indexSite(work);
  const {failures} = await checkSite({
    buildDir: work,
    siteUrl: SITE,
    localeFolders: ['en'],
    olderVersionOf: (path) => (/^\/v1(\/|\.|$)/.test(path) ? 'v1' : null),
    status: async (path) => (decide(index, path).kind === 'file' ? 200 : 404),
  });
  return failures;
}

it('passes the clean site: code blocks are code, 404, search and redirect pages need no twin', async () => {
  expect(await check()).toEqual([]);
});

describe('prose', () => {
  it('fails on an MDX expression printed in a page, naming the page and quoting it', async () => {
    const html = page('Variables POST', '<p>Pruebe el celular <code>{SANDBOX_WALLET_PHONES.accountMissing}</code> en el sandbox.</p>');
    expect(await check({'vpost.html': html})).toEqual([
      {page: '/vpost', rule: 'MDX expression', text: 'Pruebe el celular `{SANDBOX_WALLET_PHONES.accountMissing}` en el sandbox.'},
    ]);
  });

  it('fails on a placeholder or a missing value in a Markdown twin, in either locale', async () => {
    const failures = await check({
      'en/vpost.md': '# POST variables\n\nSend `{"{"}usuario, clave{"}"}` to firma{producto}.\n\nTODO: translate this.\n\nTotal: NaN, [object Object], undefined.\n',
    });
    expect(failures.map((f) => [f.page, f.rule, f.text])).toEqual([
      ['/en/vpost.md', 'MDX expression', 'Send `{"{"}usuario, clave{"}"}` to firma{producto}.'],
      ['/en/vpost.md', 'missing value', 'Total: NaN, [object Object], undefined.'],
      ['/en/vpost.md', 'placeholder', 'Send `{"{"}usuario, clave{"}"}` to firma{producto}.'],
      ['/en/vpost.md', 'placeholder', 'TODO: translate this.'],
    ]);
  });

  it('reads "TODO:" as a fault in English only, and JSON or URL templates as text', () => {
    expect(proseFaults('TODO: en la página', 'es')).toEqual([]);
    expect(proseFaults('{"estado": "aprobada"} en GET /conciliacion/{terminal}/{pagina}', 'es')).toEqual([]);
    expect(proseFaults(proseOfMarkdown('Postman: `{{baseUrl}}`.\n\n```\n{X.y} <Tabs> ${a}\n```\n'), 'en')).toEqual([]);
    expect(proseFaults(proseOfMarkdown('Hola {{nombre}}.\n\nTotal: ${total}.'), 'es').map((f) => f.text)).toEqual(['Hola {{nombre}}.', 'Total: ${total}.']);
    expect(proseFaults(proseOfHtml('<p>Use &lt;ConfigValue name="x" /&gt;</p>'), 'es')).toEqual([{rule: 'JSX element', text: 'Use <ConfigValue name="x" />'}]);
    expect(proseFaults(proseOfHtml('<td>10</td><td>undefined</td>'), 'es')).toEqual([{rule: 'missing value', text: 'undefined'}]);
  });
});

describe('twins and links', () => {
  it('fails on a page without its Markdown twin', async () => {
    expect(await check({'rest/autenticacion.md': null, 'vpost.md': '# Variables POST\n'})).toEqual([
      {page: '/llms.txt', rule: 'broken link', text: `${SITE}/rest/autenticacion.md answers 404`},
      {page: '/rest/autenticacion', rule: 'Markdown twin', text: 'no /rest/autenticacion.md'},
    ]);
  });

  it('fails on a broken link in a .md, naming the twin and the link', async () => {
    const failures = await check({'vpost.md': `# Variables POST\n\nVea [la referencia](${SITE}/rest/autenticacoin.md) y [PSE](/rest/pse.md).\n`});
    expect(failures).toEqual([
      {page: '/vpost.md', rule: 'broken link', text: '/rest/pse.md answers 404'},
      {page: '/vpost.md', rule: 'broken link', text: `${SITE}/rest/autenticacoin.md answers 404`},
    ]);
  });

  it('fails on a broken link in llms.txt, and leaves links to other sites alone', async () => {
    const llms = CLEAN['llms.txt']!.replace('(http://portal.test/vpost.md)', '(http://portal.test/vpots.md)') + '- [Pasarela](https://demo.pasarela.example/core)\n';
    expect(await check({'llms.txt': llms})).toEqual([{page: '/llms.txt', rule: 'broken link', text: `${SITE}/vpots.md answers 404`}]);
  });
});

describe('older versions', () => {
  it('fails on a v1 page without its notice, in HTML and in Markdown', async () => {
    const failures = await check({
      'v1/vpost.html': page('Variables POST', '<p>La moneda va en Extra8.</p>'),
      'v1/vpost.md': '# Variables POST\n\nLa moneda va en `Extra8`.\n',
    });
    expect(failures.map((f) => [f.page, f.rule])).toEqual([
      ['/v1/vpost', 'older version'],
      ['/v1/vpost.md', 'older version'],
    ]);
    expect(failures[1]!.text).toContain('"# Variables POST"');
  });

  it('fails on a notice that links no page of the current version, or comes after the title', async () => {
    const failures = await check({
      'v1/vpost.html': page('Variables POST', `<p>La moneda va en Extra8.</p>${BANNER('/vpost')}`),
      'en/v1/vpost.md': `> This is documentation for **v1**. See [v1](${SITE}/en/v1/vpost.md).\n\n# POST variables\n`,
    });
    expect(failures.map((f) => [f.page, f.rule])).toEqual([
      ['/en/v1/vpost.md', 'older version'],
      ['/v1/vpost', 'older version'],
    ]);
  });
});

describe('llms.txt', () => {
  it('fails when an older version comes before the current one ends', async () => {
    const llms = `# Integraciones\n\n## Variables POST\n\n- [Variables POST v1](${SITE}/v1/vpost.md)\n- [Variables POST](${SITE}/vpost.md)\n- [Autenticación](${SITE}/rest/autenticacion.md)\n`;
    const failures = await check({'llms.txt': llms});
    expect(failures.map((f) => [f.page, f.rule])).toEqual([
      ['/llms.txt', 'llms.txt order'],
      ['/llms.txt', 'llms.txt order'],
      ['/llms.txt', 'llms.txt order'],
    ]);
    expect(failures.map((f) => f.text).join('\n')).toContain('Variables POST](http://portal.test/vpost.md)');
  });

  it('fails when the links are not on the portal the checks were told of', async () => {
    const llms = '# Integraciones\n\n- [Variables POST](https://otro.example/vpost.md)\n';
    expect((await check({'llms.txt': llms})).map((f) => f.text)).toEqual([`no link to ${SITE}: was the site built with another SITE_URL?`]);
  });
});
