import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import PageTools, {markdownUrl, referenceChannel} from '.';
import {setTestLocale} from '../../../tests/support/translate';

// useBaseUrl: the locale's base in front of a site path, as Docusaurus does (/ in Spanish, /en/ in English).
let base = '/';
jest.mock('@docusaurus/useBaseUrl', () => ({__esModule: true, default: (path: string) => `${base}${path.replace(/^\//, '')}`}), {virtual: true});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageTools />
    </MemoryRouter>,
  );
}

describe('PageTools', () => {
  const fetchMock = jest.fn();
  const writeText = jest.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    writeText.mockReset();
    global.fetch = fetchMock;
    Object.assign(navigator, {clipboard: {writeText}});
  });
  afterEach(() => {
    setTestLocale('es');
    base = '/';
  });

  it('names the Markdown copy and the reference channel of a path', () => {
    expect(markdownUrl('/vpost/integracion')).toBe('/vpost/integracion.md');
    expect(markdownUrl('/en/vpost/')).toBe('/en/vpost.md');
    expect(referenceChannel('/rest/autenticacion')).toBe('rest');
    expect(referenceChannel('/en/tcrest')).toBe('tcrest');
    expect(referenceChannel('/vpost/integracion')).toBeNull();
    expect(referenceChannel('/en/restaurante')).toBeNull();
  });

  it('copies the page as Markdown only when asked, and says so to screen readers', async () => {
    fetchMock.mockResolvedValue({ok: true, status: 200, text: async () => '# Integración\n'});
    writeText.mockResolvedValue(undefined);
    renderAt('/vpost/integracion');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', {name: 'Ver en Markdown'})).toHaveAttribute('href', '/vpost/integracion.md');
    expect(screen.queryByRole('link', {name: 'Descargar contrato OpenAPI'})).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', {name: 'Copiar página'}));
    expect(await screen.findByText('Página copiada como Markdown.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Página copiada como Markdown.');
    expect(fetchMock).toHaveBeenCalledWith('/vpost/integracion.md', expect.anything());
    expect(writeText).toHaveBeenCalledWith('# Integración\n');
  });

  it('says when the Markdown cannot be fetched, and copies nothing', async () => {
    fetchMock.mockResolvedValue({ok: false, status: 404, text: async () => 'no'});
    renderAt('/vpost/integracion');
    await userEvent.click(screen.getByRole('button', {name: 'Copiar página'}));
    expect(await screen.findByRole('status')).toHaveTextContent('No se pudo copiar la página');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('offers the contract of a reference page, in the reader\'s language', () => {
    renderAt('/rest/autenticacion');
    expect(screen.getByRole('link', {name: 'Descargar contrato OpenAPI'})).toHaveAttribute('href', '/openapi/rest.yaml');
  });

  it('speaks English on the English site', () => {
    setTestLocale('en');
    base = '/en/';
    renderAt('/en/apirest/autenticacion');
    expect(screen.getByRole('button', {name: 'Copy page'})).toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', '/en/apirest/autenticacion.md');
    expect(screen.getByRole('link', {name: 'Download OpenAPI contract'})).toHaveAttribute('href', '/en/openapi/apirest.en.yaml');
  });
});
