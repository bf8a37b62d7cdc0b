/**
 * The server's words live in core/data/labels (Spanish) and
 * i18n/en/portal-labels (English), never in its code (server/texts.ts): what
 * it says in English is what the translation file says, an untranslated entry
 * falls back to the Spanish, and no `{es, en}` table of texts comes back into
 * server code.
 */
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative, sep} from 'node:path';
import {ENGLISH_LABELS_DIR, LABELS_DIR, readTopic, spanishTopic} from '../../core/node/texts';
import {formatText} from '../../core/texts';
import {SERVER_TOPICS, textsOf, type Topic} from '../texts';

const ROOT = join(__dirname, '../..');
const SERVER = join(ROOT, 'server');

/** The server's own code: its .ts and .mjs files, not its tests, test helpers or build. */
function sources(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(dir, path)
          .split(sep)
          .some((part) => ['__tests__', 'testSupport', 'dist'].includes(part)),
    );
}

/**
 * A key `es` or `en` whose value is text, a list or an object (`{es: '...'}`, `en: [`, `es: {`),
 * outside strings and comments: a table of sentences by language. (Sets of stop words or stemmers
 * by language, `es: new Set(...)`, are not sentences.)
 */
const LANGUAGE_KEY = /(?<![\w$.'"`-])(?:es|en)\s*:\s*['"`[{]/;

/** The line without its comment and string literals, so that a sentence naming `es:` does not count. */
const code = (line: string): string =>
  line
    .replace(/^\s*(?:\/\/|\*|\/\*).*$/, '')
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
    .replace(/\/\/.*$/, '');

describe("the server's code", () => {
  // Failing? Move the sentences to a topic of core/data/labels and say them with textsOf (server/texts.ts).
  it('holds no {es, en} table of texts', () => {
    const found = sources(SERVER).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (LANGUAGE_KEY.test(code(line)) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('is read by that check (a planted table is found)', () => {
    expect(LANGUAGE_KEY.test(code("  title: {es: 'Integrar', en: 'Integrate'},"))).toBe(true);
    expect(LANGUAGE_KEY.test(code("steps: {es: ['Lea'], en: ['Read']},"))).toBe(true);
    expect(LANGUAGE_KEY.test(code('export const TEXT: Record<Lang, SandboxText> = {\n  es: {'.split('\n')[1]!))).toBe(true);
    expect(LANGUAGE_KEY.test(code("const STOP = {es: new Set(['de']), en: new Set(['of'])};"))).toBe(false);
    expect(LANGUAGE_KEY.test(code("const lang = query === 'es' ? 'es' : 'en'; // es: the default"))).toBe(false);
  });
});

describe("the server's topics", () => {
  const english = (topic: Topic): Record<string, {message: string}> =>
    JSON.parse(readFileSync(join(ROOT, ENGLISH_LABELS_DIR, `${topic}.json`), 'utf8')) as Record<string, {message: string}>;

  it.each(SERVER_TOPICS.map((topic) => [topic]))('%s says in English what i18n/en/portal-labels says, and in Spanish what core/data/labels says', (topic) => {
    const spanish = spanishTopic(topic);
    const messages = english(topic);
    const en = textsOf(topic, 'en');
    const es = textsOf(topic, 'es');
    expect(Object.keys(messages).sort()).toEqual(Object.keys(spanish).sort());
    for (const [id, text] of Object.entries(spanish)) {
      expect([id, es.text(id as never)]).toEqual([id, formatText(text)]);
      expect([id, en.text(id as never)]).toEqual([id, formatText(messages[id]!.message)]);
    }
  });

  it('gives the Spanish for an English entry still marked TODO or missing, never the marker', () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-texts-'));
    try {
      cpSync(join(ROOT, LABELS_DIR), join(dir, LABELS_DIR), {recursive: true});
      cpSync(join(ROOT, ENGLISH_LABELS_DIR), join(dir, ENGLISH_LABELS_DIR), {recursive: true});
      const file = join(dir, ENGLISH_LABELS_DIR, 'sandboxPages.json');
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, {message: string; description: string}>;
      messages.notice!.message = `TODO: ${messages.notice!.description}`;
      delete messages.pay;
      messages.purchaseTitle!.message = 'Planted title';
      writeFileSync(file, JSON.stringify(messages));
      const texts = readTopic('sandboxPages', 'en', dir);
      expect(texts.notice).toBe(spanishTopic('sandboxPages').notice);
      expect(texts.pay).toBe('Pagar');
      expect(texts.purchaseTitle).toBe('Planted title');
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
