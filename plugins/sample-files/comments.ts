/**
 * The comments of a sample file, and the same file with its comments in
 * another language. A sample is one file, run by tests/samples as it is; its
 * code (names, strings, answers) is shown the same on every page, and only its
 * comments, which run nothing, are shown in the page's language, from
 * i18n/<locale>/sample-comments.json (Spanish text -> translation).
 *
 * A comment is, by the file's extension:
 * - `//` (PHP, JavaScript, Java, C#) or `#` (Python) at the start of a line:
 *   consecutive lines with the same indentation are one comment, one
 *   paragraph of text;
 * - the same after code, with a space before `//` or two before `#` (so
 *   `http://` and a `#` inside a string are not comments);
 * - in Python, a docstring: a line that starts with three double quotes, to
 *   the line that closes them.
 * Block comments are not read: `/*` is reported, so a writer learns to use `//`.
 */
import {extname} from 'node:path';

export interface SampleComment {
  /** The comment's text, without markers or indentation; lines of a paragraph joined by "\n". */
  readonly text: string;
  /** First and last line (0-based, inclusive). */
  readonly from: number;
  readonly to: number;
  readonly kind: 'lines' | 'trailing' | 'docstring';
}

type Syntax = {readonly marker: '//' | '#'; readonly trailing: RegExp; readonly docstrings: boolean};

function syntaxOf(path: string): Syntax | null {
  switch (extname(path)) {
    case '.py':
      return {marker: '#', trailing: / {2}# (.*)$/, docstrings: true};
    case '.php':
    case '.js':
    case '.mjs':
    case '.java':
    case '.cs':
      return {marker: '//', trailing: /\s\/\/ (.*)$/, docstrings: false};
    default:
      return null;
  }
}

const FULL_LINE = (marker: string) => new RegExp(`^(\\s*)${marker === '//' ? '\\/\\/' : '#'}(?: (.*))?$`);

/** The comments of a sample file, in order. Throws on a block comment, which this reader does not translate. */
export function commentsOf(path: string, source: string): SampleComment[] {
  const syntax = syntaxOf(path);
  if (syntax === null) return [];
  const lines = source.split('\n');
  const full = FULL_LINE(syntax.marker);
  const comments: SampleComment[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (syntax.marker === '//' && /^\s*\/\*/.test(line)) {
      throw new Error(`${path}:${i + 1}: a block comment; write the comment with // so the pages can show it translated.`);
    }
    if (syntax.docstrings && /^\s*"""/.test(line)) {
      const rest = line.trim().slice(3);
      if (rest.endsWith('"""')) {
        comments.push({text: rest.slice(0, -3), from: i, to: i, kind: 'docstring'});
        continue;
      }
      const body = [rest];
      let j = i + 1;
      while (j < lines.length && !lines[j]!.includes('"""')) body.push(lines[j++]!);
      const last = (lines[j] ?? '').trim().replace(/"""$/, '');
      if (last !== '') body.push(last);
      comments.push({text: body.join('\n').trim(), from: i, to: j, kind: 'docstring'});
      i = j;
      continue;
    }
    const start = full.exec(line);
    if (start !== null) {
      const indent = start[1]!;
      const body = [start[2] ?? ''];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const next = full.exec(lines[j]!);
        if (next === null || next[1] !== indent) break;
        body.push(next[2] ?? '');
      }
      comments.push({text: body.join('\n'), from: i, to: j - 1, kind: 'lines'});
      i = j - 1;
      continue;
    }
    const trailing = syntax.trailing.exec(line);
    if (trailing !== null) comments.push({text: trailing[1]!, from: i, to: i, kind: 'trailing'});
  }
  return comments;
}

/**
 * The file with each comment replaced by its translation. A comment the table
 * lacks stays as it is (tests/samples/pages.test.ts fails on it first).
 */
export function translateComments(path: string, source: string, table: Readonly<Record<string, string>>): string {
  const syntax = syntaxOf(path);
  if (syntax === null) return source;
  const lines = source.split('\n');
  const comments = commentsOf(path, source);
  // From the last comment to the first, so the line numbers of the others still hold.
  for (const comment of [...comments].reverse()) {
    const translated = table[comment.text];
    if (translated === undefined) continue;
    if (comment.kind === 'trailing') {
      const line = lines[comment.from]!;
      lines[comment.from] = line.slice(0, line.length - comment.text.length) + translated;
    } else if (comment.kind === 'lines') {
      const indent = /^\s*/.exec(lines[comment.from]!)![0];
      const replaced = translated.split('\n').map((text) => `${indent}${syntax.marker}${text === '' ? '' : ` ${text}`}`);
      lines.splice(comment.from, comment.to - comment.from + 1, ...replaced);
    } else {
      const indent = /^\s*/.exec(lines[comment.from]!)![0];
      const single = comment.from === comment.to;
      const replaced = single ? [`${indent}"""${translated}"""`] : [`${indent}"""${translated.replace(/\n/g, `\n${indent}`)}`, `${indent}"""`];
      lines.splice(comment.from, comment.to - comment.from + 1, ...replaced);
    }
  }
  return lines.join('\n');
}
