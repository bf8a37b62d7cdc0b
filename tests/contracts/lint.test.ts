/**
 * @jest-environment node
 */
// A real OpenAPI linter (Redocly, configured by redocly.yaml) finds no error in
// the contracts; `npm run lint:api` shows its full report.
import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import {ROOT} from '../support/contracts';
import {allVersions} from '../../core/node/openapiVersions';

it('redocly lint reports no error in any contract', () => {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--config', 'redocly.yaml', '--format', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  // One JSON report per contract of redocly.yaml, one after the other.
  const start = run.stdout.indexOf('{');
  expect(start).toBeGreaterThanOrEqual(0);
  type Report = {totals: {errors: number}; problems: {ruleId: string; message: string; severity: string}[]};
  const reports = JSON.parse(`[${run.stdout.slice(start).replace(/}\s*{/g, '},{')}]`) as Report[];
  // Three contracts per version: the current ones and those of every cut version.
  const contracts = 3 * allVersions(ROOT).length;
  expect(reports).toHaveLength(contracts);
  expect(reports.flatMap((r) => r.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`))).toEqual([]);
  expect(reports.map((r) => r.totals.errors)).toEqual(Array.from({length: contracts}, () => 0));
  expect(run.status).toBe(0);
}, 60_000);
