// The documentation versions (contributing/versions.md): every channel's sidebar of
// every version opens in both languages, the navbar's version dropdown switches
// to the same page of the other version and back (desktop and phone menu), the
// older version shows Docusaurus's banner, and search is scoped to the version
// being read.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {ROOT, fromServer, openPage, sidebarLinks, useServerAndBrowser} from './support';
import {currentVersionNumber} from '../core/docsVersions';
import {versionsOf} from '../core/node/docsVersions';

const env = useServerAndBrowser();

/** The current version's number: one after the newest cut (v2 while v1 is the only one). */
const CURRENT = `v${currentVersionNumber(versionsOf('default', ROOT))}`;
const LOCALES = [
  {locale: 'es', prefix: '', current: `${CURRENT} (actual)`, search: 'Buscar'},
  {locale: 'en', prefix: '/en', current: `${CURRENT} (current)`, search: 'Search'},
] as const;

/** Each channel's landing page in a version: the guides instance puts the version first, the reference instances after the channel. */
function channelPaths(version: '' | 'v1'): string[] {
  const v = version === '' ? '' : `/${version}`;
  return [`${v}/vpost`, `/rest${v}`, `/apirest${v}`, `/tcrest${v}`, `${v}/soap`, `${v}/plugins`, `${v}/guias`];
}

/** Whether `path` (without the locale prefix) belongs to version v1. */
const isV1 = (path: string): boolean => /^(\/en)?(\/v1\/|\/(rest|apirest|tcrest)\/v1(\/|$))/.test(path);

describe('every version of every channel, in both languages', () => {
  for (const {locale, prefix} of LOCALES) {
    for (const version of ['', 'v1'] as const) {
      test(`${version || 'current'} sidebars open and stay in their version (${locale})`, async () => {
        const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
        const {page, errors} = await openPage(context);
        for (const channel of channelPaths(version)) {
          const response = await page.goto(`${env.server.baseUrl}${prefix}${channel}`);
          assert.equal(response?.status(), 200, `${prefix}${channel} answers 200`);
          const links = await sidebarLinks(page);
          assert.ok(links.length >= 1, `${prefix}${channel} has a sidebar`);
          // Each link's page as the server sends it: the sitemap walk (e2e/sitemap.test.ts) already opens every
          // page in the browser, so here its HTML is enough to read its heading and version banner.
          for (const href of links) {
            assert.equal(isV1(href), version === 'v1', `${href}, in the sidebar of ${prefix}${channel}, is in the same version`);
            const {status, html, heading} = await fromServer(`${env.server.baseUrl}${href}`);
            assert.equal(status, 200, `${href} answers 200`);
            assert.ok(heading.length > 0, `${href} has a heading`);
            // The older version says so, and points to the current one.
            assert.equal(html.match(/\btheme-doc-version-banner\b/g)?.length ?? 0, version === 'v1' ? 1 : 0, `${href}: version banner`);
          }
        }
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }
});

describe('the version dropdown', () => {
  for (const {locale, prefix, current} of LOCALES) {
    test(`switches /rest/pse to v1 and back on the same page, with the older fields (${locale})`, async () => {
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${prefix}/rest/pse`, {waitUntil: 'networkidle'});
      const dropdown = page.locator('.navbar__items--right .dropdown').filter({has: page.locator(`a.navbar__link:text-is("${current}")`)});
      assert.equal(await dropdown.count(), 1, 'the dropdown shows the current version');
      assert.ok((await page.locator('article').textContent())?.includes('tipoDocumento'));
      assert.equal(await page.locator('.theme-doc-version-banner').count(), 0);

      await dropdown.hover();
      await dropdown.locator('a.dropdown__link', {hasText: /^v1$/}).click();
      await page.waitForURL(new RegExp(`${prefix}/rest/v1/pse$`));
      await page.locator('.theme-doc-version-banner').waitFor({state: 'visible'});
      const article = (await page.locator('article').textContent()) ?? '';
      assert.ok(article.includes('Extra8') && article.includes('Extra9'), 'the v1 page documents Extra8 and Extra9');
      // The banner links to the same page in the current version.
      assert.equal(await page.locator('.theme-doc-version-banner a').first().getAttribute('href'), `${prefix}/rest/pse`);

      const v1Dropdown = page.locator('.navbar__items--right .dropdown').filter({has: page.locator('a.navbar__link:text-is("v1")')});
      await v1Dropdown.hover();
      // The changelog is linked from the dropdown.
      assert.equal(await v1Dropdown.locator(`a.dropdown__link[href="${prefix}/versiones"]`).count(), 1, 'the changelog entry');
      await v1Dropdown.locator('a.dropdown__link', {hasText: current}).click();
      await page.waitForURL(new RegExp(`${prefix}/rest/pse$`));
      await page.waitForFunction(() => document.querySelector('.theme-doc-version-banner') === null);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('the navbar channels follow the version being read', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/rest/v1/pse`, {waitUntil: 'networkidle'});
    // Reading v1 of one channel makes v1 the version every channel's navbar link opens.
    await page.waitForFunction(() => document.querySelector('.navbar__items a.navbar__link[href="/v1/vpost"]') !== null);
    const hrefs = await page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    assert.ok(hrefs.every(isV1), `navbar links in v1: ${hrefs.join(', ')}`);
    // Reading the current version again brings every channel back to it.
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.querySelector('.navbar__items a.navbar__link[href="/vpost"]') !== null);
    const back = await page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    assert.ok(
      back.every((href) => !isV1(href)),
      `navbar links back in the current version: ${back.join(', ')}`,
    );
    await context.close();
  });

  test('a page of the current version starts without saving a version', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/rest/pse`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => 'docusaurusRoot' in window);
    const saved = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('docs-preferred-version')));
    assert.deepEqual(saved, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('works from the phone menu', async () => {
    const context = await env.browser.newContext({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/en/rest/pse`, {waitUntil: 'networkidle'});
    await page.locator('button.navbar__toggle').click();
    const menu = page.locator('.navbar-sidebar');
    await menu.waitFor({state: 'visible'});
    // The phone menu shows the navbar's items first: the versions entry opens its list.
    const back = menu.locator('.navbar-sidebar__back');
    if (await back.isVisible()) await back.click();
    await menu.locator('a.menu__link', {hasText: 'Versions'}).click();
    await menu.locator('a.menu__link', {hasText: /^v1$/}).click();
    await page.waitForURL(/\/en\/rest\/v1\/pse$/);
    await page.locator('.theme-doc-version-banner').waitFor({state: 'visible'});
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('search is scoped to the version being read', () => {
  async function suggestions(page: Page, placeholder: string, query: string): Promise<string[]> {
    await page.getByPlaceholder(placeholder).click();
    const box = page.locator('input.navbar__search-input:not([data-placeholder])');
    await box.waitFor({state: 'visible'});
    await box.pressSequentially(query, {delay: 20});
    // Results, or the "no results" line, then every result's address.
    await page.waitForSelector('[role="listbox"] [role="option"], .aa-dropdown-menu [class*="noResults"], .aa-dropdown-menu .aa-empty', {timeout: 15000}).catch(() => undefined);
    await page.waitForTimeout(500);
    return page
      .locator('[role="listbox"] [role="option"]')
      .evaluateAll((options) => options.map((option) => (option.querySelector('a') ?? option.closest('a'))?.getAttribute('href') ?? option.getAttribute('data-href') ?? ''));
  }

  for (const {locale, prefix, search} of LOCALES) {
    test(`v1 finds Extra8 in its REST reference; the current version finds no v1 page and no REST page for it (${locale})`, async () => {
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${prefix}/rest/v1/pse`, {waitUntil: 'networkidle'});
      const old = await suggestions(page, search, 'Extra8');
      assert.ok(old.length >= 1, 'v1 finds Extra8');
      assert.ok(
        old.every((href) => href === '' || isV1(href)),
        `v1 results are v1 pages: ${old.join(', ')}`,
      );

      const again = await openPage(context);
      await again.page.goto(`${env.server.baseUrl}${prefix}/rest/pse`, {waitUntil: 'networkidle'});
      const now = await suggestions(again.page, search, 'Extra8');
      assert.ok(
        now.every((href) => !isV1(href)),
        `no v1 page among the current results: ${now.join(', ')}`,
      );
      // The current REST contract has no Extra8 (only the SOAP channel's messages carry it).
      assert.ok(
        now.every((href) => !/^(\/en)?\/rest\//.test(href)),
        `no current REST page: ${now.join(', ')}`,
      );
      assert.deepEqual([...errors, ...again.errors], []);
      await context.close();
    });
  }
});
