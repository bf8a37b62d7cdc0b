/**
 * On a 360 px phone every table fits the screen: rows stack, and each cell
 * carries its column's name (src/lib/stackedTables.ts, src/css/tables.css),
 * so a variable's name, type and description are read together without
 * scrolling sideways. Desktop keeps the three-column layout (30/15/55).
 * That every table of every guide page fits the phone's screen is checked by
 * the sitemap walk (e2e/sitemap.test.ts), which opens each page once for all
 * its checks.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {PHONE, openPage, useServerAndBrowser} from './support';

const env = useServerAndBrowser();

describe('tables on a 360 px phone', () => {
  test('on /vpost/integracion each variable shows its name, type and description, labelled, within the screen', async () => {
    const context = await env.browser.newContext({viewport: PHONE, isMobile: true, hasTouch: true});
    const {page, errors} = await openPage(context);
    await page.goto(`${env.server.baseUrl}/vpost/integracion`);
    const rows = page.locator('main table tbody tr:visible');
    assert.ok((await rows.count()) >= 10);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => ({
          label: td.getAttribute('data-label'),
          right: td.getBoundingClientRect().right,
          shown: getComputedStyle(td, '::before').content,
        })),
      ),
    );
    for (const row of cells) {
      assert.deepEqual(
        row.map((c) => c.label),
        ['Variable', 'Tipo', 'Descripción'],
      );
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
    const widths = await page
      .locator('main table')
      .first()
      .evaluate((table) => {
        const total = table.getBoundingClientRect().width;
        return [...table.querySelectorAll('thead th')].map((th) => Math.round((th.getBoundingClientRect().width / total) * 100));
      });
    assert.deepEqual(widths, [30, 15, 55]);
    await context.close();
  });
});
