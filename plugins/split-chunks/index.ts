/**
 * How the site's JavaScript and CSS are split and start, so that each page downloads only what it
 * uses. Docusaurus's `common` chunk, loaded by every page, takes each module that at least half of
 * the chunks use; the reference routes (one page per operation) are more than half of the site, so
 * the API theme's modules (request panel, schema viewer, Redux store, ...) landed there, on guide
 * pages too. Here they share a `reference` chunk, and the API theme's stylesheet a CSS file of its
 * own: the modules of every docs-plugin instance drawn by '@theme/ApiItem' that the config declares
 * (all versions, every locale). The main bundle carries V8's compile hint and starts from chunkTasks.ts.
 */
import {readFile, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const REFERENCE_DOC_ITEM = '@theme/ApiItem';
/** The API theme's page component, which every reference page uses. */
const API_ITEM = String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem[\\/]`;
/** The API theme's stylesheets (Sass), imported by the reference's page component only. */
const REFERENCE_STYLES = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]/;
const NOT_REFERENCE_STYLES = /^(?![\s\S]*[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/])/;

/** V8's explicit compile hint (Chromium 136 and later): compile every function of the file eagerly. */
export const MAIN_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** The main bundle's file (`assets/js/main.<hash>.js`), the one file that carries it. */
export const MAIN_BUNDLE = /(^|\/)main\.[0-9a-f]+\.js$/;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ids of the docs-plugin instances whose pages the API theme draws (docItemComponent '@theme/ApiItem'). */
export function referenceInstanceIds(siteConfig: LoadContext['siteConfig']): string[] {
  return siteConfig.plugins.flatMap((entry) => {
    const [name, options] = (Array.isArray(entry) ? entry : []) as [unknown, {id?: string; docItemComponent?: string} | undefined];
    const isDocs = typeof name === 'string' && /(^|[\\/])@docusaurus[\\/]plugin-content-docs([\\/]|$)/.test(name);
    return isDocs && options?.docItemComponent === REFERENCE_DOC_ITEM ? [options.id ?? 'default'] : [];
  });
}

/** A module under a reference version's folder (docs and translations), the instance's generated data, or the API page component. */
export function referenceModules(generatedFilesDir: string, ids: readonly string[], docs: Record<string, unknown> | undefined): RegExp {
  const folders: string[] = [];
  for (const id of ids) {
    const versions = (docs?.[id] as {loadedVersions?: {contentPath: string; contentPathLocalized: string}[]} | undefined)?.loadedVersions ?? [];
    if (versions.length === 0) throw new Error(`split-chunks: the docs-plugin instance "${id}" (docItemComponent ${REFERENCE_DOC_ITEM}) loaded no version.`);
    for (const version of versions) folders.push(version.contentPath, version.contentPathLocalized);
    folders.push(join(generatedFilesDir, 'docusaurus-plugin-content-docs', id));
  }
  const patterns = folders.map((folder) => `${escape(folder).replace(/\\\\|\//g, String.raw`[\\/]`)}[\\/]`);
  return new RegExp([...patterns, API_ITEM].join('|'));
}

/**
 * Docusaurus writes into each page the scripts and stylesheets of the modules it rendered, looked up
 * by import request ("@theme/ApiItem") in the client manifest, whose writer keys a route's chunks by
 * chunk id only: pages got the entry's files alone, a route's CSS came with its JavaScript (reference
 * pages drawn unstyled) and its chunks once the main bundle ran. Here each import request is keyed to
 * its chunk group's chunks, so the page's HTML links them itself.
 */
export function keyChunksByRequest(manifest: {origins: Record<string, string[]>}, groups: readonly Group[]): number {
  let keyed = 0;
  for (const group of groups.filter((candidate) => !candidate.isInitial())) {
    const ids = group.chunks.map((chunk) => String(chunk.id));
    for (const {request} of group.origins) {
      if (request === undefined) continue;
      manifest.origins[request] = [...new Set([...(manifest.origins[request] ?? []), ...ids])];
      keyed += 1;
    }
  }
  return keyed;
}

/** The parts of Rspack's split-chunks API used here. */
type Module = {nameForCondition(): string | undefined};
type Chunk = {readonly id?: string | number | null};
type Group = {readonly chunks: Chunk[]; readonly origins: {request?: string}[]; isInitial(): boolean};
type Bundler = {BannerPlugin: new (options: object) => object; Compilation: {PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number}};
type Graph = {readonly chunkGraph: {getModuleChunks(module: Module): Chunk[]; getChunkModules(chunk: Chunk): Module[]}};

export default function splitChunks(context: LoadContext): Plugin {
  const ids = referenceInstanceIds(context.siteConfig);
  if (ids.length === 0) throw new Error(`split-chunks: no docs-plugin instance in the config has docItemComponent ${REFERENCE_DOC_ITEM}.`);
  let reference: RegExp | undefined;
  return {
    name: 'portal-split-chunks',
    allContentLoaded({allContent}) {
      reference = referenceModules(context.generatedFilesDir, ids, allContent['docusaurus-plugin-content-docs']);
    },
    configureWebpack(config, isServer, {currentBundler}) {
      const splitChunks = config.optimization?.splitChunks;
      if (isServer || !splitChunks || !splitChunks.cacheGroups || !('common' in splitChunks.cacheGroups)) return {};
      if (typeof config.entry !== 'string') throw new Error(`split-chunks: Docusaurus's client entry is not one file: ${JSON.stringify(config.entry)}.`);
      const start = {entry: join(__dirname, 'chunkTasks.ts'), resolve: {alias: {'@portal/client-entry': config.entry}}};
      // Asked for every module of every chunk, and each answer crosses the
      // Rust/JavaScript boundary: remembered per chunk (uncached, this took
      // about 13 s of a 30 s locale build).
      const known = new WeakMap<Chunk, boolean>();
      const isReference = (chunk: Chunk, {chunkGraph}: Graph): boolean => {
        if (!known.has(chunk))
          known.set(
            chunk,
            chunkGraph.getChunkModules(chunk).some((m) => reference!.test(m.nameForCondition() ?? '')),
          );
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
      const manifestPath = join(context.generatedFilesDir, 'client-manifest.json');
      const linkRouteFiles = {
        apply: (compiler: {hooks: {afterEmit: {tapPromise(name: string, run: (compilation: {chunkGroups: readonly Group[]}) => Promise<void>): void}}}) =>
          compiler.hooks.afterEmit.tapPromise('portal-split-chunks', async ({chunkGroups}) => {
            const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Parameters<typeof keyChunksByRequest>[0];
            if (keyChunksByRequest(manifest, chunkGroups) === 0) throw new Error(`split-chunks: no lazily imported module found to key in ${manifestPath}.`);
            await writeFile(manifestPath, JSON.stringify(manifest));
          }),
      };
      // V8 compiles a file that opens with this comment while streaming it in, off the main thread,
      // instead of each function on the main thread at its first call; nearly every function of the
      // main bundle (React, the layout) runs at start. After the minifier, which drops comments.
      const {BannerPlugin, Compilation} = currentBundler.instance as unknown as Bundler;
      const compileHint = new BannerPlugin({banner: MAIN_COMPILE_HINT, raw: true, include: MAIN_BUNDLE, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1});
      // The test functions and the hook receive Rspack's objects (typed above), not webpack's.
      // `docusaurus start` writes no client manifest (nor HTML).
      return {...start, optimization: {splitChunks: {cacheGroups}}, plugins: config.mode === 'production' ? [linkRouteFiles, compileHint] : []} as unknown as ReturnType<
        NonNullable<Plugin['configureWebpack']>
      >;
    },
  };
}
