/**
 * On a 360 px phone every table fits the screen: rows stack, and each cell
 * carries its column's name (src/lib/stackedTables.ts, src/css/tables.css),
 * so a variable's name, type and description are read together without
 * scrolling sideways. Desktop keeps the three-column layout (30/15/55).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {openPage, sitemapPaths, useServerAndBrowser} from './support';

const env = useServerAndBrowser();
const PHONE = {width: 360, height: 740};

/** Tables of the page (all tabs shown) that stick out of the screen or scroll sideways. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    document.querySelectorAll('[role="tabpanel"][hidden]').forEach((panel) => panel.removeAttribute('hidden'));
    return [...document.querySelectorAll('main table')].flatMap((table, index) => {
      const problems: string[] = [];
      if (table.getBoundingClientRect().right > width + 0.5) problems.push(`table ${index} ends at ${Math.round(table.getBoundingClientRect().right)} px`);
      for (let el: HTMLElement | null = table as HTMLElement; el !== null && el.tagName !== 'MAIN'; el = el.parentElement) {
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
          problems.push(`table ${index} scrolls sideways in <${el.tagName.toLowerCase()} class="${el.className}">`);
        }
      }
      return problems;
    });
  }, PHONE.width);
}

describe('tables on a 360 px phone', () => {
  test('every table of every guide page fits the screen, in both languages', async () => {
    const context = await env.browser.newContext({viewport: PHONE, isMobile: true, hasTouch: true});
    const {page} = await openPage(context);
    const found: string[] = [];
    let tables = 0;
    // The reference pages draw their schemas as lists, not tables; their overview pages are guides.
    const guides = sitemapPaths().filter((p) => !/^\/(en\/)?(rest|apirest|tcrest)\/./.test(p));
    for (const path of guides) {
      await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
      tables += await page.locator('main table').count();
      found.push(...(await overflowing(page)).map((problem) => `${path}: ${problem}`));
    }
    assert.ok(tables > 50, `the guides have their tables (${tables})`);
    assert.deepEqual(found, []);
    await context.close();
  });

  test('on /vpost/integracion each variable shows its name, type and description, labelled, within the screen', async () => {
    const context = await env.browser.newContext({viewport: PHONE, isMobile: true, hasTouch: true});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`);
    const rows = page.locator('main table tbody tr:visible');
    assert.ok((await rows.count()) >= 10);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => ({label: td.getAttribute('data-label'), right: td.getBoundingClientRect().right, shown: getComputedStyle(td, '::before').content}))),
    );
    for (const row of cells) {
      assert.deepEqual(row.map((c) => c.label), ['Variable', 'Tipo', 'Descripción']);
      for (const cell of row) {
        assert.ok(cell.right <= PHONE.width, `a cell ends at ${cell.right} px`);
        assert.equal(cell.shown, `"${cell.label}"`, 'the column name is shown above the value');
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a desktop reader keeps the 30/15/55 columns', async () => {
    const context = await env.browser.newContext({viewport: {width: 1280, height: 900}});
    const {page} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`);
    const widths = await page.locator('main table').first().evaluate((table) => {
      const total = table.getBoundingClientRect().width;
      return [...table.querySelectorAll('thead th')].map((th) => Math.round((th.getBoundingClientRect().width / total) * 100));
    });
    assert.deepEqual(widths, [30, 15, 55]);
    await context.close();
  });
});
