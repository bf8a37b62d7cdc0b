#!/usr/bin/env node
// `npm test`: every check short of the browser tests, each as its own command
// (the same ones `npm run` offers alone), run two at a time where one does not
// need another's output: the type checks beside the API pages' generation, then
// Jest beside the production build and the translation check, which all read
// the generated pages. On two cores this takes about half the time of running
// them one after the other (contributing/testing.md). The content checks read the build.
//
// Each command's output is printed when it ends, with its time; the first that
// fails stops the others, and `npm test` fails with its output.
// TEST_JOBS=1 runs them one at a time, in the order below.
// On a Node too old for the project: one line saying so and how to get Node 24, before anything runs.
import './node-check.mjs';
import {spawn} from 'node:child_process';
import {delimiter, resolve} from 'node:path';

/** @typedef {{name: string, command: string, after?: string[]}} Task */

/**
 * @type {Task[]} In the order they start when a slot is free: Jest, the longest
 * (one worker on two cores, CI), as soon as the API pages are there.
 */
const TASKS = [
  {name: 'gen:api', command: 'npm run --silent gen:api'},
  {name: 'typecheck (site)', command: 'tsc -p tsconfig.json'},
  {name: 'jest', command: 'jest', after: ['gen:api']},
  {name: 'build:site', command: 'npm run --silent build:site', after: ['gen:api']},
  // The words of the built site, both locales, every version (scripts/content/check.ts).
  {name: 'content', command: 'tsx scripts/content/check.ts', after: ['build:site']},
  {name: 'typecheck (server)', command: 'tsc -p server/tsconfig.json'},
  {name: 'check-translations', command: 'node scripts/check-translations.mjs', after: ['gen:api']},
  {name: 'lint', command: 'npm run --silent lint'},
];

// The project's own tools first, as under `npm run`.
const ENV = {...process.env, PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`};
const JOBS = Math.max(1, Number(process.env.TEST_JOBS ?? 2));

// A writer's preview leaves the cut versions out (contributing/writers.md): the checks cover them all.
if (process.env.CURRENT_VERSION_ONLY === 'true') {
  console.error("npm test checks every docs version: unset CURRENT_VERSION_ONLY (a writer's preview setting) first.");
  process.exit(1);
}
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** @type {Map<string, 'waiting' | 'running' | 'passed' | 'failed'>} */
const state = new Map(TASKS.map((task) => [task.name, 'waiting']));
/** @type {Map<string, import('node:child_process').ChildProcess>} */
const running = new Map();
let failed = false;

function ready(task) {
  return state.get(task.name) === 'waiting' && (task.after ?? []).every((name) => state.get(name) === 'passed');
}

function stopOthers() {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

function start(task) {
  state.set(task.name, 'running');
  const since = Date.now();
  console.log(`== ${task.name}: ${task.command}`);
  // Its own process group, so that stopping it stops what it started.
  const child = spawn(task.command, {shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: ENV});
  running.set(task.name, child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('close', (code, signal) => {
    running.delete(task.name);
    if (failed) return;
    if (code === 0) {
      state.set(task.name, 'passed');
      process.stdout.write(output);
      console.log(`== ${task.name}: passed in ${seconds(since)}`);
      next();
      return;
    }
    failed = true;
    state.set(task.name, 'failed');
    stopOthers();
    process.stdout.write(output);
    console.error(`== ${task.name}: FAILED (${signal ?? `exit ${code}`}) after ${seconds(since)}; the other checks were stopped.`);
    process.exitCode = 1;
  });
}

function next() {
  for (const task of TASKS) {
    if (running.size >= JOBS) break;
    if (ready(task)) start(task);
  }
  if (running.size === 0 && !failed) {
    const left = TASKS.filter((task) => state.get(task.name) !== 'passed').map((task) => task.name);
    if (left.length > 0) {
      console.error(`== npm test: cannot run ${left.join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log(`== npm test: all ${TASKS.length} checks passed in ${seconds(started)}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed = true;
    stopOthers();
    process.exit(1);
  });
}

next();
