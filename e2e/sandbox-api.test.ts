/**
 * Try-it answers for real: the request panel of a reference page
 * sends to the portal's own sandbox, starting from the contract's example.
 * Send on the authentication page gives a token; with that token in the body,
 * the card payment page's example (a test Visa encrypted with the demo key the
 * encryption page shows) is approved.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {loadDemoMerchant} from '../server/sandbox/merchants/demoMerchant';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const MERCHANT = loadDemoMerchant();

async function openConsole(page: Page, path: string, open: string): Promise<void> {
  await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
  await page.getByRole('button', {name: open}).dispatchEvent('click');
  await page.locator('.openapi-explorer__playground-editor').first().waitFor({state: 'visible', timeout: 30_000});
}

/** Presses Send and returns the sandbox's JSON answer as the panel shows it. */
async function send(page: Page, button: string, operation: string): Promise<Record<string, unknown>> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(operation));
  await page.getByRole('button', {name: button}).click();
  const response = await answered;
  assert.equal(new URL(response.url()).origin, env.server.baseUrl, 'the request went to the portal itself');
  assert.ok(new URL(response.url()).pathname.startsWith('/sandbox/'), `the sandbox answered (${response.url()})`);
  const shown = page.locator('.openapi-explorer__response-container pre, .openapi-explorer__response-container code').first();
  await shown.waitFor({state: 'visible', timeout: 30_000});
  return (await response.json()) as Record<string, unknown>;
}

describe('try-it against the sandbox', () => {
  test('Send on the authentication page answers codigoRespuesta 0 with a token', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    await openConsole(page, '/rest/autenticacion', 'Abrir la consola');
    const body = await page.locator('.openapi-explorer__playground-editor').first().innerText();
    assert.match(body, new RegExp(`"usuario":\\s*"${MERCHANT.usuario}"`), 'the body starts from the contract example');
    const answer = await send(page, 'Enviar la solicitud', '/autenticar');
    assert.equal(answer.codigoRespuesta, '0');
    assert.match(String(answer.tokenSeguridad), /^[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByText(String(answer.tokenSeguridad)).first().waitFor({timeout: 10_000});
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the card payment example, with a fresh token, is approved (English page)', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    const auth = await page.request.post(`${env.server.baseUrl}/sandbox/auth/autenticar`, {data: {usuario: MERCHANT.usuario, clave: MERCHANT.clave, terminal: MERCHANT.terminal}});
    const token = ((await auth.json()) as {tokenSeguridad: string}).tokenSeguridad;
    await openConsole(page, '/en/rest/pago-tarjeta', 'Open the console');
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    const example = JSON.parse(await editor.innerText()) as Record<string, unknown>;
    assert.equal((example.MetodoPago as {Id: string}).Id, '37', 'the example pays with the demo Visa');
    // The reader pastes the body back with the token from /autenticar.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: env.server.baseUrl});
    await page.evaluate(async (text) => navigator.clipboard.writeText(text), JSON.stringify({...example, tokenSeguridad: token}, null, 2));
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    assert.equal((JSON.parse(await editor.innerText()) as {tokenSeguridad: string}).tokenSeguridad, token, 'the body holds the fresh token');
    const answer = await send(page, 'Send API Request', '/confirmacionTransaccionMedioPago');
    assert.equal(answer.CodigoRespuesta, '0', JSON.stringify(answer));
    assert.equal(answer.estado, 'OK');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
