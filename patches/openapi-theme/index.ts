/**
 * docusaurus-theme-openapi-docs as the portal uses it: without its global stylesheet, its
 * BrowserOnly parts drawn on the server or in a transition, its tab groups kept at hydration,
 * one copy of postman-collection and lodash, SHA1 only of crypto-js, pako as an empty module,
 * no chalk or iconv-lite tables in the browser. Each change, its reason and figure:
 * patches/README.md, rows "openapi-theme".
 */
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import openapiTheme from 'docusaurus-theme-openapi-docs';

const API_THEME_MODULE = /[\\/]docusaurus-theme-openapi-docs[\\/]/;
/** The theme's components that draw the operation's parameters, request body and responses. */
const OPERATION_PARTS = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)$/;

const require = createRequire(__filename);
/** The one postman-collection and lodash every code generator gets in the browser (patches/README.md). */
const POSTMAN_COLLECTION = dirname(require.resolve('postman-collection/package.json'));
const LODASH = dirname(require.resolve('lodash/package.json'));

/**
 * Imports swapped for the portal's modules, for some importers only: [request as the importer writes
 * it, the importer's folder, the module put in its place, browser bundle only]. The first that matches
 * a request wins, so the three operation parts come first. chalk and iconv-lite: only the browser
 * bundle (the build's own use of the plugin, gen:api, is not bundled; the server may keep its colours).
 */
const REPLACED_IMPORTS: readonly [RegExp, RegExp, string, boolean][] = [
  [/^@docusaurus\/BrowserOnly$/, OPERATION_PARTS, join(__dirname, '../../src/components/DrawnEverywhere/index.tsx'), false],
  [/^@docusaurus\/BrowserOnly$/, API_THEME_MODULE, join(__dirname, '../../src/components/BrowserOnlyInTransition/index.tsx'), false],
  [
    /^@docusaurus\/useIsBrowser$/,
    /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](Api|Discriminator|Mime|Operation|Schema)?Tabs$/,
    join(__dirname, 'tabGroupKey.ts'),
    false,
  ],
  [/^crypto-js$/, API_THEME_MODULE, join(__dirname, 'cryptoSha1.ts'), false],
  [/^chalk$/, /[\\/]docusaurus-plugin-openapi-docs[\\/]lib[\\/]/, join(__dirname, 'chalkless.ts'), true],
  [/^iconv-lite$/, /[\\/]postman-collection[\\/]lib$/, join(__dirname, 'iconvless.ts'), true],
];

export default function openapiThemeWithoutGlobalStyles(context: LoadContext, options: unknown): Plugin {
  const theme = (openapiTheme as unknown as (c: LoadContext, o: unknown) => Plugin)(context, options);
  const {getClientModules: _globalStylesheet, configureWebpack: themeWebpack, ...rest} = theme;
  const configureWebpack: Plugin['configureWebpack'] = function (this: Plugin, config, isServer, utils, content) {
    const base = themeWebpack?.call(this, config, isServer, utils, content) ?? {};
    const replacements = REPLACED_IMPORTS.filter(([, , , browserOnly]) => !(isServer && browserOnly)).map(
      ([request, importer, target]) =>
        new utils.currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: {request: string; context?: string}) => {
          if (importer.test(resource.context ?? '')) resource.request = target;
        }),
    );
    return {
      ...base,
      resolve: {...base.resolve, alias: {...base.resolve?.alias, pako: false, ...(isServer ? {} : {'postman-collection': POSTMAN_COLLECTION, lodash: LODASH})}},
      plugins: [...(base.plugins ?? []), ...replacements],
    };
  };
  return {...rest, configureWebpack};
}
