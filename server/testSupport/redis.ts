/**
 * A Redis of the test's own: Debian's redis-server on a free loopback port,
 * without persistence (--save '' --appendonly no), with a password so the
 * URL carries one as a deployment's does. stop() and start() stop and start
 * it again on the same port (its records are gone, as after a real restart
 * without persistence); close() stops it for good.
 *
 * Nothing is skipped when redis-server is missing: the test fails and says
 * how to install it (CI's .ci/run does).
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {connect} from 'node:net';
import {Redis} from 'ioredis';
import {freePort} from './sandbox';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export interface TestRedis {
  /** redis://:password@127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  readonly password: string;
  /** Stops it (SIGTERM; nothing is saved) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Stops it for good (afterAll). */
  close(): Promise<void>;
  /** A client of this Redis (closed by close()). */
  client(): Redis;
}

function installed(): boolean {
  return spawnSync(REDIS_SERVER, ['--version'], {stdio: 'ignore'}).status === 0;
}

/** True when something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({port, host: '127.0.0.1'});
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(port: number, password: string, deadline: number): Promise<void> {
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on 127.0.0.1:${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const probe = new Redis({port, host: '127.0.0.1', password, lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null});
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    if ((await probe.ping()) !== 'PONG') throw new Error('redis-server did not answer PING');
  } finally {
    probe.disconnect();
  }
}

export async function startRedis(): Promise<TestRedis> {
  if (!installed()) {
    throw new Error(`${REDIS_SERVER} is not installed: these tests run a Redis of their own. On Debian: apt-get install -y redis-server (CI's .ci/run installs it).`);
  }
  const port = await freePort();
  const password = `clave-${Math.random().toString(36).slice(2)}`;
  let child: ChildProcess | undefined;
  let log = '';
  const clients: Redis[] = [];

  const start = async () => {
    log = '';
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', password, '--loglevel', 'warning', '--daemonize', 'no'],
      {stdio: ['ignore', 'pipe', 'pipe']},
    );
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await answers(port, password, Date.now() + 10_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${log}`);
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    if (running.exitCode === null) running.kill('SIGKILL');
  };

  await start();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    password,
    stop,
    start,
    async close() {
      for (const client of clients) client.disconnect();
      await stop();
    },
    client() {
      const client = new Redis({port, host: '127.0.0.1', password, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(times * 50, 500)});
      client.on('error', () => undefined);
      clients.push(client);
      return client;
    },
  };
}

/** Resolves when `client` is connected and ready. */
export async function whenReady(client: Redis, timeoutMs = 10_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis client not ready within ${timeoutMs} ms (status ${client.status})`)), timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
