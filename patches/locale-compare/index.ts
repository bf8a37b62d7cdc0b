/**
 * No ICU collator while a docs page starts: the docs plugin's
 * `getActivePlugin` (behind `useActivePlugin`, which the doc sidebar calls as
 * the page hydrates) and theme-common's `useShallowMemoObject` sort with
 * `localeCompare`, and a page's first call builds a collator, in a slice React
 * cannot cut (patches/README.md has the figure that keeps this). Neither needs a language's
 * order, so both compare UTF-16 code units (through ../rewrite).
 */
import type {Plugin} from '@docusaurus/types';
import {rewriteRules, themeCommonFile, type Rewrites} from '../rewrite';

const codeUnitOrder = (a: string, b: string): string => `(${a} < ${b} ? -1 : ${a} > ${b} ? 1 : 0)`;
export const LOCALE_COMPARE: Rewrites = {
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js')]: [['b[1].path.localeCompare(a[1].path)', codeUnitOrder('b[1].path', 'a[1].path'), 1]],
  [themeCommonFile('utils/reactUtils.js')]: [['a[0].localeCompare(b[0])', codeUnitOrder('a[0]', 'b[0]'), 1]],
};

export default function localeCompareFree(): Plugin {
  return {name: 'portal-locale-compare', configureWebpack: () => ({module: {rules: rewriteRules('locale-compare', LOCALE_COMPARE)}})};
}
