/**
 * Every integrator their own sandbox, tried as a new
 * user would, in each language: create credentials on the sandbox page;
 * try-it's authentication body carries them and Send gives a token; the card
 * payment's try-it, with that token, is approved; "Probar en el entorno de
 * pruebas" on the normal-payment sample opens the purchase page signed with
 * the new key; the signed confirmation shows in the merchant's own inbox, is
 * resent from there, and both calls are in its request log; escuchar.mjs,
 * downloaded from the sandbox page, forwards the confirmation to an HTTP
 * server on this machine. A second browser with other credentials sees none
 * of it.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {BrowserContext, Page} from 'playwright-core';
import {loadPortalConfig} from '../core/config';
import {responseSignature} from '../core/signatures';
import {SANDBOX_PAGES} from '../core/data/sandbox';
import {openPage, useServerAndBrowser} from './support';

// ---- Set-up: one production server and one browser for the file (kept here, in one place). ----
const env = useServerAndBrowser();
const base = (): string => env.server.baseUrl;
const firma = `firma${loadPortalConfig(process.env).productName}`;
// ------------------------------------------------------------------------------------------------

interface Credentials {
  readonly usuario: string;
  readonly clave: string;
  readonly terminal: string;
  readonly llave: string;
}

/** What a reader of each language sees and presses. */
const LOCALES = [
  {
    lang: 'es',
    prefix: '',
    browserLocale: 'es-CO',
    create: 'Crear credenciales de prueba',
    openConsole: 'Abrir la consola',
    send: 'Enviar la solicitud',
    normalPayment: 'Pago normal',
    trySandbox: 'Probar en el entorno de pruebas',
    purchaseTitle: 'Página de compra (entorno de pruebas)',
    visa: 'Tarjeta de crédito: Visa (37)',
    approved: 'Aprobada (transaccionAprobada 1)',
    pay: 'Pagar',
    doneTitle: 'Pago simulado',
    firmaValid: `${firma} es válida`,
    invoice: 'Factura FAC-000123',
    signatureValid: /^válida\b/u,
    resend: 'Reenviar',
    resent: /^Reenviada: /,
    inboxEmpty: 'Aún no hay confirmaciones.',
    own: 'Registros de su comercio de pruebas',
    connected: 'Conectado al flujo de eventos.',
    delivered: 'confirmación',
  },
  {
    lang: 'en',
    prefix: '/en',
    browserLocale: 'en-US',
    create: 'Create test credentials',
    openConsole: 'Open the console',
    send: 'Send API Request',
    normalPayment: 'Normal payment',
    trySandbox: 'Try in the sandbox',
    purchaseTitle: 'Purchase page (sandbox)',
    visa: 'Credit card: Visa (37)',
    approved: 'Approved (transaccionAprobada 1)',
    pay: 'Pay',
    doneTitle: 'Payment simulated',
    firmaValid: `${firma} is valid`,
    invoice: 'Invoice FAC-000123',
    signatureValid: /^valid\b/,
    resend: 'Resend',
    resent: /^Resent: /,
    inboxEmpty: 'No confirmations yet.',
    own: 'Records of your test merchant',
    connected: 'Connected to the event stream.',
    delivered: 'confirmation',
  },
] as const;
/** A reader's language as the test drives it: its browser locale and the words it expects. */
type ReaderLanguage = (typeof LOCALES)[number];

/** A new reader: its own browser context (own storage), in its language. */
async function newReader(locale: ReaderLanguage): Promise<{context: BrowserContext; page: Page; errors: string[]}> {
  const context = await env.browser.newContext({locale: locale.browserLocale, viewport: {width: 1280, height: 900}, acceptDownloads: true});
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: base()});
  const {page, errors} = await openPage(context);
  return {context, page, errors};
}

/** Presses "create" on the sandbox page and reads the four values the panel shows. */
async function createCredentials(page: Page, locale: ReaderLanguage): Promise<Credentials> {
  await page.goto(`${base()}${locale.prefix}/sandbox`);
  const panel = page.getByTestId('sandbox-credentials');
  await panel.getByRole('button', {name: locale.create}).click();
  await panel.getByTestId('credential-llave').waitFor({state: 'visible', timeout: 15_000});
  const read = async (name: string): Promise<string> => (await panel.getByTestId(`credential-${name}`).innerText()).trim();
  const credentials = {usuario: await read('usuario'), clave: await read('clave'), terminal: await read('terminal'), llave: await read('llave')};
  assert.match(credentials.terminal, /^\d{12}$/);
  assert.equal(credentials.usuario, `prueba.${credentials.terminal}`);
  assert.match(credentials.clave, /^[\w-]{24}$/);
  assert.match(credentials.llave, /^[0-9a-f]{32}$/);
  return credentials;
}

async function openConsole(page: Page, path: string, button: string): Promise<void> {
  await page.goto(`${base()}${path}`, {waitUntil: 'networkidle'});
  await page.getByRole('button', {name: button}).dispatchEvent('click');
  await page.locator('.openapi-explorer__playground-editor').first().waitFor({state: 'visible', timeout: 30_000});
}

/** Presses Send and returns the sandbox's JSON answer. */
async function send(page: Page, button: string, operation: string): Promise<Record<string, unknown>> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(operation));
  await page.getByRole('button', {name: button}).click();
  const response = await answered;
  assert.ok(new URL(response.url()).pathname.startsWith('/sandbox/'), `the sandbox answered (${response.url()})`);
  await page.locator('.openapi-explorer__response-container pre, .openapi-explorer__response-container code').first().waitFor({state: 'visible', timeout: 30_000});
  return (await response.json()) as Record<string, unknown>;
}

/** The merchant's server on this machine: records every POST it gets. */
async function localReceiver(): Promise<{url: string; received: {path: string; body: string}[]; close: () => Promise<void>}> {
  const received: {path: string; body: string}[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({path: request.url ?? '', body});
      response.writeHead(200, {'content-type': 'text/plain'}).end('recibido');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/confirmacion`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs the downloaded listener as the sandbox page says; resolves once it is connected. */
async function runListener(file: string, credentials: Credentials, forwardTo: string, connected: string): Promise<{child: ChildProcess; output: () => string}> {
  const child = spawn(process.execPath, [file, '--usuario', credentials.usuario, '--clave', credentials.clave, '--reenviar', forwardTo], {stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => output.includes(connected),
    () => `escuchar.mjs did not connect:\n${output}`,
  );
  return {child, output: () => output};
}

async function waitFor(condition: () => boolean, message: () => string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The same JSON the pages read, asked as a JSON client with the merchant's credentials. */
async function readJson<T>(context: BrowserContext, path: string, credentials: Credentials): Promise<T> {
  const response = await context.request.get(`${base()}${path}`, {
    headers: {accept: 'application/json', authorization: `Basic ${Buffer.from(`${credentials.usuario}:${credentials.clave}`).toString('base64')}`},
  });
  assert.equal(response.status(), 200, path);
  return (await response.json()) as T;
}

interface InboxEntry {
  readonly id: string;
  readonly origen?: string;
  readonly firmaValida: boolean;
  readonly cuerpo: Record<string, string>;
}
interface LogEntry {
  readonly canal: string;
  readonly operacion: string;
  readonly estado: number;
}

for (const locale of LOCALES) {
  describe(`a new integrator's own sandbox (${locale.lang})`, () => {
    test('own credentials through try-it, the code dialog, the purchase page, the inbox, the request log and escuchar.mjs; another reader sees none of it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'escuchar-'));
      const receiver = await localReceiver();
      let listener: ChildProcess | undefined;
      const {context, page, errors} = await newReader(locale);
      try {
        // 1. The sandbox page: create credentials; download the listener from its link.
        const mine = await createCredentials(page, locale);
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[href^="/sandbox/escuchar.mjs"]').first().click()]);
        const file = join(dir, 'escuchar.mjs');
        await download.saveAs(file);
        const script = readFileSync(file, 'utf8');
        // The portal's address as the server knows it (SITE_URL; by default http://localhost:<port>).
        const portal = new URL(/const PORTAL = "([^"]+)";/.exec(script)?.[1] ?? 'about:blank');
        assert.equal(portal.port, new URL(base()).port, `the listener knows the portal it came from (${portal.href})`);
        const started = await runListener(file, mine, receiver.url, locale.connected);
        listener = started.child;

        // 2. Try-it on the authentication page: the body carries the new credentials; Send gives a token.
        await openConsole(page, `${locale.prefix}/rest/autenticacion`, locale.openConsole);
        const authBody = JSON.parse(await page.locator('.openapi-explorer__playground-editor').first().innerText()) as Record<string, unknown>;
        assert.equal(authBody.usuario, mine.usuario);
        assert.equal(authBody.clave, mine.clave);
        assert.equal(String(authBody.terminal), mine.terminal);
        const auth = await send(page, locale.send, '/autenticar');
        assert.equal(auth.codigoRespuesta, '0', JSON.stringify(auth));
        const token = String(auth.tokenSeguridad);
        assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);

        // 3. Pay by card with it: the card payment's try-it, its example body with the token pasted in.
        await openConsole(page, `${locale.prefix}/rest/pago-tarjeta`, locale.openConsole);
        const editor = page.locator('.openapi-explorer__playground-editor').first();
        const example = JSON.parse(await editor.innerText()) as Record<string, unknown>;
        await page.evaluate(async (text) => navigator.clipboard.writeText(text), JSON.stringify({...example, tokenSeguridad: token}, null, 2));
        await editor.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Control+V');
        const paid = await send(page, locale.send, '/confirmacionTransaccionMedioPago');
        assert.equal(paid.CodigoRespuesta, '0', JSON.stringify(paid));
        assert.equal(paid.estado, 'OK');

        // 4. "Probar en el entorno de pruebas" on the normal-payment sample: the purchase page in a new tab.
        await page.goto(`${base()}${locale.prefix}/vpost/integracion?tab=pruebas-vpost&muestra=pagonormal`);
        const dialog = page.getByRole('dialog', {name: locale.normalPayment});
        await dialog.waitFor({state: 'visible'});
        await dialog.getByText(mine.usuario).first().waitFor();
        const tryButton = dialog.getByRole('button', {name: locale.trySandbox});
        await tryButton.waitFor();
        await page.waitForFunction(() => document.querySelector('[data-testid="try-sandbox-form"] button:not([disabled])') !== null);
        const [purchase] = await Promise.all([context.waitForEvent('page'), tryButton.click()]);
        await purchase.waitForLoadState();
        await purchase.getByRole('heading', {level: 1, name: locale.purchaseTitle}).waitFor();
        await purchase.getByLabel(locale.visa).check();
        assert.ok(await purchase.getByLabel(locale.approved).isChecked());
        await purchase.getByRole('button', {name: locale.pay}).click();
        await purchase.getByRole('heading', {level: 1, name: locale.doneTitle}).waitFor();
        assert.ok(await purchase.getByText(locale.firmaValid).first().isVisible());
        await purchase.close();

        // 5. escuchar.mjs forwarded the confirmation, exactly as signed, to the server on this machine.
        const isPurchase = (body: string): boolean => new URLSearchParams(body).get('codigoFactura') === 'FAC-000123';
        await waitFor(
          () => receiver.received.some((r) => isPurchase(r.body)),
          () => `nothing reached the local server:\n${started.output()}`,
        );
        const forwarded = new URLSearchParams(receiver.received.find((r) => isPurchase(r.body))!.body);
        assert.equal(forwarded.get('transaccionAprobada'), '1');
        assert.equal(
          forwarded.get(firma),
          responseSignature(mine.llave, forwarded.get('codigoFactura')!, forwarded.get('valorFactura')!, forwarded.get('codigoAutorizacion')!),
          "signed with the new merchant's key",
        );
        // escuchar.mjs says so once the local server has answered, a moment after the body arrived there.
        const delivered = new RegExp(`${locale.delivered} \\S+ \\(\\S+ FAC-000123\\) -> 200 recibido`);
        await waitFor(
          () => delivered.test(started.output()),
          () => `escuchar.mjs did not say it delivered the confirmation:\n${started.output()}`,
        );

        // 6. The inbox page: the signed confirmation, resent from there.
        await page.goto(`${base()}${locale.prefix}${SANDBOX_PAGES.inbox}`);
        await page.getByTestId('merchant').filter({hasText: locale.own}).filter({hasText: mine.usuario}).waitFor();
        const inbox = await readJson<{notificaciones: InboxEntry[]}>(context, SANDBOX_PAGES.inbox, mine);
        const confirmation = inbox.notificaciones.find((n) => n.cuerpo.codigoFactura === 'FAC-000123');
        assert.ok(confirmation?.firmaValida, 'the inbox holds the signed confirmation');
        // This confirmation's entry (the resend adds another with the same invoice above it).
        const item = page.getByTestId('notification').filter({has: page.locator(`[id="notification-${confirmation.id}"]`)});
        await item.getByRole('heading', {name: locale.invoice}).waitFor({timeout: 15_000});
        assert.ok(await item.getByText(locale.signatureValid).isVisible(), 'the page says the signature is valid');
        assert.deepEqual(Object.fromEntries(forwarded), confirmation.cuerpo, 'the local server got the body the inbox shows');
        const before = receiver.received.length;
        await item.getByRole('button', {name: locale.resend}).click();
        await item.getByText(locale.resent).waitFor({timeout: 15_000});
        const after = await readJson<{notificaciones: InboxEntry[]}>(context, SANDBOX_PAGES.inbox, mine);
        assert.ok(after.notificaciones.length > inbox.notificaciones.length, 'the resend is in the inbox');
        assert.equal(after.notificaciones[0]!.origen, 'reenvio');
        assert.deepEqual(after.notificaciones[0]!.cuerpo, confirmation.cuerpo, 'the same signed body');
        // The resend reaches the laptop too.
        await waitFor(
          () => receiver.received.length > before && isPurchase(receiver.received.at(-1)!.body),
          () => `the resend did not reach the local server:\n${started.output()}`,
        );

        // 7. The request log page: the purchase page's call and the resend, with the REST calls before them.
        await page.goto(`${base()}${locale.prefix}${SANDBOX_PAGES.requestLog}`);
        await page.getByTestId('merchant').filter({hasText: mine.usuario}).waitFor();
        await page.getByTestId('logged-request').first().waitFor({timeout: 15_000});
        const rows = await page.getByTestId('logged-request').allInnerTexts();
        const log = await readJson<{solicitudes: LogEntry[]}>(context, SANDBOX_PAGES.requestLog, mine);
        const has = (canal: string, operacion: RegExp): boolean => log.solicitudes.some((s) => s.canal === canal && operacion.test(s.operacion) && s.estado < 400);
        assert.ok(has('post', /^pagina-de-compra\/pagar$/) && has('post', /^pagina-de-compra$/), `the purchase page's call: ${JSON.stringify(log.solicitudes)}`);
        assert.ok(has('sandbox', /reenviar/), `the resend: ${JSON.stringify(log.solicitudes)}`);
        assert.ok(has('rest', /autenticar/), `try-it's authentication: ${JSON.stringify(log.solicitudes)}`);
        assert.ok(has('rest', /confirmacionTransaccionMedioPago/), `try-it's card payment: ${JSON.stringify(log.solicitudes)}`);
        assert.equal(rows.length, log.solicitudes.length, 'the page shows every logged request');
        assert.ok(rows.some((row) => /reenviar/.test(row)) && rows.some((row) => /autenticar/.test(row)) && rows.some((row) => /confirmacionTransaccionMedioPago/.test(row)));
        assert.ok(!rows.join('\n').includes(mine.clave), 'the clave is masked');
        assert.deepEqual(errors, []);

        // 8. A second reader with other credentials sees none of it.
        const other = await newReader(locale);
        try {
          const theirs = await createCredentials(other.page, locale);
          assert.notEqual(theirs.terminal, mine.terminal);
          await other.page.goto(`${base()}${locale.prefix}${SANDBOX_PAGES.inbox}`);
          await other.page.getByTestId('merchant').filter({hasText: theirs.usuario}).waitFor();
          await other.page.getByText(locale.inboxEmpty).waitFor({timeout: 15_000});
          assert.equal(await other.page.getByTestId('notification').count(), 0);
          assert.deepEqual((await readJson<{notificaciones: InboxEntry[]}>(other.context, SANDBOX_PAGES.inbox, theirs)).notificaciones, []);
          await other.page.goto(`${base()}${locale.prefix}${SANDBOX_PAGES.requestLog}`);
          await other.page.getByTestId('merchant').filter({hasText: theirs.usuario}).waitFor();
          await other.page.locator('[data-testid="logged-request"], main p:not([aria-busy])').first().waitFor({timeout: 15_000});
          const theirRows = (await other.page.getByTestId('logged-request').allInnerTexts()).join('\n');
          for (const word of ['autenticar', 'confirmacionTransaccionMedioPago', 'reenviar', 'FAC-000123', mine.usuario, mine.terminal]) {
            assert.ok(!theirRows.includes(word), `the other reader's log shows ${word}`);
          }
          const theirLog = await readJson<{solicitudes: LogEntry[]}>(other.context, SANDBOX_PAGES.requestLog, theirs);
          assert.ok(
            theirLog.solicitudes.every((s) => s.canal === 'sandbox' && !/reenviar/.test(s.operacion)),
            JSON.stringify(theirLog.solicitudes),
          );
          assert.deepEqual(other.errors, []);
        } finally {
          await other.context.close();
        }
      } finally {
        listener?.kill('SIGTERM');
        await context.close();
        await receiver.close();
        rmSync(dir, {recursive: true, force: true});
      }
    });
  });
}
