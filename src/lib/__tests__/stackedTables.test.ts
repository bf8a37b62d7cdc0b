import stackedTables, {STACKED_TABLE_CLASS} from '../stackedTables';

const text = (value: string) => ({type: 'text', value});
const el = (tagName: string, children: unknown[] = [], properties: Record<string, unknown> = {}) => ({type: 'element', tagName, properties, children});

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
    const table = variableTable() as any;
    stackedTables()(el('root', [el('div', [table])]) as any);
    expect(table.properties.className).toEqual([STACKED_TABLE_CLASS]);
    const rows = table.children[1].children;
    expect(rows.map((r: any) => r.children.map((c: any) => c.properties.dataLabel))).toEqual([
      ['Variable', 'Tipo', 'Descripción'],
      ['Variable', 'Tipo', 'Descripción'],
    ]);
  });

  it('keeps the table semantics with explicit roles', () => {
    const table = variableTable() as any;
    stackedTables()(table);
    expect(table.properties.role).toBe('table');
    expect(table.children.map((g: any) => g.properties.role)).toEqual(['rowgroup', 'rowgroup']);
    expect(table.children[0].children[0].children.map((c: any) => c.properties.role)).toEqual(['columnheader', 'columnheader', 'columnheader']);
    expect(table.children[1].children[0].properties.role).toBe('row');
    expect(table.children[1].children[0].children[0].properties.role).toBe('cell');
  });

  it('leaves a table without a header row alone, and keeps existing classes', () => {
    const bare = el('table', [el('tbody', [el('tr', [el('td', [text('x')])])])], {className: ['mine']}) as any;
    stackedTables()(bare);
    expect(bare.properties).toEqual({className: ['mine']});
    const classed = variableTable() as any;
    classed.properties.className = ['mine'];
    stackedTables()(classed);
    expect(classed.properties.className).toEqual(['mine', STACKED_TABLE_CLASS]);
  });
});
