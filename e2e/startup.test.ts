/**
 * How a page starts in the browser (issue 5, speed): each page comes to life
 * without an error, hydration keeps the server's DOM (the guide tabs are not
 * drawn again, hidden panels come to life when first shown), links in
 * view are prefetched, no ICU collator is built while a docs page starts
 * (patches/locale-compare), and a page's HTML names the scripts its route
 * needs, so they download beside the main bundle instead of after it
 * (plugins/split-chunks, keyChunksByRequest), and the main bundle carries V8's
 * compile hint (MAIN_COMPILE_HINT).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {MAIN_BUNDLE, MAIN_COMPILE_HINT} from '../plugins/split-chunks';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

describe('page start-up', () => {
  for (const path of ['/vpost/integracion', '/en/rest/autenticacion', '/enviomanuales']) {
    test(`${path} comes to life without an error`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      assert.ok(await page.evaluate(() => 'docusaurusRoot' in window));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const path of ['/vpost/integracion', '/rest/autenticacion', '/en/tcrest/pago-tarjeta']) {
    test(`${path}: every script the page starts with is named in its HTML, none requested by the main bundle`, async () => {
      const context = await env.browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const fromHtml: string[] = [];
      const fromScripts: string[] = [];
      let loaded = false;
      page.on('load', () => (loaded = true));
      cdp.on('Network.requestWillBeSent', (event) => {
        if (event.type !== 'Script' || loaded) return;
        (event.initiator.type === 'parser' ? fromHtml : fromScripts).push(new URL(event.request.url).pathname);
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      assert.deepEqual(fromScripts, [], 'scripts the runtime had to request as the page started');
      // The entry (runtime and main bundle) and the route's own chunks.
      assert.ok(fromHtml.length > 2, `only the entry is named in the HTML: ${fromHtml.join(', ')}`);
      if (path.includes('rest/')) {
        const html = await (await fetch(`${env.server.baseUrl}${path}`)).text();
        assert.ok(/<link rel=stylesheet href=(\/en)?\/assets\/css\/reference-styles\.[0-9a-f]+\.css/.test(html), 'the reference stylesheet is linked by the page itself');
      }
      await context.close();
    });
  }

  test('the main bundle, and only it, asks V8 to compile all its functions as it streams in', async () => {
    for (const path of ['/vpost/integracion', '/en/rest/autenticacion']) {
      const html = await (await fetch(`${env.server.baseUrl}${path}`)).text();
      const scripts = [...html.matchAll(/<script src=([^ >]+) defer/g)].map((match) => match[1]!);
      const main = scripts.filter((src) => MAIN_BUNDLE.test(src));
      assert.equal(main.length, 1, `${path}: one main bundle among ${scripts.join(', ')}`);
      for (const src of scripts) {
        const firstLine = (await (await fetch(`${env.server.baseUrl}${src}`)).text()).split('\n', 1)[0];
        if (src === main[0]) assert.equal(firstLine, MAIN_COMPILE_HINT, `${src} opens with the compile hint`);
        else assert.ok(!firstLine!.startsWith('//#'), `${src} (loaded by ${path}) is compiled lazily: ${firstLine!.slice(0, 40)}`);
      }
    }
  });

  test('hydration keeps the guide tabs as the server drew them; a hidden panel comes to life when shown', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    // Mark each server-drawn panel once the HTML is parsed, before the
    // deferred scripts run (readyState "interactive" comes first): a panel
    // drawn again by React is a new element, without the mark.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
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

  test('links in view are prefetched', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, undefined, {timeout: 10_000});
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('guide and reference pages start without a localeCompare call (no ICU collator to build)', async () => {
    for (const path of ['/vpost/integracion', '/rest/autenticacion', '/en/v1/vpost/integracion']) {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.addInitScript(() => {
        const calls: string[] = [];
        Object.assign(window, {localeCompareCalls: calls});
        const original = String.prototype.localeCompare;
        String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
          calls.push(new Error().stack ?? '');
          return original.apply(this, args);
        };
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      await page.waitForTimeout(1000);
      const calls = await page.evaluate(() => (window as unknown as {localeCompareCalls: string[]}).localeCompareCalls);
      assert.deepEqual(calls, [], `${path} called localeCompare as it started`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
