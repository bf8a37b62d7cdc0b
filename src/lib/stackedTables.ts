/**
 * Rehype plugin for the docs: every Markdown table with a header row can be
 * read on a phone without scrolling sideways. On narrow screens the
 * stylesheet (src/css/tables.css) stacks each row's cells, and each cell
 * shows its column's name, which this plugin writes into the cell
 * (`data-label`). The explicit ARIA roles keep the table a table for screen
 * readers once its parts are displayed as blocks.
 *
 * Writers change nothing: plain Markdown tables get it at build time. React
 * components that draw tables use `stackedTable()` and `cellLabel()` below.
 */

/** The class that opts a table into the phone layout (src/css/tables.css). */
export const STACKED_TABLE_CLASS = 'table--stacked';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const ROLES: Readonly<Record<string, string>> = {table: 'table', thead: 'rowgroup', tbody: 'rowgroup', tfoot: 'rowgroup', tr: 'row', td: 'cell'};

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function elements(node: HastNode, tagName: string): HastNode[] {
  return (node.children ?? []).filter((child) => child.type === 'element' && child.tagName === tagName);
}

function addClass(node: HastNode, name: string): void {
  const properties = (node.properties ??= {});
  const current = properties.className;
  const list = Array.isArray(current) ? current.map(String) : typeof current === 'string' ? current.split(/\s+/) : [];
  if (!list.includes(name)) properties.className = [...list, name];
}

/** Labels one table in place; a table without a header row is left as it is. */
export function labelTable(table: HastNode): void {
  const head = elements(table, 'thead')[0];
  const headerRow = head === undefined ? undefined : elements(head, 'tr')[0];
  if (headerRow === undefined) return;
  const headers = elements(headerRow, 'th').map((th) => textOf(th).replace(/\s+/g, ' ').trim());
  if (headers.length === 0) return;
  addClass(table, STACKED_TABLE_CLASS);
  const setRole = (node: HastNode) => {
    const role = node.tagName === 'th' ? (node === headerRow || headerRow.children?.includes(node) ? 'columnheader' : 'rowheader') : ROLES[node.tagName ?? ''];
    if (role !== undefined) (node.properties ??= {}).role ??= role;
  };
  setRole(table);
  for (const group of (table.children ?? []).filter((c) => c.type === 'element')) {
    setRole(group);
    for (const row of elements(group, 'tr')) {
      setRole(row);
      (row.children ?? [])
        .filter((c) => c.type === 'element')
        .forEach((cell, index) => {
          setRole(cell);
          const label = headers[index];
          if (group.tagName !== 'thead' && label !== undefined && label !== '') (cell.properties ??= {}).dataLabel ??= label;
        });
    }
  }
}

function walk(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'table') {
    labelTable(node);
    return;
  }
  for (const child of node.children ?? []) walk(child);
}

/** The rehype plugin (docusaurus.config.ts: rehypePlugins of every docs instance). */
export default function stackedTables(): (tree: HastNode) => void {
  return (tree) => walk(tree);
}

/** Props of a React table that stacks on phones like the Markdown ones. */
export function stackedTable(className?: string): {className: string; role: 'table'} {
  return {className: className === undefined ? STACKED_TABLE_CLASS : `${className} ${STACKED_TABLE_CLASS}`, role: 'table'};
}

/** Props of a React table's data cell: its column's name, shown above it on phones. */
export function cellLabel(label: string): {'data-label': string; role: 'cell'} {
  return {'data-label': label, role: 'cell'};
}
