/**
 * How the site's JavaScript and CSS are split, so that each page downloads
 * only what it uses.
 *
 * Docusaurus puts in one `common` chunk, loaded by every page, each module that
 * at least half of the chunks use. The API reference's modules qualified,
 * though no guide page needs them: the reference routes (/rest, /apirest,
 * /tcrest, one page per operation) are more than half of the site, so the API
 * theme's modules (request panel, schema viewer, Redux store, ...) landed in
 * `common`. Here they share a `reference` chunk of their own instead, and the
 * API theme's stylesheet a CSS file of its own.
 */
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REFERENCE_CHANNELS} from '../../src/lib/openapi/contracts';
import {htmlFiles, replaceFile} from '../built-html/files';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

/** A module of the reference: its content, its route data, or the ApiItem page component. */
const REFERENCE_MODULE = new RegExp(
  [
    String.raw`[\\/]reference[\\/](rest|apirest|tcrest)[\\/]`,
    String.raw`[\\/]docusaurus-plugin-content-docs-(rest|apirest|tcrest)[\\/]current[\\/]`,
    String.raw`[\\/]\.docusaurus[\\/]docusaurus-plugin-content-docs[\\/](rest|apirest|tcrest)[\\/]`,
    String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem[\\/]`,
  ].join('|'),
);

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

/**
 * Docusaurus' pages link the one CSS file only: a route's own CSS arrives with
 * its JavaScript. The reference pages would then be drawn unstyled until their
 * scripts ran, so their HTML links the reference stylesheet right after the
 * common one. (The bundler's loader finds the link and does not add another.)
 * Run by plugins/built-html.
 */
export async function linkReferenceStyles(outDir: string): Promise<number> {
  const cssDir = join(outDir, 'assets', 'css');
  const css = (await readdir(cssDir)).find((file) => /^reference-styles\.[0-9a-f]+\.css$/.test(file));
  if (css === undefined) {
    throw new Error(`split-chunks: no reference-styles CSS file in ${cssDir}; the API theme's stylesheet was not split off.`);
  }
  const pages = (
    await Promise.all(REFERENCE_CHANNELS.map(async (id) => [...(await htmlFiles(join(outDir, id))), join(outDir, `${id}.html`)]))
  ).flat();
  let linked = 0;
  for (const page of pages) {
    const html = await readFile(page, 'utf8').catch(() => undefined);
    if (html === undefined || html.includes(css)) continue;
    const first = FIRST_STYLESHEET.exec(html);
    if (first === null) {
      throw new Error(`split-chunks: ${page} has no stylesheet link to put the reference stylesheet after.`);
    }
    // Same folder as the common stylesheet, whatever the locale's base URL.
    const href = /\bhref=["']?([^"'\s>]+)/.exec(first[0])?.[1];
    if (href === undefined || !href.includes('/assets/css/')) {
      throw new Error(`split-chunks: ${page} links an unexpected first stylesheet: ${first[0]}`);
    }
    const link = `<link rel=stylesheet href=${href.replace(/[^/]+$/, css)}>`;
    const at = first.index + first[0].length;
    await replaceFile(page, html.slice(0, at) + link + html.slice(at));
    linked += 1;
  }
  if (linked === 0) {
    throw new Error(`split-chunks: no reference page found under ${outDir} to link ${css} from.`);
  }
  return linked;
}

export default function splitChunks(): Plugin {
  return {
    name: 'portal-split-chunks',
    configureWebpack(config, isServer) {
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
