import type {Plugin} from '@docusaurus/types';

/**
 * Mermaid and the libraries behind it (langium, chevrotain, d3, cytoscape...)
 * are loaded lazily by @docusaurus/theme-mermaid, but its many diagram chunks
 * share those libraries, so Docusaurus' "common" cache group (modules used by
 * half the chunks) pulled them into the chunk that every page loads, beside
 * MDX's runtime: about 160 KB gzipped on each guide page, measured on
 * /vpost/integracion, which has no diagram. Keeping them out of "common"
 * leaves them in the async chunks that only a page with a diagram fetches.
 */
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

export default function splitChunksPlugin(): Plugin {
  return {
    name: 'portal-split-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) {
        return {};
      }
      return {optimization: {splitChunks: {cacheGroups: {common: {test: NOT_DIAGRAM_MODULE}}}}};
    },
  };
}
