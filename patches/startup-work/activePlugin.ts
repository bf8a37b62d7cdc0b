// Stands in for @docusaurus/plugin-content-docs/lib/client/docsClientUtils
// (see ./index.ts): the same functions, and getActivePlugin without the ICU
// collator. A docs instance's path sorts after every path it is a prefix of
// in code-unit order as in locale order, so the most specific instance whose
// path matches is still found first.
import {matchPath} from '@docusaurus/router';
import type {GlobalPluginData} from '@docusaurus/plugin-content-docs/client';

export * from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';

export function getActivePlugin(
  allPluginData: Record<string, GlobalPluginData>,
  pathname: string,
  options: {failfast?: boolean} = {},
): {pluginId: string; pluginData: GlobalPluginData} | undefined {
  const byPath = Object.entries(allPluginData).sort(([, a], [, b]) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0));
  const found = byPath.find(([, data]) => matchPath(pathname, {path: data.path, exact: false, strict: false}) !== null);
  if (found === undefined && options.failfast === true) {
    const paths = Object.values(allPluginData).map((data) => data.path).join(', ');
    throw new Error(`Can't find active docs plugin for "${pathname}" pathname, while it was expected to be found. Existing docs plugin paths are: ${paths}`);
  }
  return found === undefined ? undefined : {pluginId: found[0], pluginData: found[1]};
}
