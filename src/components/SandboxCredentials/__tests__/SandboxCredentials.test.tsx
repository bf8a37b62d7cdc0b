import React from 'react';
import {act, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import SandboxCredentials from '..';
import {basicAuthorization, DEMO_MERCHANT, readCredentials, saveCredentials, storageKey, useSandboxCredentials} from '../../../lib/sandboxCredentials';
import {fakeSandbox, type FakeSandbox} from '../../../../tests/support/fakeSandbox';
import {setTestLocale} from '../../../../tests/support/translate';

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};
const ROTATED = {...MINE, clave: 'ClaveNueva', llave: 'LlaveNueva'};

/** Another place of the page that uses the credentials (try-it, the workbench...). */
function Elsewhere(): React.ReactNode {
  const credentials = useSandboxCredentials();
  return <span data-testid="elsewhere">{credentials?.usuario ?? 'demo'}</span>;
}

function draw(compact = false): void {
  render(
    <MemoryRouter>
      <SandboxCredentials compact={compact} />
      <Elsewhere />
    </MemoryRouter>,
  );
}

let sandbox: FakeSandbox;
beforeEach(() => {
  sandbox = fakeSandbox({
    'POST /sandbox/credenciales': {status: 201, body: MINE},
    'GET /sandbox/credenciales': {status: 200, body: {usuario: MINE.usuario, terminal: MINE.terminal, publico: false}},
    'POST /sandbox/credenciales/rotar': {status: 200, body: ROTATED},
  });
});
afterEach(() => {
  sandbox.restore();
  localStorage.clear();
  setTestLocale('es');
});

const value = (name: string): string => screen.getByTestId(`credential-${name}`).textContent ?? '';

describe('the credentials panel', () => {
  it('without credentials, says the public demo merchant is used and anyone can see its records', async () => {
    draw();
    const panel = await screen.findByRole('region', {name: 'Credenciales de prueba'});
    expect(panel).toHaveTextContent(`comercio de demostración (usuario ${DEMO_MERCHANT.usuario}, terminal ${DEMO_MERCHANT.terminal})`);
    expect(panel).toHaveTextContent('Es público: cualquiera puede ver sus registros.');
    expect(within(panel).getByRole('button', {name: 'Crear credenciales de prueba'})).toBeEnabled();
    expect(sandbox.requests).toEqual([]);
  });

  it('creates credentials, remembers them, shows them with copy buttons, and every other place follows', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(await screen.findByRole('button', {name: 'Crear credenciales de prueba'}));
    await screen.findByTestId('credential-usuario');
    expect(sandbox.requests[0]).toMatchObject({method: 'POST', url: '/sandbox/credenciales'});
    expect(sandbox.requests[0]!.headers.authorization).toBeUndefined();
    expect(readCredentials()).toEqual(MINE);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(MINE.usuario);
    expect([value('usuario'), value('clave'), value('terminal'), value('llave')]).toEqual([MINE.usuario, MINE.clave, MINE.terminal, MINE.llave]);
    for (const name of ['usuario', 'clave', 'terminal', 'llave']) {
      expect(screen.getByRole('button', {name: `Copiar ${name}`})).toBeInTheDocument();
    }
    expect(screen.getByTestId('credentials-status')).toHaveTextContent('Credenciales creadas');
  });

  it('copies a value and says so', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', {value: {writeText}, configurable: true});
    saveCredentials(MINE);
    draw();
    await user.click(await screen.findByRole('button', {name: 'Copiar llave'}));
    expect(writeText).toHaveBeenCalledWith(MINE.llave);
    await waitFor(() => expect(screen.getByTestId('credentials-status')).toHaveTextContent('llave copiado.'));
  });

  it('checks that the sandbox still knows remembered credentials, with Basic', async () => {
    saveCredentials(MINE);
    sandbox.on('GET /sandbox/credenciales', {status: 401, body: {codigo: '401', mensaje: 'Credenciales desconocidas'}});
    draw();
    expect(await screen.findByRole('alert')).toHaveTextContent('no reconoce estas credenciales');
    expect(sandbox.requests[0]).toMatchObject({method: 'GET', url: '/sandbox/credenciales'});
    expect(sandbox.requests[0]!.headers.authorization).toBe(basicAuthorization(MINE));
  });

  it('rotates: same usuario and terminal, new clave and llave, remembered', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    draw();
    await user.click(await screen.findByRole('button', {name: 'Rotar clave y llave'}));
    await waitFor(() => expect(value('clave')).toBe(ROTATED.clave));
    expect(value('llave')).toBe(ROTATED.llave);
    expect(readCredentials()).toEqual(ROTATED);
    const rotation = sandbox.requests.find((r) => r.url === '/sandbox/credenciales/rotar');
    expect(rotation?.headers.authorization).toBe(basicAuthorization(MINE));
    expect(screen.getByTestId('credentials-status')).toHaveTextContent('ya no sirven');
  });

  it('forgets after a confirmation, and falls back to the demo merchant everywhere', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    draw();
    await user.click(await screen.findByRole('button', {name: 'Olvidar'}));
    expect(readCredentials()).toEqual(MINE);
    await user.click(screen.getByRole('button', {name: 'Cancelar'}));
    await user.click(screen.getByRole('button', {name: 'Olvidar'}));
    await user.click(screen.getByRole('button', {name: 'Sí, olvidarlas'}));
    expect(localStorage.getItem(storageKey())).toBeNull();
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('demo');
    expect(screen.getByRole('button', {name: 'Crear credenciales de prueba'})).toBeInTheDocument();
  });

  it('says how long to wait when too many merchants were created from this address', async () => {
    const user = userEvent.setup();
    sandbox.on('POST /sandbox/credenciales', {status: 429, body: {codigo: 'limite'}, headers: {'Retry-After': '600'}});
    draw();
    await user.click(await screen.findByRole('button', {name: 'Crear credenciales de prueba'}));
    await waitFor(() => expect(screen.getByTestId('credentials-status')).toHaveTextContent('Intente de nuevo en 10 min.'));
    expect(readCredentials()).toBeNull();
  });

  it('downloads the Postman environment with Basic, through a temporary file address', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    sandbox.on('GET /sandbox/postman/entorno.json', {status: 200, body: {values: []}});
    const createObjectURL = jest.fn(() => 'blob:entorno');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, {createObjectURL, revokeObjectURL});
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('entorno.postman_environment.json');
      expect(this.getAttribute('href')).toBe('blob:entorno');
    });
    draw();
    await user.click(await screen.findByRole('button', {name: 'Descargar el entorno de Postman'}));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = sandbox.requests.find((r) => r.url === '/sandbox/postman/entorno.json');
    expect(request?.headers.authorization).toBe(basicAuthorization(MINE));
    click.mockRestore();
  });

  it('in compact form, one line and a button; the values open below', async () => {
    draw(true);
    const panel = await screen.findByRole('region', {name: 'Credenciales de prueba'});
    expect(within(panel).queryByRole('button', {name: /Postman/})).toBeNull();
    act(() => saveCredentials(MINE));
    expect(panel).toHaveTextContent(`Se usan sus credenciales de prueba: usuario ${MINE.usuario}, terminal ${MINE.terminal}.`);
    expect(within(panel).getByText('Ver, copiar, rotar u olvidar')).toBeInTheDocument();
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    draw();
    const panel = await screen.findByRole('region', {name: 'Test credentials'});
    expect(within(panel).getByRole('button', {name: 'Create test credentials'})).toBeInTheDocument();
    expect(panel).toHaveTextContent('anyone can see its records');
  });
});
