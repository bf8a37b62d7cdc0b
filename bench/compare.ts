/**
 * `npm run bench:compare`: Lighthouse mobile on the same pages of several
 * builds, interleaved (run 1 of every build, then run 2, ...), so that the
 * machine's changing load falls on all of them alike. It is how the figures of
 * patches/README.md were measured: one build with a speed-up and one without.
 *
 *   BENCH_BUILDS="with=build,without=/tmp/build-without" \
 *   BENCH_SLOWDOWNS=4,16 BENCH_RUNS=3 npm run bench:compare
 *
 * Each build is served by the portal's server (it must hold the PDF manuals,
 * which a full build makes). BENCH_PATHS (default the guide and the API page)
 * are measured on every build; a build labelled `stock` is the stock
 * Docusaurus site of bench/stock (built by `npm run bench`), measured on
 * /docs/intro instead. Prints the median score, blocking time and largest
 * contentful paint per build, page and slowdown (at 16x the simulated LCP
 * weighs on the score beside blocking time: patches/README.md), and the
 * machine's benchmark index.
 */
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {ROOT, startServer, type RunningServer} from '../e2e/support';
import {runLighthouse} from './lighthouse';
import {median} from './options';

interface Build {
  readonly label: string;
  readonly dir: string;
}

function builds(raw: string | undefined): Build[] {
  const list = (raw ?? '').split(',').filter((entry) => entry.trim() !== '');
  if (list.length === 0) throw new Error('BENCH_BUILDS must list label=dir pairs, e.g. "with=build,without=/tmp/build-without".');
  return list.map((entry) => {
    const [label, dir] = entry.split('=');
    if (label === undefined || dir === undefined || label.trim() === '' || dir.trim() === '') {
      throw new Error(`BENCH_BUILDS: "${entry}" is not label=dir.`);
    }
    const absolute = resolve(ROOT, dir.trim());
    if (!existsSync(join(absolute, 'index.html'))) throw new Error(`BENCH_BUILDS: ${absolute} holds no built site.`);
    return {label: label.trim(), dir: absolute};
  });
}

function numbers(raw: string | undefined, fallback: number[], name: string): number[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map(Number);
  if (values.some((n) => !Number.isFinite(n) || n < 1 || n > 50)) throw new Error(`${name} must be numbers from 1 to 50, comma-separated; it is "${raw}".`);
  return values;
}

async function main(): Promise<void> {
  const list = builds(process.env.BENCH_BUILDS);
  const slowdowns = numbers(process.env.BENCH_SLOWDOWNS, [4], 'BENCH_SLOWDOWNS');
  const [runs] = numbers(process.env.BENCH_RUNS, [3], 'BENCH_RUNS');
  const paths = (process.env.BENCH_PATHS ?? '/vpost/integracion,/rest/autenticacion').split(',');
  const servers = new Map<string, RunningServer>();
  const results = new Map<string, {score: number[]; tbt: number[]; lcp: number[]}>();
  const indexes: number[] = [];
  try {
    for (const build of list) {
      const stock = build.label === 'stock';
      servers.set(build.label, await startServer({BUILD_DIR: build.dir}, stock ? '/docs/intro' : '/vpost'));
    }
    for (let run = 0; run < runs!; run++) {
      for (const slowdown of slowdowns) {
        for (const path of paths) {
          for (const build of list) {
            const page = build.label === 'stock' ? '/docs/intro' : path;
            const key = `${build.label}\t${page}\t${slowdown}x`;
            if (build.label === 'stock' && path !== paths[0]) continue;
            const lhr = runLighthouse(`${servers.get(build.label)!.baseUrl}${page}`, slowdown);
            const entry = results.get(key) ?? {score: [], tbt: [], lcp: []};
            const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
            const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
            entry.score.push(lhr.categories.performance?.score ?? 0);
            entry.tbt.push(tbt);
            entry.lcp.push(lcp);
            results.set(key, entry);
            if (lhr.environment?.benchmarkIndex !== undefined) indexes.push(lhr.environment.benchmarkIndex);
            console.error(`run ${run + 1}: ${key.replace(/\t/g, ' ')} ${lhr.categories.performance?.score} TBT ${Math.round(tbt)} LCP ${Math.round(lcp)}`);
          }
        }
      }
    }
  } finally {
    for (const server of servers.values()) await server.stop();
  }
  console.log(`\nLighthouse mobile, median of ${runs} interleaved runs; benchmark index ${indexes.length > 0 ? median(indexes).toFixed(0) : '?'}.\n`);
  console.log('| build | page | slowdown | performance | TBT ms | LCP ms | runs |\n|---|---|---|---|---|---|---|');
  for (const [key, {score, tbt, lcp}] of results) {
    const [label, page, slowdown] = key.split('\t');
    console.log(
      `| ${label} | ${page} | ${slowdown} | ${median(score).toFixed(2)} | ${median(tbt).toFixed(0)} | ${median(lcp).toFixed(0)} | ${score.map((s) => s.toFixed(2)).join(' ')} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
