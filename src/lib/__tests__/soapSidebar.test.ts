/** @jest-environment node */
/**
 * The SOAP channel's sidebar shows the documentation sidebar (core/data/apiSidebar.ts):
 * every entry with its title and verb, each opening a page of its own, with
 * an English label for every item.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {REST_SIDEBAR, type ApiSidebarEntry} from '../../../core/data/apiSidebar';
import {GUIDE_PAGES, PAYMENT_GROUP_DOC, SOAP_SIDEBAR} from '../soapSidebar';

interface Item {
  type?: string;
  label?: string;
  href?: string;
  id?: string;
  className?: string;
  link?: {type: string; id?: string};
  items?: Item[];
}

const items = SOAP_SIDEBAR as unknown as (Item | string)[];
const flatten = (list: readonly (Item | string)[]): (Item | string)[] => list.flatMap((i) => (typeof i === 'string' ? [i] : [i, ...flatten(i.items ?? [])]));
const all = flatten(items);
const entries = (list: readonly ApiSidebarEntry[]): ApiSidebarEntry[] => list.flatMap((e) => [e, ...entries(e.children ?? [])]);
const byLabel = (label: string) => all.find((i): i is Item => typeof i !== 'string' && i.label === label);
const labels = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en/docusaurus-plugin-content-docs/current.json'), 'utf8')) as Record<string, {message: string}>;

describe('the SOAP sidebar', () => {
  it('starts with the overview and the contract page', () => {
    expect(items[0]).toMatchObject({type: 'doc', id: 'soap/index'});
    expect(items[1]).toBe('soap/contrato');
  });

  it.each(entries(REST_SIDEBAR).map((e) => [e.title, e] as const))('shows "%s" with its verb badge and a page of its own', (_title, entry) => {
    const item = byLabel(entry.title);
    expect(item).toBeDefined();
    expect(item!.className).toBe(entry.verb === null ? undefined : `api-method ${entry.verb}`);
    if (entry.children) {
      expect(item!.link).toEqual({type: 'doc', id: PAYMENT_GROUP_DOC});
      expect(item!.items?.map((i) => i.label)).toEqual(entry.children.map((c) => c.title));
    } else if (entry.operation === null) {
      expect(item!.href).toBe(GUIDE_PAGES[entry.pageKey]);
    } else {
      expect(item!.href).toBe(`/rest/${entry.pageKey}`);
    }
  });

  it('opens a different page from every entry', () => {
    const targets = entries(REST_SIDEBAR).map((e) => {
      const item = byLabel(e.title)!;
      return item.href ?? item.link?.id;
    });
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('has post on every entry with an operation', () => {
    const verbs = entries(REST_SIDEBAR)
      .filter((e) => e.operation !== null)
      .map((e) => byLabel(e.title)!.className);
    expect(new Set(verbs)).toEqual(new Set(['api-method post']));
  });

  it('has an English label for every item', () => {
    for (const item of all) {
      if (typeof item === 'string' || item.label === undefined) continue;
      const kind = item.type === 'category' ? 'category' : item.type === 'doc' ? 'doc' : 'link';
      const key = `sidebar.soap.${kind}.${item.label}`;
      expect(labels[key]?.message).toBeTruthy();
    }
  });
});
