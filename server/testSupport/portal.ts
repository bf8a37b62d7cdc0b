/**
 * The portal's production server as a process of its own: server/main.ts,
 * the entry `npm run serve` runs compiled (here through tsx, so no build of
 * the server is needed), on a loopback port, with the given environment. It
 * is ready when /healthz answers; stop() sends a signal and says how long the
 * process took to exit.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {join} from 'node:path';
import {freePort} from './sandbox';

const ROOT = join(__dirname, '..', '..');

export interface PortalProcess {
  readonly port: number;
  readonly baseUrl: string;
  /** What it printed (pino's JSON lines). */
  output(): string;
  /** Sends `signal` and waits for the exit: its code and the milliseconds it took. */
  stop(signal?: NodeJS.Signals): Promise<{code: number | null; ms: number}>;
}

export async function startPortal(env: Readonly<Record<string, string>>, port?: number): Promise<PortalProcess> {
  const chosen = port ?? (await freePort());
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {...process.env, NODE_ENV: 'production', ...env, PORT: String(chosen), HOST: '127.0.0.1'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the portal did not answer on ${baseUrl} within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port: chosen,
    baseUrl,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      const started = Date.now();
      if (child.exitCode === null) child.kill(signal);
      const code = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 15_000).unref())]);
      if (code === 'late') {
        child.kill('SIGKILL');
        return {code: null, ms: Date.now() - started};
      }
      return {code, ms: Date.now() - started};
    },
  };
}
