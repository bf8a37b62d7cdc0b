/**
 * Size budgets of issue 5, on bytes (stable), not timings: what a page
 * fetches while it loads, weighed gzip -9 from build/.
 * - every guide page loads at most 200 KB of gzipped JavaScript;
 * - heavy libraries load only where they are used: mermaid on pages with a
 *   diagram, node-forge on the value-encryption page, Prism on pages with a
 *   code block (patches/prism-on-demand), the search index never at load;
 * - each locale's search index (fetched when the search box is first used)
 *   stays within 256 KB gzipped;
 * - a reference page loads at most 235 KB of gzipped JavaScript, and no
 *   pako (its operation is JSON: patches/README.md, "openapi-theme");
 * - opening try-it on a reference page (the request panel and its code
 *   samples, fetched at the reader's first interaction) costs at most 500 KB
 *   of gzipped JavaScript.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {REFERENCE_CHANNELS} from '../core/openapi/contracts';
import {ROOT, sitemapPaths, useServerAndBrowser} from './support';
import {weighPage, weighTryIt} from './weigh';

export const GUIDE_JS_BUDGET = 200 * 1024;
/**
 * The SOAP contract page is the SOAP channel's reference, not a guide: it
 * renders every operation's messages and XML examples from the WSDL (its own
 * content is about 12 KB gzipped). It is held to a budget of its own.
 */
export const CONTRACT_JS_BUDGET = 230 * 1024;
// In every docs version (/v1/soap/contrato, README "Versions").
const CONTRACT_PAGE = /^(\/en)?(\/v[0-9]+)?\/soap\/contrato$/;

/** Pages that are not guides: the API reference instances, React screens, search. */
const NOT_GUIDES = /^(\/en)?\/(rest|apirest|tcrest|enviomanuales|search)(\/|$)/;
/** Where node-forge may load. */
const ENCRYPTION_PAGE = /^(\/en)?(\/v[0-9]+)?\/guias\/cifrado$/;

const LIBRARIES = {
  mermaid: /mermaidAPI/,
  nodeForge: /Invalid RSAES-OAEP padding/,
  pako: /invalid distance too far back/,
  // One of Prism's hook names, a string only its core holds.
  prism: /"after-tokenize"/,
};

export const SEARCH_INDEX_BUDGET = 256 * 1024;
export const TRY_IT_JS_BUDGET = 500 * 1024;
/** A reference page at load, without try-it (225 to 230 KB when it was set). */
export const REFERENCE_JS_BUDGET = 235 * 1024;

const env = useServerAndBrowser();

const contains = (script: string, signature: RegExp): boolean => signature.test(readFileSync(join(ROOT, 'build', script), 'utf8'));

describe('size budgets', () => {
  const guides = sitemapPaths().filter((path) => !NOT_GUIDES.test(path));

  test('there are guide pages to weigh in both locales', () => {
    assert.ok(guides.includes('/vpost/integracion') && guides.includes('/en/vpost/integracion'));
  });

  for (const path of guides) {
    test(`${path}: JS within budget, heavy libraries only where used`, async () => {
      const weight = await weighPage(env.browser, env.server.baseUrl, path, join(ROOT, 'build'));
      const budget = CONTRACT_PAGE.test(path) ? CONTRACT_JS_BUDGET : GUIDE_JS_BUDGET;
      assert.ok(weight.js <= budget, `${path} loads ${(weight.js / 1024).toFixed(1)} KB of gzipped JS (budget ${budget / 1024} KB)`);
      assert.ok(!weight.scripts.some((s) => s.includes('search-index')), 'no search index at load');

      const html = readFileSync(join(ROOT, 'build', `${path.replace(/\/$/, '')}.html`), 'utf8');
      const hasDiagram = /docusaurus-mermaid-container|language-mermaid|class="?mermaid/.test(html) || /```mermaid/.test(html);
      const loadsMermaid = weight.scripts.some((s) => contains(s, LIBRARIES.mermaid));
      if (!hasDiagram) {
        assert.equal(loadsMermaid, false, `${path} has no diagram but loads mermaid`);
      }
      if (!html.includes('prism-code')) {
        assert.deepEqual(weight.scripts.filter((s) => contains(s, LIBRARIES.prism)), [], `${path} has no code block but loads Prism`);
      }
      const loadsForge = weight.scripts.some((s) => contains(s, LIBRARIES.nodeForge));
      assert.equal(loadsForge, ENCRYPTION_PAGE.test(path) && loadsForge, `${path} loads node-forge`);
    });
  }
});

/** One searchable section of a page, as @easyops-cn/docusaurus-search-local writes it: its text and its page. */
interface IndexedSection {
  readonly t: string;
  readonly u: string;
}

describe('the search index', () => {
  for (const locale of ['es', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';
    const file = join(ROOT, 'build', prefix.slice(1), 'search-index.json');

    test(`${locale}: within ${SEARCH_INDEX_BUDGET / 1024} KB gzipped`, () => {
      const size = gzipSync(readFileSync(file), {level: 9}).length;
      assert.ok(size <= SEARCH_INDEX_BUDGET, `${file} is ${(size / 1024).toFixed(1)} KB gzipped`);
    });

    test(`${locale}: holds a reference page's parameters, not its JSON examples`, () => {
      const parts = JSON.parse(readFileSync(file, 'utf8')) as {documents: IndexedSection[]}[];
      const sections = parts.flatMap((part) => part.documents);
      const authentication = sections.filter((section) => section.u === `${prefix}/rest/autenticacion`).map((section) => section.t).join(' ');
      for (const field of ['usuario', 'clave', 'terminal', 'codigoRespuesta', 'tokenSeguridad']) {
        assert.ok(authentication.includes(field), `${field} is searchable on ${prefix}/rest/autenticacion`);
      }
      // The sample token of the reference's JSON examples (a JWT starts so) is what their hidden
      // example tabs held. (The guides' own code samples, such as the SOAP contract's, stay searchable.)
      const reference = new RegExp(`^${prefix}/(${REFERENCE_CHANNELS.join('|')})(/|$)`);
      const withExamples = sections.filter((section) => reference.test(section.u) && section.t.includes('eyJhbGci')).map((section) => section.u);
      assert.deepEqual(withExamples, []);
    });
  }

  for (const path of ['/rest/autenticacion', '/en/tcrest/pago-tarjeta']) {
    test(`${path}: at most ${REFERENCE_JS_BUDGET / 1024} KB of gzipped JS at load, and no pako`, async () => {
      const weight = await weighPage(env.browser, env.server.baseUrl, path, join(ROOT, 'build'));
      assert.ok(weight.js <= REFERENCE_JS_BUDGET, `${path} loads ${(weight.js / 1024).toFixed(1)} KB of gzipped JS (budget ${REFERENCE_JS_BUDGET / 1024} KB)`);
      assert.deepEqual(weight.scripts.filter((s) => contains(s, LIBRARIES.pako)), [], `${path} loads pako, though its operation is JSON`);
    });

    test(`${path}: opening try-it loads at most ${TRY_IT_JS_BUDGET / 1024} KB of gzipped JS`, async () => {
      const weight = await weighTryIt(env.browser, env.server.baseUrl, path, join(ROOT, 'build'));
      assert.ok(weight.scripts.length > 0, 'the request panel was fetched after the first interaction');
      console.log(`${path}: try-it ${(weight.js / 1024).toFixed(1)} KB gzipped in ${weight.scripts.length} scripts; long tasks after the interaction: ${weight.longTasks.join(', ') || 'none'} ms`);
      assert.ok(weight.js <= TRY_IT_JS_BUDGET, `${path}: opening try-it loads ${(weight.js / 1024).toFixed(1)} KB of gzipped JS (budget ${TRY_IT_JS_BUDGET / 1024} KB): ${weight.scripts.join(', ')}`);
    });
  }
});
