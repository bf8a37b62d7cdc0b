/**
 * The size budgets of e2e/budgets.ts that are not per guide page: each
 * locale's search index, and the reference pages at load and with try-it
 * open. (Every guide page is weighed by the sitemap walk, e2e/sitemap.test.ts.)
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {REFERENCE_CHANNELS} from '../core/openapi/contracts';
import {LIBRARIES, REFERENCE_JS_BUDGET, SEARCH_INDEX_BUDGET, TRY_IT_JS_BUDGET, contains} from './budgets';
import {ROOT, useServerAndBrowser} from './support';
import {weighPage, weighTryIt} from './weigh';

const env = useServerAndBrowser();

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
      const authentication = sections
        .filter((section) => section.u === `${prefix}/rest/autenticacion`)
        .map((section) => section.t)
        .join(' ');
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
      assert.deepEqual(
        weight.scripts.filter((s) => contains(s, LIBRARIES.pako)),
        [],
        `${path} loads pako, though its operation is JSON`,
      );
    });

    test(`${path}: opening try-it loads at most ${TRY_IT_JS_BUDGET / 1024} KB of gzipped JS`, async () => {
      const weight = await weighTryIt(env.browser, env.server.baseUrl, path, join(ROOT, 'build'));
      assert.ok(weight.scripts.length > 0, 'the request panel was fetched after the first interaction');
      console.log(
        `${path}: try-it ${(weight.js / 1024).toFixed(1)} KB gzipped in ${weight.scripts.length} scripts; long tasks after the interaction: ${weight.longTasks.join(', ') || 'none'} ms`,
      );
      assert.ok(
        weight.js <= TRY_IT_JS_BUDGET,
        `${path}: opening try-it loads ${(weight.js / 1024).toFixed(1)} KB of gzipped JS (budget ${TRY_IT_JS_BUDGET / 1024} KB): ${weight.scripts.join(', ')}`,
      );
    });
  }
});
