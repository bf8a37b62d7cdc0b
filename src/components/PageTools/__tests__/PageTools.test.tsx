import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import PageTools, {assistantLinks, assistantPrompt, markdownUrl, referenceChannel} from '..';
import {mcpConfigs} from '../McpPanel';
import {setTestLocale} from '../../../../tests/support/translate';

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

  it("offers the contract of a reference page, in the reader's language", () => {
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

  it("opens ChatGPT and Claude with a prompt that points at the page's Markdown on the reader's origin", () => {
    renderAt('/vpost/integracion');
    const prompt = assistantPrompt(`${window.location.origin}/vpost/integracion.md`, 'es');
    expect(prompt).toContain('http://localhost/vpost/integracion.md');
    expect(screen.getByRole('link', {name: 'Abrir en ChatGPT'})).toHaveAttribute('href', assistantLinks(prompt).chatgpt);
    expect(screen.getByRole('link', {name: 'Abrir en Claude'})).toHaveAttribute('href', `https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    expect(screen.getByRole('link', {name: 'Abrir en Claude'})).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows the MCP configuration only when asked, made from the reader's origin", async () => {
    renderAt('/vpost/integracion');
    const button = screen.getByRole('button', {name: 'Conectar su asistente (MCP)'});
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', {name: 'Conectar su asistente (MCP)'})).not.toBeInTheDocument();
    await userEvent.click(button);
    const panel = await screen.findByRole('region', {name: 'Conectar su asistente (MCP)'});
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    const configs = mcpConfigs('http://localhost', 'Pasarela');
    expect(configs.url).toBe('http://localhost/mcp');
    expect(panel).toHaveTextContent('claude mcp add --transport http integraciones-pasarela http://localhost/mcp');
    expect(panel).toHaveTextContent('.cursor/mcp.json');
    expect(panel).toHaveTextContent('.vscode/mcp.json');
    expect(JSON.parse(configs.cursor)).toEqual({mcpServers: {'integraciones-pasarela': {url: 'http://localhost/mcp'}}});
    expect(JSON.parse(configs.vscode)).toEqual({servers: {'integraciones-pasarela': {type: 'http', url: 'http://localhost/mcp'}}});
    await userEvent.click(button);
    expect(screen.queryByRole('region', {name: 'Conectar su asistente (MCP)'})).not.toBeInTheDocument();
  });

  it('asks the assistant in English on the English site', async () => {
    setTestLocale('en');
    base = '/en/';
    renderAt('/en/guias/cifrado');
    expect(screen.getByRole('link', {name: 'Open in Claude'})).toHaveAttribute('href', assistantLinks(assistantPrompt('http://localhost/en/guias/cifrado.md', 'en')).claude);
    await userEvent.click(screen.getByRole('button', {name: 'Connect your assistant (MCP)'}));
    expect(await screen.findByRole('region', {name: 'Connect your assistant (MCP)'})).toHaveTextContent('http://localhost/mcp');
  });
});
