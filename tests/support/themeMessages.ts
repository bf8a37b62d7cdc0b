/**
 * The interface strings docusaurus-theme-openapi-docs ships: every
 * `translate({id, message})` call and every `<Translate id>` element of its
 * compiled theme, with its English default. Read from the installed package,
 * so an upgrade that adds a string is seen by the tests that use this.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';

export interface ThemeMessage {
  readonly id: string;
  /** The English text the theme shows when the locale has no translation. */
  readonly message: string;
  /** The theme file that uses it, relative to the package. */
  readonly file: string;
}

/** The compiled package: its theme components and the Markdown helpers they call. */
export const OPENAPI_THEME_DIR = join(process.cwd(), 'node_modules', 'docusaurus-theme-openapi-docs', 'lib');

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

/** The string literal that starts at `at` (after blanks), or null. */
function stringAt(source: string, at: number): string | null {
  const match = /^\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\$]|\\.)*`)/.exec(source.slice(at));
  if (match === null) return null;
  const literal = match[1]!;
  return literal.startsWith('"') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
}

/** Index just past the `{...}` that opens at `open`, skipping strings. */
function closeOf(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return source.length;
}

/** Every message of one compiled file. */
export function messagesOf(source: string, file = ''): ThemeMessage[] {
  const found: ThemeMessage[] = [];
  // translate({ id: "x", message: "y", ... })
  for (const call of source.matchAll(/translate\)?\(\s*\{\s*id:\s*"([^"]+)",\s*message:\s*/g)) {
    const message = stringAt(source, call.index + call[0].length);
    if (message !== null) found.push({id: call[1]!, message, file});
  }
  // createElement(Translate, { id: "x", ... }, "y")
  for (const element of source.matchAll(/Translate(?:_\d+)?\.default,\s*\{\s*id:\s*"([^"]+)"/g)) {
    const open = source.indexOf('{', element.index);
    const after = closeOf(source, open);
    const comma = /^\s*,/.exec(source.slice(after));
    const message = comma === null ? null : stringAt(source, after + comma[0].length);
    if (message !== null) found.push({id: element[1]!, message, file});
  }
  return found;
}

/** Every message of the installed theme, one per id (the first file that uses it). */
export function openapiThemeMessages(dir: string = OPENAPI_THEME_DIR): ThemeMessage[] {
  const byId = new Map<string, ThemeMessage>();
  for (const path of jsFiles(dir)) {
    for (const message of messagesOf(readFileSync(path, 'utf8'), relative(join(dir, '..'), path))) {
      if (!byId.has(message.id)) byId.set(message.id, message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Which of `messages` appear in `text` in English: whole words, placeholders
 * matching anything short. Messages of one word are looked for only when
 * `words` says so (a page's prose may use them in their own right).
 */
export function englishIn(text: string, messages: readonly ThemeMessage[]): string[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return messages
    .filter((m) => {
      // Any run of blanks matches any other (rendered text collapses them).
      const pattern = m.message
        .split(/\{\w+\}/)
        .map((part) => escape(part.trim()).replace(/\s+/g, '\\s+'))
        .join('\\s*.{0,40}?\\s*');
      // Whole words: no letter may touch a message that starts or ends with one.
      const before = /^[\p{L}\p{N}]/u.test(m.message) ? '(?<![\\p{L}\\p{N}])' : '';
      const after = /[\p{L}\p{N}]$/u.test(m.message) ? '(?![\\p{L}\\p{N}])' : '';
      return new RegExp(`${before}${pattern}${after}`, 'u').test(text);
    })
    .map((m) => `${m.id}: "${m.message}"`);
}
