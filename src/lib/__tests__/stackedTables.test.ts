import stackedTables, {STACKED_TABLE_CLASS} from '../stackedTables';

/** A hast node as these tests build it: every element with its properties and children. */
interface Node {
  type: string;
  tagName?: string;
  value?: string;
  properties: Record<string, unknown>;
  children: Node[];
}

const text = (value: string): Node => ({type: 'text', value, properties: {}, children: []});
const el = (tagName: string, children: Node[] = [], properties: Record<string, unknown> = {}): Node => ({type: 'element', tagName, properties, children});
/** The node at `path` (child indexes) under `node`. */
const at = (node: Node, ...path: number[]): Node =>
  path.reduce((parent, index) => {
    const child = parent.children[index];
    if (child === undefined) throw new Error(`no child ${index} under ${parent.tagName ?? parent.type}`);
    return child;
  }, node);
const role = (node: Node) => node.properties.role;

function variableTable() {
  return el('table', [
    el('thead', [el('tr', [el('th', [text('Variable')]), el('th', [text('Tipo')]), el('th', [el('strong', [text('Descripción')])])])]),
    el('tbody', [
      el('tr', [el('td', [el('code', [text('usuario')])]), el('td', [text('texto')]), el('td', [text('El usuario.')])]),
      el('tr', [el('td', [text('valor')]), el('td', [text('número')]), el('td', [text('El monto.')])]),
    ]),
  ]);
}

describe('stacked tables (rehype)', () => {
  it("labels every data cell with its column's name and marks the table", () => {
    const table = variableTable();
    stackedTables()(el('root', [el('div', [table])]));
    expect(table.properties.className).toEqual([STACKED_TABLE_CLASS]);
    const rows = at(table, 1).children;
    expect(rows.map((r) => r.children.map((c) => c.properties.dataLabel))).toEqual([
      ['Variable', 'Tipo', 'Descripción'],
      ['Variable', 'Tipo', 'Descripción'],
    ]);
  });

  it('keeps the table semantics with explicit roles', () => {
    const table = variableTable();
    stackedTables()(table);
    expect(role(table)).toBe('table');
    expect(table.children.map(role)).toEqual(['rowgroup', 'rowgroup']);
    expect(at(table, 0, 0).children.map(role)).toEqual(['columnheader', 'columnheader', 'columnheader']);
    expect(role(at(table, 1, 0))).toBe('row');
    expect(role(at(table, 1, 0, 0))).toBe('cell');
  });

  it('leaves a table without a header row alone, and keeps existing classes', () => {
    const bare = el('table', [el('tbody', [el('tr', [el('td', [text('x')])])])], {className: ['mine']});
    stackedTables()(bare);
    expect(bare.properties).toEqual({className: ['mine']});
    const classed = variableTable();
    classed.properties.className = ['mine'];
    stackedTables()(classed);
    expect(classed.properties.className).toEqual(['mine', STACKED_TABLE_CLASS]);
  });
});
