import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Browser} from 'playwright-core';
import {AxeBuilder} from '@axe-core/playwright';
import {ROOT, launchBrowser, openPage, startServer, type RunningServer} from './support';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every page the sitemaps of both locales list, as paths. */
function sitemapPaths(): string[] {
  const paths: string[] = [];
  for (const file of ['build/sitemap.xml', 'build/en/sitemap.xml']) {
    const xml = readFileSync(join(ROOT, file), 'utf8');
    for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      paths.push(new URL(match[1]!).pathname);
    }
  }
  return [...new Set(paths)].sort();
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
      const context = await browser.newContext({viewport: {width: 1280, height: 900}});
      const {page, errors} = await openPage(context);
      const response = await page.goto(`${server.baseUrl}${path}`, {waitUntil: 'networkidle'});
      assert.equal(response?.status(), 200);
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
