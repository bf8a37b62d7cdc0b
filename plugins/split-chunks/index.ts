/**
 * How the site's JavaScript is split, so that each page downloads only what it uses.
 *
 * Docusaurus puts in one `common` chunk, loaded by every page, each module that
 * at least half of the chunks use. Two kinds of modules qualified that no guide
 * page needs:
 * - the API reference's: the reference routes (/rest, /apirest, /tcrest, one
 *   page per operation) are more than half of the site, so the API theme's
 *   modules (request panel, schema viewer, Redux store, ...) landed in `common`.
 *   Here they share a `reference` chunk of their own instead;
 * - Mermaid's and the libraries behind it (langium, chevrotain, d3, ...): they
 *   are loaded lazily, but its many diagram chunks share them. Measured on
 *   /vpost/integracion, which has no diagram: about 160 KB gzipped. They stay
 *   in the async chunks that only a page drawing a Mermaid diagram fetches.
 */
import type {Plugin} from '@docusaurus/types';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

const DIAGRAM_LIBRARIES = [
  'mermaid',
  '@mermaid-js',
  'langium',
  'chevrotain',
  'chevrotain-allstar',
  '@chevrotain',
  'vscode-[^\\\\/]+',
  'cytoscape[^\\\\/]*',
  'd3[^\\\\/]*',
  'dagre-d3-es',
  'katex',
  'khroma',
  'roughjs',
  'dayjs',
  'lodash-es',
  '@braintree',
  '@iconify',
  'stylis',
  'dompurify',
  'marked',
  'internmap',
  'delaunator',
  'robust-predicates',
  'ts-dedent',
  '@upsetjs',
];

/** Matches any module that is NOT one of the diagram libraries. */
export const NOT_DIAGRAM_MODULE = new RegExp(`^(?!.*[\\\\/]node_modules[\\\\/](${DIAGRAM_LIBRARIES.join('|')})[\\\\/])`);

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

export default function splitChunks(): Plugin {
  return {
    name: 'portal-split-chunks',
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
                test: (module: BundlerModule, context: SplitContext) =>
                  NOT_DIAGRAM_MODULE.test(module.nameForCondition() ?? '') && chunksOf(module, context).some((chunk) => !isReferenceChunk(chunk, context)),
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
