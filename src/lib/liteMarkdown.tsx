import React, {type ReactNode} from 'react';

/**
 * The Markdown that the API reference's texts use, drawn without a Markdown
 * parser in the browser.
 *
 * The API theme passes every description, qualifier ("**Possible values:**
 * [`0`, `1`]") and enum table of a contract through react-markdown with
 * remark-gfm and rehype-raw. On a throttled phone that parsing was a third of
 * the reference page's longest task, and the parser a good part of its
 * JavaScript. The contracts only use paragraphs, line breaks, `code`,
 * **strong** and the theme's enum tables, so this module draws exactly that
 * subset, with the elements react-markdown would produce (a test compares the
 * two on every text of the contracts, in both languages).
 *
 * Anything outside the subset (lists, links, headings, emphasis, HTML other
 * than <br/>, autolinks, entities...) makes renderLiteMarkdown() return null,
 * and src/theme/Markdown hands the text to the theme's own renderer instead:
 * the subset only decides how fast a text is drawn, never whether it is.
 */

type Inline = string | {type: 'code'; value: string} | {type: 'strong'; children: Inline[]} | {type: 'br'};

type Block = {type: 'paragraph'; children: Inline[]} | {type: 'table'; head: Inline[][]; rows: Inline[][][]};

/** Thrown inside the parser when the text leaves the subset. */
class Unsupported extends Error {}

const unsupported = (): never => {
  throw new Unsupported();
};

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const BR_TAG = /^<br\s*\/?>/i;
/** GFM's autolink literals (www., http(s)://, mailto:, xmpp:, bare e-mail addresses). */
const AUTOLINK = /(?:\bwww\.|\b(?:https?|mailto|xmpp):|[\p{L}\p{N}._+-]@[\p{L}\p{N}-]+\.)/iu;
/** What every autolink literal contains (an address, "://" or "www."). */
const AUTOLINK_HINT = /@|:\/\/|www\./i;
const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;
const LINK_LIKE = /\]\(|\]\[|!\[|\[\^/;
/** The characters that may start something other than plain text. */
const SPECIAL = /[\\`<*_~\n]/g;

/**
 * Block starts that the subset leaves to the full renderer: ATX headings,
 * quotes, list items, fenced code, HTML blocks, admonitions, thematic breaks,
 * setext underlines, link or footnote definitions, indented code.
 */
const OTHER_BLOCK = /^(?: {0,3}(?:#{1,6}(?:\s|$)|>|[-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|```|~~~|<|:::|(?:[-*_=] *){3,}$|=+ *$|\[[^\]]*\]:)| {4,}\S)/;

function isBlank(line: string): boolean {
  return /^\s*$/.test(line);
}

/** Splits a table row into its raw cells, honouring `\|`. */
function splitRow(line: string): string[] {
  let row = line.trim();
  if (!row.startsWith('|')) unsupported();
  row = row.slice(1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i += 1) {
    const char = row[i];
    if (char === '\\' && row[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '|') {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell.trim() !== '') cells.push(cell);
  return cells.map((text) => text.trim());
}

function parseTable(lines: string[]): Block {
  const [headLine, delimiterLine, ...rowLines] = lines;
  if (headLine === undefined || delimiterLine === undefined) return unsupported();
  const head = splitRow(headLine);
  const delimiters = splitRow(delimiterLine);
  // Aligned columns (":---") and malformed delimiter rows are not in the subset.
  if (delimiters.length !== head.length || !delimiters.every((cell) => /^-+$/.test(cell))) unsupported();
  const rows = rowLines.map((line) => {
    const cells = splitRow(line).slice(0, head.length);
    while (cells.length < head.length) cells.push('');
    return cells.map(parseInline);
  });
  return {type: 'table', head: head.map(parseInline), rows};
}

function parseBlocks(source: string): Block[] {
  if (source.includes('\t') || source.includes('\r')) unsupported();
  const blocks: Block[] = [];
  const lines = source.split('\n');
  let index = 0;
  while (index < lines.length) {
    if (isBlank(lines[index] ?? '')) {
      index += 1;
      continue;
    }
    const group: string[] = [];
    for (let line = lines[index]; line !== undefined && !isBlank(line); line = lines[index]) {
      group.push(line);
      index += 1;
    }
    const first = group[0] ?? '';
    if (OTHER_BLOCK.test(first)) unsupported();
    if (/^ {0,3}\|/.test(first)) {
      blocks.push(parseTable(group));
      continue;
    }
    if (group.some((line, i) => i > 0 && (OTHER_BLOCK.test(line.trimStart()) || /^\s*\|/.test(line)))) unsupported();
    // A line ending in two spaces or a backslash is a hard break: not in the subset.
    if (group.some((line, i) => i < group.length - 1 && (/ {2}$/.test(line) || /\\$/.test(line)))) unsupported();
    const text = group.map((line) => line.trim()).join('\n');
    blocks.push({type: 'paragraph', children: parseInline(text)});
  }
  return blocks;
}

/** Left- and right-flanking, as CommonMark defines them for a `**` run. */
function flanking(text: string, start: number, end: number): {left: boolean; right: boolean} {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  const beforeSpace = WHITESPACE.test(before);
  const afterSpace = WHITESPACE.test(after);
  const beforePunct = PUNCTUATION.test(before);
  const afterPunct = PUNCTUATION.test(after);
  return {
    left: !afterSpace && (!afterPunct || beforeSpace || beforePunct),
    right: !beforeSpace && (!beforePunct || afterSpace || afterPunct),
  };
}

function codeSpanValue(raw: string): string {
  const value = raw.replace(/\n/g, ' ');
  if (value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') {
    return value.slice(1, -1);
  }
  return value;
}

function parseInline(text: string): Inline[] {
  const root: Inline[] = [];
  let current = root;
  let strong: {children: Inline[]} | null = null;
  let buffer = '';
  // Plain text outside code spans, checked for constructs of the full renderer.
  let plain = '';

  const flush = () => {
    if (buffer !== '') current.push(buffer);
    buffer = '';
  };

  let i = 0;
  while (i < text.length) {
    // Ordinary text up to the next character that may start something.
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    const next = found === null ? text.length : found.index;
    if (next > i) {
      const chunk = text.slice(i, next);
      buffer += chunk;
      plain += chunk;
      i = next;
      continue;
    }
    const char = text[i] ?? '';
    if (char === '\\') {
      const next = text[i + 1];
      if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
        buffer += next;
        plain += ' ';
        i += 2;
      } else {
        buffer += char;
        plain += char;
        i += 1;
      }
      continue;
    }
    if (char === '`') {
      let run = 1;
      while (text[i + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      let close = text.indexOf(fence, i + run);
      while (close !== -1 && text[close + run] === '`') {
        let skip = close;
        while (text[skip] === '`') skip += 1;
        close = text.indexOf(fence, skip);
      }
      if (close === -1) {
        buffer += fence;
        plain += fence;
        i += run;
        continue;
      }
      flush();
      current.push({type: 'code', value: codeSpanValue(text.slice(i + run, close))});
      plain += ' ';
      i = close + run;
      continue;
    }
    if (char === '<') {
      const tag = BR_TAG.exec(text.slice(i));
      if (tag) {
        flush();
        current.push({type: 'br'});
        plain += ' ';
        i += tag[0].length;
        continue;
      }
      if (/[a-z/!?]/i.test(text[i + 1] ?? '')) unsupported();
    }
    if (char === '*' || char === '_') {
      let run = 1;
      while (text[i + run] === char) run += 1;
      const {left, right} = flanking(text, i, i + run);
      // A run that can neither open nor close (3 * 4, a _ b) is plain text,
      // and so is an underscore inside a word (tipo_documento).
      const intraword = char === '_' && ALPHANUMERIC.test(text[i - 1] ?? '') && ALPHANUMERIC.test(text[i + run] ?? '');
      if ((!left && !right) || intraword) {
        buffer += char.repeat(run);
        plain += char.repeat(run);
        i += run;
        continue;
      }
      if (char === '_' || run !== 2) unsupported();
      if (strong === null) {
        if (!left || right) unsupported();
        flush();
        strong = {children: []};
        current = strong.children;
      } else {
        if (!right || left || current.length + (buffer === '' ? 0 : 1) === 0) unsupported();
        flush();
        root.push({type: 'strong', children: strong.children});
        strong = null;
        current = root;
      }
      plain += ' ';
      i += 2;
      continue;
    }
    if (char === '~') unsupported();
    if (char === '\n' && strong !== null) unsupported();
    buffer += char;
    plain += char;
    i += 1;
  }
  if (strong !== null) unsupported();
  // Links, images, footnotes, autolinks and character references.
  if (LINK_LIKE.test(plain) || (AUTOLINK_HINT.test(plain) && AUTOLINK.test(plain)) || (plain.includes('&') && ENTITY.test(plain))) unsupported();
  flush();
  return root;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'code':
        return <code key={index}>{node.value}</code>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'br':
        return <br key={index} />;
    }
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  if (block.type === 'paragraph') {
    return <p key={index}>{renderInline(block.children)}</p>;
  }
  return (
    <table key={index}>
      <thead>
        <tr>
          {block.head.map((cell, column) => (
            <th key={column}>{renderInline(cell)}</th>
          ))}
        </tr>
      </thead>
      {block.rows.length > 0 && (
        <tbody>
          {block.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, column) => (
                <td key={column}>{renderInline(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      )}
    </table>
  );
}

/**
 * The text drawn as react-markdown (with remark-gfm and rehype-raw) would
 * draw it, or null when it uses Markdown outside the subset.
 */
export function renderLiteMarkdown(source: string): ReactNode[] | null {
  try {
    const blocks = parseBlocks(source);
    const nodes: ReactNode[] = [];
    blocks.forEach((block, index) => {
      if (index > 0) nodes.push('\n');
      nodes.push(renderBlock(block, index));
    });
    return nodes;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
