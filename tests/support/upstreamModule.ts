/**
 * Upstream modules as the rewriting patches (patches/rewrite) hand them to
 * the bundler, for the tests of those patches: the loader run on a file, and
 * an ES module (Docusaurus ships JSX in .js files) compiled to CommonJS and run.
 */
import {readFileSync} from 'node:fs';
import {transformSync} from '@swc/core';
import {REWRITE_LOADER} from '@site/patches/rewrite';

const loader = require(REWRITE_LOADER) as (this: {getOptions(): unknown; resourcePath: string}, source: string) => string;

/** `file` (or `source` in its place) as the rewriting loader turns it out with these options. */
export function rewriteWith(options: unknown, file: string, source = readFileSync(file, 'utf8')): string {
  return loader.call({getOptions: () => options, resourcePath: file}, source);
}

/** An ES module's source compiled to CommonJS and run, its imports answered from `imports`. */
export function runModule<T>(source: string, imports: Record<string, unknown>): T {
  const {code} = transformSync(source, {jsc: {parser: {syntax: 'ecmascript', jsx: true}, target: 'es2022'}, module: {type: 'commonjs'}});
  const module = {exports: {} as T};
  new Function('require', 'module', 'exports', code)((name: string) => imports[name], module, module.exports);
  return module.exports;
}
