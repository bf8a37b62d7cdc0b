/**
 * The SOAP channel's sidebar: the overview, the contract page, and the
 * documentation sidebar (REST_SIDEBAR), which the REST and SOAP
 * channels share. Each documentation entry opens one page of its own:
 * - an operation's page is its REST reference page, /rest/<pageKey>: the
 *   payloads are the same in both channels (as /soap says),
 *   and four of the entries (/autenticar, /crearBotonPago, /crearTokenTarjeta,
 *   /finalizaPagoDaviplata) are not SOAP operations at all;
 * - the payment group opens the SOAP page of confirmacionTransaccionMedioPago,
 *   the one SOAP operation behind all its sub-pages;
 * - the two entries without an operation open the shared guides.
 * The XML of each SOAP operation is on the contract page. Verb badges use the
 * classes of the API reference sidebars ("api-method <verb>"), so one global
 * stylesheet of the api branch (src/css/api-sidebar.css) draws them everywhere.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {REST_SIDEBAR, type ApiSidebarEntry} from '../../core/data/apiSidebar';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/** Pages of the entries that have no operation (the shared guides). */
export const GUIDE_PAGES: Readonly<Record<string, string>> = {valores: '/guias/valores', cifrado: '/guias/cifrado'};

/** The SOAP page that stands for the payment group. */
export const PAYMENT_GROUP_DOC = 'soap/confirmacion-transaccion';

function verbClass(entry: ApiSidebarEntry): string | undefined {
  return entry.verb === null ? undefined : `api-method ${entry.verb}`;
}

/** The page an entry opens. */
export function entryHref(entry: ApiSidebarEntry): string {
  const guide = GUIDE_PAGES[entry.pageKey];
  if (entry.operation === null) {
    if (guide === undefined) {
      throw new Error(`The sidebar entry "${entry.title}" has no operation and no guide page.`);
    }
    return guide;
  }
  return `/rest/${entry.pageKey}`;
}

function item(entry: ApiSidebarEntry): SidebarItemConfig {
  const className = verbClass(entry);
  if (entry.children) {
    return {
      type: 'category',
      label: entry.title,
      link: {type: 'doc', id: PAYMENT_GROUP_DOC},
      collapsed: false,
      ...(className ? {className} : {}),
      items: entry.children.map(item),
    };
  }
  return {type: 'link', label: entry.title, href: entryHref(entry), ...(className ? {className} : {})};
}

export const SOAP_SIDEBAR: SidebarItemConfig[] = [
  {type: 'doc', id: 'soap/index', label: 'SOAP'},
  'soap/contrato',
  ...REST_SIDEBAR.map(item),
  {type: 'link', label: 'Guías de integración', href: '/guias'},
];
