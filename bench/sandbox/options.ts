/**
 * What `npm run bench:sandbox` reads from its command line, checked before
 * anything starts: a typo gives a clear message, not a run with NaN seconds.
 *
 *   --duration S     seconds measured per setup (default 10)
 *   --warmup S       seconds of the same load before each measurement, not counted (default 2)
 *   --connections N  concurrent connections (default 50; even, so two servers get half each)
 *   --setups LIST    which setups, comma-separated: memory, redis, redis-2 (default all three)
 *   --payment KIND   card (default: an integrator's card flow, four RSA decryptions on the server per
 *                    payment) or referenced (no card data: the store's own cost shows more)
 */
import {parseArgs} from 'node:util';

export const SETUPS = ['memory', 'redis', 'redis-2'] as const;
export type SetupName = (typeof SETUPS)[number];
export const PAYMENTS = ['card', 'referenced'] as const;
export type PaymentKind = (typeof PAYMENTS)[number];

export interface SandboxBenchOptions {
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly setups: readonly SetupName[];
  readonly payment: PaymentKind;
}

export const USAGE = 'usage: npm run bench:sandbox -- [--duration 10] [--warmup 2] [--connections 50] [--setups memory,redis,redis-2] [--payment card|referenced]';

function number(raw: string | undefined, name: string, fallback: number, check: (n: number) => boolean, expected: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !check(value)) throw new Error(`--${name} must be ${expected}; got "${raw}".\n${USAGE}`);
  return value;
}

export function sandboxBenchOptions(argv: readonly string[]): SandboxBenchOptions {
  let values: Record<string, string | undefined>;
  try {
    ({values} = parseArgs({
      args: [...argv],
      options: {
        duration: {type: 'string'},
        warmup: {type: 'string'},
        connections: {type: 'string'},
        setups: {type: 'string'},
        payment: {type: 'string'},
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const setups = (values.setups ?? SETUPS.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = setups.filter((name) => !(SETUPS as readonly string[]).includes(name));
  if (setups.length === 0 || unknown.length > 0) throw new Error(`--setups takes ${SETUPS.join(', ')}; got "${values.setups ?? ''}".\n${USAGE}`);
  const payment = values.payment ?? 'card';
  if (!(PAYMENTS as readonly string[]).includes(payment)) throw new Error(`--payment takes ${PAYMENTS.join(' or ')}; got "${payment}".\n${USAGE}`);
  return {
    durationSeconds: number(values.duration, 'duration', 10, (n) => Number.isInteger(n) && n >= 1 && n <= 3600, 'a whole number of seconds from 1 to 3600'),
    warmupSeconds: number(values.warmup, 'warmup', 2, (n) => Number.isInteger(n) && n >= 0 && n <= 600, 'a whole number of seconds from 0 to 600'),
    connections: number(values.connections, 'connections', 50, (n) => Number.isInteger(n) && n >= 2 && n <= 1000 && n % 2 === 0, 'an even whole number from 2 to 1000'),
    // In the order of SETUPS, each once, whatever the order asked.
    setups: SETUPS.filter((name) => setups.includes(name)),
    payment: payment as PaymentKind,
  };
}
