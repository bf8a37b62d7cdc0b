/**
 * The whole browser suite in one process (`npm run test:e2e`), so that every
 * file shares one production server and one Chromium (e2e/support.ts,
 * useServerAndBrowser) instead of starting its own. Each test still opens a
 * browser context of its own. A file still runs alone:
 * `node --import tsx --test e2e/search.test.ts`.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import './assistants.test';
import './bench-sandbox.test';
import './budgets.test';
import './guides.test';
import './locale.test';
import './manualPdf.test';
import './manuals.test';
import './navigation.test';
import './phoneTables.test';
import './reference.test';
import './samples.test';
import './sandbox-api.test';
import './sandbox-merchants.test';
import './sandbox-purchase.test';
import './search.test';
import './sitemap.test';
import './startup.test';
import './tools.test';
import './versions.test';

test('e2e/all.ts imports every test file of e2e/', () => {
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.test.ts'));
  const imported = [...readFileSync(__filename, 'utf8').matchAll(/^import '\.\/([\w-]+\.test)';$/gm)].map((m) => `${m[1]}.ts`);
  assert.deepEqual(imported.sort(), files.sort(), 'add the new file to the imports of e2e/all.ts');
});
