/**
 * The integrator's tools (contributing/integrator-tools.md): the signature workbench verifies a
 * confirmation without sending anything, and the live samples can be edited
 * and run; pages without a live block do not load react-live.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {EXAMPLE_KEY, SECURITY_EXAMPLES} from '../core/data/securityExamples';
import {loadPortalConfig} from '../core/config';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const config = loadPortalConfig(process.env);
const example = (name: string): string => SECURITY_EXAMPLES.firma.inputs.find((input) => input.name === name)?.value ?? '';

/** A confirmation body as the gateway posts it (/vpost/integracion?tab=sonda). */
function confirmation(valorFactura = example('valorFactura')): string {
  return new URLSearchParams({
    codigoFactura: example('codigoFactura'),
    valorFactura,
    transaccionAprobada: '1',
    codigoAutorizacion: example('codigoAutorizacion'),
    [`firma${config.productName}`]: SECURITY_EXAMPLES.firma.output,
    numeroTransaccion: '7700123',
    metodoPago: '37',
    nombreMetodo: 'Visa',
  }).toString();
}

describe('signature workbench', () => {
  for (const locale of ['es', 'en'] as const) {
    test(`${locale}: a confirmation is valid, one changed digit makes it invalid, and nothing leaves the page`, async () => {
      const context = await env.browser.newContext({viewport: {width: 390, height: 844}});
      const {page, errors} = await openPage(context);
      const prefix = locale === 'es' ? '' : '/en';
      await page.goto(`${env.server.baseUrl}${prefix}/firmas`);
      // The generator opens on the worked example.
      await page.getByTestId(`firma${config.productName}-result`).filter({hasText: SECURITY_EXAMPLES.firma.output}).waitFor();

      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' || !request.url().startsWith(env.server.baseUrl)) sent.push(`${request.method()} ${request.url()}`);
      });
      const t =
        locale === 'es'
          ? {body: 'Confirmación recibida (cuerpo del POST)', key: 'Llave de la terminal', verify: 'Verificar', valid: 'Válida', invalid: 'No válida'}
          : {body: 'Received confirmation (POST body)', key: 'Terminal key', verify: 'Verify', valid: 'Valid', invalid: 'Invalid'};
      const verifier = page.getByRole('form', {name: locale === 'es' ? 'Verificar una confirmación' : 'Verify a confirmation'});
      await verifier.getByLabel(t.body).fill(confirmation());
      await verifier.getByLabel(t.key).fill(EXAMPLE_KEY);
      await verifier.getByRole('button', {name: t.verify}).click();
      const result = verifier.getByTestId('verification');
      await result.getByText(new RegExp(`^${t.valid}:`)).waitFor();

      const changed = `${example('valorFactura').slice(0, -1)}${(Number(example('valorFactura').slice(-1)) + 1) % 10}`;
      await verifier.getByLabel(t.body).fill(confirmation(changed));
      await verifier.getByRole('button', {name: t.verify}).click();
      await result.getByText(new RegExp(`^${t.invalid}:`)).waitFor();
      assert.ok((await result.textContent())?.includes(changed), 'the inputs used are shown');

      assert.deepEqual(sent, [], 'no request carried the key or the confirmation');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('live samples', () => {
  test('the encryption sample is edited and run in the page', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/guias/cifrado`);
    const block = page.locator('[data-live-sample="cifrado"]');
    await block.scrollIntoViewIfNeeded();
    const editor = block.locator('.prism-code[contenteditable]').first();
    await editor.waitFor({timeout: 30_000});
    const preview = block.locator('[class*="playgroundPreview"]');
    await preview.getByText(/^[0-9a-f]{512}$/).waitFor();

    // Edit: a last line that renders something else; react-live shows the last render.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type("render(<pre>{'editado ' + cifrarValor('2028', LLAVE_PUBLICA_PEM).length}</pre>);");
    await preview.getByText('editado 512').waitFor({timeout: 15_000});
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a guide page without a live block does not load react-live', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page} = await openPage(context);
    // Every script's text, each awaited below: a body may still be on its way to the test once the network is idle.
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    await page.goto(`${env.server.baseUrl}/vpost`, {waitUntil: 'networkidle'});
    const scripts = await Promise.all(bodies);
    assert.ok(scripts.length > 0);
    assert.ok(!scripts.some((text) => text.includes('No-Inline evaluations must call')), 'react-live was loaded');
    await context.close();
  });
});

describe('machine-readable docs', () => {
  test('/llms.txt and /en/llms.txt index the Markdown copies of guides and reference pages', async () => {
    for (const [path, prefix] of [
      ['/llms.txt', ''],
      ['/en/llms.txt', '/en'],
    ] as const) {
      const response = await fetch(`${env.server.baseUrl}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      const text = await response.text();
      assert.match(text, new RegExp(`\\]\\([^)]*${prefix}/vpost/integracion\\.md\\)`), `${path} links the guide`);
      assert.match(text, new RegExp(`\\]\\([^)]*${prefix}/rest/autenticacion\\.md\\)`), `${path} links a reference page`);
    }
  });

  test('a guide and a reference page are served as Markdown', async () => {
    for (const [path, heading] of [
      ['/vpost/integracion.md', '# Integración'],
      ['/en/vpost/integracion.md', '# Integration'],
      ['/rest/autenticacion.md', 'tokenSeguridad'],
    ] as const) {
      const response = await fetch(`${env.server.baseUrl}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.ok((await response.text()).includes(heading), `${path} has ${heading}`);
    }
  });

  test('"Copiar página" copies the page\'s Markdown; a reference page offers its contract', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: env.server.baseUrl});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`);
    await page.getByRole('button', {name: 'Copiar página'}).click();
    await page.getByRole('status').filter({hasText: 'Página copiada como Markdown.'}).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await (await fetch(`${env.server.baseUrl}/vpost/integracion.md`)).text());

    await page.goto(`${env.server.baseUrl}/en/rest/autenticacion`);
    const link = page.getByRole('link', {name: 'Download OpenAPI contract'});
    const href = await link.getAttribute('href');
    assert.ok(href !== null);
    const contract = await fetch(new URL(href, env.server.baseUrl));
    assert.equal(contract.status, 200);
    assert.match(await contract.text(), /^openapi: 3/m);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
