/**
 * @jest-environment jsdom
 */
import React from 'react';
import {act, render, screen} from '@testing-library/react';
import {renderToString} from 'react-dom/server';
import BrowserOnlyInTransition from '@site/src/components/BrowserOnlyInTransition';

describe('BrowserOnlyInTransition', () => {
  it('gives the server (and the first render) the fallback only', () => {
    const html = renderToString(<BrowserOnlyInTransition fallback={<p>Cargando…</p>}>{() => <p>Esquema</p>}</BrowserOnlyInTransition>);
    expect(html).toContain('Cargando…');
    expect(html).not.toContain('Esquema');
  });

  it('then draws its content in the browser, in place of the fallback', async () => {
    await act(async () => {
      render(<BrowserOnlyInTransition fallback={<p>Cargando…</p>}>{() => <p>Esquema</p>}</BrowserOnlyInTransition>);
    });
    expect(await screen.findByText('Esquema')).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });
});
