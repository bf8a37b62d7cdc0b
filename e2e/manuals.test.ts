/**
 * The manuals screen end to end: a real SMTP receiver on loopback, the
 * production server pointed at it, and a person typing addresses in Chromium.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {SMTPServer} from 'smtp-server';
import {simpleParser, type ParsedMail} from 'mailparser';
import {freePort, openPage, startServer, useBrowser, type RunningServer} from './support';

// The run's shared browser; each test starts a server of its own, pointed at the receiver below or at a closed port.
const shared = useBrowser();
let smtp: SMTPServer;
let smtpPort: number;
const received: {to: string[]; mail: ParsedMail}[] = [];

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({to: session.envelope.rcptTo.map((r) => r.address), mail});
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

after(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function sendFromScreen(server: RunningServer, addresses: string): Promise<ReturnType<typeof openPage> extends Promise<infer P> ? P : never> {
  const context = await shared.browser.newContext({viewport: {width: 1280, height: 900}});
  const opened = await openPage(context);
  const {page} = opened;
  await page.goto(`${server.baseUrl}/enviomanuales`);
  await page.getByRole('heading', {name: 'Listado Correos.'}).waitFor();
  // goto() waited for hydration; the title is the page's own once React has applied it.
  await page.waitForFunction(() => document.title === 'Integración Pasarela', undefined, {timeout: 5000}).catch(() => undefined);
  assert.equal(await page.title(), 'Integración Pasarela');
  const input = page.getByLabel('Correos', {exact: true});
  await input.fill(addresses);
  await input.press('Enter');
  await page.getByRole('button', {name: 'Enviar'}).click();
  return opened;
}

describe('manuals by e-mail', () => {
  test('two addresses: each gets its own message with the PDF, and the screen says so', async () => {
    const server = await startServer({SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MANUALS_RATE_LIMIT: '50'});
    try {
      received.length = 0;
      const {page, errors} = await sendFromScreen(server, 'ana@example.com, luis@example.com');
      await page.getByText('Manuales Enviados a los Correos ingresados.').first().waitFor({timeout: 20000});
      assert.deepEqual(received.map((r) => r.to).sort(), [['ana@example.com'], ['luis@example.com']]);
      for (const {mail} of received) {
        assert.ok(mail.attachments.some((a) => a.contentType === 'application/pdf' && a.content.subarray(0, 5).toString() === '%PDF-'));
      }
      // Console errors other than none are a failure.
      assert.deepEqual(errors, []);
    } finally {
      await server.stop();
    }
  });

  test('SMTP down: the error notice, and the addresses stay on screen', async () => {
    const closed = await freePort();
    const server = await startServer({SMTP_URL: `smtp://127.0.0.1:${closed}`, MANUALS_RATE_LIMIT: '50'});
    try {
      const {page, errors} = await sendFromScreen(server, 'ana@example.com');
      await page.getByText('Error enviando manuales.').first().waitFor({timeout: 30000});
      assert.ok(await page.getByText('ana@example.com').first().isVisible(), 'the list is kept');
      // The browser logs the failed request (502) itself; nothing else may be logged.
      assert.deepEqual(
        errors.filter((e) => !/status of 502/.test(e)),
        [],
      );
    } finally {
      await server.stop();
    }
  });

  // Over a real socket, as a client sends them: a DELETE with no body once answered 400 "invalid JSON"
  // and a list nested 5,000 deep 500.
  test('the API: other methods 405 whatever the body, a deeply nested body 400', async () => {
    const server = await startServer({MANUALS_RATE_LIMIT: '50'});
    try {
      const url = `${server.baseUrl}/api/utils/enviarManuales`;
      const json = {'content-type': 'application/json'};
      const others: [string, RequestInit][] = [
        ['GET', {}],
        ['DELETE', {}],
        ['DELETE', {headers: json}],
        ['PUT', {headers: json, body: '{'}],
        ['PATCH', {headers: {'content-type': 'text/plain'}, body: 'hola'}],
      ];
      for (const [method, init] of others) {
        const response = await fetch(url, {method, ...init});
        assert.equal(response.status, 405, `${method} ${JSON.stringify(init)}`);
        assert.equal(response.headers.get('allow'), 'POST');
        assert.equal((await response.json()).error, 'METODO_NO_PERMITIDO');
      }
      const page = await fetch(`${server.baseUrl}/enviomanuales`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
      const deep = await fetch(url, {
        method: 'POST',
        headers: {...json, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token},
        body: `{"correos":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      });
      assert.equal(deep.status, 400);
      assert.equal((await deep.json()).error, 'CUERPO_INVALIDO');
    } finally {
      await server.stop();
    }
  });
});
