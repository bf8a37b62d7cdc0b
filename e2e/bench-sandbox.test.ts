/**
 * `npm run bench:sandbox` still runs (server/sandbox/README.md): the benchmark itself
 * is not a test, so this only drives it briefly on its memory setup (one
 * production server on build/, a card payment flow on two connections, the
 * MCP endpoint off to start sooner) and checks that it measured something and
 * found every payment the server accepted. About 10 s.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {ROOT} from './support';

const run = promisify(execFile);

test('bench:sandbox measures the memory setup and finds every accepted payment', async () => {
  const {stdout} = await run(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/sandbox/run.ts'), '--setups', 'memory', '--duration', '2', '--warmup', '1', '--connections', '2'],
    {
      cwd: ROOT,
      env: {...process.env, MCP: 'off'},
      timeout: 60_000,
    },
  );
  assert.match(stdout, /rate limits are lifted on the bench's servers \(SANDBOX_RATE_LIMITS=off\)/);
  const line = /one process, memory: ([\d.]+) requests\/s, p50 ([\d.]+) ms, p99 ([\d.]+) ms, [\d.]+ payments\/s; payments accepted (\d+) = payments found (\d+): (\w+)/.exec(
    stdout,
  );
  assert.ok(line, stdout);
  const [, perSecond, , , accepted, found, verdict] = line;
  assert.ok(Number(perSecond) > 0, stdout);
  assert.ok(Number(accepted) > 0, stdout);
  assert.equal(found, accepted, stdout);
  assert.equal(verdict, 'yes');
  assert.match(stdout, /\| one process, memory \|/);
});
