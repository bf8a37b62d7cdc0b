/**
 * `npm run translations:mark -- <file>...`: marks English translations as
 * brought up to date with their Spanish source, once a translator has made
 * them say what the Spanish says now. Each file may be
 * - an English page (i18n/en/...mdx) or its Spanish page (docs/...mdx): its
 *   `translated_from` record is set to the Spanish page's blocks now;
 * - an English overlay (openapi/en/rest.overlay.yaml, openapi/versions/v1/en/...):
 *   every action's `x-translated-from` is set to the Spanish texts now;
 * - a table-labels file (i18n/en/portal-labels/<topic>.json): each entry's
 *   description is set to the Spanish label now (as write-translations does);
 * - a folder: every page under it.
 * `--all` marks everything (after reviewing everything, or to start tracking);
 * `--version <v>` marks the English pages of cut version <v> whose twin in the
 * current version is up to date (`npm run version:cut` runs it: the cut
 * rewrites the links of both languages alike).
 */
import {existsSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {join, relative, resolve, sep} from 'node:path';
import {format, getFileInfo, resolveConfig} from 'prettier';
import {flatten, LABELS_DIR} from '../../plugins/labels';
import {readRecord, sourceBlocks, writeRecord} from './blocks';
import {englishOf, pageSets, pageStatus, spanishPages, type PageSet} from './inventory';
import {markOverlay} from './overlays';
import {overlayFiles, spanishFor} from './api';

const ROOT = resolve(__dirname, '../..');
const rel = (path: string): string => relative(ROOT, resolve(path)).split(sep).join('/');
const sets = pageSets(ROOT);

/** Sets the English page's record to its Spanish page's blocks; says how many changes that acknowledges. */
function markPage(set: PageSet, page: string): string {
  const english = join(ROOT, englishOf(set, page));
  if (!existsSync(english)) throw new Error(`${englishOf(set, page)} does not exist: translate ${set.source}/${page} first.`);
  const before = pageStatus(ROOT, set, page);
  const text = readFileSync(english, 'utf8');
  const hashes = sourceBlocks(readFileSync(join(ROOT, set.source, page), 'utf8')).map((b) => b.hash);
  const next = writeRecord(text, hashes);
  if (next !== text) writeFileSync(english, next);
  const had = readRecord(text) === null ? 'started tracking' : before.state === 'current' ? 'already up to date' : `${before.changes.length} change(s) marked`;
  return `${englishOf(set, page)}: ${had}`;
}

async function markOverlayFile(file: string): Promise<string> {
  const overlay = overlayFiles().find((o) => o.file === file);
  if (overlay === undefined) throw new Error(`${file} is not an English overlay of the contracts.`);
  const path = join(ROOT, file);
  const text = readFileSync(path, 'utf8');
  const marked = markOverlay(text, await spanishFor(overlay));
  // Prettier's style where Prettier keeps the file (the cut versions' copies are left as written).
  const ignored = (await getFileInfo(path, {ignorePath: join(ROOT, '.prettierignore')})).ignored;
  const formatted = ignored ? marked : await format(marked, {...(await resolveConfig(path)), filepath: path});
  if (formatted !== text) writeFileSync(path, formatted);
  return `${file}: ${formatted === text ? 'already up to date' : 'marked'}`;
}

function markLabels(file: string): string {
  const topic = /^i18n\/en\/portal-labels\/(.+)\.json$/.exec(file)?.[1];
  const source = join(ROOT, LABELS_DIR, `${topic}.json`);
  if (topic === undefined || !existsSync(source)) throw new Error(`${file} is not a table-labels file of i18n/en/portal-labels/.`);
  const spanish = flatten(JSON.parse(readFileSync(source, 'utf8')) as Parameters<typeof flatten>[0]);
  const path = join(ROOT, file);
  const text = readFileSync(path, 'utf8');
  const entries = JSON.parse(text) as Record<string, {message: string; description?: string}>;
  for (const [id, entry] of Object.entries(entries)) if (spanish[id] !== undefined) entry.description = spanish[id];
  const next = `${JSON.stringify(entries, null, 2)}\n`;
  if (next !== text) writeFileSync(path, next);
  return `${file}: ${next === text ? 'already up to date' : 'marked'}`;
}

/** The pages a path names: a page of either language, or every page under a folder of either language. */
function pagesOf(path: string): {set: PageSet; page: string}[] {
  const target = rel(path);
  const isDir = existsSync(path) && statSync(path).isDirectory();
  const found = sets.flatMap((set) =>
    spanishPages(ROOT, set)
      .filter((page) =>
        [`${set.source}/${page}`, englishOf(set, page)].some((file) => file === target || (isDir && (file.startsWith(`${target}/`) || target === '' || target === '.'))),
      )
      .map((page) => ({set, page})),
  );
  return found;
}

async function main(args: string[]): Promise<void> {
  const out: string[] = [];
  if (args.length === 0) {
    console.error('Usage: npm run translations:mark -- <English or Spanish page, overlay, labels file or folder>... | --all | --version <v>');
    process.exit(2);
  }
  if (args[0] === '--version') {
    const version = args[1];
    const frozen = sets.filter((s) => s.version === version);
    if (version === undefined || frozen.length === 0) throw new Error(`No docs version "${version ?? ''}".`);
    for (const set of frozen) {
      const current = sets.find((s) => s.instance === set.instance && s.version === 'current')!;
      for (const page of spanishPages(ROOT, set)) {
        if (existsSync(join(ROOT, englishOf(set, page))) && existsSync(join(ROOT, current.source, page)) && pageStatus(ROOT, current, page).state === 'current') {
          out.push(markPage(set, page));
        }
      }
    }
  } else if (args[0] === '--all') {
    for (const set of sets) for (const page of spanishPages(ROOT, set)) if (existsSync(join(ROOT, englishOf(set, page)))) out.push(markPage(set, page));
    for (const {file} of overlayFiles()) out.push(await markOverlayFile(file));
    for (const name of readdirSync(join(ROOT, LABELS_DIR)).filter((n) => n.endsWith('.json'))) {
      const file = `i18n/en/portal-labels/${name}`;
      if (existsSync(join(ROOT, file))) out.push(markLabels(file));
    }
  } else {
    for (const arg of args) {
      const file = rel(arg);
      if (!existsSync(join(ROOT, file))) throw new Error(`${arg}: no such file or folder.`);
      if (file.endsWith('.overlay.yaml')) out.push(await markOverlayFile(file));
      else if (file.startsWith('i18n/en/portal-labels/')) out.push(markLabels(file));
      else {
        const pages = pagesOf(join(ROOT, file));
        const overlays = overlayFiles().filter((o) => o.file.startsWith(`${file.replace(/\/$/, '')}/`));
        if (pages.length === 0 && overlays.length === 0) throw new Error(`${arg} is no page of a docs instance or of src/pages, nor an overlay (nor a folder of them).`);
        out.push(...pages.map(({set, page}) => markPage(set, page)));
        for (const overlay of overlays) out.push(await markOverlayFile(overlay.file));
      }
    }
  }
  console.log(out.join('\n'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
