/**
 * How the site's JavaScript and CSS are split, so that each page downloads
 * only what it uses.
 *
 * Docusaurus's `common` chunk, loaded by every page, takes each module that at
 * least half of the chunks use; the reference routes (one page per operation)
 * are more than half of the site, so the API theme's modules (request panel,
 * schema viewer, Redux store, ...) landed there, on guide pages too. Here
 * they share a `reference` chunk instead, and the API theme's stylesheet a CSS
 * file of its own, which the reference pages link. The reference is what the
 * config declares: every docs-plugin instance drawn by '@theme/ApiItem', all
 * its versions, in every locale.
 */
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const REFERENCE_DOC_ITEM = '@theme/ApiItem';
/** The API theme's page component, which every reference page uses. */
const API_ITEM = String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem[\\/]`;
/** The API theme's stylesheets (Sass), imported by the reference's page component only. */
const REFERENCE_STYLES = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]/;
const NOT_REFERENCE_STYLES = /^(?![\s\S]*[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/])/;
/** The first stylesheet link of a built page (the minifier drops the quotes). */
const FIRST_STYLESHEET = /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ids of the docs-plugin instances whose pages the API theme draws (docItemComponent '@theme/ApiItem'). */
export function referenceInstanceIds(siteConfig: LoadContext['siteConfig']): string[] {
  return siteConfig.plugins.flatMap((entry) => {
    const [name, options] = (Array.isArray(entry) ? entry : []) as [unknown, {id?: string; docItemComponent?: string} | undefined];
    const isDocs = typeof name === 'string' && /(^|[\\/])@docusaurus[\\/]plugin-content-docs([\\/]|$)/.test(name);
    return isDocs && options?.docItemComponent === REFERENCE_DOC_ITEM ? [options.id ?? 'default'] : [];
  });
}

interface ReferenceContent {
  /** A module under a version's folder (docs and translations), the instance's generated data, or the API page component. */
  readonly modules: RegExp;
  readonly routes: readonly string[];
}

export function referenceContent(generatedFilesDir: string, ids: readonly string[], docs: Record<string, unknown> | undefined): ReferenceContent {
  const folders: string[] = [];
  const routes: string[] = [];
  for (const id of ids) {
    const versions = (docs?.[id] as {loadedVersions?: {contentPath: string; contentPathLocalized: string; path: string}[]} | undefined)?.loadedVersions ?? [];
    if (versions.length === 0) throw new Error(`split-chunks: the docs-plugin instance "${id}" (docItemComponent ${REFERENCE_DOC_ITEM}) loaded no version.`);
    for (const version of versions) {
      folders.push(version.contentPath, version.contentPathLocalized);
      routes.push(version.path);
    }
    folders.push(join(generatedFilesDir, 'docusaurus-plugin-content-docs', id));
  }
  const patterns = folders.map((folder) => `${escape(folder).replace(/\\\\|\//g, String.raw`[\\/]`)}[\\/]`);
  return {modules: new RegExp([...patterns, API_ITEM].join('|')), routes};
}

/**
 * A route's own CSS arrives with its JavaScript, so the reference pages would
 * be drawn unstyled until their scripts ran: their HTML links the reference
 * stylesheet right after the common one (the bundler's loader then adds no
 * other). Each page is replaced in one step, as the search index and the PDF
 * manuals read the pages in the same postBuild phase.
 */
export async function linkReferenceStyles(outDir: string, baseUrl: string, routes: readonly string[]): Promise<number> {
  const cssDir = join(outDir, 'assets', 'css');
  const css = (await readdir(cssDir)).find((file) => /^reference-styles\.[0-9a-f]+\.css$/.test(file));
  if (css === undefined) throw new Error(`split-chunks: no reference-styles CSS file in ${cssDir}; the API theme's stylesheet was not split off.`);
  let linked = 0;
  for (const route of routes) {
    // /en/rest/pse -> <outDir>/rest/pse.html (trailingSlash false) or .../index.html.
    const relative = (route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '')).replace(/\/$/, '');
    for (const page of [join(outDir, `${relative}.html`), join(outDir, relative, 'index.html')]) {
      const html = await readFile(page, 'utf8').catch(() => undefined);
      if (html === undefined || html.includes(css)) continue;
      const first = FIRST_STYLESHEET.exec(html);
      const href = first === null ? undefined : /\bhref=["']?([^"'\s>]+)/.exec(first[0])?.[1];
      if (first === null || href === undefined || !href.includes('/assets/css/')) throw new Error(`split-chunks: ${page} has no stylesheet link to put the reference stylesheet after.`);
      const at = first.index + first[0].length;
      await writeFile(`${page}.${process.pid}.tmp`, `${html.slice(0, at)}<link rel=stylesheet href=${href.replace(/[^/]+$/, css)}>${html.slice(at)}`);
      await rename(`${page}.${process.pid}.tmp`, page);
      linked += 1;
    }
  }
  if (linked === 0) throw new Error(`split-chunks: no reference page found under ${outDir} to link ${css} from.`);
  return linked;
}

/** The parts of Rspack's split-chunks API used here. */
type Module = {nameForCondition(): string | undefined};
type Chunk = object;
type Graph = {readonly chunkGraph: {getModuleChunks(module: Module): Chunk[]; getChunkModules(chunk: Chunk): Module[]}};

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
      const bases = reference!.routes.map((base) => base.replace(/\/$/, ''));
      await linkReferenceStyles(outDir, baseUrl, routesPaths.filter((route) => bases.some((base) => route === base || route.startsWith(`${base}/`))));
    },
    configureWebpack(config, isServer) {
      const splitChunks = config.optimization?.splitChunks;
      if (isServer || !splitChunks || !splitChunks.cacheGroups || !('common' in splitChunks.cacheGroups)) return {};
      // Asked for every module of every chunk, and each answer crosses the
      // Rust/JavaScript boundary: remembered per chunk (uncached, this took
      // about 13 s of a 30 s locale build).
      const known = new WeakMap<Chunk, boolean>();
      const isReference = (chunk: Chunk, {chunkGraph}: Graph): boolean => {
        if (!known.has(chunk)) known.set(chunk, chunkGraph.getChunkModules(chunk).some((m) => reference!.modules.test(m.nameForCondition() ?? '')));
        return known.get(chunk)!;
      };
      const cacheGroups = {
        // One CSS file for every page, less the API theme's stylesheet (about 29 KB gzipped), which gets its own.
        styles: {test: NOT_REFERENCE_STYLES},
        referenceStyles: {name: 'reference-styles', type: 'css/mini-extract', test: REFERENCE_STYLES, chunks: 'all', enforce: true, priority: 50},
        common: {test: (module: Module, graph: Graph) => graph.chunkGraph.getModuleChunks(module).some((chunk) => !isReference(chunk, graph))},
        // Above `common` (40), below the CSS file (50).
        reference: {
          name: 'reference',
          priority: 45,
          minChunks: 2,
          reuseExistingChunk: true,
          test: (module: Module, graph: Graph) => {
            const chunks = graph.chunkGraph.getModuleChunks(module);
            return chunks.length > 0 && chunks.every((chunk) => isReference(chunk, graph));
          },
        },
      };
      // The test functions receive Rspack's module and chunk graph (typed above), not webpack's.
      return {optimization: {splitChunks: {cacheGroups}}} as unknown as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
  };
}
