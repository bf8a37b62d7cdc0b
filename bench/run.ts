/**
 * `npm run bench`: serves the production build and runs Lighthouse (mobile,
 * its default) on a guide page, an API reference page and /enviomanuales,
 * then does the same for a stock Docusaurus docs page built in this run, and
 * prints each page's scores with the gzipped JS, CSS and HTML it loads.
 * A benchmark, not a test: timings on a shared machine are noisy, so compare
 * the ratios of one run. Each page is measured BENCH_RUNS times; the median is
 * shown, with the median blocking time and layout shift that most move the
 * score. Lighthouse slows this machine's CPU by a factor (BENCH_CPU_SLOWDOWN,
 * 4 by default), so the table also gives the machine's speed as Lighthouse
 * rates it (its benchmark index): scores from two machines compare only with it.
 */
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT, launchBrowser, startServer} from '../e2e/support';
import {runLighthouse} from './lighthouse';
import {weighPage} from '../e2e/weigh';
import {benchOptions, median} from './options';

const {runs: RUNS, cpuSlowdown: CPU_SLOWDOWN} = benchOptions(process.env);

interface Target {
  readonly label: string;
  readonly path: string;
  readonly site: 'portal' | 'stock';
}

const TARGETS: readonly Target[] = [
  {label: 'guide /vpost/integracion', path: '/vpost/integracion', site: 'portal'},
  {label: 'API reference /rest/autenticacion', path: '/rest/autenticacion', site: 'portal'},
  {label: 'screen /enviomanuales', path: '/enviomanuales', site: 'portal'},
  {label: 'stock Docusaurus /docs/intro', path: '/docs/intro', site: 'stock'},
];

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {cwd: ROOT, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'build', 'vpost.html'))) {
    run('npm', ['run', 'build']);
  }
  run('npx', ['docusaurus', 'build', 'bench/stock']);
  // Served like the portal: same server, same precompressed files. The server
  // will not start without the manuals its API sends; the stock page never
  // uses them, so the portal's are lent to it.
  run('node', ['scripts/precompress.mjs', 'bench/stock/build']);
  cpSync(join(ROOT, 'build', 'manuales'), join(ROOT, 'bench/stock/build/manuales'), {recursive: true});

  const portal = await startServer();
  const stock = await startServer({BUILD_DIR: join(ROOT, 'bench/stock/build')}, '/docs/intro');
  const browser = await launchBrowser();
  const rows: string[][] = [];
  const benchmarkIndexes: number[] = [];
  try {
    for (const target of TARGETS) {
      const server = target.site === 'portal' ? portal : stock;
      const buildDir = target.site === 'portal' ? join(ROOT, 'build') : join(ROOT, 'bench/stock/build');
      const weight = await weighPage(browser, server.baseUrl, target.path, buildDir);
      const scores: Record<string, number[]> = {performance: [], accessibility: [], 'best-practices': [], seo: []};
      const blocking: number[] = [];
      const shift: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = runLighthouse(`${server.baseUrl}${target.path}`, CPU_SLOWDOWN);
        for (const [id, list] of Object.entries(scores)) {
          list.push(lhr.categories[id]?.score ?? 0);
        }
        blocking.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
        shift.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
        if (lhr.environment?.benchmarkIndex !== undefined) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      }
      rows.push([
        target.label,
        ...Object.values(scores).map((list) => median(list).toFixed(2)),
        median(blocking).toFixed(0),
        median(shift).toFixed(3),
        (weight.js / 1024).toFixed(1),
        (weight.css / 1024).toFixed(1),
        (weight.html / 1024).toFixed(1),
      ]);
    }
  } finally {
    await browser.close();
    await portal.stop();
    await stock.stop();
  }
  const head = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'TBT ms', 'CLS', 'JS KB gz', 'CSS KB gz', 'HTML KB gz'];
  const speed = benchmarkIndexes.length > 0 ? `, this machine's benchmark index ${median(benchmarkIndexes).toFixed(0)}` : '';
  console.log(`\nLighthouse mobile, median of ${RUNS} runs at ${CPU_SLOWDOWN}x CPU slowdown${speed}; weights gzip -9 of what the page loads.\n`);
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  const guide = rows[0]!;
  const stockRow = rows[rows.length - 1]!;
  const ratio = (column: string): string => {
    const at = head.indexOf(column);
    return (Number(guide[at]) / Number(stockRow[at])).toFixed(2);
  };
  console.log(`\nguide/stock: performance ${ratio('performance')}, JS ${ratio('JS KB gz')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
