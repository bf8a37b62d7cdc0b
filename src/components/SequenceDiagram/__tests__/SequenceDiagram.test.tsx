import React from 'react';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {render, screen} from '@testing-library/react';
import SequenceDiagram from '../index';
import {DiagramSyntaxError, isSequenceDiagram, parseSequenceDiagram} from '../parse';
import {layoutSequence} from '../layout';
import {withProductName} from '../detect';

const FLOW = `sequenceDiagram
    autonumber
    participant C as Comprador
    participant S as Servidor
    participant P as Pasarela
    C->>S: Paga
    S->>P: POST /confirmacionTransaccionMedioPago<br/>MetodoPago.Id 71
    P-->>S: CodigoRespuesta 2
    Note over S,P: Solo en demo
    alt OTP correcto
        P-->>S: CodigoRespuesta 0
    else OTP incorrecto
        P-->>S: CodigoRespuesta 1
    end
    S->>S: Guarda el pedido`;

describe('sequence diagrams drawn at build time', () => {
  it('reads participants, numbered messages, notes and blocks', () => {
    const diagram = parseSequenceDiagram(FLOW);
    expect(diagram.participants.map((p) => p.label)).toEqual(['Comprador', 'Servidor', 'Pasarela']);
    const messages = diagram.items.filter((i) => i.type === 'message');
    expect(messages.map((m) => m.type === 'message' && [m.from, m.to, m.line, m.number])).toEqual([
      ['C', 'S', 'solid', 1],
      ['S', 'P', 'solid', 2],
      ['P', 'S', 'dashed', 3],
      ['P', 'S', 'dashed', 4],
      ['P', 'S', 'dashed', 5],
      ['S', 'S', 'solid', 6],
    ]);
    expect(messages[1]!.type === 'message' && messages[1]!.text).toBe('POST /confirmacionTransaccionMedioPago\nMetodoPago.Id 71');
    expect(diagram.items.map((i) => i.type)).toContain('note');
    expect(diagram.items.filter((i) => i.type.startsWith('block')).map((i) => i.type)).toEqual(['blockStart', 'blockElse', 'blockEnd']);
  });

  it.each([
    ['flowchart LR\n A-->B', 'starts with "sequenceDiagram"'],
    ['sequenceDiagram\n participant A\n A->>B hola', 'line 3'],
    ['sequenceDiagram\n A->>B: x\n end', '"end" without an open block'],
    ['sequenceDiagram\n alt x\n A->>B: y', '"alt" is never closed'],
    ['sequenceDiagram\n Note over Z: x', '"Z" is not a participant'],
    ['sequenceDiagram\n opt x\n else y\n end', '"else" outside a block'],
    ['sequenceDiagram\n classDef x fill:#f00', 'not part of the supported'],
  ])('refuses %j with a message that names the problem', (source, message) => {
    expect(() => parseSequenceDiagram(source)).toThrow(DiagramSyntaxError);
    expect(() => parseSequenceDiagram(source)).toThrow(message);
  });

  it('spaces the participants so that every label fits between its lifelines', () => {
    const layout = layoutSequence(parseSequenceDiagram(FLOW));
    const [c, s, p] = layout.columns;
    expect(c!.x).toBeLessThan(s!.x);
    expect(p!.x - s!.x).toBeGreaterThanOrEqual('POST /confirmacionTransaccionMedioPago'.length * 13 * 0.56);
    expect(layout.width).toBeGreaterThan(p!.x);
  });

  it('renders an SVG image whose description lists the steps in order', () => {
    render(<SequenceDiagram source={FLOW} />);
    const image = screen.getByRole('img', {name: /Diagrama de secuencia: Comprador, Servidor, Pasarela/});
    expect(image.querySelector('desc')?.textContent).toBe(
      '1. Comprador → Servidor: Paga; 2. Servidor → Pasarela: POST /confirmacionTransaccionMedioPago MetodoPago.Id 71; 3. Pasarela → Servidor: CodigoRespuesta 2; (Solo en demo); 4. Pasarela → Servidor: CodigoRespuesta 0; 5. Pasarela → Servidor: CodigoRespuesta 1; 6. Servidor → Servidor: Guarda el pedido',
    );
    // Each participant is boxed at the top and at the bottom of its lifeline.
    expect(screen.getAllByText('Comprador', {selector: 'tspan'})).toHaveLength(2);
    expect(screen.getByRole('region', {name: /Diagrama de secuencia/})).toHaveAttribute('tabindex', '0');
  });

  it('draws every diagram of the docs, in both languages, without Mermaid', () => {
    const roots = ['docs', 'i18n/en'].map((dir) => join(__dirname, '../../../..', dir));
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : /\.mdx?$/.test(name) ? [path] : [];
      });
    const blocks = roots.flatMap(walk).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => ({file, source: m[1]!})));
    expect(blocks.length).toBeGreaterThan(0);
    for (const {file, source} of blocks) {
      expect({file, sequence: isSequenceDiagram(source)}).toEqual({file, sequence: true});
      expect(() => parseSequenceDiagram(source)).not.toThrow();
    }
  });

  it('writes the configured product name into variables such as firma{producto}', () => {
    const source = 'sequenceDiagram\n    P-->>S: POST (transaccionAprobada, firma{producto})\n    P-->>S: POST (firma{product})\n';
    const filled = withProductName(source, 'Pasarela');
    expect(filled).toContain('(transaccionAprobada, firmaPasarela)');
    expect(filled).toContain('(firmaPasarela)');
    const {container} = render(<SequenceDiagram source={filled} />);
    expect(container.textContent).toContain('firmaPasarela');
  });
});
