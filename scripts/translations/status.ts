/**
 * `npm run translations:status`: how far the English translation is, per docs
 * instance and version, for the pages of src/pages, per UI strings file and
 * per API contract and version: total, missing, outdated, up to date, with
 * percentages, then what is outdated and what changed. `--json` prints the
 * same for tools: {rows, totals, missing, outdated}, where `missing` holds the
 * lines `npm run translations:missing` prints. Exits 0: it reports, the tests
 * and `translations:missing` enforce.
 */
import {resolve} from 'node:path';
import {collect} from './api';
import {missingLines, outdatedEntries, rows, totals, type Row} from './report';

const ROOT = resolve(__dirname, '../..');

const cell = (n: number, pct: number): string => `${n} (${pct}%)`;

function table(all: readonly Row[], sum: Row): string {
  const header = ['', 'total', 'missing', 'outdated', 'up to date'];
  const line = (label: string, r: Row) => [label, String(r.total), cell(r.missing, r.percent.missing), cell(r.outdated, r.percent.outdated), cell(r.upToDate, r.percent.upToDate)];
  const lines = [...all.map((r) => line(`${r.kind} ${r.id}`, r)), line('all', sum)];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cols: string[]) => cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  const inventory = await collect(ROOT);
  const all = rows(ROOT, inventory);
  const sum = totals(all);
  const missing = missingLines(inventory);
  const outdated = outdatedEntries(inventory);

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({rows: all, totals: {...sum, id: 'all'}, missing, outdated}, null, 2));
  } else {
    console.log(table(all, sum));
    if (outdated.length > 0) {
      console.log(`\nOutdated (${outdated.length}): bring each up to date, then npm run translations:mark -- <file>`);
      for (const entry of outdated) console.log(`  ${entry.file}\n${entry.changes.map((c) => `    ${c}`).join('\n')}`);
    }
    if (missing.length > 0) console.log(`\nMissing (${missing.length}): npm run translations:missing lists them.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
