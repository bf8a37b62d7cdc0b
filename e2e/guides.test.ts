/**
 * Browser checks of the guides and the SOAP and plugin pages: no page fetches
 * Mermaid (about 180 KB gzipped; the sequence diagrams are drawn at build
 * time), every flow diagram shows in both languages, the WSDL downloads, and
 * each plugin tab has a link of its own.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

const FLOWS = ['tarjeta', 'pse', 'referenciado', 'primera-billetera', 'segunda-billetera', 'token', 'recurrente', 'reverso'];

/**
 * Loads a page and returns a check of whether any script it has fetched so far
 * is the Mermaid library ("mermaidAPI" is in the library's chunk and nowhere
 * else in the site).
 */
async function visit(page: Page, path: string): Promise<() => Promise<boolean>> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
  return async () => (await Promise.all(bodies)).some((body) => body.includes('mermaidAPI'));
}

// Three pages at a time: each test waits 1.5 s after hydration for a Mermaid that must not come, in a context of its own.
describe('diagrams without Mermaid in the browser', {concurrency: 3}, () => {
  for (const path of ['/vpost/informacion', '/guias', '/guias/billeteras', '/soap/contrato', '/en/guias/pse']) {
    test(`${path} has no diagram and does not fetch Mermaid`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      const mermaidLoaded = await visit(page, path);
      // Mermaid is loaded after hydration, from an effect: give it the time it takes on a diagram page.
      await page.waitForTimeout(1500);
      assert.equal(await page.locator('.docusaurus-mermaid-container').count(), 0);
      assert.equal(await mermaidLoaded(), false);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const path of ['/vpost', ...FLOWS.flatMap((flow) => [`/guias/flujos/${flow}`, `/en/guias/flujos/${flow}`])]) {
    test(`${path} shows its sequence diagram, drawn at build time, without fetching Mermaid`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      const mermaidLoaded = await visit(page, path);
      await page.waitForTimeout(1500);
      const diagram = page.getByRole('img', {name: /^(Diagrama de secuencia|Sequence diagram): /});
      assert.equal(await diagram.count(), 1);
      assert.ok(await diagram.isVisible());
      // Its steps are readable as text (numbered when the picture numbers them).
      assert.match((await diagram.locator('desc').textContent()) ?? '', /^(1\. )?.+ → .+: /);
      assert.equal(await mermaidLoaded(), false);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('SOAP contract and plugins', () => {
  for (const locale of ['', '/en']) {
    test(`${locale || '/'} the contract page downloads the WSDL with the eight operations`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${locale}/soap/contrato`);
      const href = await page.locator('a[download]').getAttribute('href');
      assert.equal(href, `${locale}/soap/pagos.wsdl`);
      const response = await page.request.get(`${env.server.baseUrl}${href}`);
      assert.equal(response.status(), 200);
      const wsdl = await response.text();
      const operations = [...wsdl.matchAll(/<wsdl:operation name="(\w+)">\s*<wsdl:documentation/g)].map((m) => m[1]);
      assert.equal(operations.length, 8);
      assert.equal(await page.locator('h2').count(), 8);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('/plugins?tab=prestashop opens the PrestaShop tab with its download card', async () => {
    const context = await env.browser.newContext();
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/plugins?tab=prestashop`);
    await page.locator('[role="tab"][aria-selected="true"]', {hasText: 'PrestaShop'}).waitFor();
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden]) h3', {hasText: 'PrestaShop'}).count(), 1);
    await context.close();
  });
});
