/**
 * Every page of both sitemaps, opened once for all the checks that read each
 * page (they were three walks of the sitemap; now one):
 * - accessibility: no console error and no axe-core WCAG 2.1 AA violation, the
 *   request panel of a reference page included (every page);
 * - size budgets (e2e/budgets.ts): the JavaScript a guide page fetches while it
 *   loads, and the heavy libraries it may fetch (guide pages);
 * - phone tables: on a 360 px phone every table fits the screen, rows stacked
 *   (src/lib/stackedTables.ts, src/css/tables.css; guide pages and their
 *   reference overviews).
 * Each page has a test per check, named by the page and the check.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {BrowserContext, Page} from 'playwright-core';
import {CONTRACT_JS_BUDGET, CONTRACT_PAGE, ENCRYPTION_PAGE, GUIDE_JS_BUDGET, LIBRARIES, NOT_GUIDES, contains} from './budgets';
import {PHONE, ROOT, listenForErrors, sitemapPaths, useServerAndBrowser, waitForHydration} from './support';
import {wcagViolations} from './axe';
import {loadAndWeigh, type PageWeight} from './weigh';

const env = useServerAndBrowser();
/** How many pages the walk has open at a time (WALK_LANES, default 3: with tabs reused from page to page, the whole walk took 285 s with 3 lanes, 327 s with 2; at 3 both cores were 93 % busy). */
const LANES = Number(process.env.WALK_LANES ?? 3);

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

/** What a desktop reader's visit of a page gives the accessibility check and the budgets. */
interface DesktopVisit {
  readonly status: number | undefined;
  /** The scripts and stylesheets fetched while the page loaded, until the network was idle, before any use of the page. */
  readonly weight: PageWeight;
  readonly violations: readonly string[];
  readonly errors: readonly string[];
}

/**
 * The tabs of one browser context the walk reads pages in, as a reader goes
 * from page to page in a tab: at most one per lane, each going on to the next
 * page once a check is done with it (a tab whose check failed is closed). A
 * new tab for every page started a new renderer process each time, about two
 * and a half times the CPU.
 */
class Tabs {
  private readonly free: Page[] = [];
  private context: BrowserContext | undefined;

  open(context: BrowserContext): void {
    this.context = context;
  }

  async close(): Promise<void> {
    this.free.length = 0;
    await this.context?.close();
  }

  /** Runs `use` with a tab of its own, which goes back to the others if `use` succeeds. */
  async with<T>(use: (page: Page) => Promise<T>): Promise<T> {
    if (this.context === undefined) throw new Error('the walk opens its contexts in before()');
    const page = this.free.pop() ?? (await this.context.newPage());
    let succeeded = false;
    try {
      const result = await use(page);
      succeeded = true;
      return result;
    } finally {
      if (succeeded) this.free.push(page);
      else await page.close().catch(() => undefined);
    }
  }
}

/**
 * Opens `path` at 1280 x 900 in a tab of the walk's desktop context: weighs what
 * the page fetched by the time the network is idle (e2e/weigh.ts, as for
 * weighPage), then waits for hydration, brings a reference page's request panel and
 * runs axe. The visits share one context, as one reader's visits do: scripts
 * come from the browser's cache and their compiled code is reused, which made
 * the walk about a fifth faster; a script taken from the cache is still a
 * request the page makes, so the weights are the same as from a fresh context
 * in a new tab (every page of both sitemaps compared one by one, in the tab
 * that had opened the page before it).
 */
async function visitOnDesktop(path: string): Promise<DesktopVisit> {
  return desktop.with(async (page) => {
    const clock = phases(path);
    const errors = listenForErrors(page);
    const {response, weight} = await loadAndWeigh(page, env.server.baseUrl, path, join(ROOT, 'build'));
    clock('load');
    await waitForHydration(page);
    clock('hydration');
    await openRequestPanel(page);
    clock('panel');
    // axe in the page (e2e/axe.ts says why not @axe-core/playwright).
    const violations = await wcagViolations(page);
    clock('axe');
    errors.stop();
    return {status: response?.status(), weight, violations, errors: [...errors.errors]};
  });
}

/**
 * Where the walk's time goes, page by page and phase by phase (load until the network is idle,
 * hydration, the request panel, axe, the phone's visit), printed when the walk ends: a walk that
 * takes long on another machine says there whether it waited on pages' loads, on axe's work or
 * on the phone, and on which pages.
 */
const timings = new Map<string, Map<string, number>>();
function phases(path: string): (phase: string) => void {
  let since = performance.now();
  return (phase) => {
    const now = performance.now();
    const page = timings.get(path) ?? new Map<string, number>();
    page.set(phase, (page.get(phase) ?? 0) + (now - since));
    timings.set(path, page);
    since = now;
  };
}
function reportTimings(): void {
  const totals = new Map<string, number>();
  for (const page of timings.values()) for (const [phase, ms] of page) totals.set(phase, (totals.get(phase) ?? 0) + ms);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const sum = (page: Map<string, number>) => [...page.values()].reduce((a, b) => a + b, 0);
  const slowest = [...timings].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 5);
  console.log(
    `walk: ${timings.size} pages; time in each phase, all lanes together: ${[...totals].map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')}; ` +
      `slowest: ${slowest.map(([path, page]) => `${path} ${seconds(sum(page))} (${[...page].map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')})`).join('; ')}`,
  );
}

const paths = sitemapPaths();
const budgeted = new Set(paths.filter((path) => !NOT_GUIDES.test(path)));
// The reference pages draw their schemas as lists, not tables; their overview pages are guides.
const withTables = new Set(paths.filter((p) => !/^\/(en\/)?(rest|apirest|tcrest)\/./.test(p)));
/** The phone the walk reads pages on (its context opens in before() of the walk). */
const phone = new Tabs();
/** The desktop the walk reads pages on (its context opens in before() of the walk). */
const desktop = new Tabs();
/** The tables the phone found, all pages together. */
let tables = 0;

/** A page's tests, one per check that applies to it; they share one desktop visit. */
function checksOf(path: string): void {
  let visit: Promise<DesktopVisit> | undefined;
  const onDesktop = (): Promise<DesktopVisit> => (visit ??= visitOnDesktop(path));

  test(`${path}: no console error and no WCAG 2.1 AA violation`, async () => {
    const {status, violations, errors} = await onDesktop();
    assert.equal(status, 200);
    assert.deepEqual(violations, [], `axe on ${path}`);
    assert.deepEqual(errors, [], `console on ${path}`);
  });

  if (budgeted.has(path)) {
    test(`${path}: JS within budget, heavy libraries only where used`, async () => {
      const {weight} = await onDesktop();
      const budget = CONTRACT_PAGE.test(path) ? CONTRACT_JS_BUDGET : GUIDE_JS_BUDGET;
      assert.ok(weight.js <= budget, `${path} loads ${(weight.js / 1024).toFixed(1)} KB of gzipped JS (budget ${budget / 1024} KB)`);
      assert.ok(!weight.scripts.some((s) => s.includes('search-index')), 'no search index at load');

      const html = readFileSync(join(ROOT, 'build', `${path.replace(/\/$/, '')}.html`), 'utf8');
      const hasDiagram = /docusaurus-mermaid-container|language-mermaid|class="?mermaid/.test(html) || /```mermaid/.test(html);
      const loadsMermaid = weight.scripts.some((s) => contains(s, LIBRARIES.mermaid));
      if (!hasDiagram) {
        assert.equal(loadsMermaid, false, `${path} has no diagram but loads mermaid`);
      }
      if (!html.includes('prism-code')) {
        assert.deepEqual(
          weight.scripts.filter((s) => contains(s, LIBRARIES.prism)),
          [],
          `${path} has no code block but loads Prism`,
        );
      }
      const loadsForge = weight.scripts.some((s) => contains(s, LIBRARIES.nodeForge));
      assert.equal(loadsForge, ENCRYPTION_PAGE.test(path) && loadsForge, `${path} loads node-forge`);
    });
  }

  if (withTables.has(path)) {
    test(`${path}: every table fits a 360 px phone's screen`, async () => {
      await phone.with(async (page) => {
        const clock = phases(path);
        await page.goto(`${env.server.baseUrl}${path}`, {waitUntil: 'load'});
        await waitForHydration(page);
        tables += await page.locator('main table').count();
        assert.deepEqual(await overflowing(page), [], `tables on ${path}`);
        clock('phone');
      });
    });
  }
}

describe('every page of the sitemap, in both locales: accessibility, size budgets, tables on a phone', () => {
  before(async () => {
    phone.open(await env.browser.newContext({viewport: PHONE, isMobile: true, hasTouch: true}));
    desktop.open(await env.browser.newContext({viewport: {width: 1280, height: 900}}));
  });
  after(async () => {
    reportTimings();
    await phone.close();
    await desktop.close();
  });

  test('the sitemaps list the channels in both locales', () => {
    for (const path of ['/vpost', '/vpost/integracion', '/en/vpost', '/en/vpost/integracion']) {
      assert.ok(paths.includes(path), `${path} in the sitemap`);
    }
  });

  test('there are guide pages to weigh in both locales', () => {
    assert.ok(budgeted.has('/vpost/integracion') && budgeted.has('/en/vpost/integracion'));
  });

  // LANES pages are open at a time: while one waits for its network to be idle,
  // another is checked. A page's own checks run one after the other.
  describe('each page', {concurrency: LANES}, () => {
    for (const path of paths) describe(path, {concurrency: 1}, () => checksOf(path));
  });

  test('the guides have their tables', () => {
    assert.ok(tables > 50, `the guides have their tables (${tables})`);
  });
});
