/**
 * How a page starts in the browser (issue 5, speed): it is painted from its
 * HTML before its scripts run, hydration keeps the server's DOM (the guide
 * tabs are not drawn again, hidden panels come to life when first shown),
 * links in view are still prefetched, in idle time, no ICU collator is
 * built while the page hydrates, and the route's chunks are requested after
 * the main bundle's task, not within it (plugins/docusaurus-client).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

describe('page start-up', () => {
  for (const path of ['/vpost/integracion', '/en/rest/autenticacion', '/enviomanuales']) {
    test(`${path} is painted before its main script is added`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.addInitScript(() => {
        const w = window as unknown as {mainScriptAddedAt?: number};
        new MutationObserver((records, observer) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(node.src)) {
                w.mainScriptAddedAt = performance.now();
                observer.disconnect();
              }
            }
          }
        }).observe(document, {childList: true, subtree: true});
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      const {added, paint} = await page.evaluate(() => ({
        added: (window as unknown as {mainScriptAddedAt?: number}).mainScriptAddedAt,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      assert.ok(paint !== undefined, 'the page reports a first contentful paint');
      assert.ok(added !== undefined, 'the main script is added to the page');
      assert.ok(added >= paint, `main script added at ${added.toFixed(0)} ms, first paint at ${paint.toFixed(0)} ms`);
      // And the page did come to life.
      assert.ok(await page.evaluate(() => 'docusaurusRoot' in window));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('hydration keeps the guide tabs as the server drew them; a hidden panel comes to life when shown', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    // Mark each server-drawn panel (the scripts start after the first paint, so
    // DOMContentLoaded comes first): a panel drawn again by React is a new
    // element, without the mark.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelectorAll('[role=tabpanel]').forEach((panel) => panel.setAttribute('data-from-server', ''));
      });
    });
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => 'docusaurusRoot' in window);
    await page.waitForTimeout(1500);
    const panels = page.locator('[role=tabpanel]');
    assert.equal(await panels.count(), 6);
    assert.equal(await page.locator('[role=tabpanel][data-from-server]').count(), 6, 'no panel was drawn again after hydration');

    // The tests tab: hidden at first, then shown and working (its sample buttons open the code dialog).
    const tab = page.getByRole('tab', {name: 'Pruebas'});
    await tab.click();
    const panel = page.locator('[role=tabpanel]:not([hidden])');
    assert.match((await panel.textContent()) ?? '', /tarjetas de prueba/i);
    await panel.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('links in view are prefetched once the page is idle', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, undefined, {timeout: 10_000});
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const path of ['/vpost/integracion', '/en/rest/autenticacion']) {
    test(`${path} starts without an ICU collator (no localeCompare while it hydrates)`, async () => {
      const context = await env.browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
      const {page, errors} = await openPage(context);
      await page.addInitScript(() => {
        const w = window as unknown as {localeCompareCalls: number};
        w.localeCompareCalls = 0;
        const original = String.prototype.localeCompare;
        String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
          w.localeCompareCalls += 1;
          return original.apply(this, args);
        };
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.waitForTimeout(1500);
      assert.equal(await page.evaluate(() => (window as unknown as {localeCompareCalls: number}).localeCompareCalls), 0);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const path of ['/vpost/integracion', '/rest/autenticacion']) {
    test(`${path} requests its route chunks after the main bundle has run, and comes to life`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      // Each chunk script added to the page, with the script running at that
      // moment: main.js while the main bundle is evaluated, none in a later task.
      await page.addInitScript(() => {
        const w = window as unknown as {chunkScripts: {chunk: string; during: string | null}[]};
        w.chunkScripts = [];
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLScriptElement && /\/assets\/js\//.test(node.src) && !/\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(node.src)) {
                const current = document.currentScript;
                w.chunkScripts.push({chunk: node.src.split('/').pop() ?? '', during: current instanceof HTMLScriptElement ? current.src.split('/').pop() ?? '' : null});
              }
            }
          }
        }).observe(document, {childList: true, subtree: true});
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      const added = await page.evaluate(() => (window as unknown as {chunkScripts: {chunk: string; during: string | null}[]}).chunkScripts);
      assert.ok(added.length > 0, 'the route chunks are added as scripts');
      assert.deepEqual(added.filter(({during}) => during !== null), [], 'no chunk is added while another script runs');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
