/**
 * No ICU collator while a page starts.
 *
 * Two Docusaurus helpers that run as every docs page hydrates sort a few keys
 * with String#localeCompare: getActivePlugin (docs plugin instances by path,
 * asked by the breadcrumbs) and useShallowMemoObject (the mobile docs
 * sidebar). The first localeCompare of a page builds the browser's ICU
 * collator: 70 ms of the hydration task on a phone (4x CPU slowdown), for an
 * order that only has to be stable. Here the modules that the two helpers'
 * callers import are the portal's (src/lib/docusaurus), which re-export the
 * originals and sort by plain string comparison.
 */
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const require = createRequire(__filename);
const SHIMS = join(__dirname, '../../src/lib/docusaurus');

interface ReplacedRequest {
  request: string;
  context?: string;
}

/** Each replaced module: the requests and importers it is asked from, its replacement, and the original's alias. */
const REPLACED = [
  {
    request: /^\.\/docsClientUtils(\.js)?$/,
    importer: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client$/,
    shim: join(SHIMS, 'docsClientUtils.ts'),
    alias: '@portal/original/docsClientUtils',
    original: '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
  },
  {
    request: /^(\.{1,2}\/)+(utils\/)?reactUtils(\.js)?$/,
    importer: /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]|$)/,
    shim: join(SHIMS, 'reactUtils.ts'),
    alias: '@portal/original/reactUtils',
    original: join(require.resolve('@docusaurus/theme-common'), '..', 'utils', 'reactUtils.js'),
  },
] as const;

export default function noCollator(_context: LoadContext): Plugin {
  return {
    name: 'portal-no-collator',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        resolve: {
          alias: Object.fromEntries(REPLACED.map(({alias, original}) => [`${alias}$`, require.resolve(original)])),
        },
        plugins: REPLACED.map(
          ({request, importer, shim}) =>
            new NormalModuleReplacementPlugin(request, (resource: ReplacedRequest) => {
              if (importer.test(resource.context ?? '')) resource.request = shim;
            }),
        ),
      };
    },
  };
}
