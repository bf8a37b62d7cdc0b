/**
 * No ICU collator while a docs page starts: the docs plugin's
 * `getActivePlugin` (behind `useActivePlugin`, which the doc sidebar calls as
 * the page hydrates) and theme-common's `useShallowMemoObject` sort with
 * `localeCompare`, and a page's first call builds a collator (7 to 9 ms in one
 * slice React cannot cut: patches/README.md). Neither needs a language's
 * order, so both compare UTF-16 code units (through ../rewrite.js).
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

const codeUnitOrder = (a: string, b: string): string => `(${a} < ${b} ? -1 : ${a} > ${b} ? 1 : 0)`;
/** Each upstream file (as the bundler resolves it): [call as written, its replacement, how often]. */
export const LOCALE_COMPARE: Readonly<Record<string, [string, string, number][]>> = {
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js')]: [['b[1].path.localeCompare(a[1].path)', codeUnitOrder('b[1].path', 'a[1].path'), 1]],
  // theme-common exports no subpaths but its index (lib/index.js).
  [join(dirname(require.resolve('@docusaurus/theme-common')), 'utils/reactUtils.js')]: [['a[0].localeCompare(b[0])', codeUnitOrder('a[0]', 'b[0]'), 1]],
};
export const REWRITE_LOADER = join(__dirname, '../rewrite.js');

export default function localeCompareFree(): Plugin {
  const rules = Object.entries(LOCALE_COMPARE).map(([file, rewrites]) => ({test: file, use: [{loader: REWRITE_LOADER, options: {patch: 'locale-compare', rewrites}}]}));
  return {name: 'portal-locale-compare', configureWebpack: () => ({module: {rules}})};
}
