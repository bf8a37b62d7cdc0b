/**
 * No ICU collator while a docs page starts: the docs plugin's
 * `getActivePlugin` (behind `useActivePlugin`, which the doc sidebar calls as
 * the page hydrates) and theme-common's `useShallowMemoObject` sort with
 * `localeCompare`, and a page's first call builds a collator (7 to 9 ms in one
 * slice React cannot cut: patches/README.md). Neither needs a language's
 * order, so ./loader.js makes both compare UTF-16 code units.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Each upstream file to rewrite (as the bundler resolves it) and its number of `localeCompare` calls. */
export const LOCALE_COMPARE_CALLS: Readonly<Record<string, number>> = {
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js')]: 1,
  [join(dirname(require.resolve('@docusaurus/theme-common')), 'utils/reactUtils.js')]: 1, // exports no subpaths
};
export const LOADER = join(__dirname, 'loader.js');

export default function localeCompareFree(): Plugin {
  const rules = Object.entries(LOCALE_COMPARE_CALLS).map(([file, calls]) => ({test: file, use: [{loader: LOADER, options: {calls}}]}));
  return {name: 'portal-locale-compare', configureWebpack: () => ({module: {rules}})};
}
