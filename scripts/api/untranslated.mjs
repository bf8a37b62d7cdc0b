#!/usr/bin/env node
// Lists the Spanish texts of the contracts that openapi/en/*.overlay.yaml does
// not translate yet, one per line ("<contract>: <JSON pointer> = <text>").
// Run with tsx (it reads TypeScript helpers); scripts/untranslated.mjs calls it.
import {CONTRACTS, CONTRACT_VERSIONS, bundleContract} from './contracts.mjs';
import {untranslatedTexts} from './translatable.ts';

try {
  // Every version's contracts (openapi/, openapi/versions/<version>/).
  for (const version of CONTRACT_VERSIONS) {
    for (const {id} of CONTRACTS) {
      const [es, en] = [await bundleContract(id, 'es', {version}), await bundleContract(id, 'en', {version})];
      const name = version === 'current' ? id : `${id} ${version}`;
      for (const text of untranslatedTexts(es, en)) console.log(`${name}: ${text.pointer} = ${JSON.stringify(text.spanish)}`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
