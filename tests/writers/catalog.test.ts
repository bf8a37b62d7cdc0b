/**
 * @jest-environment node
 */
// The component catalog for writers (/escritores/componentes, both languages)
// shows every component that src/theme/MDXComponents.tsx gives the pages, each
// drawn live under the code that writes it; the code and the drawing are the
// same text, so what a writer copies is what they saw. The build renders the
// page (a broken example stops it); the e2e walk opens it in Chromium.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

const ROOT = join(__dirname, '../..');
const CATALOGS = ['src/pages/escritores/componentes.mdx', 'i18n/en/docusaurus-plugin-content-pages/escritores/componentes.mdx'];

/** The names src/theme/MDXComponents.tsx adds to the theme's own components. */
function mdxComponents(): string[] {
  const source = readFileSync(join(ROOT, 'src/theme/MDXComponents.tsx'), 'utf8');
  const body = /export default \{([\s\S]*?)\};/.exec(source)?.[1] ?? '';
  return body
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('...') && !entry.startsWith('//'))
    .map((entry) => entry.split(':')[0]!.trim());
}

interface Example {
  readonly code: string | null;
  readonly drawn: string;
}

/** Each <Result> of a catalog page with the code block right before it (null if there is none). */
function examples(page: string): Example[] {
  const out: Example[] = [];
  const re = /(?:(`{3,})mdx\n([\s\S]*?)\n\1\n\n)?<Result>\n([\s\S]*?)\n<\/Result>/g;
  for (const m of page.matchAll(re)) out.push({code: m[2] ?? null, drawn: m[3]!});
  return out;
}

describe('the component catalog', () => {
  const components = mdxComponents();

  it('reads the components that MDXComponents gives every page', () => {
    expect(components).toEqual(expect.arrayContaining(['Tabs', 'TabItem', 'VariableTable', 'PaymentMethodTable', 'SupportEmail', 'TestCardTable']));
    expect(components.length).toBeGreaterThanOrEqual(19);
  });

  describe.each(CATALOGS)('%s', (file) => {
    const page = readFileSync(join(ROOT, file), 'utf8');
    const all = examples(page);

    it.each(components)('draws <%s> live in an example', (name) => {
      expect(all.filter((e) => new RegExp(`<${name}[\\s/>]`).test(e.drawn))).not.toHaveLength(0);
    });

    it('shows above each example the code that draws it', () => {
      expect(all.length).toBeGreaterThanOrEqual(components.length - 3);
      expect(all.filter((e) => e.code !== e.drawn).map((e) => e.drawn.split('\n')[0])).toEqual([]);
      // Every <Result> was found by the pattern: none is left without its code block.
      expect(page.split('<Result>').length - 1).toBe(all.length);
    });
  });

  it('has the same examples, in the same order, in both languages', () => {
    const tags = (file: string) => examples(readFileSync(join(ROOT, file), 'utf8')).map((e) => [...e.drawn.matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]).join(' '));
    expect(tags(CATALOGS[1]!)).toEqual(tags(CATALOGS[0]!));
  });
});
