/**
 * `npm run bench:sandbox`: a benchmark, not a test. It
 * drives the REST sandbox's authenticate + payment + status query with 50
 * connections (autocannon) against three setups started here, one after the
 * other, in one run:
 *
 *   memory    one production server, state in memory (no REDIS_URL)
 *   redis     one production server on a Redis of its own (REDIS_URL)
 *   redis-2   two production servers on one Redis; autocannon's list of URLs
 *             gives each server half of the connections (a load balancer that
 *             keeps a connection on one server), and every merchant of the pool
 *             is made on one of the two and used on both
 *
 * and prints, per setup, requests/s, p50 and p99 latency, payments/s, and
 * "payments accepted = payments found": every payment the server accepted
 * during the run is looked for afterwards with a status query, on the other
 * server for redis-2. It needs the build (`npm run build`): it serves
 * server/dist on build/, as `npm run serve` does. The servers run with
 * SANDBOX_RATE_LIMITS=off (every request comes from 127.0.0.1) and the
 * Redis is Debian's redis-server on a free port with no persistence; all
 * are stopped at the end. Options: bench/sandbox/options.ts.
 */
import {cpus, tmpdir} from 'node:os';
import {existsSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import autocannon from 'autocannon';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {DEFAULT_STORE_LIMITS} from '../../server/sandbox/store/contract';
import {PATHS, flowRequests, newStats, verify, type FlowStats, type Merchant, type Verification} from './flow';
import {sandboxBenchOptions, type SandboxBenchOptions, type SetupName} from './options';
import {ROOT, SERVER_ENTRY, startPortal, startRedis, stopAll, type RunningPortal, type RunningRedis} from './processes';

/** Merchants made before each setup's run; each iteration takes the next, so each keeps few payments (the store keeps DEFAULT_STORE_LIMITS.perTerminal). */
const POOL = 100;

const LABELS: Record<SetupName, string> = {
  memory: 'one process, memory',
  redis: 'one process, Redis',
  'redis-2': 'two processes, one Redis',
};

interface SetupResult {
  readonly setup: SetupName;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly paymentsPerSecond: number;
  readonly accepted: number;
  readonly verification: Verification;
  readonly notes: readonly string[];
  /** False when a Redis setup's Redis holds no key after the run (the servers ignored REDIS_URL). */
  readonly usedRedis: boolean;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, {recursive: true, withFileTypes: true})) {
    const path = join(entry.parentPath, entry.name);
    if (
      !entry.isFile() ||
      !entry.name.endsWith('.ts') ||
      relative(dir, path)
        .split(sep)
        .some((part) => ['dist', 'node_modules', '__tests__'].includes(part))
    )
      continue;
    newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Stops with what to run when the build is missing; warns when server/dist is older than server/ and core/. */
function checkBuild(): void {
  const missing = [join(ROOT, 'build', 'index.html'), SERVER_ENTRY].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `bench:sandbox serves the production build, and ${missing.map((file) => file.slice(ROOT.length + 1)).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: run "npm run build" first.`,
    );
    process.exit(1);
  }
  const built = statSync(SERVER_ENTRY).mtimeMs;
  if (Math.max(newestSource(join(ROOT, 'server')), newestSource(join(ROOT, 'core'))) > built) {
    console.warn('Note: server/dist is older than the sources in server/ or core/: "npm run build:server" compiles them again (a few seconds).');
  }
}

async function makeMerchants(portals: readonly RunningPortal[]): Promise<Merchant[]> {
  const made: Merchant[] = [];
  for (let i = 0; i < POOL; i += 10) {
    const batch = await Promise.all(
      Array.from({length: Math.min(10, POOL - i)}, async (_, j) => {
        // Alternately on each server: with two on one store, a merchant made on either works on both.
        const origin = (portals[(i + j) % portals.length] as RunningPortal).origin;
        const response = await fetch(`${origin}${PATHS.credentials}`, {method: 'POST'});
        const body = (await response.json()) as Merchant & {mensaje?: string};
        if (response.status !== 201) throw new Error(`POST ${PATHS.credentials} on ${origin} answered ${response.status}: ${body.mensaje ?? JSON.stringify(body)}`);
        return {usuario: body.usuario, clave: body.clave, terminal: body.terminal};
      }),
    );
    made.push(...batch);
  }
  return made;
}

/** True when a merchant made on one server is known to the other (GET /sandbox/credenciales with its Basic credentials). */
async function sharesMerchants(merchant: Merchant, other: RunningPortal): Promise<boolean> {
  const response = await fetch(`${other.origin}${PATHS.credentials}`, {
    headers: {accept: 'application/json', authorization: `Basic ${Buffer.from(`${merchant.usuario}:${merchant.clave}`).toString('base64')}`},
  });
  return response.status === 200;
}

function load(urls: readonly string[], requests: autocannon.Request[], connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    // Several URLs: autocannon gives connection i the URL i % urls.length (its types know only one).
    url: (urls.length === 1 ? urls[0] : urls) as string,
    connections,
    duration: seconds,
    requests,
    // A card payment's decryption queues up behind the others' on a busy server: a slow answer is a latency, not an error.
    timeout: 60,
  });
}

/**
 * Waits until each server has worked through what the last load left queued: autocannon drops its
 * connections at the end of a run, but the server still handles the requests it had read (a card
 * payment's decryption each), which would otherwise fall into the next measurement. A request sent
 * now is answered after them.
 */
async function drain(origins: readonly string[]): Promise<void> {
  await Promise.all(origins.map(async (origin) => (await fetch(`${origin}${PATHS.credentials}`)).arrayBuffer()));
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function runSetup(setup: SetupName, options: SandboxBenchOptions, dir: string): Promise<SetupResult> {
  const notes: string[] = [];
  let redis: RunningRedis | undefined;
  const portals: RunningPortal[] = [];
  try {
    const env: Record<string, string> = {SANDBOX_RATE_LIMITS: 'off'};
    if (setup !== 'memory') {
      redis = await startRedis(dir);
      env.REDIS_URL = redis.url;
    }
    for (let i = 0; i < (setup === 'redis-2' ? 2 : 1); i++) portals.push(await startPortal(dir, env));
    const merchants = await makeMerchants(portals);
    if (portals.length === 2) {
      const [a, b] = portals as [RunningPortal, RunningPortal];
      const shared = (await sharesMerchants(merchants[0] as Merchant, b)) && (await sharesMerchants(merchants[1] as Merchant, a));
      if (!shared) notes.push('the two servers do not share their merchants: each keeps its own state (REDIS_URL not used?); half the flows fail to authenticate');
    }

    const origins = portals.map((p) => p.origin);
    let stats: FlowStats = newStats();
    const requests = flowRequests(merchants, options.payment, () => stats, `${setup}-${Date.now().toString(36)}`);
    const perMerchant = new Array<number>(merchants.length).fill(0);
    if (options.warmupSeconds > 0) {
      await load(origins, requests, options.connections, options.warmupSeconds);
      await drain(origins);
      for (const p of stats.accepted) perMerchant[p.merchant] = (perMerchant[p.merchant] ?? 0) + 1;
      stats = newStats();
    }
    const result = await load(origins, requests, options.connections, options.durationSeconds);
    const measured = stats;
    for (const p of measured.accepted) perMerchant[p.merchant] = (perMerchant[p.merchant] ?? 0) + 1;

    await drain(origins);
    const other = (origin: string) => origins.find((o) => o !== origin) ?? origin;
    const verification = await verify(measured.accepted, merchants, (p) => other(p.origin));

    let usedRedis = true;
    if (redis !== undefined) {
      const keys = await redis.keys();
      usedRedis = keys > 0;
      if (keys === 0) notes.push('Redis holds no key after the run: the server did not use it (REDIS_URL ignored; no Redis store yet?), so these are figures of the memory store');
      else notes.push(`Redis holds ${keys} keys after the run`);
    }
    if (Math.max(...perMerchant) > DEFAULT_STORE_LIMITS.perTerminal) {
      notes.push(`a merchant got more than the ${DEFAULT_STORE_LIMITS.perTerminal} payments the store keeps for one: its oldest are forgotten by design; use a shorter --duration`);
    }
    if (result.errors > 0 || result.timeouts > 0) notes.push(`autocannon: ${result.errors} connection errors, ${result.timeouts} timeouts`);
    if (result.non2xx > 0) notes.push(`${result.non2xx} answers were not 2xx`);
    if (measured.authRefused > 0 || measured.paymentsRefused > 0 || measured.statusMissing > 0) {
      notes.push(
        `during the run: ${measured.authRefused} authentications refused, ${measured.paymentsRefused} payments refused, ${measured.statusMissing} status queries without the payment`,
      );
      for (const [what, count] of [...measured.problems].sort((x, y) => y[1] - x[1]).slice(0, 5)) notes.push(`  ${count} x ${what}`);
    }
    if (verification.tokensRefused > 0) notes.push(`${verification.tokensRefused} status queries refused the token the other server issued (signing secret not shared)`);
    if (verification.merchantUnknown > 0) notes.push(`${verification.merchantUnknown} payments could not be looked for: their merchant is unknown on the other server`);

    return {
      setup,
      requestsPerSecond: round(result.requests.average),
      p50: round(result.latency.p50),
      p99: round(result.latency.p99),
      paymentsPerSecond: round(measured.accepted.length / result.duration),
      accepted: measured.accepted.length,
      verification,
      notes,
      usedRedis,
    };
  } finally {
    for (const p of [...portals, ...(redis === undefined ? [] : [redis])]) {
      const ended = await p.stop();
      if (/killed/.test(ended)) notes.push(ended);
    }
  }
}

/** Every accepted payment found afterwards, and at least one accepted. */
const matches = (r: SetupResult) => r.accepted > 0 && r.accepted === r.verification.found;

function table(results: readonly SetupResult[]): string {
  const head = ['setup', 'requests/s', 'p50 ms', 'p99 ms', 'payments/s', 'payments accepted = found'];
  const rows = results.map((r) => {
    const v = r.verification;
    return [LABELS[r.setup], String(r.requestsPerSecond), String(r.p50), String(r.p99), String(r.paymentsPerSecond), `${r.accepted} = ${v.found}: ${matches(r) ? 'yes' : 'NO'}`];
  });
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 || i === head.length - 1 ? '---' : '--:')).join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

/** The aims the sandbox is held to (server/sandbox/README.md), on payments/s (requests/s counts refused requests too). */
function aims(results: readonly SetupResult[]): string[] {
  const by = (name: SetupName) => results.find((r) => r.setup === name);
  const lines: string[] = [];
  const memory = by('memory');
  const redis = by('redis');
  const two = by('redis-2');
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  if (results.some((r) => !r.usedRedis))
    lines.push('The servers did not use Redis (REDIS_URL ignored): the Redis rows are memory figures, and these ratios compare memory with memory.');
  if (memory !== undefined && redis !== undefined && memory.paymentsPerSecond > 0) {
    const ratio = redis.paymentsPerSecond / memory.paymentsPerSecond;
    lines.push(`Redis / memory: ${ratio.toFixed(2)}x payments/s (aim at least 0.6x: ${mark(ratio >= 0.6)})`);
  }
  if (redis !== undefined && two !== undefined && redis.paymentsPerSecond > 0) {
    const ratio = two.paymentsPerSecond / redis.paymentsPerSecond;
    lines.push(`two processes / one (Redis): ${ratio.toFixed(2)}x payments/s (aim above 1x: ${mark(ratio > 1)})`);
  }
  const lost = results.filter((r) => !matches(r));
  lines.push(
    `nothing lost: ${mark(lost.length === 0)}${lost.length === 0 ? '' : ` (${lost.map((r) => `${LABELS[r.setup]}${r.accepted === 0 ? ': no payment accepted' : ''}`).join(', ')})`}`,
  );
  return lines;
}

async function main(): Promise<void> {
  const options = sandboxBenchOptions(process.argv.slice(2));
  checkBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  const cleanUp = () => {
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', cleanUp);
  process.once('SIGTERM', cleanUp);

  const cpu = cpus();
  console.log(`bench:sandbox, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`);
  console.log(
    `Flow per iteration: authenticate + ${options.payment === 'card' ? 'card payment (approving test Visa, 4 RSA-encrypted fields)' : 'referenced payment'} + status query; ` +
      `${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s measured per setup; a pool of ${POOL} merchants (POST ${PATHS.credentials}).`,
  );
  console.log(
    `The sandbox's per-address rate limits are lifted on the bench's servers (SANDBOX_RATE_LIMITS=off): every request comes from 127.0.0.1 (normally ${SANDBOX_RULES.merchants.perHourPerAddress} merchants an hour, ${SANDBOX_RULES.apiPerMinute} API calls a minute).`,
  );
  console.log('The load generator runs on the same machine as the servers and Redis: compare the setups of one run, not runs of different machines.\n');

  const results: SetupResult[] = [];
  try {
    for (const setup of options.setups) {
      const live = process.stdout.isTTY;
      if (live) process.stdout.write(`${LABELS[setup]}: running...`);
      const result = await runSetup(setup, options, dir);
      results.push(result);
      const v = result.verification;
      process.stdout.write(
        `${live ? '\r' : ''}${LABELS[setup]}: ${result.requestsPerSecond} requests/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.paymentsPerSecond} payments/s; ` +
          `payments accepted ${result.accepted} = payments found ${v.found}${setup === 'redis-2' ? ' (on the other server)' : ''}: ${matches(result) ? 'yes' : 'NO'}\n`,
      );
      for (const note of result.notes) console.log(note.startsWith('  ') ? `      ${note.trim()}` : `  - ${note}`);
    }
  } catch (error) {
    // The servers' and Redis's output stays for a look.
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n(the processes' output is in ${dir})`);
  } finally {
    await stopAll();
  }
  console.log(`\n${table(results)}\n`);
  for (const line of aims(results)) console.log(line);
  rmSync(dir, {recursive: true, force: true});
  // A setup that accepted no payment measured nothing: the smoke test (e2e/bench-sandbox.test.ts) relies on this.
  if (results.some((r) => r.accepted === 0)) process.exitCode = 1;
}

main().catch(async (error: unknown) => {
  await stopAll();
  console.error(`\nbench:sandbox failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
