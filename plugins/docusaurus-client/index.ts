/**
 * The portal's versions of three Docusaurus client modules, each swapped in
 * for the importers that need it only; each re-exports the original (under an
 * alias, '@portal/original/<name>') and changes one function.
 *
 * No ICU collator while a page starts. Two Docusaurus helpers that run as
 * every docs page hydrates sort a few keys with String#localeCompare: getActivePlugin (docs plugin instances by path,
 * asked by the breadcrumbs) and useShallowMemoObject (the mobile docs
 * sidebar). The first localeCompare of a page builds the browser's ICU
 * collator: 70 ms of the hydration task on a phone (4x CPU slowdown), for an
 * order that only has to be stable. Here the modules that the two helpers'
 * callers import are the portal's (src/lib/docusaurus), which re-export the
 * originals and sort by plain string comparison.
 *
 * The page's route chunks requested in a task of their own. Docusaurus'
 * client entry inserts the script tags of the route's chunks (eleven on a
 * reference page) in the same task that runs the whole main bundle, the
 * longest task of a page's start. The entry's preload (src/lib/docusaurus/
 * preload.ts) starts them in the next task; the chunks, the hydration and
 * everything after are as before. Navigations within the site keep
 * Docusaurus' own preload.
 */
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {replaceImport} from '../replace-import';

const require = createRequire(__filename);
const SHIMS = join(__dirname, '../../src/lib/docusaurus');

/** Each replaced module: the requests and importers (folder, and file when needed) it is asked from, its replacement, and the original's alias. */
const REPLACED = [
  {
    request: /^\.\/docsClientUtils(\.js)?$/,
    importer: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client$/,
    target: join(SHIMS, 'docsClientUtils.ts'),
    alias: '@portal/original/docsClientUtils',
    original: '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
  },
  {
    request: /^(\.{1,2}\/)+(utils\/)?reactUtils(\.js)?$/,
    importer: /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]|$)/,
    target: join(SHIMS, 'reactUtils.ts'),
    alias: '@portal/original/reactUtils',
    original: join(require.resolve('@docusaurus/theme-common'), '..', 'utils', 'reactUtils.js'),
  },
  {
    request: /^\.\/preload(\.js)?$/,
    importer: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/,
    issuer: /[\\/]clientEntry\.js$/,
    target: join(SHIMS, 'preload.ts'),
    alias: '@portal/original/preload',
    original: '@docusaurus/core/lib/client/preload.js',
  },
] as const;

export default function docusaurusClient(_context: LoadContext): Plugin {
  return {
    name: 'portal-docusaurus-client',
    configureWebpack(_config, _isServer, utils) {
      return {
        resolve: {
          alias: Object.fromEntries(REPLACED.map(({alias, original}) => [`${alias}$`, require.resolve(original)])),
        },
        plugins: REPLACED.map((replacement) => replaceImport(utils, replacement)),
      };
    },
  };
}
