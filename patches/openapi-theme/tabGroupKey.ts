/**
 * What the API theme's tab groups (ApiTabs, MimeTabs, SchemaTabs,
 * DiscriminatorTabs, OperationTabs, Tabs) get for `@docusaurus/useIsBrowser`.
 * Each uses the answer only as its React key, `String(isBrowser)`, which turns
 * from "false" to "true" once the page has hydrated: React then throws away
 * every tab group a reference page's server drew (request body, responses,
 * their schema and example tabs) and draws it again. One answer before and
 * after hydration keeps them. The tab that a link or storage names is still
 * chosen: the theme's tabs hook (`utils/tabsUtils`) selects it in a layout
 * effect, an ordinary update. patches/openapi-theme points only those modules
 * here; its row in patches/README.md gives the figure.
 */
export default function useSameKeyAfterHydration(): boolean {
  return true;
}
