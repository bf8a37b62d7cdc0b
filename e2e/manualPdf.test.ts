/**
 * The PDF manuals as the build made them: a bookmark per channel and per
 * page, and the flows' sequence diagrams drawn (their participants and
 * messages are in the PDF's drawing), not pointed to.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {MANIFEST_FILE, MANUALS_DIR, type ManualManifest} from '../core/manualsBuild';
import {drawnText} from '../tests/support/pdfText';
import {ROOT} from './support';

function manual(localeDir: string): {manifest: ManualManifest; pdf: Buffer} {
  const folder = join(ROOT, 'build', localeDir, MANUALS_DIR);
  const manifest = JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8')) as ManualManifest;
  return {manifest, pdf: readFileSync(join(folder, manifest.pdf.file))};
}

/** The outline's titles (bookmarks), decoded from PDF strings (UTF-16 with a byte-order mark, or Latin-1). */
function bookmarks(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\/Title \(((?:[^()\\]|\\.)*)\)/g)].map((m) => {
    const text = m[1]!.replace(/\\([()\\])/g, '$1');
    return text.startsWith('\u00fe\u00ff') ? Buffer.from(text.slice(2), 'latin1').swap16().toString('utf16le') : text;
  });
}

describe('the PDF manual', () => {
  for (const [locale, dir, participant, message] of [
    ['es', '', 'Pasarela', 'Lista de bancos'],
    ['en', 'en', 'Gateway', 'List of banks'],
  ] as const) {
    test(`${locale}: one bookmark per channel, and the flow diagrams drawn`, () => {
      const {manifest, pdf} = manual(dir);
      const titles = bookmarks(pdf);
      for (const channel of manifest.channels) {
        assert.ok(
          titles.some((t) => t.endsWith(`. ${channel.label}`)),
          `a bookmark for ${channel.label} among ${titles.slice(0, 12).join(' | ')}`,
        );
      }
      const text = drawnText(pdf);
      assert.ok(text.includes(participant), `the diagrams' participant ${participant} is drawn`);
      assert.ok(text.includes(message), `the PSE flow's message "${message}" is drawn`);
    });
  }
});
