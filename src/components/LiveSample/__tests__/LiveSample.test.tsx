import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {SECURITY_EXAMPLES} from '../../../../core/data/securityExamples';
import {amountValidation} from '../../../../core/signatures';
import {saveCredentials} from '../../../lib/sandboxCredentials';

// The classic theme's CodeBlock and Docusaurus' Playground are not loaded by Jest: the
// still block is a <pre>, and the Playground is react-live itself (LiveProvider with the
// scope and noInline the component passes, an editor and the preview).
jest.mock('@theme/CodeBlock', () => ({__esModule: true, default: ({children}: {children: string}) => <pre data-testid="still">{children}</pre>}), {virtual: true});
jest.mock(
  '@theme/Playground',
  () => {
    const {LiveProvider, LiveEditor, LivePreview, LiveError} = jest.requireActual('react-live');
    return {
      __esModule: true,
      default: ({children, scope, noInline}: {children: string; scope: object; noInline: boolean}) => (
        <LiveProvider code={children} scope={scope} noInline={noInline}>
          <LiveEditor aria-label="editor" />
          <div data-testid="preview">
            <LivePreview />
          </div>
          <LiveError />
        </LiveProvider>
      ),
    };
  },
  {virtual: true},
);

import LiveSample from '..';

describe('LiveSample', () => {
  it('draws the sample as code, and runs it once the reader asks', async () => {
    render(<LiveSample sample="valoresSeguridad" />);
    expect(screen.getByTestId('still')).toHaveTextContent("require('node-forge')");
    await userEvent.click(screen.getByRole('button', {name: 'Editar y ejecutar'}));
    await waitFor(() => expect(screen.getByTestId('preview')).toHaveTextContent(SECURITY_EXAMPLES.firma.output));
    expect(screen.getByTestId('preview')).toHaveTextContent(SECURITY_EXAMPLES.checksum.output);
  });

  it('runs the encryption sample with node-forge as its require: 512 hexadecimal characters', async () => {
    render(<LiveSample sample="cifrado" />);
    await userEvent.click(screen.getByRole('button', {name: 'Editar y ejecutar'}));
    await waitFor(() => expect(screen.getByTestId('preview').textContent).toMatch(/^[0-9a-f]{512}$/));
  });

  it('computes with the key of the remembered sandbox credentials', async () => {
    saveCredentials({usuario: 'comercio.k3x9', clave: 'Cl4ve', terminal: '900123', llave: 'LlaveDeMiTerminal'});
    try {
      render(<LiveSample sample="valoresSeguridad" />);
      expect(screen.getByTestId('still')).toHaveTextContent("'LlaveDeMiTerminal'");
      await userEvent.click(screen.getByRole('button', {name: 'Editar y ejecutar'}));
      const valor = SECURITY_EXAMPLES.md5ValidacionValor.inputs.find((i) => i.name === 'valor')!.value;
      await waitFor(() => expect(screen.getByTestId('preview')).toHaveTextContent(amountValidation('LlaveDeMiTerminal', valor)));
    } finally {
      localStorage.clear();
    }
  });
});
