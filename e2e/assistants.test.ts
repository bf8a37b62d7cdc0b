/**
 * The portal for coding assistants (/guias/asistentes) in a real browser: the
 * "Conectar su asistente (MCP)" panel of a docs page loads only when opened
 * and gives the MCP URL and configurations on the page's own origin, and that
 * URL answers an MCP client; the page itself calls no MCP endpoint.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

const PAGES = [
  {locale: 'es', path: '/vpost/integracion', button: 'Conectar su asistente (MCP)', claude: 'Abrir en Claude'},
  {locale: 'en', path: '/en/rest/autenticacion', button: 'Connect your assistant (MCP)', claude: 'Open in Claude'},
] as const;

describe('Conectar su asistente (MCP)', () => {
  for (const {locale, path, button, claude} of PAGES) {
    test(`${locale}: the panel loads on click and its configuration carries the page's own origin`, async () => {
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      const scripts: string[] = [];
      const mcpCalls: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
        if (new URL(request.url()).pathname.startsWith('/mcp')) mcpCalls.push(request.url());
      });
      await page.goto(`${env.server.baseUrl}${path}`);
      const origin = new URL(page.url()).origin;
      assert.equal(origin, env.server.baseUrl);

      // The assistant links point at this page's Markdown on this origin.
      const href = await page.getByRole('link', {name: claude}).getAttribute('href');
      assert.ok(href?.startsWith('https://claude.ai/new?q='), href ?? 'no link');
      assert.ok(decodeURIComponent(href!).includes(`${origin}${path}.md`), decodeURIComponent(href!));

      const loadedBefore = scripts.length;
      const open = page.getByRole('button', {name: button});
      assert.equal(await open.getAttribute('aria-expanded'), 'false');
      await open.click();
      const panel = page.getByRole('region', {name: button});
      await panel.waitFor();
      assert.ok(scripts.length > loadedBefore, "the panel's code is fetched on the first click, not with the page");

      const url = `${origin}/mcp`;
      assert.equal(await panel.locator('[data-mcp-url]').textContent(), url);
      const codes = await panel.locator('pre code').allTextContents();
      assert.equal(codes.length, 3);
      assert.match(codes[0]!, new RegExp(`^claude mcp add --transport http [a-z-]+ ${url.replace(/[.]/g, '\\.')}$`));
      const cursor = JSON.parse(codes[1]!) as {mcpServers: Record<string, {url: string}>};
      assert.deepEqual(
        Object.values(cursor.mcpServers).map((s) => s.url),
        [url],
      );
      const vscode = JSON.parse(codes[2]!) as {servers: Record<string, {type: string; url: string}>};
      assert.deepEqual(Object.values(vscode.servers), [{type: 'http', url}]);

      // The URL it shows is an MCP server: it answers an initialize.
      const answer = await fetch(url, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
        body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'e2e', version: '1'}}}),
      });
      assert.equal(answer.status, 200);
      const body = (await answer.json()) as {result: {serverInfo: {name: string}}};
      assert.equal(body.result.serverInfo.name, 'integraciones-portal');

      assert.deepEqual(mcpCalls, [], 'the page itself never calls the MCP server');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
