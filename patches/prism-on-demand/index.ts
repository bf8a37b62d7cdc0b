/**
 * Prism only where code is highlighted.
 *
 * theme-classic's client module `prism-include-languages` imports Prism and
 * registers the site's additional languages as every page starts. Prism then
 * sits in the main bundle, and building its grammars was about two thirds of
 * that bundle's start-up work on a throttled phone, on guide pages with no
 * code block at all. Here that client module is an empty one (alias false); the
 * code block's highlighter (src/theme/CodeBlock/Content) and the API reference
 * register the languages themselves (src/lib/prism.ts) when they load.
 * The built HTML is unchanged: the server renders each block highlighted.
 */
import type {Plugin} from '@docusaurus/types';

/** The client module theme-classic lists, resolved as Docusaurus resolves it. */
export const PRISM_CLIENT_MODULE = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');

export default function prismOnDemand(): Plugin {
  return {
    name: 'portal-prism-on-demand',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {alias: {[`${PRISM_CLIENT_MODULE}$`]: false}},
        // The code block imports its highlighter eagerly in the server bundle
        // and lazily in the browser's (src/theme/CodeBlock/Content/String.tsx):
        // a lazy import on the server would make React stream each block as
        // a fallback plus hidden markup swapped in by an inline script.
        plugins: [new currentBundler.instance.DefinePlugin({'process.env.PORTAL_SERVER_BUNDLE': JSON.stringify(String(isServer))})],
      };
    },
  };
}
