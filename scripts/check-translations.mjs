#!/usr/bin/env node
// Fails when `docusaurus write-translations --locale en` would change i18n/en:
// a string was added, renamed or removed in code or config and the English
// files were not brought along. The files are put back exactly as they were,
// and the entries that would change are listed.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';

const DIR = 'i18n/en';

function jsonFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : path.endsWith('.json') ? [path] : [];
  });
}

const before = new Map(jsonFiles(DIR).map((file) => [file, readFileSync(file, 'utf8')]));
const result = spawnSync('npx', ['docusaurus', 'write-translations', '--locale', 'en', '--messagePrefix', 'TODO: '], {encoding: 'utf8'});
const after = new Map(jsonFiles(DIR).map((file) => [file, readFileSync(file, 'utf8')]));

// Put everything back as it was.
for (const file of after.keys()) if (!before.has(file)) rmSync(file);
for (const [file, text] of before) writeFileSync(file, text);

if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  console.error('write-translations failed.');
  process.exit(1);
}

const problems = [];
for (const [file, text] of after) {
  const old = before.get(file);
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
  if (problems.length === 0) problems.push(`${file}: would be rewritten (formatting or order)`);
}

if (problems.length > 0) {
  console.error(`English translations are out of date (${problems.length}):\n  ${problems.join('\n  ')}`);
  console.error('Run "npm run write-translations", translate the entries marked "TODO: ", and commit i18n/en.');
  process.exit(1);
}
console.log(`English translations are up to date (${after.size} files checked).`);
