#!/usr/bin/env node
// Lists what the English site still lacks: Spanish docs with no English page,
// and UI strings that `npm run write-translations` added with the "TODO: "
// prefix and nobody has translated yet. Exits 1 when anything is missing.
import {readFileSync, readdirSync, existsSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {spawnSync} from 'node:child_process';

const PREFIX = 'TODO: ';

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const missing = [];

// Spanish docs of every docs instance and their English twin, in every version
// (the current one, and each version of versions.json: versioned_docs/version-<v>/,
// <id>_versioned_docs/version-<v>/, English in .../version-<v>/).
const versions = existsSync('versions.json') ? JSON.parse(readFileSync('versions.json', 'utf8')) : [];
const instances = [
  ['docs', 'i18n/en/docusaurus-plugin-content-docs/current'],
  // The API reference instances: their hand-written pages (generated *.api.mdx are skipped below).
  ...['rest', 'apirest', 'tcrest'].map((id) => [`reference/${id}`, `i18n/en/docusaurus-plugin-content-docs-${id}/current`]),
  ...versions.flatMap((version) => [
    [`versioned_docs/version-${version}`, `i18n/en/docusaurus-plugin-content-docs/version-${version}`],
    ...['rest', 'apirest', 'tcrest'].map((id) => [`${id}_versioned_docs/version-${version}`, `i18n/en/docusaurus-plugin-content-docs-${id}/version-${version}`]),
  ]),
  // Pages outside the docs (the changelog, ...).
  ['src/pages', 'i18n/en/docusaurus-plugin-content-pages'],
];
for (const [source, target] of instances) {
  for (const file of walk(source).filter((f) => /\.mdx?$/.test(f) && !/\.(api|info|tag)\.mdx$/.test(f))) {
    const rel = relative(source, file);
    if (!existsSync(join(target, rel))) missing.push(`page     ${join(target, rel)} (from ${file})`);
  }
}

for (const file of walk('i18n/en').filter((f) => f.endsWith('.json'))) {
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  for (const [id, entry] of Object.entries(messages)) {
    if (typeof entry?.message === 'string' && entry.message.startsWith(PREFIX)) {
      missing.push(`string   ${file}: ${id} = ${JSON.stringify(entry.message.slice(PREFIX.length))}`);
    }
  }
}

// Texts of the OpenAPI contracts that the English overlays (openapi/en/) do not translate yet.
const api = spawnSync(join('node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx'), ['scripts/api/untranslated.mjs'], {encoding: 'utf8'});
if (api.status !== 0) {
  console.error(`Could not read the OpenAPI contracts:\n${api.stderr}`);
  process.exit(2);
}
for (const line of api.stdout.split('\n').filter(Boolean)) missing.push(`openapi  ${line}`);

if (missing.length === 0) {
  console.log('English is complete: every page and UI string has a translation.');
} else {
  console.log(`${missing.length} untranslated item(s):\n${missing.join('\n')}`);
  process.exit(1);
}
