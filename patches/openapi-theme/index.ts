/**
 * docusaurus-theme-openapi-docs, less its global stylesheet.
 *
 * The theme registers its styles.scss (about 29 KB gzipped: the request
 * panel, schema viewer, code tabs) as a client module, which puts it in the
 * one render-blocking CSS file of every page, guides included. Here the theme
 * is the same (components, webpack set-up, Sass rule) but for that module:
 * the reference's page component (src/theme/ApiItem) imports the stylesheet,
 * and plugins/split-chunks gives it a CSS file of its own, loaded by the
 * reference pages only.
 *
 * Its parameters, request body and responses, which it wraps in <BrowserOnly>,
 * are drawn on the server too (src/components/DrawnEverywhere): they are in the
 * built HTML and hydrated, not added after hydration. Its other <BrowserOnly>
 * parts (the request panel, the endpoint's server address) are rendered in a
 * transition (src/components/BrowserOnlyInTransition), so that drawing them
 * does not block the page in one long task.
 *
 * The theme's `crypto-js` (the whole library, for one SHA1) is its SHA1
 * module only (src/lib/openapi/cryptoSha1.ts), and the OpenAPI plugin's
 * `chalk` (terminal colours, for one console warning) is a plain-text
 * stand-in (src/lib/openapi/chalkless.ts).
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
/**
 * pako as the theme requires it (its CommonJS build). The portal's own import
 * (src/lib/openapi/stableContent.ts) would otherwise resolve to the ES build
 * and bundle a second copy (9 KB gzipped) on every reference page.
 */
const PAKO = require.resolve('pako');
/**
 * postman-code-generators ships three of its code generators (http,
 * nodejs-native, python-http.client) with a postman-collection of their own,
 * each with faker, iconv-lite's tables, mime-db and lodash, and four more with
 * a lodash of their own: the request panel carried four copies of each
 * (1.65 MB gzipped in all). In the browser bundle every import of them is the
 * one copy the theme itself uses.
 */
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
