// The Docusaurus modules that src/lib/docusaurus re-exports (aliases set by plugins/no-collator).
declare module '@portal/original/docsClientUtils' {
  export * from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
}
// theme-common ships no types for its internal modules.
declare module '@portal/original/reactUtils';
