/**
 * @jest-environment node
 */
// The page templates of contributing/templates/ (concept, task, reference) are
// pages a writer copies into docs/: each must be valid MDX with the front matter
// every page needs, use only components every page has, and write admonitions
// in the form the site renders. They live outside docs/, so they never become
// routes, versions or pages to translate.
import {execFileSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {sourceBlocks} from '../../scripts/translations/blocks';

const ROOT = join(__dirname, '../..');
const DIR = join(ROOT, 'contributing/templates');
const templates = readdirSync(DIR).filter((f) => f.endsWith('.mdx'));

/** The components src/theme/MDXComponents.tsx gives every page, and the theme's own. */
function available(): Set<string> {
  const source = readFileSync(join(ROOT, 'src/theme/MDXComponents.tsx'), 'utf8');
  const body = /export default \{([\s\S]*?)\};/.exec(source)?.[1] ?? '';
  const names = body.split(/[,\n]/).map((e) => e.trim().split(':')[0]!.trim());
  return new Set([...names.filter((n) => /^[A-Z]/.test(n)), 'Details', 'Admonition', 'CodeBlock']);
}

describe('the page templates', () => {
  it('are one each for a concept, a task and a reference page', () => {
    expect(templates.sort()).toEqual(['concepto.mdx', 'referencia.mdx', 'tarea.mdx']);
  });

  it('compile as MDX', () => {
    // @mdx-js/mdx is an ES module: compiled in a Node process of its own.
    const script = `import {compile} from '@mdx-js/mdx'; import {readFileSync} from 'node:fs';
      for (const file of process.argv.slice(1)) {
        const text = readFileSync(file, 'utf8').replace(/^---\\n[\\s\\S]*?\\n---\\n/, '');
        await compile(text).catch((e) => { console.error(file + ': ' + e.message); process.exitCode = 1; });
      }`;
    expect(() => execFileSync(process.execPath, ['--input-type=module', '-e', script, ...templates.map((t) => join(DIR, t))], {cwd: ROOT, stdio: 'pipe'})).not.toThrow();
  });

  const components = available();

  it.each(templates)('%s has a title and a description, and uses only the components every page has', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const front = sourceBlocks(text)
      .filter((b) => b.line < 5)
      .map((b) => b.text.split(':')[0]);
    expect(front).toEqual(expect.arrayContaining(['title', 'description']));
    const used = [...text.matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]!);
    expect(used.filter((name) => !components.has(name))).toEqual([]);
    expect(text).not.toMatch(/^import /m);
    expect(text.split('\n').filter((line) => /^:::(note|tip|info|caution|warning|danger)\s+\S/.test(line))).toEqual([]);
  });
});
