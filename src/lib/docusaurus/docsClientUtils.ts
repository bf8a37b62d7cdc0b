import {matchPath} from '@docusaurus/router';
import type {GlobalPluginData} from '@docusaurus/plugin-content-docs/client';

// Docusaurus' module, with getActivePlugin sorting without a collator (see plugins/docusaurus-client).
export * from '@portal/original/docsClientUtils';

export interface ActivePlugin {
  pluginId: string;
  pluginData: GlobalPluginData;
}

/**
 * The docs plugin instance whose path the pathname is under. Paths are tried
 * longest-first in the sense that matters: a path is tried before every path
 * that is a prefix of it (/rest before /), as Docusaurus does, but ordered by
 * code units instead of String#localeCompare.
 */
export function getActivePlugin(
  allPluginData: Record<string, GlobalPluginData>,
  pathname: string,
  options: {failfast?: boolean} = {},
): ActivePlugin | undefined {
  const entries = Object.entries(allPluginData).sort(([, a], [, b]) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0));
  const found = entries.find(([, data]) => matchPath(pathname, {path: data.path, exact: false, strict: false}) !== null);
  if (found === undefined) {
    if (options.failfast === true) {
      const paths = Object.values(allPluginData)
        .map((data) => data.path)
        .join(', ');
      throw new Error(`No docs plugin instance serves "${pathname}"; the docs paths are: ${paths}`);
    }
    return undefined;
  }
  return {pluginId: found[0], pluginData: found[1]};
}
