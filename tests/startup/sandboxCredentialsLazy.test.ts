/**
 * @jest-environment node
 */
// The sandbox credentials UI adds no JavaScript to guide pages that
// do not use it. What every guide page loads at start is what the site's
// shell imports statically: Root (toasts, the code dialog's host), the
// components every Markdown page can use without an import (MDXComponents)
// and the docs item. The credentials panel, its calls and the signing code
// must be reachable from there only through import() (the code dialog, the
// panel's own chunk). e2e/budgets.test.ts weighs the built pages; this
// follows the imports, so a static import that would put them on every page
// fails here first.
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve, sep} from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const SHELL = ['src/theme/Root.tsx', 'src/theme/MDXComponents.tsx', 'src/theme/DocItem/Content/index.tsx'];
const ONLY_WHERE_USED = [
  /^src\/components\/SandboxCredentials\//,
  /^src\/lib\/sandboxCredentials\.ts$/,
  /^src\/lib\/sandboxApi\.ts$/,
  /^core\/signatures\.ts$/,
  /^core\/data\/signedSample\.ts$/,
];

/** The files a module imports statically (not `import type`, not `import()`), resolved inside the repository. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith('@site/') ? join(ROOT, specifier.slice('@site/'.length)) : specifier.startsWith('.') ? resolve(ROOT, dirname(file), specifier) : null;
    if (base === null) return [];
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => `${base}${ext}`).find((candidate) => existsSync(candidate) && /\.(ts|tsx)$/.test(candidate));
    return found === undefined ? [] : [relative(ROOT, found).split(sep).join('/')];
  });
}

function reachable(entries: readonly string[]): Map<string, string> {
  const via = new Map<string, string>(entries.map((entry) => [entry, entry]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of staticImports(file)) {
      if (!via.has(next)) {
        via.set(next, file);
        queue.push(next);
      }
    }
  }
  return via;
}

describe('the sandbox credentials UI loads only where it is used', () => {
  it("is not imported statically by the site's shell", () => {
    const via = reachable(SHELL);
    expect(via.size).toBeGreaterThan(SHELL.length);
    const offending = [...via.keys()].filter((file) => ONLY_WHERE_USED.some((pattern) => pattern.test(file))).map((file) => `${file} (imported by ${via.get(file)})`);
    expect(offending).toEqual([]);
  });

  it('is imported by the places that offer it', () => {
    for (const user of ['src/components/CodeSampleDialog/OpenSample.tsx', 'src/theme/ApiExplorer/WithCredentials.tsx', 'src/components/SignatureWorkbench/index.tsx']) {
      expect(staticImports(user)).toContain('src/components/SandboxCredentials/index.tsx');
    }
    expect(readFileSync(join(ROOT, 'src/pages/sandbox/index.mdx'), 'utf8')).toContain("import SandboxCredentials from '@site/src/components/SandboxCredentials';");
  });
});
