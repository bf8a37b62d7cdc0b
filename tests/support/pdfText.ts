/** What a PDF made by PDFKit says: for tests of the manuals (jest and e2e). */
import {inflateSync} from 'node:zlib';

/** The text-drawing operators of every page, from the compressed content streams. */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a content stream
    }
  }
  const hex = (h: string) => Buffer.from(h, 'hex').toString('latin1');
  const streams = out.join('\n');
  // Each TJ array (PDFKit's text): hex strings (the text) between kerning numbers.
  const runs = [...streams.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((tj) => [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => hex(h[1]!)).join(''));
  // A drawn SVG's text (svg-to-pdfkit): one glyph per Tj, a text object per line.
  const glyphs = [...streams.matchAll(/BT([^]*?)ET/g)]
    .map((block) => [...block[1]!.matchAll(/<([0-9a-f]*)>\s*Tj/gi)].map((h) => hex(h[1]!)).join(''))
    .filter((line) => line !== '');
  return [...runs, ...glyphs].join('\n');
}
