/**
 * Builds the sidebars of the API reference instances (/rest, /apirest, /tcrest)
 * from the documentation sidebar (core/data/apiSidebar.ts): one entry per
 * row, its title as label, a verb badge ("api-method post" / "api-method get",
 * styled by src/css/api-sidebar.css) and a page of its own whose slug is the
 * page key. Generated reference pages live in the instance's `gen/` folder
 * (build output of `npm run gen:api`); the overview pages are hand-written.
 * English labels come from i18n/en/docusaurus-plugin-content-docs-<id>/current.json.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import type {ApiSidebarEntry} from '@site/core/data/apiSidebar';

/** One item of a sidebar, as sidebars.ts files write it. */
export type SidebarItem = Extract<SidebarsConfig[string], readonly unknown[]>[number];

/** Folder, inside each reference instance, of the pages generated from the contracts. */
export const GENERATED_DIR = 'gen';

/**
 * Entries of the documentation sidebar that have no operation are guides of the main
 * docs instance, shared by every channel.
 */
export const GUIDE_LINKS: Readonly<Record<string, string>> = {
  valores: '/guias/valores',
  cifrado: '/guias/cifrado',
};

/** Hand-written pages of an instance that stand for a sidebar group (key: the group's page key). */
export type GroupPages = Readonly<Record<string, string>>;

function badge(entry: ApiSidebarEntry): string | undefined {
  return entry.verb === null ? undefined : `api-method ${entry.verb}`;
}

function item(entry: ApiSidebarEntry, groupPages: GroupPages): SidebarItem {
  const className = badge(entry);
  if (entry.children !== undefined && entry.children.length > 0) {
    const overview = groupPages[entry.pageKey];
    if (overview === undefined) {
      throw new Error(`The sidebar group "${entry.title}" (${entry.pageKey}) has no overview page.`);
    }
    return {
      type: 'category',
      label: entry.title,
      collapsed: false,
      ...(className === undefined ? {} : {className}),
      link: {type: 'doc', id: overview},
      items: entry.children.map((child) => item(child, groupPages)),
    };
  }
  if (entry.operation === null) {
    const href = GUIDE_LINKS[entry.pageKey];
    if (href === undefined) {
      throw new Error(`The sidebar entry "${entry.title}" has no operation and no guide page for "${entry.pageKey}".`);
    }
    return {type: 'link', label: entry.title, href};
  }
  return {
    type: 'doc',
    id: `${GENERATED_DIR}/${entry.pageKey}`,
    label: entry.title,
    ...(className === undefined ? {} : {className}),
  };
}

/**
 * The sidebar of one reference instance: its overview page first, then the
 * documentation sidebar's entries in order.
 */
export function referenceSidebar(overviewLabel: string, entries: readonly ApiSidebarEntry[], groupPages: GroupPages = {}): SidebarItem[] {
  return [{type: 'doc', id: 'index', label: overviewLabel}, ...entries.map((entry) => item(entry, groupPages))];
}

/** Every page key of `entries` that has a generated reference page. */
export function operationPageKeys(entries: readonly ApiSidebarEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.operation !== null && (entry.children === undefined || entry.children.length === 0) ? [entry.pageKey] : []),
    ...operationPageKeys(entry.children ?? []),
  ]);
}
