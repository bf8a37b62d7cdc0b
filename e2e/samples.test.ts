import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {SAMPLE_KEYS, buildSample} from '../core/data/codeSamples';
import {loadPortalConfig, samplePurchaseEndpoint} from '../core/config';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const config = loadPortalConfig(process.env);

/** Where each sample's button is. */
const PAGE_OF = (key: string) => (key === 'cifrado' ? '/tcrest' : '/vpost/integracion?tab=pruebas-vpost');

describe('code samples', () => {
  for (const locale of ['es', 'en'] as const) {
    for (const key of SAMPLE_KEYS) {
      test(`${key} (${locale}): opens from its button, copies exactly its code and says so`, async () => {
        const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: env.server.baseUrl});
        const {page, errors} = await openPage(context);
        const prefix = locale === 'es' ? '' : '/en';
        await page.goto(`${env.server.baseUrl}${prefix}${PAGE_OF(key)}`);
        const button = page.locator(`a[href*="muestra=${key}"]`).locator('xpath=preceding-sibling::button[1]');
        await button.click();

        const dialog = page.getByRole('dialog');
        await dialog.waitFor({state: 'visible'});
        assert.ok(page.url().includes(`muestra=${key}`), 'the address names the open sample');
        const title = (await dialog.locator('h2').textContent()) ?? '';
        const sample = buildSample(key, samplePurchaseEndpoint(config, env.server.baseUrl), locale, title);
        assert.equal((await dialog.getByTitle(/Formato|Format/).textContent())?.trim(), sample.format);

        // 70vw wide on a desktop screen.
        const box = await dialog.boundingBox();
        assert.ok(box !== null && Math.abs(box.width - 1280 * 0.7) < 2, `dialog width ${box?.width}`);

        await dialog.getByRole('button', {name: locale === 'es' ? 'Copiar' : 'Copy'}).click();
        const toast = page.getByRole('status').filter({hasText: locale === 'es' ? 'Texto copiado' : 'Text copied'});
        await toast.waitFor({state: 'visible'});
        const clipboard = await page.evaluate(() => navigator.clipboard.readText());
        assert.equal(clipboard, sample.code);

        // Top-right corner.
        const toastBox = await toast.boundingBox();
        assert.ok(toastBox !== null && toastBox.x + toastBox.width > 1280 - 40 && toastBox.y < 200, 'toast sits top-right');

        await dialog.getByRole('button', {name: locale === 'es' ? 'Cerrar' : 'Close'}).click();
        await dialog.waitFor({state: 'hidden'});
        assert.ok(!page.url().includes('muestra='), 'closing clears the address');
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }

  test("a sample's own link keeps the tab it sits in, and reopens it there", async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion?tab=pruebas-vpost`);
    const link = page.locator('a[href*="muestra=pagorecurrente"]');
    await page.waitForFunction(() => document.querySelector('a[href*="muestra=pagorecurrente"]')?.getAttribute('href')?.includes('tab=') === true);
    assert.equal(await link.getAttribute('href'), '/vpost/integracion?tab=pruebas-vpost&muestra=pagorecurrente');

    await page.goto(`${env.server.baseUrl}/vpost/integracion?tab=pruebas-vpost&muestra=pagorecurrente`);
    const dialog = page.getByRole('dialog', {name: 'Pago recurrente'});
    await dialog.waitFor({state: 'visible'});
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'hidden'});
    assert.equal(new URL(page.url()).search, '?tab=pruebas-vpost');
    assert.ok(await page.getByRole('tab', {name: 'Pruebas', selected: true}).isVisible(), 'the Pruebas tab is open under the closed dialog');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a deep link opens the sample on arrival, on any page', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost?muestra=pagotoken`);
    const dialog = page.getByRole('dialog', {name: 'Pago con token'});
    await dialog.waitFor({state: 'visible'});
    assert.match((await dialog.locator('pre').textContent()) ?? '', /tokenTarjeta/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'hidden'});
    assert.deepEqual(errors, []);
    await context.close();
  });
});
