/**
 * @jest-environment node
 */
// The portal's dependency direction (core/README.md): core/ is the ground
// floor and imports nothing of the portal; the server never imports src/.
// Checked as a reader would check it: every import specifier of every file
// (import and export ... from, import type, import(), require(), jest.mock()),
// resolved to the file it names.
import {readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {dirname, join, relative, resolve, sep} from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.docusaurus']);
const JEST_MODULE_CALL = /\bjest\s*\.\s*(?:mock|doMock|unmock|requireActual|requireMock|createMockFromModule)\s*\(\s*(['"`])([^'"`]+)\1/g;
/** Aliases that name the site's own folders or Docusaurus's generated modules, not an npm package. */
const PORTAL_ALIASES = /^@(site|theme|theme-original|theme-init|generated|portal)\//;
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Every import specifier of `source`, in the order they appear. */
function specifiersOf(source: string): string[] {
  const {importedFiles, referencedFiles} = ts.preProcessFile(source, true, true);
  const mocked = [...source.matchAll(JEST_MODULE_CALL)].map((m) => m[2]!);
  return [...importedFiles, ...referencedFiles].map((f) => f.fileName).concat(mocked);
}

type Target = {kind: 'file'; path: string} | {kind: 'alias'; name: string} | {kind: 'package'; name: string};

/** What `specifier`, written in `file`, names: a file of the repository (as a path from its root), a portal alias or a package. */
function targetOf(file: string, specifier: string): Target {
  if (specifier.startsWith('@site/')) return {kind: 'file', path: specifier.slice('@site/'.length)};
  if (PORTAL_ALIASES.test(specifier)) return {kind: 'alias', name: specifier};
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return {
      kind: 'file',
      path: relative(ROOT, resolve(ROOT, dirname(file), specifier))
        .split(sep)
        .join('/'),
    };
  }
  return {kind: 'package', name: specifier};
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').some((part) => SKIPPED_DIRS.has(part)));
}

const isUnder = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);
const isTest = (file: string): boolean => /(^|\/)__tests__\//.test(file) || /\.test\.[cm]?[jt]sx?$/.test(file);

/** The imports of `file` that break the rule `allowed` gives, as "file: specifier (why)". */
function violations(files: readonly string[], allowed: (file: string, target: Target) => string | null): string[] {
  return files.flatMap((file) =>
    specifiersOf(readFileSync(join(ROOT, file), 'utf8')).flatMap((specifier) => {
      const why = allowed(file, targetOf(file, specifier));
      return why ? [`${file}: ${specifier} (${why})`] : [];
    }),
  );
}

/** server/: anything but src/. */
function serverRule(_file: string, target: Target): string | null {
  if (target.kind === 'file' && (isUnder(target.path, 'src') || target.path === 'src')) return 'the server never imports src/';
  if (target.kind === 'alias') return 'a site alias, which the server does not have';
  return null;
}

const PORTAL_FOLDERS = ['server', 'src', 'plugins', 'scripts', 'patches'];

/** core/: only core (its tests also tests/support), npm packages without React, and Node's modules under core/node only. */
function coreRule(file: string, target: Target): string | null {
  if (target.kind === 'alias') return 'a portal alias: core imports only core and npm packages';
  if (target.kind === 'package') {
    const name = target.name.startsWith('@') ? target.name.split('/').slice(0, 2).join('/') : target.name.split('/')[0]!;
    if (name === 'react' || name === 'react-dom') return 'no React in core';
    if (NODE_BUILTINS.has(target.name) && !isUnder(file, 'core/node') && !isTest(file)) return 'Node-only: it belongs in core/node/';
    return null;
  }
  const folder = PORTAL_FOLDERS.find((f) => isUnder(target.path, f));
  if (folder) return `core imports nothing of ${folder}/`;
  if (isUnder(target.path, 'core')) {
    if (!isUnder(file, 'core/node') && isUnder(target.path, 'core/node') && !isTest(file)) return 'what the browser runs imports nothing of core/node/';
    return null;
  }
  if (isTest(file) && isUnder(target.path, 'tests/support')) return null;
  return 'outside core/';
}

describe('the import scanner', () => {
  it('sees every way a module names another', () => {
    const source = [
      "import a from './a';",
      "import type {B} from '../b';",
      "export * from './c';",
      "export {d} from './d';",
      "const e = require('./e');",
      "const f = import('./f');",
      "import './g';",
      "jest.mock('./h');",
      'const text = \'not an import: from "./i"\';',
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a', '../b', './c', './d', './e', './f', './g', './h']);
  });

  it('reports what breaks the rules, and only that', () => {
    const t = (file: string, specifier: string) => targetOf(file, specifier);
    expect(serverRule('server/app.ts', t('server/app.ts', '../src/lib/http'))).not.toBeNull();
    expect(serverRule('server/app.ts', t('server/app.ts', '@site/src/lib/http'))).not.toBeNull();
    expect(serverRule('server/app.ts', t('server/app.ts', '../core/config'))).toBeNull();
    expect(coreRule('core/config.ts', t('core/config.ts', '../server/config'))).not.toBeNull();
    expect(coreRule('core/data/sandbox.ts', t('core/data/sandbox.ts', '../../plugins/labels'))).not.toBeNull();
    expect(coreRule('core/data/sandbox.ts', t('core/data/sandbox.ts', '@portal/labels/enumerations.json'))).not.toBeNull();
    expect(coreRule('core/xsrf.ts', t('core/xsrf.ts', 'node:fs'))).not.toBeNull();
    expect(coreRule('core/xsrf.ts', t('core/xsrf.ts', './node/docsVersions'))).not.toBeNull();
    expect(coreRule('core/xsrf.ts', t('core/xsrf.ts', 'react'))).not.toBeNull();
    expect(coreRule('core/node/docsVersions.ts', t('core/node/docsVersions.ts', 'node:fs'))).toBeNull();
    expect(coreRule('core/data/sandbox.ts', t('core/data/sandbox.ts', '../config'))).toBeNull();
    expect(coreRule('core/signatures.ts', t('core/signatures.ts', 'node-forge/lib/md5'))).toBeNull();
    expect(coreRule('core/__tests__/a.test.ts', t('core/__tests__/a.test.ts', '../../tests/support/x'))).toBeNull();
    expect(coreRule('core/a.ts', t('core/a.ts', '../tests/support/x'))).not.toBeNull();
  });
});

describe('the dependency direction', () => {
  it('server/ imports nothing of src/', () => {
    const files = sourceFiles('server');
    expect(files.length).toBeGreaterThan(20);
    expect(violations(files, serverRule)).toEqual([]);
  });

  it('core/ imports only core/ and npm packages (no React; Node only in core/node/)', () => {
    const files = sourceFiles('core');
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(false);
    expect(violations(files, coreRule)).toEqual([]);
  });
});
