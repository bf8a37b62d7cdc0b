#!/usr/bin/env node
// Lists the Spanish texts of the contracts that openapi/en/*.overlay.yaml does
// not translate yet, one per line ("<contract>: <JSON pointer> = <text>").
// Run with tsx (it reads TypeScript helpers); scripts/untranslated.mjs calls it.
import {CONTRACTS, bundleContract} from './contracts.mjs';
import {untranslatedTexts} from '../../src/lib/openapi/translatable.ts';

try {
  for (const {id} of CONTRACTS) {
    const [es, en] = [await bundleContract(id, 'es'), await bundleContract(id, 'en')];
    for (const text of untranslatedTexts(es, en)) console.log(`${id}: ${text.pointer} = ${JSON.stringify(text.spanish)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
