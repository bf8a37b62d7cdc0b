/**
 * Bundler rules for the patches that rewrite upstream files (locale-compare,
 * after-hydration): each listed file goes through ./loader.js, which replaces
 * code as upstream writes it and fails the build, naming the patch, when the
 * code is not found as often as expected.
 */
import {dirname, join} from 'node:path';

export const REWRITE_LOADER = join(__dirname, 'loader.js');

/** Upstream file (as the bundler resolves it) -> [code as written, its replacement, how often]. */
export type Rewrites = Readonly<Record<string, [string, string, number][]>>;

/** A file of @docusaurus/theme-common, which exports no subpaths but its index (lib/index.js). */
export const themeCommonFile = (file: string): string => join(dirname(require.resolve('@docusaurus/theme-common')), file);

export function rewriteRules(patch: string, files: Rewrites, prepend?: string): object[] {
  return Object.entries(files).map(([file, rewrites]) => ({test: file, use: [{loader: REWRITE_LOADER, options: {patch, rewrites, ...(prepend === undefined ? {} : {prepend})}}]}));
}
