/**
 * No ICU collator while a docs page starts.
 *
 * The docs plugin's `getActivePlugin` (behind `useActivePlugin`, which the
 * doc sidebar and navbar call as every docs page hydrates) sorts the docs
 * instances' paths with `String#localeCompare`, and theme-common's
 * `useShallowMemoObject` sorts an object's keys the same way. The first
 * `localeCompare` of a page makes the browser build an ICU collator: 6 to 9 ms
 * on this host's unthrottled CPU, in the middle of a hydration slice React
 * cannot cut (patches/README.md). Neither sort needs a language's order: the
 * first puts a path before its prefixes, the second needs any fixed order.
 * Here both compare UTF-16 code units instead, through ./loader.js.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Each upstream file the loader rewrites (as the bundler resolves it), and how many `localeCompare` calls it holds. */
export const LOCALE_COMPARE_CALLS: Readonly<Record<string, number>> = {
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js')]: 1,
  // theme-common exports no subpath but its index (lib/index.js).
  [join(dirname(require.resolve('@docusaurus/theme-common')), 'utils/reactUtils.js')]: 1,
};

export const LOADER = join(__dirname, 'loader.js');

const exactly = (file: string): RegExp => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export default function localeCompareFree(): Plugin {
  return {
    name: 'portal-locale-compare',
    configureWebpack: () => ({
      module: {
        rules: Object.entries(LOCALE_COMPARE_CALLS).map(([file, calls]) => ({test: exactly(file), use: [{loader: LOADER, options: {calls}}]})),
      },
    }),
  };
}
