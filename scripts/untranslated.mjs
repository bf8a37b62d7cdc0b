#!/usr/bin/env node
// `npm run translations:missing` (run with tsx): lists what the English site still
// lacks: Spanish pages with no English page, UI strings that `npm run
// write-translations` added with the "TODO: " prefix and nobody has translated
// yet, and texts of the API contracts the English overlays do not translate.
// Exits 1 when anything is missing. The inventory is scripts/translations/
// (the same one `npm run translations:status` counts).
import {resolve} from 'node:path';
import {collect} from './translations/api.ts';
import {missingLines} from './translations/report.ts';

const ROOT = resolve(import.meta.dirname, '..');

try {
  const missing = missingLines(await collect(ROOT));
  if (missing.length === 0) {
    console.log('English is complete: every page and UI string has a translation.');
  } else {
    console.log(`${missing.length} untranslated item(s):\n${missing.join('\n')}`);
    process.exit(1);
  }
} catch (error) {
  console.error(`Could not take stock of the translation: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
