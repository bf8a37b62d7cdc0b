/**
 * `npm run bench:profile`: where a page's main-thread time goes while it
 * starts. Chromium loads the page with its CPU slowed down
 * (BENCH_CPU_SLOWDOWN, default 4) and samples JavaScript over CDP; prints the
 * functions with the most time (their own, and with what they call) and the
 * longest stretches of work. BENCH_BUILD (default build) and BENCH_PATH
 * (default /vpost/integracion) choose the site and page; the profile is
 * written to /tmp for Chromium's DevTools. How patches/README.md found
 * the start-up work worth cutting; one profile is noisy, compare ratios.
 */
import {writeFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {ROOT, launchBrowser, startServer} from '../e2e/support';
import {benchOptions} from './options';

interface ProfileNode {
  id: number;
  callFrame: {functionName: string; url: string; lineNumber: number; columnNumber: number};
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const name = ({callFrame: c}: ProfileNode): string => `${c.functionName || '(anonymous)'} ${c.url.replace(/.*\//, '')}:${c.lineNumber}:${c.columnNumber}`;
const top = (times: Map<string, number>, count: number): string =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`)
    .join('\n');

async function main(): Promise<void> {
  const {cpuSlowdown} = benchOptions(process.env);
  const path = process.env.BENCH_PATH ?? '/vpost/integracion';
  const server = await startServer({BUILD_DIR: resolve(ROOT, process.env.BENCH_BUILD ?? 'build')}, '/vpost');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({viewport: {width: 412, height: 823}, isMobile: true});
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {interval: 200});
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseUrl}${path}`, {waitUntil: 'load'});
    await page.waitForTimeout(3000);
    const {profile} = (await cdp.send('Profiler.stop')) as unknown as {profile: Profile};
    const file = `/tmp/bench-profile-${Date.now()}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
    const own = new Map<string, number>();
    const total = new Map<string, number>();
    const stretches: {start: number; ms: number}[] = [];
    let clock = 0;
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      clock += us;
      const leaf = name(byId.get(id)!);
      if (leaf.startsWith('(idle)')) return void stretches.push({start: clock, ms: 0});
      if (stretches.length === 0) stretches.push({start: clock, ms: 0});
      stretches.at(-1)!.ms += us / 1000;
      own.set(leaf, (own.get(leaf) ?? 0) + us);
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) seen.add(name(byId.get(node)!));
      for (const key of seen) total.set(key, (total.get(key) ?? 0) + us);
    });
    console.log(`${path} at ${cpuSlowdown}x, profile in ${file}\n\nOwn time\n${top(own, 20)}\n\nWith what they call\n${top(total, 30)}\n`);
    console.log(
      `Stretches of work over 50 ms (no idle sample between)\n${stretches
        .filter((s) => s.ms > 50)
        .map((s) => `${(s.start / 1000).toFixed(0).padStart(7)} ms: ${s.ms.toFixed(0)} ms`)
        .join('\n')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
