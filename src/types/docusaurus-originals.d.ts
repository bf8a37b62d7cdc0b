// The Docusaurus modules that src/lib/docusaurus re-exports (aliases set by plugins/docusaurus-client).
declare module '@portal/original/docsClientUtils' {
  export * from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
}
// theme-common ships no types for its internal modules.
declare module '@portal/original/reactUtils';
declare module '@portal/original/preload' {
  /** Docusaurus' preload: loads the components of the routes that match a path. */
  export default function preload(pathname: string): Promise<unknown>;
}
