/**
 * Spanish pages speak Spanish, the API theme's strings too: every interface
 * string that the installed docusaurus-theme-openapi-docs can show has a
 * Spanish translation, in the portal's i18n/es/code.json or in the Spanish
 * strings Docusaurus ships for its own theme. A theme upgrade that adds a
 * string fails here, naming it, before an English sentence reaches a Spanish
 * page (e2e/locale.test.ts checks the built pages and the request panel).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {messagesOf, openapiThemeMessages} from '../support/themeMessages';

const portal = JSON.parse(readFileSync(join(process.cwd(), 'i18n', 'es', 'code.json'), 'utf8')) as Record<string, {message: string}>;
const shippedDir = join(process.cwd(), 'node_modules', '@docusaurus', 'theme-translations', 'locales', 'es');
const shipped: Record<string, string> = Object.assign(
  {},
  ...readdirSync(shippedDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(shippedDir, name), 'utf8')) as Record<string, string>),
);

function spanish(id: string): string | undefined {
  return portal[id]?.message ?? shipped[id];
}

/** Strings that are the same word in both languages (an HTTP header's name). */
const SAME_IN_BOTH = new Set(['theme.openapi.request.accept.title']);

describe("the API theme's interface strings in Spanish", () => {
  const messages = openapiThemeMessages();

  it('finds the strings of the installed theme', () => {
    // A theme rewrite that this reader no longer understands must not pass as "nothing to translate".
    expect(messages.length).toBeGreaterThan(60);
    expect(messages.map((m) => m.id)).toEqual(expect.arrayContaining(['theme.openapi.response.placeholder', 'theme.openapi.request.sendButton']));
  });

  it('has a Spanish translation for every one', () => {
    const missing = messages.filter((m) => spanish(m.id) === undefined).map((m) => `${m.id} ("${m.message}", ${m.file})`);
    expect(missing).toEqual([]);
  });

  it('translates them: no Spanish entry is the English text', () => {
    const untranslated = messages.filter((m) => !SAME_IN_BOTH.has(m.id) && spanish(m.id) === m.message).map((m) => m.id);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of each message', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((p) => p[1]).sort();
    const broken = messages.filter((m) => JSON.stringify(placeholders(spanish(m.id) ?? '')) !== JSON.stringify(placeholders(m.message))).map((m) => m.id);
    expect(broken).toEqual([]);
  });
});

describe('the reader of compiled theme files', () => {
  it('reads translate() calls and <Translate> elements with values', () => {
    const source = `
      (0, Translate_1.translate)({ id: "a.one", message: "One thing" });
      react_1.default.createElement(Translate_1.default, { id: "a.two", values: { code: x("{", "}") } }, "Press {code} now");
    `;
    expect(messagesOf(source)).toEqual([
      {id: 'a.one', message: 'One thing', file: ''},
      {id: 'a.two', message: 'Press {code} now', file: ''},
    ]);
  });
});
