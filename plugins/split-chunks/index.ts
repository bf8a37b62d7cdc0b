/**
 * How the site's JavaScript and CSS are split, so that each page downloads
 * only what it uses.
 *
 * Docusaurus puts in one `common` chunk, loaded by every page, each module that
 * at least half of the chunks use. The API reference's modules qualified,
 * though no guide page needs them: the reference routes (one page per
 * operation) are more than half of the site, so the API
 * theme's modules (request panel, schema viewer, Redux store, ...) landed in
 * `common`. Here they share a `reference` chunk of their own instead, and the
 * API theme's stylesheet a CSS file of its own. The reference is what the
 * config declares: every docs-plugin instance whose pages the API theme draws
 * (docItemComponent '@theme/ApiItem'), all its versions, in every locale.
 */
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

/** The API theme's page component, which every reference page uses. */
const API_ITEM = String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem[\\/]`;
/** How the config names the reference's docs-plugin instances: their pages are drawn by the API theme. */
const REFERENCE_DOC_ITEM = '@theme/ApiItem';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The ids of the docs-plugin instances that draw their pages with the API
 * theme (docItemComponent '@theme/ApiItem'), as the config declares them.
 */
export function referenceInstanceIds(siteConfig: LoadContext['siteConfig']): string[] {
  const ids: string[] = [];
  for (const entry of siteConfig.plugins) {
    if (!Array.isArray(entry)) continue;
    const [name, options] = entry as [unknown, {id?: string; docItemComponent?: string} | undefined];
    const isDocs = typeof name === 'string' && /(^|[\\/])@docusaurus[\\/]plugin-content-docs([\\/]|$)/.test(name);
    if (isDocs && options?.docItemComponent === REFERENCE_DOC_ITEM) ids.push(options.id ?? 'default');
  }
  return ids;
}

/** What the reference instances hold, once their content is loaded: folders (every version, both locales) and route paths. */
interface ReferenceContent {
  readonly modules: RegExp;
  readonly routes: readonly string[];
}

/**
 * A module of the reference is under a folder of one of its versions (the
 * docs and their translations), under the instance's generated data, or is
 * the API theme's page component.
 */
export function referenceContent(generatedFilesDir: string, ids: readonly string[], docs: Record<string, unknown> | undefined): ReferenceContent {
  const folders: string[] = [];
  const routes: string[] = [];
  for (const id of ids) {
    const content = docs?.[id] as {loadedVersions?: {contentPath: string; contentPathLocalized: string; path: string}[]} | undefined;
    if (content?.loadedVersions === undefined || content.loadedVersions.length === 0) {
      throw new Error(`split-chunks: the docs-plugin instance "${id}" (docItemComponent ${REFERENCE_DOC_ITEM}) loaded no version.`);
    }
    for (const version of content.loadedVersions) {
      folders.push(version.contentPath, version.contentPathLocalized);
      routes.push(version.path);
    }
    folders.push(join(generatedFilesDir, 'docusaurus-plugin-content-docs', id));
  }
  const patterns = folders.map((folder) => `${escape(folder).replace(/\\\\|\//g, String.raw`[\\/]`)}[\\/]`);
  return {modules: new RegExp([...patterns, API_ITEM].join('|')), routes};
}

/** The API theme's stylesheets (Sass), imported by the reference's page component only. */
const REFERENCE_STYLES = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]/;
const NOT_REFERENCE_STYLES = /^(?![\s\S]*[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/])/;

/** The parts of the bundler's split-chunks API this plugin uses. */
interface BundlerModule {
  nameForCondition(): string | undefined;
}
interface BundlerChunk {
  readonly name?: string | null;
}
interface SplitContext {
  readonly chunkGraph: {
    getModuleChunks(module: BundlerModule): BundlerChunk[];
    getChunkModules(chunk: BundlerChunk): BundlerModule[];
  };
}

/** The first stylesheet link of a built page (the minifier drops the quotes). */
const FIRST_STYLESHEET = /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/;

/** The built page of a route: /en/rest/pse -> <outDir>/rest/pse.html (trailingSlash false), or .../index.html. */
function builtPage(outDir: string, baseUrl: string, route: string): string[] {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '');
  return [join(outDir, `${relative.replace(/\/$/, '')}.html`), join(outDir, relative, 'index.html')];
}

/**
 * Docusaurus' pages link the one CSS file only: a route's own CSS arrives with
 * its JavaScript. The reference pages would then be drawn unstyled until their
 * scripts ran, so their HTML links the reference stylesheet right after the
 * common one (the bundler's loader finds the link and does not add another).
 * Each page is replaced in one step (write beside it, rename): the search
 * index and the PDF manuals read the pages in the same postBuild phase.
 */
export async function linkReferenceStyles(outDir: string, baseUrl: string, routes: readonly string[]): Promise<number> {
  const cssDir = join(outDir, 'assets', 'css');
  const css = (await readdir(cssDir)).find((file) => /^reference-styles\.[0-9a-f]+\.css$/.test(file));
  if (css === undefined) {
    throw new Error(`split-chunks: no reference-styles CSS file in ${cssDir}; the API theme's stylesheet was not split off.`);
  }
  let linked = 0;
  for (const route of routes) {
    for (const page of builtPage(outDir, baseUrl, route)) {
      const html = await readFile(page, 'utf8').catch(() => undefined);
      if (html === undefined || html.includes(css)) continue;
      const first = FIRST_STYLESHEET.exec(html);
      // Same folder as the common stylesheet, whatever the locale's base URL.
      const href = first === null ? undefined : /\bhref=["']?([^"'\s>]+)/.exec(first[0])?.[1];
      if (first === null || href === undefined || !href.includes('/assets/css/')) {
        throw new Error(`split-chunks: ${page} has no stylesheet link to put the reference stylesheet after.`);
      }
      const at = first.index + first[0].length;
      const temporary = `${page}.${process.pid}.tmp`;
      await writeFile(temporary, `${html.slice(0, at)}<link rel=stylesheet href=${href.replace(/[^/]+$/, css)}>${html.slice(at)}`);
      await rename(temporary, page);
      linked += 1;
    }
  }
  if (linked === 0) throw new Error(`split-chunks: no reference page found under ${outDir} to link ${css} from.`);
  return linked;
}

export default function splitChunks(context: LoadContext): Plugin {
  const ids = referenceInstanceIds(context.siteConfig);
  if (ids.length === 0) throw new Error(`split-chunks: no docs-plugin instance in the config has docItemComponent ${REFERENCE_DOC_ITEM}.`);
  let reference: ReferenceContent | undefined;
  return {
    name: 'portal-split-chunks',
    allContentLoaded({allContent}) {
      reference = referenceContent(context.generatedFilesDir, ids, allContent['docusaurus-plugin-content-docs']);
    },
    async postBuild({outDir, baseUrl, routesPaths}) {
      const routes = routesPaths.filter((route) => reference!.routes.some((base) => route === base || route.startsWith(`${base.replace(/\/$/, '')}/`)));
      await linkReferenceStyles(outDir, baseUrl, routes);
    },
    configureWebpack(config, isServer) {
      const REFERENCE_MODULE = reference!.modules;
      const splitChunks = config.optimization?.splitChunks;
      if (isServer || splitChunks === false || splitChunks === undefined || !splitChunks.cacheGroups || !('common' in splitChunks.cacheGroups)) {
        return {};
      }
      // Whether a chunk belongs to the reference is asked for every module of
      // every chunk, and each answer lists the chunk's modules across the
      // Rust/JavaScript boundary: remember it per chunk (Rspack hands out one
      // object per chunk: 83 look-ups in a Spanish build). Uncached, this took
      // about 13 s of a 30 s locale build.
      const known = new WeakMap<BundlerChunk, boolean>();
      const isReferenceChunk = (chunk: BundlerChunk, {chunkGraph}: SplitContext): boolean => {
        const cached = known.get(chunk);
        if (cached !== undefined) return cached;
        const result = chunkGraph.getChunkModules(chunk).some((m) => REFERENCE_MODULE.test(m.nameForCondition() ?? ''));
        known.set(chunk, result);
        return result;
      };
      const chunksOf = (module: BundlerModule, context: SplitContext) => context.chunkGraph.getModuleChunks(module);
      const result = {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // Docusaurus makes one CSS file for every page; the API theme's
              // stylesheet (about 29 KB gzipped) gets a file of its own,
              // linked by the reference pages, and the guides' CSS shrinks by it.
              styles: {test: NOT_REFERENCE_STYLES},
              referenceStyles: {
                name: 'reference-styles',
                type: 'css/mini-extract',
                test: REFERENCE_STYLES,
                chunks: 'all',
                enforce: true,
                priority: 50,
              },
              common: {
                test: (module: BundlerModule, context: SplitContext) => chunksOf(module, context).some((chunk) => !isReferenceChunk(chunk, context)),
              },
              reference: {
                name: 'reference',
                // Above `common` (40), below the single CSS file (50).
                priority: 45,
                minChunks: 2,
                reuseExistingChunk: true,
                test: (module: BundlerModule, context: SplitContext) => {
                  const chunks = chunksOf(module, context);
                  return chunks.length > 0 && chunks.every((chunk) => isReferenceChunk(chunk, context));
                },
              },
            },
          },
        },
      };
      // The test functions receive Rspack's module and chunk graph (typed above), not webpack's.
      return result as unknown as ConfigureWebpackResult;
    },
  };
}
