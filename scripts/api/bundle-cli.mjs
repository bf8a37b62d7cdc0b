#!/usr/bin/env node
// Prints every contract in every language as JSON: {"<id>": {"es": {...}, "en": {...}}}.
// `--dereferenced` inlines every $ref. The contract tests run it in a child
// process, since the bundler is an ES module that Jest's CommonJS runtime cannot load.
import {CONTRACTS, LOCALES, bundleContract} from './contracts.mjs';

const dereference = process.argv.includes('--dereferenced');
try {
  const out = {};
  for (const {id} of CONTRACTS) {
    out[id] = {};
    for (const locale of LOCALES) {
      out[id][locale] = await bundleContract(id, locale, {dereference});
    }
  }
  process.stdout.write(JSON.stringify(out));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
