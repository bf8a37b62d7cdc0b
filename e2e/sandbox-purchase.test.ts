/**
 * The sandbox end to end, as a reader without a server uses it: the general
 * payment sample copied from the code dialog, published as a merchant's page,
 * posts to the sandbox's purchase page; the buyer pays with a test card and
 * goes back to the merchant; the signed confirmation is in the inbox.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {loadPortalConfig} from '../core/config';
import {SANDBOX_PAGES} from '../core/data/sandbox';
import {loadDemoMerchant} from '../server/sandbox/merchants/demoMerchant';
import {wcagViolations} from './axe';
import {openPage, useServerAndBrowser} from './support';

const demo = loadDemoMerchant();

const env = useServerAndBrowser();
const config = loadPortalConfig(process.env);
const firma = `firma${config.productName}`;
/** Stands for the merchant's own site, where the copied sample is published. */
const MERCHANT_PAGE = 'http://comercio.test/pagar.html';

/** WCAG 2.1 AA on a sandbox page, as e2e/sitemap.test.ts checks the portal's pages. */
async function assertAccessible(page: Page): Promise<void> {
  assert.deepEqual(await wcagViolations(page), [], `axe on ${page.url()}`);
}

describe('sandbox purchase page', () => {
  test('a sample form from the code dialog reaches the purchase page, completes, and its confirmation shows in the inbox', async () => {
    // A Spanish-speaking reader: the sandbox's own pages follow Accept-Language where no form says otherwise.
    const context = await env.browser.newContext({locale: 'es-CO'});
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: env.server.baseUrl});
    const {page, errors} = await openPage(context);

    // 1. Copy the general payment sample from its dialog.
    await page.goto(`${env.server.baseUrl}/vpost/integracion?tab=pruebas-vpost&muestra=pagogeneral`);
    const dialog = page.getByRole('dialog', {name: 'Pago general'});
    await dialog.waitFor({state: 'visible'});
    await dialog.getByRole('button', {name: 'Copiar'}).click();
    await page.getByRole('status').filter({hasText: 'Texto copiado'}).waitFor({state: 'visible'});
    const code = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(code.includes(`${env.server.baseUrl}${SANDBOX_PAGES.purchase}`), "the sample posts to this portal's sandbox");
    assert.deepEqual(errors, []);

    // 2. Publish it as the merchant's page and press its button, as a buyer would.
    const merchant = await context.newPage();
    await merchant.route(MERCHANT_PAGE, (route) => route.fulfill({status: 200, contentType: 'text/html; charset=utf-8', body: code}));
    await merchant.goto(MERCHANT_PAGE);
    await Promise.all([merchant.waitForURL(`${env.server.baseUrl}${SANDBOX_PAGES.purchase}`), merchant.getByRole('button', {name: 'Pagar'}).click()]);

    // 3. The purchase page: accepted as an unsigned sample; pay with the Visa test card.
    await merchant.getByRole('heading', {level: 1, name: 'Página de compra (entorno de pruebas)'}).waitFor();
    assert.ok(await merchant.getByText('Muestra sin firmar').isVisible());
    await assertAccessible(merchant);
    await merchant.getByLabel('Tarjeta de crédito: Visa (37)').check();
    assert.ok(await merchant.getByLabel('Aprobada (transaccionAprobada 1)').isChecked());
    await merchant.getByRole('button', {name: 'Pagar'}).click();

    // 4. Paid: the confirmation went to the sandbox's receiver; back to the merchant with the response variables.
    await merchant.getByRole('heading', {level: 1, name: 'Pago simulado'}).waitFor();
    assert.ok(await merchant.getByText(`${firma} es válida`).isVisible());
    await assertAccessible(merchant);
    await merchant.getByRole('button', {name: 'Volver al comercio'}).click();
    await merchant.getByRole('heading', {level: 1, name: 'URL de respuesta del entorno de pruebas'}).waitFor();
    assert.ok(await merchant.getByText(`${firma} es válida`).isVisible());

    // 5. The inbox holds what the gateway would have POSTed, signed: read as its JSON API answers the
    // demo merchant (the inbox's browser page is the portal's own React page, tested with it).
    const inbox = await context.request.get(`${env.server.baseUrl}${SANDBOX_PAGES.inbox}`, {
      headers: {accept: 'application/json', authorization: `Basic ${Buffer.from(`${demo.usuario}:${demo.clave}`).toString('base64')}`},
    });
    assert.equal(inbox.status(), 200);
    const [entry] = ((await inbox.json()) as {notificaciones: {firmaValida: boolean; cuerpo: Record<string, string>}[]}).notificaciones;
    assert.ok(entry?.firmaValida);
    for (const [name, value] of [
      ['codigoFactura', 'FAC-000123'],
      ['valorFactura', '150000'],
      ['transaccionAprobada', '1'],
      ['metodoPago', '37'],
      ['nombreMetodo', 'Visa'],
      ['campoExtra1', 'pedido-web-77'],
    ] as const) {
      assert.equal(entry.cuerpo[name], value, name);
    }
    await assertAccessible(merchant);
    await context.close();
  });
});
