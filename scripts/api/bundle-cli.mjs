#!/usr/bin/env node
// Prints every contract in every language as JSON: {"<id>": {"es": {...}, "en": {...}}}.
// `--dereferenced` inlines every $ref; `--version <v>` prints that version's
// contracts (openapi/versions/<v>/) instead of the current ones. The contract tests run it in a child
// process, since the bundler is an ES module that Jest's CommonJS runtime cannot load.
import {CONTRACTS, LOCALES, bundleContract} from './contracts.mjs';

const dereference = process.argv.includes('--dereferenced');
const versionAt = process.argv.indexOf('--version');
const version = versionAt === -1 ? 'current' : process.argv[versionAt + 1];
try {
  const out = {};
  for (const {id} of CONTRACTS) {
    out[id] = {};
    for (const locale of LOCALES) {
      out[id][locale] = await bundleContract(id, locale, {dereference, version});
    }
  }
  process.stdout.write(JSON.stringify(out));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
