// The lookup Docusaurus's SSG template does in its client manifest (react-loadable-ssr-addon-v5-slorber, a dependency of @docusaurus/core, pinned in patches/upstream.ts).
declare module 'react-loadable-ssr-addon-v5-slorber/lib/getBundles' {
  export default function getBundles(manifest: {origins: Record<string, string[]>; assets: Record<string, unknown>}, modules: string[]): Record<string, {file: string}[]>;
}
