/**
 * What a page really costs: the JavaScript and CSS files the browser fetches
 * while the page loads (not only those named in the HTML: Docusaurus loads a
 * route's chunks from its runtime), each weighed gzipped at level 9 from build/.
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Browser} from 'playwright-core';

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

export async function weighPage(browser: Browser, baseUrl: string, path: string, buildDir: string): Promise<PageWeight> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseUrl).origin && (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')) {
      fetched.add(url.pathname);
    }
  });
  await page.goto(`${baseUrl}${path}`, {waitUntil: 'networkidle'});
  await context.close();
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
  const html = gzipSize(readFileSync(builtFile(buildDir, new URL(`${baseUrl}${path}`).pathname)));
  return {js, css, html, scripts: scripts.sort()};
}
