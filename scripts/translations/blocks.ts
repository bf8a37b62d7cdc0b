/**
 * What an English page was translated from: the Spanish page cut into blocks
 * (each front-matter entry, paragraph, list item, table row, heading, JSX line
 * and code block), each recorded as a short hash in the English page's front
 * matter (`translated_from`). When the Spanish page changes, comparing the
 * recorded hashes with the page's blocks now says which blocks are new, changed
 * or gone, and where: no git history needed, and the English page carries only
 * hashes, not a second copy of the Spanish text.
 *
 * Reflowing a paragraph (moving its line breaks) changes no block: whitespace
 * is collapsed before hashing, except inside code blocks.
 */
import {createHash} from 'node:crypto';

/** The front-matter key of an English page that records its Spanish source. */
export const RECORD_KEY = 'translated_from';

export interface Block {
  /** 1-based line of the Spanish page where the block starts. */
  readonly line: number;
  readonly text: string;
  readonly hash: string;
}

/** Consonants without "y": no letter of a record reads as a word ("y", "o", "a" are Spanish words). */
const LETTERS = 'bcdfghjklmnpqrstvwxz';

/**
 * Six characters, consonants and digits in turn ("k3f9z2", 23 bits): a page has at most a few
 * hundred blocks, so two never collide by chance in practice, and the record never holds a run of
 * digits (a test reads long numbers in a page as data), a run of letters (a spelling check reads those
 * as words) or a one-letter word (a test reads "y" and "o" as Spanish).
 */
export function blockHash(text: string): string {
  const bytes = createHash('sha256').update(text).digest();
  return [...bytes.subarray(0, 6)].map((b, i) => (i % 2 === 0 ? LETTERS[b % LETTERS.length]! : String(b % 10))).join('');
}

const HASH = /^([bcdfghjklmnpqrstvwxz][0-9]){3}$/;

/** A line that starts a block of its own: heading, list item, table row, admonition, JSX, import/export, MDX comment. */
const STARTS_BLOCK = /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|\||:::|<|\{\/\*|import\s|export\s)/;
const FENCE = /^(`{3,}|~{3,})/;

function block(line: number, text: string, code: boolean): Block {
  const normal = code
    ? text
        .split('\n')
        .map((l) => l.replace(/\s+$/, ''))
        .join('\n')
    : text.replace(/\s+/g, ' ').trim();
  return {line, text: normal, hash: blockHash(normal)};
}

/** The lines of the front matter (without the fences) and the line index where the body starts. */
export function splitFrontMatter(lines: readonly string[]): {frontMatter: string[] | null; bodyStart: number} {
  if (lines[0]?.trim() !== '---') return {frontMatter: null, bodyStart: 0};
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) return {frontMatter: null, bodyStart: 0};
  return {frontMatter: lines.slice(1, end), bodyStart: end + 1};
}

/** The blocks of a Markdown or MDX page, in order. */
export function sourceBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const {frontMatter, bodyStart} = splitFrontMatter(lines);

  // Each front-matter entry (with its indented or continued lines), except the record itself.
  if (frontMatter !== null) {
    let entry: {line: number; text: string[]} | null = null;
    const flush = () => {
      if (entry !== null && !entry.text[0]!.startsWith(`${RECORD_KEY}:`)) blocks.push(block(entry.line, entry.text.join('\n'), false));
      entry = null;
    };
    frontMatter.forEach((line, i) => {
      if (/^[^\s#][^:]*:/.test(line)) {
        flush();
        entry = {line: i + 2, text: [line]};
      } else if (entry !== null && line.trim() !== '') {
        entry.text.push(line);
      }
    });
    flush();
  }

  let current: {line: number; text: string[]} | null = null;
  const flush = () => {
    if (current !== null) blocks.push(block(current.line, current.text.join('\n'), false));
    current = null;
  };
  for (let i = bodyStart; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    const fence = FENCE.exec(line);
    if (fence !== null) {
      flush();
      const start = i;
      const marker = fence[1]!;
      let end = i + 1;
      while (end < lines.length && !(lines[end]!.trim().startsWith(marker[0]!.repeat(marker.length)) && lines[end]!.trim().replace(/[`~]/g, '') === '')) end++;
      blocks.push(block(start + 1, lines.slice(start, Math.min(end + 1, lines.length)).join('\n'), true));
      i = end;
      continue;
    }
    if (line === '') {
      flush();
    } else if (STARTS_BLOCK.test(line)) {
      flush();
      current = {line: i + 1, text: [raw]};
    } else if (current === null) {
      current = {line: i + 1, text: [raw]};
    } else {
      current.text.push(raw);
    }
  }
  flush();
  return blocks;
}

/** What changed in the Spanish page since the recorded blocks: one entry per run of changed blocks. */
export interface Change {
  /** Blocks of the Spanish page now that the record does not have (new or changed text). */
  readonly added: readonly Block[];
  /** How many recorded blocks the page no longer has (removed or changed text). */
  readonly removed: number;
  /** The line of the Spanish page where the change is (its first new block, or the block after a removal). */
  readonly line: number;
}

/** The changes between the recorded hashes and the page's blocks now (a longest-common-subsequence diff). */
export function diffBlocks(recorded: readonly string[], blocks: readonly Block[]): Change[] {
  const n = recorded.length;
  const m = blocks.length;
  // lcs[i][j]: length of the longest common subsequence of recorded[i..] and blocks[j..].
  const lcs: number[][] = Array.from({length: n + 1}, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = recorded[i] === blocks[j]!.hash ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const changes: Change[] = [];
  let added: Block[] = [];
  let removed = 0;
  const close = (j: number) => {
    if (added.length > 0 || removed > 0) {
      const line = added[0]?.line ?? blocks[j]?.line ?? (blocks.length > 0 ? blocks[blocks.length - 1]!.line : 1);
      changes.push({added, removed, line});
    }
    added = [];
    removed = 0;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && recorded[i] === blocks[j]!.hash) {
      close(j);
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      added.push(blocks[j]!);
      j++;
    } else {
      removed++;
      i++;
    }
  }
  close(j);
  return changes;
}

const excerpt = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > 500 ? `${one.slice(0, 497)}...` : one);
};

/** A change as a line a translator acts on: where in the Spanish page, and what it says now. */
export function describeChange(spanishFile: string, change: Change): string {
  const where = `${spanishFile}:${change.line}`;
  if (change.added.length === 0) return `${where}: ${change.removed} block(s) removed here`;
  const what = change.removed === 0 ? 'new' : 'changed';
  const texts = change.added.map((b) => excerpt(b.text)).join(' / ');
  return `${where}: ${what}: ${texts}${change.removed > change.added.length ? ` (and ${change.removed - change.added.length} block(s) removed)` : ''}`;
}

/** The hashes an English page records, or null when it records none. */
export function readRecord(english: string): string[] | null {
  const lines = english.replace(/\r\n?/g, '\n').split('\n');
  const {frontMatter} = splitFrontMatter(lines);
  if (frontMatter === null) return null;
  const at = frontMatter.findIndex((line) => line.startsWith(`${RECORD_KEY}:`));
  if (at === -1) return null;
  const values = [frontMatter[at]!.slice(RECORD_KEY.length + 1).replace(/^\s*>-?\s*$/, '')];
  for (let i = at + 1; i < frontMatter.length && /^\s+\S/.test(frontMatter[i]!); i++) values.push(frontMatter[i]!);
  return values
    .join(' ')
    .split(/\s+/)
    .filter((h) => HASH.test(h));
}

/** Hashes per line of the recorded value: a changed block changes one short line of the English page. */
const PER_LINE = 12;

/** The English page with its record set to `hashes` (added as the last front-matter entry, or replaced). */
export function writeRecord(english: string, hashes: readonly string[]): string {
  const newline = english.includes('\r\n') ? '\r\n' : '\n';
  const lines = english.replace(/\r\n?/g, '\n').split('\n');
  const rows: string[] = [];
  for (let i = 0; i < hashes.length; i += PER_LINE) rows.push(`  ${hashes.slice(i, i + PER_LINE).join(' ')}`);
  const entry = hashes.length === 0 ? [`${RECORD_KEY}: ''`] : [`${RECORD_KEY}: >-`, ...rows];
  const {frontMatter, bodyStart} = splitFrontMatter(lines);
  let out: string[];
  if (frontMatter === null) {
    out = ['---', ...entry, '---', ...lines];
  } else {
    const kept: string[] = [];
    for (let i = 0; i < frontMatter.length; i++) {
      if (frontMatter[i]!.startsWith(`${RECORD_KEY}:`)) {
        while (i + 1 < frontMatter.length && /^\s+\S/.test(frontMatter[i + 1]!)) i++;
        continue;
      }
      kept.push(frontMatter[i]!);
    }
    out = ['---', ...kept, ...entry, '---', ...lines.slice(bodyStart)];
  }
  return out.join(newline);
}
