import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {fromServer, openPage, sidebarLinks, useServerAndBrowser, waitForHydration} from './support';

const env = useServerAndBrowser();

const CHANNELS = ['vpost', 'rest', 'apirest', 'tcrest', 'soap', 'plugins'];

describe('landing and channels', () => {
  test('/ arrives at /vpost, and /en at /en/vpost', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/`);
    await page.waitForURL(/\/vpost$/);
    assert.equal(await page.locator('h1').first().textContent(), 'Variables POST');
    await page.goto(`${env.server.baseUrl}/en`);
    await page.waitForURL(/\/en\/vpost$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the document title is "Integraciones <product>"', async () => {
    const context = await env.browser.newContext();
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost`);
    assert.match(await page.title(), /Integraciones Pasarela$/);
    await context.close();
  });

  for (const locale of ['es', 'en'] as const) {
    test(`the navbar has one item per channel and every sidebar entry opens a page (${locale})`, async () => {
      const prefix = locale === 'es' ? '' : '/en';
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${prefix}/vpost`);
      const navHrefs = await page
        .locator('.navbar__items:not(.navbar__items--right) a.navbar__link')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href')));
      assert.equal(navHrefs.length, CHANNELS.length, `navbar items: ${navHrefs.join(', ')}`);
      for (const channel of CHANNELS) {
        const item = page.locator(`.navbar__items a.navbar__link[href^="${prefix}/${channel}"]`).first();
        await item.click();
        await page.waitForURL(new RegExp(`${prefix}/${channel}(/|$)`));
        // The address changes before the new page replaces the old one: wait
        // until the sidebar shown is the channel's, its landing entry marked.
        await page.waitForFunction(() => {
          const active = document.querySelector('.theme-doc-sidebar-menu a.menu__link--active');
          return active !== null && active.getAttribute('href') === window.location.pathname;
        });
        const links = await sidebarLinks(page);
        assert.ok(links.length >= 1, `${channel} has a sidebar`);
        // Each entry's page as the server sends it: the sitemap walk (e2e/sitemap.test.ts) opens every page in the browser.
        for (const href of links) {
          const {status, html, heading} = await fromServer(`${env.server.baseUrl}${href}`);
          assert.equal(status, 200, `${href} answers 200`);
          assert.ok(heading.length > 0, `${href} has a heading`);
          assert.ok(!/\bhero__title\b[^>]*>(Page Not Found|Página No Encontrada)/.test(html), `${href} is not the 404 page`);
        }
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('switching language keeps the same page, tab included', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion?tab=valores`);
    // The language menu: the navbar's dropdown that lists both languages (the version menu sits beside it).
    const languages = page.locator('.navbar__items--right .dropdown').filter({hasText: 'English'}).filter({hasText: 'Español'});
    await languages.hover();
    await page.getByRole('link', {name: 'English'}).click();
    await page.waitForURL(/\/en\/vpost\/integracion\?tab=valores$/);
    // The static HTML shows the default tab; the one in the address is chosen on hydration.
    await page.getByRole('tab', {name: 'Values', selected: true}).waitFor();
    await languages.hover();
    await page.getByRole('link', {name: 'Español'}).click();
    await page.waitForURL(/\/vpost\/integracion\?tab=valores$/);
    assert.ok(!page.url().includes('/en/'));
    await page.getByRole('tab', {name: 'Valores', selected: true}).waitFor();
    await context.close();
  });

  test("a reader's colour mode follows them into the other language and back", async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page, errors} = await openPage(context);
    const languages = page.locator('.navbar__items--right .dropdown').filter({hasText: 'English'}).filter({hasText: 'Español'});
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // The navbar's colour-mode button, pressed until the page shows the wanted mode.
    const toggle = page.getByRole('button', {name: /modo oscuro y claro|dark and light mode/});
    const choose = async (mode: 'dark' | 'light') => {
      for (let press = 0; press < 3 && (await theme()) !== mode; press += 1) await toggle.click();
      assert.equal(await theme(), mode, `the colour-mode button reaches ${mode}`);
    };
    await page.goto(`${env.server.baseUrl}/vpost/integracion`);
    await waitForHydration(page);
    await choose('dark');
    await languages.hover();
    await page.getByRole('link', {name: 'English'}).click();
    await page.waitForURL(/\/en\/vpost\/integracion$/);
    assert.equal(await theme(), 'dark', 'the English page opens dark');
    await waitForHydration(page);
    await choose('light');
    await languages.hover();
    await page.getByRole('link', {name: 'Español'}).click();
    await page.waitForURL(/\/vpost\/integracion$/);
    assert.equal(await theme(), 'light', 'the Spanish page opens light again');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a tab's own link opens that tab, and choosing a tab puts it in the address", async () => {
    const context = await env.browser.newContext();
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/terminal?tab=gateway`);
    await page.getByRole('tab', {name: 'Gateway', selected: true}).waitFor();
    assert.ok(await page.getByRole('heading', {name: 'Terminal gateway'}).isVisible());
    await page.getByRole('tab', {name: 'Agregador'}).click();
    await page.waitForURL(/\?tab=agregador$/);
    assert.ok(await page.getByRole('heading', {name: 'Terminal agregador'}).isVisible());
    await context.close();
  });

  test('on a phone the bars icon opens the menu with every channel', async () => {
    const context = await env.browser.newContext({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/informacion`);
    const bars = page.locator('button.navbar__toggle');
    assert.ok(await bars.isVisible(), 'the bars icon is shown');
    assert.equal(await page.locator('.navbar__items a.navbar__link').first().isVisible(), false, 'the channel items are folded away');
    await bars.click();
    const panel = page.locator('.navbar-sidebar');
    await panel.waitFor({state: 'visible'});
    // The panel opens on the current channel's menu; the main menu lists every channel.
    assert.ok(await panel.getByRole('link', {name: 'Integración', exact: true}).isVisible());
    await panel.getByRole('button', {name: /menú principal|main menu/i}).click();
    for (const label of ['Variables POST', 'REST', 'SOAP', 'Plugins']) {
      assert.ok(await panel.getByRole('link', {name: label, exact: true}).first().isVisible(), `${label} in the menu`);
    }
    await panel.getByRole('link', {name: 'SOAP', exact: true}).first().click();
    await page.waitForURL(/\/soap/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
