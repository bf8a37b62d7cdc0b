/**
 * The server's words, in the caller's language: every sentence the server
 * writes for a person (the sandbox's pages and refusals, the manuals API's
 * errors, the root's answers, the MCP prompts, the certification's reports) is a text of a topic of
 * core/data/labels (Spanish), translated in i18n/en/portal-labels (English):
 * where translators translate everything else, under the same checks
 * (plugins/labels). Read from the project folder the server runs in, as the
 * contracts are (./sandbox/merchants/demoMerchant.ts), once per topic and language.
 *
 * An id the Spanish file lacks stops the type check (the topics' types are
 * the Spanish files'); `loadServerTexts` reads every topic when the server
 * starts, so a broken file stops it there rather than in a request.
 */
import type {Locale} from '../core/locale';
import {readTopic} from '../core/node/texts';
import {formatHtml, formatText, type TextIds, type TextValues} from '../core/texts';

/** The server's topics and their Spanish files' shapes. */
interface Topics {
  readonly sandboxPages: typeof import('../core/data/labels/sandboxPages.json');
  readonly sandboxErrors: typeof import('../core/data/labels/sandboxErrors.json');
  readonly server: typeof import('../core/data/labels/server.json');
  readonly mcpPrompts: typeof import('../core/data/labels/mcpPrompts.json');
  readonly sandboxListener: typeof import('../core/data/labels/sandboxListener.json');
  readonly certification: typeof import('../core/data/labels/certification.json');
}
export type Topic = keyof Topics;
export const SERVER_TOPICS: readonly Topic[] = ['sandboxPages', 'sandboxErrors', 'server', 'mcpPrompts', 'sandboxListener', 'certification'];

export type TextId<T extends Topic> = TextIds<Topics[T]>;

/**
 * A sentence not yet written in a language (a refusal made before the language is known): its id
 * and values; a value may be a message itself (a rule inside a refusal), said as plain text.
 */
export interface Message<T extends Topic> {
  readonly id: TextId<T>;
  readonly values?: MessageValues<T>;
}
export type MessageValues<T extends Topic> = Readonly<Record<string, string | number | Message<T>>>;

/** One topic in one language. */
export interface Texts<T extends Topic> {
  readonly lang: Locale;
  /** For JSON and plain text: code without its backticks. */
  text(id: TextId<T>, values?: TextValues): string;
  /** For a page: escaped, code as <code>. */
  html(id: TextId<T>, values?: TextValues): string;
  /** A message as plain text. */
  say(message: Message<T>): string;
  /** A message for a page. */
  sayHtml(message: Message<T>): string;
  /** Whether `id` is a text of the topic (ids made at run time: a delivery's reason code). */
  has(id: string): id is TextId<T>;
  /** The ids under `prefix.` (a prompt's steps; every id for ''), in the Spanish file's order. */
  under(prefix: string): TextId<T>[];
}

let projectDir = process.cwd();
const cache = new Map<string, Record<string, string>>();

function topic(name: Topic, lang: Locale): Record<string, string> {
  const key = `${name}:${lang}`;
  let texts = cache.get(key);
  if (texts === undefined) {
    texts = readTopic(name, lang, projectDir);
    cache.set(key, texts);
  }
  return texts;
}

/** A topic's texts in `lang`. */
export function textsOf<T extends Topic>(name: T, lang: Locale): Texts<T> {
  const texts = topic(name, lang);
  const template = (id: string): string => {
    const found = texts[id];
    if (found === undefined) throw new Error(`${name}: no text "${id}" (core/data/labels/${name}.json).`);
    return found;
  };
  const plainValues = (values: MessageValues<T> | undefined): TextValues =>
    Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === 'object' ? formatText(template(value.id), plainValues(value.values)) : value]));
  return {
    lang,
    text: (id, values) => formatText(template(id), values),
    html: (id, values) => formatHtml(template(id), values),
    say: (message) => formatText(template(message.id), plainValues(message.values)),
    sayHtml: (message) => formatHtml(template(message.id), plainValues(message.values)),
    has: (id): id is TextId<T> => Object.prototype.hasOwnProperty.call(texts, id),
    under: (prefix) => Object.keys(texts).filter((id) => prefix === '' || id.startsWith(`${prefix}.`)) as TextId<T>[],
  };
}

/** Reads every topic in both languages from `dir` (the project folder), so that a broken file stops the server at start. */
export function loadServerTexts(dir: string = process.cwd()): void {
  if (dir !== projectDir) cache.clear();
  projectDir = dir;
  for (const name of SERVER_TOPICS) for (const lang of ['es', 'en'] as const) topic(name, lang);
}
