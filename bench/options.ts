/**
 * What `npm run bench` reads from its environment, checked before anything is
 * built or served: a typo gives a clear message, not a table of NaN.
 *
 * - BENCH_RUNS: Lighthouse runs per page (the median is shown); default 3.
 * - BENCH_CPU_SLOWDOWN: Lighthouse's simulated CPU slowdown; default 4, its
 *   mobile preset. Lighthouse slows this machine's own CPU by that factor, so
 *   a faster machine scores higher; a larger factor stands for a slower phone
 *   (or host) and shows how much margin a page has.
 */
export interface BenchOptions {
  readonly runs: number;
  readonly cpuSlowdown: number;
}

export const DEFAULT_RUNS = 3;
export const DEFAULT_CPU_SLOWDOWN = 4;

function read(env: NodeJS.ProcessEnv, name: string, fallback: number, check: (value: number) => boolean, expected: string): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!check(value)) throw new Error(`${name} must be ${expected}; it is "${raw}".`);
  return value;
}

export function benchOptions(env: NodeJS.ProcessEnv): BenchOptions {
  return {
    runs: read(env, 'BENCH_RUNS', DEFAULT_RUNS, (n) => Number.isInteger(n) && n >= 1 && n <= 50, 'a whole number from 1 to 50'),
    cpuSlowdown: read(env, 'BENCH_CPU_SLOWDOWN', DEFAULT_CPU_SLOWDOWN, (n) => Number.isFinite(n) && n >= 1 && n <= 20, 'a number from 1 to 20'),
  };
}

/** The middle value (the upper one of an even count); the list must not be empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
