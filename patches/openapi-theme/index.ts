/**
 * docusaurus-theme-openapi-docs as the portal uses it: without its global
 * stylesheet, its BrowserOnly parts drawn on the server or in a transition,
 * one copy of postman-collection and lodash, SHA1 only of crypto-js, no chalk
 * or iconv-lite tables in the browser. Each change, its reason and figure:
 * patches/README.md, rows "openapi-theme".
 */
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import openapiTheme from 'docusaurus-theme-openapi-docs';
import {replaceImport} from './replaceImport';

const DRAWN_EVERYWHERE = join(__dirname, '../../src/components/DrawnEverywhere/index.tsx');
const BROWSER_ONLY_IN_TRANSITION = join(__dirname, '../../src/components/BrowserOnlyInTransition/index.tsx');
const CRYPTO_SHA1 = join(__dirname, '../../src/lib/openapi/cryptoSha1.ts');
const CHALKLESS = join(__dirname, '../../src/lib/openapi/chalkless.ts');
const API_THEME_MODULE = /[\\/]docusaurus-theme-openapi-docs[\\/]/;
/** The theme's components that draw the operation's parameters, request body and responses. */
const OPERATION_PARTS = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)$/;
const OPENAPI_PLUGIN_MODULE = /[\\/]docusaurus-plugin-openapi-docs[\\/]lib[\\/]/;
const ICONVLESS = join(__dirname, 'iconvless.ts');
const POSTMAN_COLLECTION_MODULE = /[\\/]postman-collection[\\/]lib$/;

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;

const require = createRequire(__filename);
/** pako's CommonJS build, as the theme requires it: one copy, not a second (ES) one for src/lib/openapi. */
const PAKO = require.resolve('pako');
/** The one postman-collection and lodash every code generator gets in the browser (patches/README.md). */
const POSTMAN_COLLECTION = dirname(require.resolve('postman-collection/package.json'));
const LODASH = dirname(require.resolve('lodash/package.json'));

export default function openapiThemeWithoutGlobalStyles(context: LoadContext, options: unknown): Plugin {
  const theme = (openapiTheme as unknown as (c: LoadContext, o: unknown) => Plugin)(context, options);
  const {getClientModules: _globalStylesheet, configureWebpack: themeWebpack, ...rest} = theme;
  const configureWebpack: ConfigureWebpack = function (this: Plugin, config, isServer, utils, content) {
    const base = themeWebpack?.call(this, config, isServer, utils, content) ?? {};
    // The first replacement that matches a request wins, so the three operation parts come first.
    const drawOperationEverywhere = replaceImport(utils, {request: /^@docusaurus\/BrowserOnly$/, importer: OPERATION_PARTS, target: DRAWN_EVERYWHERE});
    const replaceBrowserOnly = replaceImport(utils, {request: /^@docusaurus\/BrowserOnly$/, importer: API_THEME_MODULE, target: BROWSER_ONLY_IN_TRANSITION});
    const replaceCryptoJs = replaceImport(utils, {request: /^crypto-js$/, importer: API_THEME_MODULE, target: CRYPTO_SHA1});
    // Only the browser bundle: the build's own use of the plugin (gen:api) is not bundled, and the
    // server bundle may keep its colours.
    const replaceChalk = isServer ? [] : [replaceImport(utils, {request: /^chalk$/, importer: OPENAPI_PLUGIN_MODULE, target: CHALKLESS})];
    const replaceIconv = isServer ? [] : [replaceImport(utils, {request: /^iconv-lite$/, importer: POSTMAN_COLLECTION_MODULE, target: ICONVLESS})];
    return {...base, resolve: {...base.resolve, alias: {...base.resolve?.alias, pako$: PAKO, ...(isServer ? {} : {'postman-collection': POSTMAN_COLLECTION, lodash: LODASH})}}, plugins: [...(base.plugins ?? []), drawOperationEverywhere, replaceBrowserOnly, replaceCryptoJs, ...replaceChalk, ...replaceIconv]};
  };
  return {...rest, configureWebpack};
}
