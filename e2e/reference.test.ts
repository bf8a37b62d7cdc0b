/**
 * The API reference's request panel (docusaurus-theme-openapi-docs: the
 * console to try an operation and its code snippets) is 1.7 MB gzipped of
 * JavaScript. It comes when the reader uses the page or asks for it, never
 * with a page that is only loaded, and then it works.
 *
 * The operation itself (parameters, request body, responses) is in the built
 * HTML (src/components/DrawnEverywhere): readable without JavaScript, and not
 * moved about when the page starts.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {bringRequestPanelByPointer, FROM_SERVER, markServerDrawn, openPage, REQUEST_PANEL_SNIPPETS as SNIPPETS, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

describe('the request panel of a reference page', () => {
  test('a desktop page loads without it, and the first pointer move brings it with code for the operation', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    // Each script's size once its body is read: a body may still be on its way to the test when the page already runs it.
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => body.length));
    });
    const bytesOf = async (from: number): Promise<number> => (await Promise.all(scripts.slice(from))).reduce((sum, size) => sum + size, 0);
    await page.goto(`${env.server.baseUrl}/rest/autenticacion`, {waitUntil: 'networkidle'});
    assert.equal(await page.locator(SNIPPETS).count(), 0, 'no panel before the reader does anything');
    assert.ok(await page.getByRole('button', {name: 'Abrir la consola'}).isVisible());
    const loaded = scripts.length;
    const before = await bytesOf(0);
    assert.ok(before < 2_000_000, `the page alone fetched ${before} bytes of JavaScript`);

    await bringRequestPanelByPointer(page);
    const snippet = page.locator(SNIPPETS).first();
    // The snippet calls the operation at the configured API base.
    assert.match((await snippet.textContent()) ?? '', /https?:\/\/[^\s"']+\/autenticar/);
    assert.ok((await bytesOf(loaded)) > 1_000_000, 'the panel arrived with its own JavaScript');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone, "Open the console" brings it at once, with no other use of the page', async () => {
    const context = await env.browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/en/rest/consulta-estado`, {waitUntil: 'networkidle'});
    assert.equal(await page.locator(SNIPPETS).count(), 0);
    // Pressed where it is: tapping it would first scroll to it, and a scroll
    // alone already brings the panel when it is in view.
    await page.getByRole('button', {name: 'Open the console'}).dispatchEvent('click');
    const snippet = page.locator(SNIPPETS).first();
    await snippet.waitFor({state: 'visible', timeout: 30_000});
    assert.match((await snippet.textContent()) ?? '', /\/consultarEstadoTransaccion/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the operation of a reference page', () => {
  const PAGES = [
    {path: '/rest/autenticacion', request: ['usuario', 'clave', 'terminal'], response: ['codigoRespuesta', 'mensaje', 'tokenSeguridad']},
    {path: '/en/tcrest/pago-tarjeta', request: ['Referencia', 'Descripcion', 'tokenSeguridad'], response: []},
  ];

  for (const {path, request, response} of PAGES) {
    test(`${path} shows its request body and responses without JavaScript`, async () => {
      const context = await env.browser.newContext({javaScriptEnabled: false});
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}${path}`);
      const operation = page.locator('.openapi-left-panel__container');
      const properties = await operation.locator('.openapi-schema__property').allTextContents();
      for (const name of [...request, ...response]) assert.ok(properties.includes(name), `${name} is among ${properties.join(', ')}`);
      // The request body's fields are in view at once, not in a closed section.
      for (const name of request) {
        assert.ok(
          await operation
            .locator('.openapi-schema__property', {hasText: new RegExp(`^${name}$`)})
            .first()
            .isVisible(),
          `${name} is visible`,
        );
      }
      assert.ok(await operation.locator('#responses').isVisible());
      // The only placeholder left is the request panel's, which needs JavaScript.
      assert.equal(await operation.locator('.openapi-skeleton').count(), 0);
      await context.close();
    });
  }

  test('/rest/autenticacion keeps the tab groups the server drew as it starts, and they still switch', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await markServerDrawn(page, '[role=tablist], [role=tabpanel]');
    await page.goto(`${env.server.baseUrl}/rest/autenticacion`, {waitUntil: 'networkidle'});
    await page.waitForTimeout(1500);
    const operation = page.locator('.openapi-left-panel__container');
    const drawn = await operation.locator('[role=tablist], [role=tabpanel]').count();
    assert.ok(drawn >= 8, `${drawn} tab lists and panels`);
    assert.equal(await operation.locator(`[${FROM_SERVER}]`).count(), drawn, 'no tab group was drawn again after hydration');

    // The response's example tabs still switch, each to its own example.
    for (const [name, code] of [
      ['Fallida', '1'],
      ['Exitosa', '0'],
    ]) {
      const tab = operation.getByRole('tab', {name});
      await tab.click();
      assert.equal(await tab.getAttribute('aria-selected'), 'true');
      const shown = operation.locator('.openapi-tabs__schema-container', {has: page.getByRole('tab', {name})}).locator('[role=tabpanel]:not([hidden])');
      assert.match((await shown.textContent()) ?? '', new RegExp(`"codigoRespuesta": "${code}"`), `${name} shows its example`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const path of ['/rest/autenticacion', '/rest/pago-tarjeta']) {
    test(`${path} does not move on a phone as it starts`, async () => {
      const context = await env.browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
      const {page, errors} = await openPage(context);
      await page.addInitScript(() => {
        const w = window as unknown as {shift: number};
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[]) {
            if (!entry.hadRecentInput) w.shift += entry.value;
          }
        }).observe({type: 'layout-shift', buffered: true});
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      await page.waitForTimeout(1500);
      const shift = await page.evaluate(() => (window as unknown as {shift: number}).shift);
      assert.ok(shift < 0.01, `layout shift ${shift.toFixed(4)}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
