/**
 * The portal's words as data: the labels of the tables and cards and the
 * server's sentences (its pages, errors, prompts, the manual's texts) are
 * written in Spanish in core/data/labels/<topic>.json and translated in
 * i18n/en/portal-labels/<topic>.json (plugins/labels; core/node/texts.ts reads
 * both for the server and the build).
 *
 * A text is a template:
 * - `{name}` stands for a value the code fills in;
 * - text between backticks is code (a field name, a value): a page shows it
 *   as `<code>`, an answer in JSON or plain text shows it without the
 *   backticks (formatText);
 * - a plural is a key of its own (`...one`, `...other`), chosen by the code.
 *
 * Values are never read as template: a value with braces or backticks comes
 * out as it is, and formatHtml escapes it.
 */

/** A topic: nested objects of texts. */
export type Labels = {[key: string]: string | Labels};

/** The values a template's placeholders take. */
export type TextValues = Readonly<Record<string, string | number>>;

/** The ids of a topic's texts, dotted: `{a: {b: 'x'}}` gives `'a.b'`. */
export type TextIds<T> = T extends string ? never : {[K in keyof T & string]: T[K] extends string ? K : `${K}.${TextIds<T[K]>}`}[keyof T & string];

/** `{a: {b: 'x'}}` to `{'a.b': 'x'}`; throws on anything but text and objects of text. */
export function flatten(labels: Labels, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).flatMap(([key, value]) => {
      const id = prefix + key;
      if (typeof value === 'string') return [[id, value]];
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${id}: a label must be text or an object of labels.`);
      return Object.entries(flatten(value, `${id}.`));
    }),
  );
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of a template's placeholders, sorted, each once. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/** How many backticks a template has (an odd count leaves a code span open). */
export const backticks = (template: string): number => template.split('`').length - 1;

/** The template's parts: text and code alternate, text first (an unclosed backtick stays as text). */
function parts(template: string): {code: boolean; text: string}[] {
  const pieces = template.split('`');
  if (pieces.length % 2 === 0) pieces.splice(-2, 2, `${pieces.at(-2)!}\`${pieces.at(-1)!}`);
  return pieces.map((text, i) => ({code: i % 2 === 1, text}));
}

const fill = (text: string, values: TextValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The text for an answer in JSON or plain text: values put in, code without its backticks. */
export function formatText(template: string, values: TextValues = {}): string {
  return parts(template)
    .map((part) => fill(part.text, values))
    .join('');
}

/** The text for a page: values put in, everything escaped, code as `<code>`. */
export function formatHtml(template: string, values: TextValues = {}): string {
  return parts(template)
    .map((part) => (part.code ? `<code>${escapeHtml(fill(part.text, values))}</code>` : escapeHtml(fill(part.text, values))))
    .join('');
}
