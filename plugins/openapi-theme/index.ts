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
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import openapiTheme from 'docusaurus-theme-openapi-docs';

export default function openapiThemeWithoutGlobalStyles(context: LoadContext, options: unknown): Plugin {
  const theme = (openapiTheme as unknown as (c: LoadContext, o: unknown) => Plugin)(context, options);
  const {getClientModules: _globalStylesheet, ...rest} = theme;
  return rest;
}
