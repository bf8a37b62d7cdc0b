#!/usr/bin/env node
// Fails when `docusaurus write-translations --locale en` would change i18n/en:
// a string was added, renamed or removed in code or config and the English
// files were not brought along. It runs on a copy of i18n/ in a temporary
// folder (scripts/translations.config.ts, given as its --config), so the project's files are never
// written, and lists the entries that would change.
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';

const DIR = 'i18n/en';

/** The JSON files under `dir` (Node's recursive readdir), as paths that start with `dir`. */
function jsonFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true})
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name));
}

/** The JSON files of an i18n/en folder, by their path under it. */
const read = (dir) => new Map(jsonFiles(dir).map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));

const scratch = mkdtempSync(join(tmpdir(), 'check-translations-'));
let before;
let after;
let result;
try {
  cpSync('i18n', join(scratch, 'i18n'), {recursive: true});
  before = read(DIR);
  const docusaurus = join('node_modules', '.bin', process.platform === 'win32' ? 'docusaurus.cmd' : 'docusaurus');
  result = spawnSync(docusaurus, ['write-translations', '--locale', 'en', '--messagePrefix', 'TODO: ', '--config', 'scripts/translations.config.ts'], {
    encoding: 'utf8',
    env: {...process.env, CHECK_TRANSLATIONS_I18N: join(scratch, 'i18n')},
  });
  after = read(join(scratch, DIR));
} finally {
  rmSync(scratch, {recursive: true, force: true});
}

if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  console.error('write-translations failed.');
  process.exit(1);
}

const problems = [];
for (const [name, text] of after) {
  const file = join(DIR, name);
  const old = before.get(name);
  if (old === text) continue;
  if (old === undefined) {
    problems.push(`${file}: would be created`);
    continue;
  }
  const a = JSON.parse(old);
  const b = JSON.parse(text);
  for (const id of Object.keys(b)) if (!(id in a)) problems.push(`${file}: missing "${id}" (${JSON.stringify(b[id].message)})`);
  for (const id of Object.keys(a)) if (!(id in b)) problems.push(`${file}: "${id}" is no longer used`);
  for (const id of Object.keys(b)) if (id in a && a[id].message !== b[id].message) problems.push(`${file}: "${id}" would change`);
  // A label's or a server sentence's entry records the Spanish it translates (its description).
  const changed = Object.keys(b).filter((id) => id in a && a[id].message === b[id].message && a[id].description !== b[id].description);
  for (const id of changed) {
    problems.push(
      `${file}: "${id}" translates Spanish that changed (${JSON.stringify(a[id].description)} -> ${JSON.stringify(b[id].description)}): review its English, then npm run translations:mark -- ${file}`,
    );
  }
  if (!problems.some((problem) => problem.startsWith(`${file}:`))) problems.push(`${file}: would be rewritten (formatting or order)`);
}

if (problems.length > 0) {
  console.error(`English translations are out of date (${problems.length}):\n  ${problems.join('\n  ')}`);
  console.error('Run "npm run translations:write", translate the entries marked "TODO: ", and commit i18n/en.');
  process.exit(1);
}
console.log(`English translations are up to date (${after.size} files checked).`);
