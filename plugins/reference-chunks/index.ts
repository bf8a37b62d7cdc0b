/**
 * Keeps the API reference's JavaScript out of the pages that are not reference.
 *
 * Docusaurus puts in one `common` chunk, loaded by every page, each module that
 * at least half of the routes use. The reference routes (/rest, /apirest,
 * /tcrest: one page per operation) are more than half of the site, so without
 * this plugin the API theme's modules (request panel, schema viewer, Redux
 * store, ...) land in `common` and every guide page downloads them.
 *
 * Here `common` only takes modules that some non-reference route uses, and the
 * modules used only by reference routes share a `reference` chunk of their own.
 */
import type {Plugin} from '@docusaurus/types';

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

export default function referenceChunks(): Plugin {
  return {
    name: 'reference-chunks',
    configureWebpack(config, isServer) {
      const splitChunks = config.optimization?.splitChunks;
      if (isServer || splitChunks === false || splitChunks === undefined || !splitChunks.cacheGroups || !('common' in splitChunks.cacheGroups)) {
        return {};
      }
      // Route chunks are named; remember which ones belong to the reference.
      const known = new Map<string, boolean>();
      const isReferenceChunk = (chunk: BundlerChunk, {chunkGraph}: SplitContext): boolean => {
        const name = chunk.name ?? undefined;
        const cached = name === undefined ? undefined : known.get(name);
        if (cached !== undefined) return cached;
        const result = chunkGraph.getChunkModules(chunk).some((m) => REFERENCE_MODULE.test(m.nameForCondition() ?? ''));
        if (name !== undefined) known.set(name, result);
        return result;
      };
      const chunksOf = (module: BundlerModule, context: SplitContext) => context.chunkGraph.getModuleChunks(module);
      const result = {
        optimization: {
          splitChunks: {
            cacheGroups: {
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
