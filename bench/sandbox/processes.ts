/**
 * The processes `npm run bench:sandbox` starts and always stops: Debian's
 * redis-server (no persistence) and the portal's production server
 * (server/dist, as `npm run serve` starts it), each on a free loopback port,
 * each writing its output to a file of the run's folder (the tail is shown
 * when one fails).
 */
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {closeSync, existsSync, openSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {freePort} from '../../server/testSupport/freePort';

export const ROOT = join(__dirname, '..', '..');
export const SERVER_ENTRY = join(ROOT, 'server', 'dist', 'server', 'main.js');
export const REDIS_SERVER = '/usr/bin/redis-server';
export const REDIS_CLI = '/usr/bin/redis-cli';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export {freePort};

export interface Running {
  readonly name: string;
  /** The last lines the process wrote. */
  readonly tail: () => string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
  readonly stop: () => Promise<string>;
}

/** Every process started and not yet stopped: stopped on any exit of the bench. */
const live = new Set<Running>();

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((p) => p.stop()));
}

function start(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv, logFile: string, graceMs: number): {child: ChildProcess; running: Running} {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, {cwd: ROOT, env, stdio: ['ignore', fd, fd]});
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: Running = {
    name,
    tail: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : ''),
    stop: async () => {
      live.delete(running);
      if (child.exitCode !== null || child.signalCode !== null) return `${name} had already exited (${child.exitCode ?? child.signalCode})`;
      const began = Date.now();
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(timer);
      if (ended) return `${name} exited ${Date.now() - began} ms after SIGTERM`;
      child.kill('SIGKILL');
      await exited;
      return `${name} did not exit within ${graceMs / 1000} s of SIGTERM: killed`;
    },
  };
  live.add(running);
  return {child, running};
}

async function waitFor(name: string, child: ChildProcess, running: Running, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${running.tail()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${running.tail()}`);
    await sleep(200);
  }
}

export interface RunningRedis extends Running {
  readonly url: string;
  /** Keys in its database (redis-cli DBSIZE): 0 after a run means the servers never wrote to it. */
  readonly keys: () => Promise<number>;
}

export async function startRedis(dir: string): Promise<RunningRedis> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server (the bench starts its own; none needs to run).`);
  const port = await freePort();
  const name = `redis-server :${port}`;
  const {child, running} = start(
    name,
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {PATH: process.env.PATH ?? ''},
    join(dir, `redis-${port}.log`),
    5000,
  );
  const cli = async (...args: string[]) => (await run(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout.trim();
  await waitFor(name, child, running, async () => (await cli('ping')) === 'PONG', 10_000);
  return {...running, url: `redis://127.0.0.1:${port}`, keys: async () => Number(await cli('dbsize'))};
}

export interface RunningPortal extends Running {
  readonly origin: string;
}

/** The production server (server/dist) on a free port; `env` on top of the bench's own environment. */
export async function startPortal(dir: string, env: Readonly<Record<string, string>>): Promise<RunningPortal> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const name = `portal ${origin}`;
  // The bench's shell must not decide the store or the port: each setup says what it wants.
  const {REDIS_URL: _redis, PORT: _port, HOST: _host, ...inherited} = process.env;
  const {child, running} = start(
    name,
    process.execPath,
    [SERVER_ENTRY],
    {...inherited, SANDBOX: 'on', OUTBOX_DIR: join(dir, 'outbox'), ...env, PORT: String(port), HOST: '127.0.0.1'},
    join(dir, `portal-${port}.log`),
    12_000,
  );
  // Ready when the sandbox answers (401: no credentials), and /readyz, where the server has it, says 200.
  await waitFor(
    name,
    child,
    running,
    async () => {
      const sandbox = await fetch(`${origin}/sandbox/credenciales`);
      if (sandbox.status !== 401) return false;
      const ready = await fetch(`${origin}/readyz`);
      return ready.status === 200 || ready.status === 404;
    },
    90_000,
  );
  return {...running, origin};
}
