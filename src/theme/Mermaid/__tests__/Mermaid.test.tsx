import React, {Suspense} from 'react';
import {render, screen} from '@testing-library/react';
import Mermaid, {UnsupportedDiagramError} from '../index';

describe('the ```mermaid blocks of a page', () => {
  it('draws a sequence diagram as SVG, with the product name in firma{producto}', async () => {
    const source = 'sequenceDiagram\n    participant P as Pasarela\n    participant S as Servidor\n    P-->>S: POST (transaccionAprobada, firma{producto})\n';
    const {container} = render(
      <Suspense fallback={null}>
        <Mermaid value={source} />
      </Suspense>,
    );
    expect(await screen.findByRole('img')).toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.textContent).toContain('firmaPasarela');
  });

  it('stops the build on any other kind of diagram, naming its first line', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Mermaid value={'\nflowchart TD\n    A --> B\n'} />)).toThrow(UnsupportedDiagramError);
    expect(() => render(<Mermaid value={'flowchart TD\n    A --> B\n'} />)).toThrow('must start with "sequenceDiagram", and this one starts with "flowchart TD"');
    quiet.mockRestore();
  });
});
