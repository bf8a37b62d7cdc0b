import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import type {Page} from 'playwright-core';
import {openPage, sitemapPaths, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

/**
 * A reference page fetches its request panel once the reader uses the page;
 * the panel is checked too, so ask for it as a reader would and wait for its
 * code snippets.
 */
async function openRequestPanel(page: Page): Promise<void> {
  const open = page.getByRole('button', {name: /^(Abrir la consola|Open the console)$/});
  if ((await open.count()) === 0) return;
  // A click would first scroll to the button, and scrolling is already a use
  // of the page that may bring the panel and take the button away: press it
  // without moving the page.
  await open.dispatchEvent('click');
  await page.locator('.openapi-explorer__code-block').first().waitFor({state: 'visible', timeout: 30_000});
  await page.waitForLoadState('networkidle');
}


describe('every page of the sitemap, in both locales', () => {
  const paths = sitemapPaths();

  test('the sitemaps list the channels in both locales', () => {
    for (const path of ['/vpost', '/vpost/integracion', '/en/vpost', '/en/vpost/integracion']) {
      assert.ok(paths.includes(path), `${path} in the sitemap`);
    }
  });

  for (const path of paths) {
    test(`${path}: no console error and no WCAG 2.1 AA violation`, async () => {
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      const response = await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      assert.equal(response?.status(), 200);
      await openRequestPanel(page);
      const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const violations = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`,
      );
      assert.deepEqual(violations, [], `axe on ${path}`);
      assert.deepEqual(errors, [], `console on ${path}`);
      await context.close();
    });
  }
});
