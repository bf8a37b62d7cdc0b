import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {tmpdir} from 'node:os';
import {CHROMIUM, CHROMIUM_ARGS, ROOT} from '../e2e/support';

/**
 * Lighthouse's own command line, in a process of its own: run inside this
 * (tsx-compiled) process, the functions it sends to the page carry esbuild's
 * helpers and fail there. Its default configuration is the mobile one.
 */
export interface LighthouseReport {
  categories: Record<string, {score: number | null} | undefined>;
  audits: Record<string, {numericValue?: number} | undefined>;
  environment?: {benchmarkIndex?: number};
  runtimeError?: {code: string; message: string};
}

export function runLighthouse(url: string, cpuSlowdown: number): LighthouseReport {
  // Lighthouse now and then fails to record the trace (NO_NAVSTART): it may
  // still exit with 0 and write a report whose scores are null. Such a run
  // measured nothing (counting it as 0 would drag the median down), so it is
  // run again, up to three times in all.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const out = join(mkdtempSync(join(tmpdir(), 'bench-')), 'report.json');
    const result = spawnSync(
      'npx',
      ['lighthouse', url, '--quiet', '--output=json', `--output-path=${out}`, `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`, `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`],
      {cwd: ROOT, stdio: 'inherit', env: {...process.env, CHROME_PATH: CHROMIUM}},
    );
    if (result.status === 0) {
      const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
      const measured = report.runtimeError === undefined && Object.values(report.categories).every((category) => typeof category?.score === 'number');
      if (measured) return report;
      console.error(`Lighthouse measured nothing on ${url}: ${report.runtimeError?.code ?? 'a category has no score'}`);
    }
    console.error(`Lighthouse failed on ${url} (attempt ${attempt} of 3)`);
  }
  throw new Error(`Lighthouse failed three times on ${url}`);
}
