/**
 * Shared set-up of the browser tests: the production server (`npm run serve`,
 * which serves build/) on a free loopback port, and Debian's Chromium driven
 * by playwright-core. No test downloads a browser.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {after, before} from 'node:test';
import {join} from 'node:path';
import {chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page} from 'playwright-core';
import {freePort} from '../server/testSupport/freePort';

export const ROOT = join(__dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The phone the tests read pages on (a 360 px wide screen), as a browser context's viewport. */
export const PHONE = {width: 360, height: 740};

export {freePort};

export interface RunningServer {
  readonly baseUrl: string;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/** Starts the production server on a free port and waits until it answers. */
export async function startServer(env: Record<string, string> = {}, readyPath = '/vpost'): Promise<RunningServer> {
  if (!existsSync(join(env.BUILD_DIR ?? join(ROOT, 'build'), 'index.html'))) {
    throw new Error('build/ is missing: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: ROOT,
    env: {...process.env, ...env, PORT: String(port), HOST: '127.0.0.1'},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}${readyPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`the server did not answer on ${baseUrl} within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
}

/**
 * Waits until a portal page has hydrated: React may take over after the
 * load event that page.goto waits for, and until then its buttons do
 * nothing, as for a reader who clicks that early. Docusaurus marks the page
 * once React has taken over.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('__docusaurus') === null || document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, {
    timeout: 30_000,
  });
}

/** The attribute markServerDrawn gives the elements the server drew. */
export const FROM_SERVER = 'data-from-server';

/**
 * Marks the page's elements that match `selector` once its HTML is parsed,
 * before the deferred scripts run (readyState "interactive" comes first): an
 * element React draws again after hydration is a new one, without the mark.
 * Call before page.goto.
 */
export async function markServerDrawn(page: Page, selector: string): Promise<void> {
  await page.addInitScript(
    ([matching, mark]) => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        document.querySelectorAll(matching).forEach((element) => element.setAttribute(mark, ''));
      });
    },
    [selector, FROM_SERVER] as const,
  );
}

/** The request panel's code snippets: once they show, the panel has arrived. */
export const REQUEST_PANEL_SNIPPETS = '.openapi-explorer__code-block';

/** Brings a reference page's request panel as a reader does, with a first pointer move (src/theme/ApiExplorer), and waits for its snippets. */
export async function bringRequestPanelByPointer(page: Page): Promise<void> {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.locator(REQUEST_PANEL_SNIPPETS).first().waitFor({state: 'visible', timeout: 30_000});
}

/** Collects the page's console errors and uncaught exceptions, as they come. */
export function collectErrors(page: Page): string[] {
  return listenForErrors(page).errors;
}

/** As collectErrors, until stop(): for a tab that goes on to other pages (e2e/sitemap.test.ts). */
export function listenForErrors(page: Page): {readonly errors: string[]; readonly stop: () => void} {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage): void => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error): void => {
    errors.push(`pageerror: ${error.message}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return {
    errors,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    },
  };
}

/**
 * A page that records console errors and failed requests of its own origin.
 * Its goto() returns once the page has hydrated (see waitForHydration).
 */
export async function openPage(context: BrowserContext): Promise<{page: Page; errors: string[]}> {
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page);
    return response;
  };
  return {page, errors: collectErrors(page)};
}

/**
 * The production server and the browser the test files share: `npm run
 * test:e2e` runs every file in one process (e2e/all.ts), so the server starts
 * once and Chromium launches once for the whole run; each test opens its own
 * browser context, so tests share no cookies, storage or pages. A file run
 * alone (`node --import tsx --test e2e/search.test.ts`) starts its own.
 */
let sharedServer: Promise<RunningServer> | undefined;
let sharedBrowser: Promise<Browser> | undefined;
let sharedStopRegistered = false;

/** Stops what was shared once every test of the process has run (a root-level after hook, registered once). */
function stopSharedAfterAll(): void {
  if (sharedStopRegistered) return;
  sharedStopRegistered = true;
  after(async () => {
    const [browser, server] = await Promise.allSettled([sharedBrowser, sharedServer]);
    if (browser.status === 'fulfilled') await browser.value?.close();
    if (server.status === 'fulfilled') await server.value?.stop();
  });
}

/** The shared browser, launched before the first test of the file that asks for it. */
export function useBrowser(): {readonly browser: Browser} {
  stopSharedAfterAll();
  let browser: Browser | undefined;
  before(async () => {
    sharedBrowser ??= launchBrowser();
    browser = await sharedBrowser;
  });
  return {
    get browser() {
      if (browser === undefined) throw new Error('the browser starts in before()');
      return browser;
    },
  };
}

/**
 * The set-up most test files share: the production server with the default
 * configuration and the browser, both started before the file's tests and
 * stopped after the last test of the run (see above). A file that needs the
 * server configured otherwise (e2e/manuals.test.ts) starts its own with startServer().
 */
export function useServerAndBrowser(): {readonly server: RunningServer; readonly browser: Browser} {
  const shared = useBrowser();
  let server: RunningServer | undefined;
  before(async () => {
    sharedServer ??= startServer();
    server = await sharedServer;
  });
  return {
    get server() {
      if (server === undefined) throw new Error('the server starts in before()');
      return server;
    },
    get browser() {
      return shared.browser;
    },
  };
}

/** A page as the server sends it: its status, its HTML and the text of its first h1 ('' without one). */
export async function fromServer(url: string): Promise<{status: number; html: string; heading: string}> {
  const response = await fetch(url);
  const html = await response.text();
  const heading =
    /<h1\b[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]*>/g, '')
      .trim() ?? '';
  return {status: response.status, html, heading};
}

/** Every page the sitemaps of both locales list, as URL paths. */
export function sitemapPaths(): string[] {
  const paths = new Set<string>();
  for (const file of ['build/sitemap.xml', 'build/en/sitemap.xml']) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
      paths.add(new URL(match[1]!).pathname);
    }
  }
  return [...paths].sort();
}

/**
 * The distinct site links of the page's docs sidebar, every collapsed category
 * opened first: by its caret where the category is itself a page (a click on
 * its link would navigate), by its label where it is not.
 */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const collapsed = page.locator(
    '.theme-doc-sidebar-menu .menu__list-item--collapsed > .menu__list-item-collapsible > :is(button.menu__caret, a.menu__link--sublist:not([href^="/"]))',
  );
  for (let round = 0; round < 20 && (await collapsed.count()) > 0; round++) {
    await collapsed.first().click();
    await page.waitForTimeout(300);
  }
  const hrefs = await page
    .locator('.theme-doc-sidebar-menu a.menu__link[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/')))];
}
