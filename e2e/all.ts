/**
 * The browser suite but the sitemap walk in one process, so that every file
 * shares one production server and one Chromium (e2e/support.ts,
 * useServerAndBrowser) instead of starting its own. Each test still opens a
 * browser context of its own. `npm run test:e2e` runs this file and the walk
 * (e2e/sitemap.test.ts, which opens every page of both sitemaps) as two
 * processes side by side, each with its server and Chromium: the walk alone
 * keeps the two cores busy most of the time, and the other checks wait on
 * timers, servers and the network in between (here: 285 s and 255 s one after
 * the other, 481 s side by side). A file still runs alone:
 * `node --import tsx --test e2e/search.test.ts`.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import './assistants.test';
import './bench-sandbox.test';
import './certification.test';
import './budgets.test';
import './guides.test';
import './locale.test';
import './manualPdf.test';
import './manuals.test';
import './navigation.test';
import './pageFooter.test';
import './phoneTables.test';
import './reference.test';
import './samples.test';
import './sandbox-api.test';
import './sandbox-merchants.test';
import './sandbox-purchase.test';
import './search.test';
import './startup.test';
import './tools.test';
import './versions.test';

/** The file `npm run test:e2e` runs beside this one, in a process of its own. */
const WALK = 'sitemap.test.ts';

test('npm run test:e2e runs every test file of e2e/: the walk beside e2e/all.ts, which imports the others', () => {
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.test.ts'));
  const imported = [...readFileSync(__filename, 'utf8').matchAll(/^import '\.\/([\w-]+\.test)';$/gm)].map((m) => `${m[1]}.ts`);
  assert.deepEqual([...imported, WALK].sort(), files.sort(), 'add the new file to the imports of e2e/all.ts');
  const script = (JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')) as {scripts: Record<string, string>}).scripts['test:e2e'];
  assert.match(script ?? '', new RegExp(`--test-concurrency=2 e2e/${WALK.replaceAll('.', '\\.')} e2e/all\\.ts$`));
});
