/**
 * The certification as a new integrator meets it on the sandbox page, in each
 * language: create credentials, run the portal's own PHP samples (the
 * confirmation handler and the return page, as the POST channel's guide says)
 * on this machine, press "Certificar mi integración" (in Spanish the sandbox
 * posts to them directly; in English escuchar.mjs, downloaded from the form,
 * makes the requests), watch the run end as passed, open the report, open its
 * shared link in another browser without credentials, revoke it, and find the
 * link closed.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {Page} from 'playwright-core';
import {loadPortalConfig} from '../core/config';
import {wcagViolations} from './axe';
import {freePort, openPage, ROOT, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const base = (): string => env.server.baseUrl;
const firma = `firma${loadPortalConfig(process.env).productName}`;

const LOCALES = [
  {
    lang: 'es',
    prefix: '',
    browserLocale: 'es-CO',
    via: 'El entorno de pruebas, directamente a sus URL',
    create: 'Crear credenciales de prueba',
    title: 'Certificar mi integración',
    confirmationUrl: 'URL de su receptor de confirmaciones',
    responseUrl: 'URL de su página de respuesta (opcional)',
    passed: 'Aprobada',
    open: /Abrir el informe/,
    reportTitle: 'Certificación de la integración',
    revoke: 'Revocar el enlace',
    revoked: 'ya no abre, para nadie',
    connected: '',
  },
  {
    lang: 'en',
    prefix: '/en',
    browserLocale: 'en-US',
    via: 'escuchar.mjs, on your computer',
    create: 'Create test credentials',
    title: 'Certify my integration',
    confirmationUrl: 'URL of your confirmation handler',
    responseUrl: 'URL of your return page (optional)',
    passed: 'Passed',
    open: /Open the report/,
    reportTitle: 'Certification of the integration',
    revoke: 'Revoke the link',
    revoked: 'no longer opens, for anyone',
    connected: 'Connected to the event stream.',
  },
] as const;

/** One of the PHP samples under PHP's own server, as the guide runs it. */
async function php(file: string, vars: Record<string, string>): Promise<{url: string; stop: () => void}> {
  const port = await freePort();
  const child = spawn('php', ['-S', `127.0.0.1:${port}`, join(ROOT, 'samples/php', file)], {env: {...process.env, ...vars}, stdio: 'ignore'});
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      await fetch(url, {method: 'HEAD'});
      break;
    } catch {
      if (i > 100) throw new Error(`php -S ${file} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {url, stop: () => child.kill()};
}

async function credentialsOn(page: Page, create: string): Promise<{usuario: string; clave: string; llave: string}> {
  const panel = page.getByTestId('sandbox-credentials');
  await panel.getByRole('button', {name: create}).click();
  await panel.getByTestId('credential-llave').waitFor({state: 'visible', timeout: 15_000});
  const read = async (name: string): Promise<string> => (await panel.getByTestId(`credential-${name}`).innerText()).trim();
  return {usuario: await read('usuario'), clave: await read('clave'), llave: await read('llave')};
}

for (const locale of LOCALES) {
  describe(`the certification of an integration (${locale.lang})`, () => {
    test("the portal's PHP samples, certified from the sandbox page; the report by its link, then revoked", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'certificar-'));
      const servers: {stop: () => void}[] = [];
      let listener: ChildProcess | undefined;
      const context = await env.browser.newContext({locale: locale.browserLocale, viewport: {width: 1280, height: 900}, acceptDownloads: true});
      const stranger = await env.browser.newContext({locale: locale.browserLocale});
      try {
        const {page, errors} = await openPage(context);
        await page.goto(`${base()}${locale.prefix}/sandbox`);
        const mine = await credentialsOn(page, locale.create);
        writeFileSync(join(dir, 'pedidos.txt'), 'FAC-000123 150000 pendiente\n');
        const handler = await php('confirmacion.php', {LLAVE_TERMINAL: mine.llave, CAMPO_FIRMA: firma, PEDIDOS: join(dir, 'pedidos.txt')});
        servers.push(handler);
        const returnPage = await php('retorno.php', {LLAVE_TERMINAL: mine.llave, CAMPO_FIRMA: firma});
        servers.push(returnPage);

        const form = page.getByRole('region', {name: locale.title});
        await form.scrollIntoViewIfNeeded();
        await form.getByLabel(locale.confirmationUrl).fill(handler.url);
        await form.getByLabel(locale.responseUrl).fill(returnPage.url);
        await form.getByLabel(locale.via).check();
        if (locale.connected !== '') {
          // The listener as the form offers it: downloaded from its link, run with the command it shows.
          const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('link', {name: 'escuchar.mjs'}).click()]);
          const file = join(dir, 'escuchar.mjs');
          await download.saveAs(file);
          const command = (await form.getByTestId('listener-command').innerText()).trim();
          const args = command.split(/\s+/).slice(2);
          assert.deepEqual(args, ['--usuario', mine.usuario, '--clave', mine.clave, '--reenviar', handler.url, '--retorno', returnPage.url]);
          let output = '';
          listener = spawn(process.execPath, [file, ...args], {stdio: ['ignore', 'pipe', 'pipe']});
          listener.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
          listener.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
          for (let i = 0; i < 150 && !output.includes(locale.connected); i++) await new Promise((resolve) => setTimeout(resolve, 100));
          assert.ok(output.includes(locale.connected), `escuchar.mjs did not connect:\n${output}`);
        }
        await form.getByRole('button', {name: locale.title}).click();
        await form.locator('[role="status"]', {hasText: locale.passed}).waitFor({timeout: 90_000});
        assert.deepEqual(await wcagViolations(page), [], 'the form and its results are accessible');

        // The report, as its link opens it: in the same language, passed, with the addresses tested.
        const [report] = await Promise.all([context.waitForEvent('page'), form.getByRole('link', {name: locale.open}).click()]);
        await report.waitForLoadState();
        await report.getByRole('heading', {level: 1, name: locale.reportTitle}).waitFor();
        assert.ok(await report.getByText(handler.url).first().isVisible());
        const link = report.url();
        // Anyone with the link reads it, without credentials.
        const other = await stranger.newPage();
        assert.equal((await other.goto(link))?.status(), 200);
        await other.getByRole('heading', {level: 1, name: locale.reportTitle}).waitFor();

        // Revoked from the form's list: the link opens for nobody.
        await form.getByText(/\(\d+\)$/).click();
        await form.getByRole('button', {name: locale.revoke}).first().click();
        await form.getByRole('status').filter({hasText: locale.revoked}).waitFor();
        assert.equal((await other.goto(link))?.status(), 404);
        assert.deepEqual(errors, []);
      } finally {
        listener?.kill();
        for (const server of servers) server.stop();
        await stranger.close();
        await context.close();
        rmSync(dir, {recursive: true, force: true});
      }
    });
  });
}
