/**
 * What a page really costs: the JavaScript and CSS files the browser fetches
 * while the page loads (those its HTML names, the entry and its route's chunks,
 * and those a component loads lazily), each weighed gzipped at level 9 from build/.
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Browser, Page, Request, Response} from 'playwright-core';

export interface PageWeight {
  readonly js: number;
  readonly css: number;
  readonly html: number;
  /** Build-relative paths of the JS files the page fetched. */
  readonly scripts: readonly string[];
}

export function gzipSize(buffer: Buffer | string): number {
  return gzipSync(buffer, {level: 9}).length;
}

/** The built file behind a URL path: /vpost -> vpost.html, /en/ -> en/index.html. */
export function builtFile(buildDir: string, pathname: string): string {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '');
  const candidates = [join(buildDir, clean), join(buildDir, `${clean}.html`), join(buildDir, clean, 'index.html')];
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  if (found === undefined) throw new Error(`no built file for ${pathname} in ${buildDir}`);
  return found;
}

/** Whether a request is one weighPage counts: a script or stylesheet of the portal's own origin. */
function isWeighed(request: Request, baseUrl: string): boolean {
  return new URL(request.url()).origin === new URL(baseUrl).origin && (request.resourceType() === 'script' || request.resourceType() === 'stylesheet');
}

/** Weighs the built files behind the URL paths a page fetched (see isWeighed) and the page's own HTML. */
function weighFetched(buildDir: string, path: string, fetched: Iterable<string>): PageWeight {
  let js = 0;
  let css = 0;
  const scripts: string[] = [];
  for (const pathname of fetched) {
    const size = gzipSize(readFileSync(builtFile(buildDir, pathname)));
    if (pathname.endsWith('.css')) {
      css += size;
    } else {
      js += size;
      scripts.push(pathname);
    }
  }
  const html = gzipSize(readFileSync(builtFile(buildDir, new URL(path, 'http://localhost').pathname)));
  return {js, css, html, scripts: scripts.sort()};
}

/**
 * Opens `path` in `page` and weighs what it fetched until the network was idle,
 * before any use of the page; the page stays open on it.
 */
export async function loadAndWeigh(page: Page, baseUrl: string, path: string, buildDir: string): Promise<{response: Response | null; weight: PageWeight}> {
  const fetched = new Set<string>();
  const onRequest = (request: Request): void => {
    if (isWeighed(request, baseUrl)) fetched.add(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  try {
    const response = await page.goto(`${baseUrl}${path}`, {waitUntil: 'networkidle'});
    return {response, weight: weighFetched(buildDir, path, fetched)};
  } finally {
    page.off('request', onRequest);
  }
}

/** What `path` fetches as it loads at 1280 x 900 in a fresh browser context. */
export async function weighPage(browser: Browser, baseUrl: string, path: string, buildDir: string): Promise<PageWeight> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    return (await loadAndWeigh(await context.newPage(), baseUrl, path, buildDir)).weight;
  } finally {
    await context.close();
  }
}

export interface TryItWeight {
  /** Gzipped JS fetched after the reader's first interaction, until the request panel and its code sample are drawn. */
  readonly js: number;
  readonly scripts: readonly string[];
  /** Main-thread tasks over 50 ms from that interaction on, in ms, as the browser reports them (no CPU slowdown). */
  readonly longTasks: readonly number[];
}

/**
 * What opening try-it costs on a reference page: the page is loaded and
 * hydrated, then the reader moves the pointer over it (the first interaction
 * fetches the request panel when it is in view, src/theme/ApiExplorer); the
 * JavaScript fetched from then until the panel shows a code sample is weighed.
 */
export async function weighTryIt(browser: Browser, baseUrl: string, path: string, buildDir: string): Promise<TryItWeight> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as {__longTasks: number[]}).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.startTime, entry.duration);
    }).observe({type: 'longtask', buffered: true});
  });
  await page.goto(`${baseUrl}${path}`, {waitUntil: 'networkidle'});
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, {timeout: 30_000});
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseUrl).origin && request.resourceType() === 'script') fetched.add(url.pathname);
  });
  const since = await page.evaluate(() => performance.now());
  await page.mouse.move(200, 200);
  await page.mouse.move(400, 300);
  await page.locator('.openapi-explorer__code-block').first().waitFor({timeout: 60_000});
  await page.waitForLoadState('networkidle');
  const all = await page.evaluate(() => (window as unknown as {__longTasks: number[]}).__longTasks);
  await context.close();
  const longTasks: number[] = [];
  for (let i = 0; i < all.length; i += 2) if (all[i]! >= since) longTasks.push(Math.round(all[i + 1]!));
  let js = 0;
  for (const pathname of fetched) js += gzipSize(readFileSync(builtFile(buildDir, pathname)));
  return {js, scripts: [...fetched].sort(), longTasks};
}
