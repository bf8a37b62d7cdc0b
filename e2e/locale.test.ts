/**
 * Spanish pages speak Spanish. The API theme (docusaurus-theme-openapi-docs)
 * carries its interface strings in English with translation ids; a string
 * without a Spanish translation, or drawn outside its translate() call, shows
 * in English on a Spanish page. These tests read every built Spanish page and
 * the request panel, which arrives later, for any English string of the theme
 * (tests/support/themeMessages.ts lists them from the installed package).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from 'playwright-core';
import {englishIn, openapiThemeMessages} from '../tests/support/themeMessages';
import {ROOT, openPage, sitemapPaths, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const MESSAGES = openapiThemeMessages();
/** The same word in both languages: the Accept header's name. */
const SAME_IN_BOTH = new Set(['theme.openapi.request.accept.title']);
const CHECKED = MESSAGES.filter((m) => !SAME_IN_BOTH.has(m.id));

/** What a reader sees of a built page: its text and labels, without scripts and code (code keeps its own words). */
function readableText(html: string): string {
  const labels = [...html.matchAll(/\s(?:aria-label|title|placeholder)=(?:"([^"]*)"|([^\s>]+))/g)].map((m) => m[1] ?? m[2] ?? '');
  const text = html
    .replace(/<(script|style|pre|code)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z#0-9]+;/g, ' ');
  return [text, ...labels].join('\n');
}

function builtFile(path: string): string | undefined {
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [`${path}.html`, `${path}/index.html`];
  return candidates.map((c) => join(ROOT, 'build', c)).find((file) => existsSync(file));
}

async function panelText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // The rendered text (innerText keeps the breaks between blocks), code hidden for the moment.
    const hide = document.createElement('style');
    hide.textContent = 'pre, code { display: none !important; }';
    document.head.append(hide);
    const text = document.body.innerText;
    hide.remove();
    const labels = [...document.body.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [text, ...labels].join('\n');
  });
}

async function openPanel(page: Page, path: string): Promise<void> {
  await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.locator('.openapi-explorer__code-block').first().waitFor({state: 'visible', timeout: 30_000});
  await page.locator('.openapi-explorer__response-placeholder-message').first().waitFor({state: 'visible', timeout: 30_000});
}

describe('Spanish pages in Spanish', () => {
  test('no built Spanish page shows an English string of the API theme', () => {
    const spanish = sitemapPaths().filter((p) => !p.startsWith('/en/') && p !== '/en');
    assert.ok(
      spanish.some((p) => p.startsWith('/rest/')),
      'the reference pages are among them',
    );
    const found = spanish.flatMap((path) => {
      const file = builtFile(path);
      assert.ok(file !== undefined, `${path} is built`);
      return englishIn(readableText(readFileSync(file, 'utf8')), CHECKED).map((hit) => `${path}: ${hit}`);
    });
    assert.deepEqual(found, []);
  });

  test('the request panel of a Spanish page, once loaded, speaks Spanish', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    await openPanel(page, '/rest/autenticacion');
    assert.match(await page.locator('.openapi-explorer__response-placeholder-message').first().innerText(), /Pulse el botón\s+Enviar la solicitud\s+de arriba/);
    assert.deepEqual(englishIn(await panelText(page), CHECKED), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the same check sees the English strings on the English page (so it can fail)', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page} = await openPage(context);
    await openPanel(page, '/en/rest/autenticacion');
    const english = englishIn(await panelText(page), CHECKED);
    assert.ok(
      english.some((hit) => hit.startsWith('theme.openapi.response.placeholder')),
      english.join('\n'),
    );
    assert.ok(
      english.some((hit) => hit.startsWith('theme.openapi.request.title')),
      english.join('\n'),
    );
    await context.close();
  });
});
