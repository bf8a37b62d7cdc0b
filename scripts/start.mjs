#!/usr/bin/env node
// One command for a newcomer: installs what is missing, builds the portal in
// both locales, then serves it on http://localhost:3000 (PORT to change it).
// Uses only Node's own modules, since it may run before `npm ci`; on a Node
// too old for the project it says so in one line and stops (./node-check.mjs).
import './node-check.mjs';
import {spawnSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';

function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit', shell: process.platform === 'win32'});
  if (result.status !== 0) {
    console.error(`\n"${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}); nothing was started.`);
    process.exit(result.status ?? 1);
  }
}

const installed = existsSync('node_modules/.package-lock.json');
const stale = installed && statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
if (!installed || stale) {
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
run('npm', ['run', 'build']);
run('npm', ['run', 'serve']);
