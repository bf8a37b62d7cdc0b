/**
 * What a reader sees as prose, from a built page (HTML) or its Markdown twin,
 * and the faults to look for in it: leftovers of MDX (an expression or a
 * component printed as text), placeholders nobody filled, and what JavaScript
 * prints for a missing value. Code blocks are code, and left out; inline code
 * is prose here: `{X}` between backticks is where MDX leaves an expression
 * unevaluated.
 */

/** One offending text of one page. */
export interface ProseFault {
  /** Which rule caught it. */
  readonly rule: string;
  /** The offending text, with a little of what surrounds it. */
  readonly text: string;
}

const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Decodes the character references a built page uses. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Marks the start and the end of inline code in the prose (never in a page's text). */
export const CODE_OPEN = '\u0001';
export const CODE_CLOSE = '\u0002';

/** Elements whose content is not prose: scripts, styles, drawings and code blocks. */
const NOT_PROSE = ['script', 'style', 'svg', 'pre', 'template', 'math'];
/** Elements that sit inside a line of text: removing their tags must not split a word. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
/** Attributes a reader (or a screen reader) gets as text. */
const TEXT_ATTRIBUTES = /\s(?:alt|title|aria-label|placeholder)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * The text a reader gets from a built page: every text node outside scripts,
 * styles, SVG and code blocks (hidden tab panels included: one click shows
 * them), plus the attributes read out as text. Block boundaries become line
 * breaks, so words of two cells never run together.
 */
export function proseOfHtml(html: string): string {
  let text = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of NOT_PROSE) {
    text = text.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, 'gi'), '\n');
  }
  const attributes: string[] = [];
  text = text.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (tag, closing: string, name: string) => {
    for (const match of tag.matchAll(TEXT_ATTRIBUTES)) attributes.push(match[1] ?? match[2] ?? match[3] ?? '');
    const lower = name.toLowerCase();
    if (lower === 'code') return closing === '' ? CODE_OPEN : CODE_CLOSE;
    return INLINE.has(lower) ? '' : '\n';
  });
  return decodeEntities(`${text}\n${attributes.join('\n')}`)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The prose of a Markdown page: every line outside fenced code blocks, without HTML comments. */
export function proseOfMarkdown(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && opener !== undefined) {
      fence = opener;
    } else if (fence !== null) {
      if (new RegExp(`^\\s{0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(line)) fence = null;
    } else {
      out.push(line.replace(/(`+)(.+?)\1/g, (_whole, _ticks, code: string) => `${CODE_OPEN}${code}${CODE_CLOSE}`));
    }
  }
  return out.join('\n');
}

interface Rule {
  readonly rule: string;
  readonly pattern: RegExp;
  /** Only in pages of this locale. */
  readonly locale?: 'es' | 'en';
  /** Not inside inline code, where a page may quote the syntax on purpose (Postman's {{baseUrl}}). */
  readonly proseOnly?: boolean;
}

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
const RULES: readonly Rule[] = [
  // {"{"}, {'…'}, {`…`}: a string written as an expression, printed as it was written.
  {rule: 'MDX expression', pattern: /\{\s*(?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`)\s*\}/g},
  // {SANDBOX_PAGES.inbox}, {rules.max}, {items[0]}: a value the page meant to show.
  {rule: 'MDX expression', pattern: new RegExp(`\\{\\s*${IDENTIFIER}(?:\\s*\\??\\.\\s*${IDENTIFIER}|\\[[^\\]\\n]{1,40}\\])+\\s*\\}`, 'g')},
  // {SANDBOX_RULES}, {EXAMPLE_KEY}: a constant.
  {rule: 'MDX expression', pattern: /\{\s*[A-Z][A-Z0-9_]{2,}\s*\}/g},
  // {/* #id */}: a heading id or a comment that MDX did not take.
  {rule: 'MDX expression', pattern: /\{\s*\/\*[\s\S]*?\*\/\s*\}/g},
  // <ConfigValue name="x" />, </TabItem>: a component printed as text (inside inline code a page may quote one
  // on purpose: the writers' component catalog names each as it is written).
  {rule: 'JSX element', pattern: /<\/?[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)?(?:\s+[A-Za-z][\w-]*(?:=(?:"[^"\n]*"|'[^'\n]*'|\{[^}\n]*\}))?)*\s*\/?>/g, proseOnly: true},
  // import X from '…' / export const …: an MDX statement printed as a paragraph.
  {rule: 'MDX statement', pattern: /^(?:import\s+(?:[\w${},\s*]+\s+from\s+)?['"][^'"\n]+['"];?|export\s+(?:const|let|function|default)\b.*)$/gm},
  // {{name}}, ${name}, {name} after a word (firma{producto}): a placeholder nobody filled.
  {rule: 'placeholder', pattern: /\{\{\s*[^{}\n]{1,60}\s*\}\}|\$\{[^{}\n]{1,60}\}/g, proseOnly: true},
  {rule: 'placeholder', pattern: /(?<=\w)\{[A-Za-z_]\w*\}/g},
  {rule: 'placeholder', pattern: /\bTODO:/g, locale: 'en'},
  // What JavaScript prints for a missing value.
  {rule: 'missing value', pattern: /\bundefined\b|\bNaN\b|\[object Object\]/g},
];

const CODE_MARKS = new RegExp(`[${CODE_OPEN}${CODE_CLOSE}]`, 'g');

/** Whether position `at` of the prose is inside inline code. */
function inCode(prose: string, at: number): boolean {
  return prose.lastIndexOf(CODE_OPEN, at) > prose.lastIndexOf(CODE_CLOSE, at);
}

/** Cuts a line to at most `width` characters around a match. */
function around(text: string, start: number, end: number, width = 120): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const margin = Math.max(0, Math.floor((width - (end - start)) / 2));
  const from = Math.max(lineStart, start - margin);
  const to = Math.min(lineEnd, end + margin);
  return `${from > lineStart ? '…' : ''}${text.slice(from, to).trim()}${to < lineEnd ? '…' : ''}`;
}

/** Every fault of `prose` (once per rule and line), for a page of `locale`. */
export function proseFaults(prose: string, locale: 'es' | 'en'): ProseFault[] {
  const seen = new Set<string>();
  const out: ProseFault[] = [];
  for (const {rule, pattern, locale: only, proseOnly} of RULES) {
    if (only !== undefined && only !== locale) continue;
    for (const match of prose.matchAll(pattern)) {
      const start = match.index;
      if (proseOnly === true && inCode(prose, start)) continue;
      const text = around(prose, start, start + match[0].length).replace(CODE_MARKS, '`');
      // One fault per rule and line: {"{"}a{"}"} is one leftover, not two.
      const key = `${rule}\0${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({rule, text});
    }
  }
  return out;
}
