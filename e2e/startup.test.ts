/**
 * How a page starts in the browser (contributing/performance.md): each page comes to life
 * without an error, hydration keeps the server's DOM (the guide tabs are not
 * drawn again, hidden panels come to life when first shown), links in
 * view are prefetched, no ICU collator is built while a docs page starts
 * (patches/locale-compare), and a page's HTML names the scripts its route
 * needs, so they download beside the main bundle instead of after it
 * (plugins/split-chunks, keyChunksByRequest), the main bundle carries V8's
 * compile hint (MAIN_COMPILE_HINT), a reader's saved colour mode is set before
 * the page's content is parsed, and pages start without SVG images and
 * with text in two font stacks and no size under 12 px (src/css).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {MAIN_BUNDLE, MAIN_COMPILE_HINT} from '../plugins/split-chunks';
import {bringRequestPanelByPointer, FROM_SERVER, markServerDrawn, openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

describe('page start-up', () => {
  for (const path of ['/vpost/integracion', '/en/rest/autenticacion', '/enviomanuales']) {
    test(`${path} comes to life without an error`, async () => {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      assert.ok(await page.evaluate(() => 'docusaurusRoot' in window));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const path of ['/vpost/integracion', '/rest/autenticacion', '/en/tcrest/pago-tarjeta']) {
    test(`${path}: every script the page starts with is named in its HTML, none requested by the main bundle`, async () => {
      const context = await env.browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const fromHtml: string[] = [];
      const fromScripts: string[] = [];
      let loaded = false;
      page.on('load', () => (loaded = true));
      cdp.on('Network.requestWillBeSent', (event) => {
        if (event.type !== 'Script' || loaded) return;
        (event.initiator.type === 'parser' ? fromHtml : fromScripts).push(new URL(event.request.url).pathname);
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      assert.deepEqual(fromScripts, [], 'scripts the runtime had to request as the page started');
      // The entry (runtime and main bundle) and the route's own chunks.
      assert.ok(fromHtml.length > 2, `only the entry is named in the HTML: ${fromHtml.join(', ')}`);
      if (path.includes('rest/')) {
        const html = await (await fetch(`${env.server.baseUrl}${path}`)).text();
        assert.ok(/<link rel=stylesheet href=(\/en)?\/assets\/css\/reference-styles\.[0-9a-f]+\.css/.test(html), 'the reference stylesheet is linked by the page itself');
      }
      await context.close();
    });
  }

  test('the main bundle, and only it, asks V8 to compile all its functions as it streams in', async () => {
    for (const path of ['/vpost/integracion', '/en/rest/autenticacion']) {
      const html = await (await fetch(`${env.server.baseUrl}${path}`)).text();
      const scripts = [...html.matchAll(/<script src=([^ >]+) defer/g)].map((match) => match[1]!);
      const main = scripts.filter((src) => MAIN_BUNDLE.test(src));
      assert.equal(main.length, 1, `${path}: one main bundle among ${scripts.join(', ')}`);
      for (const src of scripts) {
        const firstLine = (await (await fetch(`${env.server.baseUrl}${src}`)).text()).split('\n', 1)[0];
        if (src === main[0]) assert.equal(firstLine, MAIN_COMPILE_HINT, `${src} opens with the compile hint`);
        else assert.ok(!firstLine!.startsWith('//#'), `${src} (loaded by ${path}) is compiled lazily: ${firstLine!.slice(0, 40)}`);
      }
    }
  });

  test("a reader's saved colour mode is on the page before its content is parsed, so it is drawn dark from the first paint", async () => {
    for (const path of ['/vpost/integracion', '/en/rest/autenticacion']) {
      const html = await (await fetch(`${env.server.baseUrl}${path}`)).text();
      // Docusaurus's colour-mode script, with the site's storage key (one for both locales).
      const key = /localStorage\.getItem\("(theme[^"]*)"\)/.exec(html)?.[1];
      assert.ok(key !== undefined, `${path}: the page reads the saved colour mode`);
      const context = await env.browser.newContext();
      // The reader chose dark on an earlier visit; note the page's theme the moment its content element exists.
      await context.addInitScript((storageKey) => {
        localStorage.setItem(storageKey, 'dark');
        const observer = new MutationObserver(() => {
          if (document.getElementById('__docusaurus') === null) return;
          (window as unknown as {themeAtContent: string | null}).themeAtContent = document.documentElement.getAttribute('data-theme');
          observer.disconnect();
        });
        observer.observe(document, {childList: true, subtree: true});
      }, key);
      const {page, errors} = await openPage(context);
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      assert.equal(await page.evaluate(() => (window as unknown as {themeAtContent: string | null}).themeAtContent), 'dark', `${path}: dark before the content is parsed`);
      const shown = await page.evaluate(() => ({theme: document.documentElement.dataset.theme, background: getComputedStyle(document.documentElement).backgroundColor}));
      assert.equal(shown.theme, 'dark', `${path}: still dark once the page runs`);
      // Light leaves the page's background transparent (the browser's white).
      assert.ok(!['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)'].includes(shown.background), `${path}: drawn on a dark background, not ${shown.background}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['phone', {width: 412, height: 823}],
    ['desktop', {width: 1280, height: 900}],
  ] as const) {
    test(`${label}: guide and API pages start without an SVG image, and still show their logo, magnifier and chevrons`, async () => {
      const logoFile = await (await fetch(`${env.server.baseUrl}/img/logo.svg`)).text();
      // Where each chevron shows: the table of contents' button on a phone, a
      // sidebar category's caret on a desktop, the back-to-top button always,
      // the API reference's collapsible sections.
      const pages: Record<string, string[]> =
        label === 'phone'
          ? {'/vpost/integracion': ['backToTop', 'toc'], '/rest/autenticacion': ['backToTop', 'details']}
          : {'/vpost/integracion': ['backToTop'], '/guias/cifrado': ['backToTop', 'menu'], '/rest/autenticacion': ['backToTop', 'details']};
      for (const [path, expected] of Object.entries(pages)) {
        const context = await env.browser.newContext({viewport, isMobile: label === 'phone'});
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const images: string[] = [];
        cdp.on('Network.requestWillBeSent', (event) => {
          const url = event.request.url;
          if (url.startsWith('data:image/svg') || (/\.svg$/.test(new URL(url, 'http://x').pathname) && event.type !== 'Other')) images.push(url.slice(0, 80));
        });
        await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
        await page.waitForFunction(() => 'docusaurusRoot' in window);
        await page.waitForTimeout(300);
        assert.deepEqual(images, [], `${path}: SVG images the page asked for as it started`);

        const chevronSpecs = [
          ['backToTop', '.theme-back-to-top-button', '::after'],
          ['toc', '.theme-doc-toc-mobile > button', '::after'],
          ['menu', '.menu__caret', '::before'],
          ['details', '.openapi-markdown__details > summary', '::before'],
        ] as const;
        const drawn = await page.evaluate((specs) => {
          const logo = document.querySelector('.navbar__logo svg');
          const magnifier = document.querySelector('.navbar__search svg');
          return {
            logo:
              logo === null
                ? null
                : {
                    viewBox: logo.getAttribute('viewBox'),
                    fills: [...new Set([...logo.querySelectorAll('[fill]')].map((shape) => shape.getAttribute('fill')!.toLowerCase()))].sort(),
                    box: logo.getBoundingClientRect().height,
                  },
            magnifier: magnifier === null ? null : magnifier.getBoundingClientRect().width,
            chevrons: Object.fromEntries(
              specs.map(([name, selector, which]) => {
                const element = document.querySelector(selector);
                if (element === null) return [name, null];
                const style = getComputedStyle(element, which);
                return [name, {clip: style.clipPath, colour: style.backgroundColor, width: parseFloat(style.width), mask: style.maskImage}];
              }),
            ),
          };
        }, chevronSpecs);
        // The build minifies the drawing (SVGO), so it is compared by frame and colours.
        const file = {
          viewBox: /viewBox="([^"]+)"/.exec(logoFile)?.[1] ?? null,
          fills: [...new Set([...logoFile.matchAll(/fill="([^"]+)"/g)].map((match) => match[1]!.toLowerCase()))].sort(),
          box: 32,
        };
        assert.deepEqual(drawn.logo, file, `${path}: the navbar draws /img/logo.svg inline, 32 px high`);
        assert.equal(drawn.magnifier, 16, `${path}: the search box shows its magnifier`);
        for (const name of expected) {
          const chevron = drawn.chevrons[name] ?? null;
          assert.ok(chevron !== null, `${path}: a ${name} chevron is on the page`);
          assert.match(chevron.clip, /^polygon\(/, `${path}: the ${name} chevron is cut by a polygon`);
          assert.notEqual(chevron.colour, 'rgba(0, 0, 0, 0)', `${path}: the ${name} chevron has a colour`);
          assert.ok(chevron.width > 0, `${path}: the ${name} chevron has a size`);
          assert.equal(chevron.mask, 'none', `${path}: the ${name} chevron is not masked by an image`);
        }
        await context.close();
      }
    });
  }

  test("guide and API pages draw all their text in the page's two font stacks, none of it under 12 px, in few fonts", async () => {
    // Each typeface and each size of it is one more font for the browser to
    // set up as a page starts; a button or field left in the browser's own
    // font (Arial) or a 10 px label added both. `fonts` budgets the distinct
    // family, size and weight of a page's text and fields, with room for one
    // more: 8 and 10 on a phone (12 and 15 before the breadcrumbs, pagination,
    // table labels, icon buttons and API labels took the fonts of other text,
    // src/css), 14 on a desktop with the request panel open.
    const cases = [
      {path: '/vpost/integracion', viewport: {width: 412, height: 823}, panel: false, fonts: 9},
      {path: '/rest/autenticacion', viewport: {width: 412, height: 823}, panel: false, fonts: 11},
      {path: '/rest/autenticacion', viewport: {width: 1280, height: 900}, panel: true, fonts: 15},
    ];
    for (const {path, viewport, panel, fonts} of cases) {
      const context = await env.browser.newContext({viewport, isMobile: viewport.width < 600});
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      // The request panel: its language tabs and form fields.
      if (panel) await bringRequestPanelByPointer(page);
      const text = await page.evaluate(() => {
        // The two stacks as the browser writes a computed font-family.
        const stacks = ['base', 'monospace'].map((stack) => {
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.fontFamily = `var(--ifm-font-family-${stack})`;
          const family = getComputedStyle(probe).fontFamily;
          probe.remove();
          return family;
        });
        const found: {where: string; family: string; size: number; weight: string; words: string}[] = [];
        const drawn = [...document.querySelectorAll('body *')].filter((element) => element.getClientRects().length > 0 && !element.closest('svg'));
        for (const element of drawn) {
          const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
          const isField = element.matches('button, input, select');
          if (!own && !isField) continue;
          const style = getComputedStyle(element);
          found.push({
            where: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`,
            family: style.fontFamily,
            size: parseFloat(style.fontSize),
            weight: style.fontWeight,
            words: (element.textContent ?? '').trim().slice(0, 30),
          });
        }
        for (const badge of document.querySelectorAll('.api-method > .menu__link')) {
          const style = getComputedStyle(badge, '::before');
          found.push({where: 'sidebar method badge', family: style.fontFamily, size: parseFloat(style.fontSize), weight: style.fontWeight, words: style.content});
        }
        // A phone's stacked tables name each cell's column above it.
        for (const cell of document.querySelectorAll('.table--stacked td[data-label]')) {
          const style = getComputedStyle(cell, '::before');
          if (style.display === 'none' || style.content === 'none' || cell.getClientRects().length === 0) continue;
          found.push({where: 'stacked table label', family: style.fontFamily, size: parseFloat(style.fontSize), weight: style.fontWeight, words: style.content});
        }
        return {stacks, found};
      });
      const label = `${path} (${viewport.width} px${panel ? ', request panel open' : ''})`;
      assert.ok(text.found.length > 50, `${label}: text found on the page`);
      assert.deepEqual(
        text.found.filter(({family}) => !text.stacks.includes(family)),
        [],
        `${label}: text in a font outside the page's stacks`,
      );
      assert.deepEqual(
        text.found.filter(({size}) => size < 12),
        [],
        `${label}: text under 12 px`,
      );
      const drawnIn = new Map<string, string>();
      for (const {where, family, size, weight} of text.found) {
        const font = `${family === text.stacks[0] ? 'base' : 'monospace'} ${size} px ${weight}`;
        if (!drawnIn.has(font)) drawnIn.set(font, where);
      }
      assert.ok(drawnIn.size <= fonts, `${label}: ${drawnIn.size} fonts, over the budget of ${fonts}: ${[...drawnIn].map(([font, where]) => `${font} (${where})`).join(', ')}`);
      await context.close();
    }
  });

  test('hydration keeps the guide tabs as the server drew them; a hidden panel comes to life when shown', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await markServerDrawn(page, '[role=tabpanel]');
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => 'docusaurusRoot' in window);
    await page.waitForTimeout(1500);
    // The guide's six tabs and, inside them, the server samples' language tabs (samples/): every panel the server drew is still the one shown.
    const html = await (await fetch(`${env.server.baseUrl}/vpost/integracion`)).text();
    const fromServer = html.match(/role="?tabpanel\b/g)?.length ?? 0;
    assert.ok(fromServer >= 6 + 5, `the server drew the guide's tabs and the samples' language tabs (${fromServer} panels)`);
    const panels = page.locator('[role=tabpanel]');
    assert.equal(await panels.count(), fromServer);
    assert.equal(await page.locator(`[role=tabpanel][${FROM_SERVER}]`).count(), fromServer, 'no panel was drawn again after hydration');

    // The tests tab: hidden at first, then shown and working (its sample buttons open the code dialog).
    const tab = page.getByRole('tab', {name: 'Pruebas'});
    await tab.click();
    // The shown panel of the guide's own tabs (the samples' language tabs inside other panels have shown panels too).
    const panel = page.locator('.tabs-container:has(> [role=tablist] > [role=tab]:text-is("Pruebas")) > div > [role=tabpanel]:not([hidden])');
    assert.match((await panel.textContent()) ?? '', /tarjetas de prueba/i);
    await panel.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('links in view are prefetched', async () => {
    const context = await env.browser.newContext();
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, undefined, {timeout: 10_000});
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('guide and reference pages start without a localeCompare call (no ICU collator to build)', async () => {
    for (const path of ['/vpost/integracion', '/rest/autenticacion', '/en/v1/vpost/integracion']) {
      const context = await env.browser.newContext();
      const {page, errors} = await openPage(context);
      await page.addInitScript(() => {
        const calls: string[] = [];
        Object.assign(window, {localeCompareCalls: calls});
        // eslint-disable-next-line @typescript-eslint/unbound-method -- the wrapper calls it with its receiver, through apply().
        const original = String.prototype.localeCompare;
        String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
          calls.push(new Error().stack ?? '');
          return original.apply(this, args);
        };
      });
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.waitForFunction(() => 'docusaurusRoot' in window);
      await page.waitForTimeout(1000);
      const calls = await page.evaluate(() => (window as unknown as {localeCompareCalls: string[]}).localeCompareCalls);
      assert.deepEqual(calls, [], `${path} called localeCompare as it started`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
