/**
 * Plugins for the HTML-to-Markdown conversion of @signalwire/docusaurus-plugin-llms-txt,
 * given through its public options: `beforeDefaultRehypePlugins` (on the page's HTML tree)
 * and `remarkPlugins` (on the Markdown tree).
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: {className?: unknown};
  children?: HastNode[];
}

const classes = (node: HastNode): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
};

/** Whether the converted Markdown should not have this node. */
const browserOnly = (node: HastNode): boolean => node.type === 'comment' || (node.type === 'element' && node.tagName === 'a' && classes(node).includes('hash-link'));

function prune(node: HastNode): void {
  if (node.children === undefined) return;
  node.children = node.children.filter((child) => !browserOnly(child));
  node.children.forEach(prune);
}

/**
 * Leaves out what a page shows only to a browser: React's `<!-- -->` between
 * adjacent texts (they became `<!-- -->` lines in the middle of sentences) and
 * each heading's "#" link (an empty link to `#id` after it).
 */
export default function rehypeBrowserOnlyOut() {
  return (tree: HastNode): void => prune(tree);
}

interface MdastNode {
  type: string;
  url?: string;
  children?: MdastNode[];
}

function absolute(node: MdastNode, siteUrl: string): void {
  if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string' && node.url.startsWith('/') && !node.url.startsWith('//')) {
    node.url = `${siteUrl}${node.url}`;
  }
  node.children?.forEach((child) => absolute(child, siteUrl));
}

/**
 * A remark plugin (the upstream's `remarkPlugins`) that makes the portal's
 * links absolute (SITE_URL + path), after the upstream plugin has pointed them
 * at the pages' twins (`relativePaths: true`: the path as the page has it,
 * `/en/vpost/integracion.md`). Its own absolute form (`relativePaths: false`)
 * puts the locale's base in front of paths that already start with it, so
 * every link of an English twin went to /en/en/..., and gives files outside
 * the docs (/sandbox/escuchar.mjs) the locale's base too.
 */
export function remarkAbsoluteLinks({siteUrl}: {readonly siteUrl: string}) {
  const base = siteUrl.replace(/\/+$/, '');
  return (tree: MdastNode): void => absolute(tree, base);
}
