import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import SandboxCertification from '..';
import {basicAuthorization, saveCredentials} from '../../../lib/sandboxCredentials';
import {fakeSandbox, type FakeSandbox} from '../../../../tests/support/fakeSandbox';
import {setTestLocale} from '../../../../tests/support/translate';

jest.setTimeout(15_000);

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};
const ID = 'Xp-LTNKjyiiZHwyyb3DYRQ';
const INFORME = `http://localhost:3000/sandbox/certificaciones/${ID}`;
const CHECK = {nombre: 'estados', titulo: 'Cada estado de una confirmación firmada se acusa (2xx) a tiempo', resultado: 'ok', detalle: '', guia: '/vpost/integracion?tab=sonda'};
const FAILED = {
  nombre: 'firma',
  titulo: 'Una confirmación alterada o sin firma válida se rechaza (4xx)',
  resultado: 'falla',
  detalle: 'La confirmación aprobada sin la variable de firma recibió 200: debía rechazarse con un 4xx.',
  guia: '/vpost/integracion?tab=sonda#antes-de-entregar-un-pedido',
};

function draw(): void {
  render(
    <MemoryRouter>
      <SandboxCertification />
    </MemoryRouter>,
  );
}

let sandbox: FakeSandbox;
let reads: number;
beforeEach(() => {
  reads = 0;
  sandbox = fakeSandbox({
    'GET /sandbox/certificaciones': {status: 200, body: {certificaciones: []}},
    'POST /sandbox/certificaciones': {status: 202, body: {id: ID, estado: 'en-curso', informe: INFORME}},
    // Running on the first read, ended with one failed check on the next.
    [`GET /sandbox/certificaciones/${ID}`]: () =>
      ++reads === 1 ? {status: 200, body: {id: ID, estado: 'en-curso', pruebas: [CHECK]}} : {status: 200, body: {id: ID, estado: 'fallida', pruebas: [CHECK, FAILED], firma: 'x'}},
  });
});
afterEach(() => {
  sandbox.restore();
  localStorage.clear();
  setTestLocale('es');
});

describe('the certification form', () => {
  it('asks for test credentials of your own first: the demo merchant cannot certify', async () => {
    draw();
    expect(await screen.findByRole('region', {name: 'Certificar mi integración'})).toHaveTextContent('no con las del comercio de demostración');
    expect(screen.queryByRole('button', {name: 'Certificar mi integración'})).toBeNull();
    expect(sandbox.requests).toEqual([]);
  });

  it('starts a run with the merchant’s credentials, follows it until it ends, and shows what failed with the way to the guide and the report', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    draw();
    const form = await screen.findByRole('region', {name: 'Certificar mi integración'});
    const confirmation = within(form).getByLabelText('URL de su receptor de confirmaciones');
    await user.clear(confirmation);
    await user.type(confirmation, 'http://127.0.0.1:8080/confirmacion');
    await user.click(within(form).getByLabelText('El entorno de pruebas, directamente a sus URL'));
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', {name: 'Certificar mi integración'}));

    const start = sandbox.requests.find((r) => r.method === 'POST');
    expect(start?.headers.authorization).toBe(basicAuthorization(MINE));
    expect(JSON.parse(start?.body ?? '{}')).toEqual({urlConfirmacion: 'http://127.0.0.1:8080/confirmacion', urlRespuesta: 'http://localhost:8081/', via: 'directa', rest: true});
    expect(await screen.findByText(/Pruebas terminadas hasta ahora: 1\./)).toBeInTheDocument();
    expect(within(form).getByRole('button', {name: 'Certificar mi integración'})).toBeDisabled();

    await waitFor(() => expect(within(form).getAllByRole('status')[0]).toHaveTextContent('Fallida'), {timeout: 5000});
    const failed = within(form).getByText(FAILED.detalle, {exact: false});
    expect(within(failed).getByRole('link', {name: 'Qué hacer'})).toHaveAttribute('href', FAILED.guia);
    expect(within(form).getByRole('link', {name: /Abrir el informe/})).toHaveAttribute('href', INFORME);
    expect(within(form).getByRole('button', {name: 'Certificar mi integración'})).toBeEnabled();
  });

  it('gives the escuchar.mjs command with the merchant’s credentials and both addresses when the listener makes the requests', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    draw();
    const form = await screen.findByRole('region', {name: 'Certificar mi integración'});
    await user.click(within(form).getByLabelText('escuchar.mjs, en su equipo'));
    expect(screen.getByTestId('listener-command')).toHaveTextContent(
      `node escuchar.mjs --usuario ${MINE.usuario} --clave ${MINE.clave} --reenviar http://localhost:8080/confirmacion --retorno http://localhost:8081/`,
    );
  });

  it('says why the sandbox refused a start, in its own words, and starts nothing', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    sandbox.on('POST /sandbox/certificaciones', {
      status: 429,
      headers: {'Retry-After': '1200'},
      body: {codigo: 'LIMITE_CERTIFICACIONES', mensaje: 'Su comercio ya pidió 6 certificaciones en la última hora: espere lo que dice Retry-After.'},
    });
    draw();
    await user.click(await screen.findByRole('button', {name: 'Certificar mi integración'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Intente de nuevo en 20 min.');
    expect(sandbox.requests.some((r) => r.url === `/sandbox/certificaciones/${ID}`)).toBe(false);
  });

  it('lists the merchant’s reports and revokes one, whose link then opens for nobody', async () => {
    const user = userEvent.setup();
    saveCredentials(MINE);
    let listed = [{id: ID, estado: 'aprobada', fecha: '2026-11-28T15:00:00.000Z', via: 'directa', informe: INFORME}];
    sandbox.on('GET /sandbox/certificaciones', () => ({status: 200, body: {certificaciones: listed}}));
    sandbox.on(`DELETE /sandbox/certificaciones/${ID}`, () => {
      listed = [];
      return {status: 204};
    });
    draw();
    await user.click(await screen.findByText('Sus informes (1)'));
    expect(screen.getByRole('link', {name: /2026/})).toHaveAttribute('href', INFORME);
    await user.click(screen.getByRole('button', {name: 'Revocar el enlace'}));
    expect(await screen.findByRole('status')).toHaveTextContent('ya no abre, para nadie');
    const revoke = sandbox.requests.find((r) => r.method === 'DELETE');
    expect(revoke?.headers.authorization).toBe(basicAuthorization(MINE));
    await waitFor(() => expect(screen.queryByText(/Sus informes/)).toBeNull());
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    saveCredentials(MINE);
    draw();
    const form = await screen.findByRole('region', {name: 'Certify my integration'});
    expect(within(form).getByLabelText('URL of your confirmation handler')).toBeInTheDocument();
    expect(within(form).getByRole('button', {name: 'Certify my integration'})).toBeInTheDocument();
  });
});
