import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

const CASES = [
  {locale: 'es', start: '/vpost', query: 'tokenSeguridad', placeholder: 'Buscar', lands: /\/vpost\/integracion/},
  {locale: 'en', start: '/en/vpost', query: 'tokenSeguridad', placeholder: 'Search', lands: /\/en\/vpost\/integracion/},
  {locale: 'en', start: '/en/vpost', query: 'checksum', placeholder: 'Search', lands: /\/en\/vpost\/integracion/},
] as const;

describe('offline search', () => {
  for (const c of CASES) {
    test(`finds "${c.query}" in ${c.locale} and lands on its page`, async () => {
      const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      const indexRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('search-index')) indexRequests.push(request.url());
      });
      await page.goto(`${env.server.baseUrl}${c.start}`, {waitUntil: 'networkidle'});
      assert.deepEqual(indexRequests, [], 'a guide page does not load the search index until the box is used');

      await page.getByPlaceholder(c.placeholder).click();
      // The page shows a light box; the real one (with lunr) replaces it once reached for.
      const box = page.locator('input.navbar__search-input:not([data-placeholder])');
      await box.waitFor({state: 'visible'});
      assert.ok(await box.evaluate((input) => input === document.activeElement), 'the real box keeps the focus');
      await box.pressSequentially(c.query, {delay: 20});
      const suggestion = page.locator('[role="listbox"] [role="option"]').filter({hasText: c.query}).first();
      await suggestion.waitFor({state: 'visible', timeout: 15000});
      assert.ok(indexRequests.length >= 1, 'the index is fetched once the box is used');
      assert.ok(
        indexRequests.every((url) => new URL(url).pathname.startsWith(c.locale === 'en' ? '/en/search-index' : '/search-index')),
        'the index of the page locale',
      );
      await suggestion.click();
      await page.waitForURL(c.lands);
      // The address changes before the new page is drawn: wait for its text,
      // up to 10 s (failing then), rather than reading the page being left.
      await page.waitForFunction((query) => document.querySelector('article')?.textContent?.includes(query) === true, c.query, {timeout: 10000});
      assert.ok((await page.locator('article').textContent())?.includes(c.query));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
