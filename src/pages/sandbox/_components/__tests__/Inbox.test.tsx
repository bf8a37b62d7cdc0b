import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import Inbox from '../Inbox';
import {basicAuthorization, DEMO_MERCHANT, saveCredentials} from '../../../../lib/sandboxCredentials';
import {fakeSandbox, type FakeSandbox} from '../../../../../tests/support/fakeSandbox';
import {setTestLocale} from '../../../../../tests/support/translate';

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};

const approved = {
  id: 'n2',
  fecha: '2026-03-15T14:35:00.000Z',
  terminal: MINE.terminal,
  url: 'http://localhost:8080/confirmacion',
  estado: 'entregada',
  motivo: '',
  httpStatus: 200,
  respuesta: 'OK',
  cuerpo: {codigoFactura: 'FAC-000123', valorFactura: '150000', transaccionAprobada: '1', codigoAutorizacion: '548712', firmaPasarela: 'abc'},
  firmaValida: true,
  transaccion: 't2',
};
const pending = {
  id: 'n1',
  fecha: '2026-03-15T14:30:00.000Z',
  terminal: MINE.terminal,
  url: '/sandbox/notificaciones/receptor',
  estado: 'entregada',
  motivo: '',
  httpStatus: 200,
  cuerpo: {codigoFactura: 'FAC-000124', valorFactura: '90000', transaccionAprobada: '0', metodoPago: '41'},
  firmaValida: true,
  transaccion: 't1',
};

let sandbox: FakeSandbox;
beforeEach(() => {
  sandbox = fakeSandbox({'GET /sandbox/notificaciones': {status: 200, body: {notificaciones: [approved, pending]}}});
});
afterEach(() => {
  sandbox.restore();
  localStorage.clear();
  setTestLocale('es');
});

const draw = () => render(<Inbox />, {wrapper: MemoryRouter});
const items = () => screen.findAllByTestId('notification');

describe('the inbox page', () => {
  it("without credentials reads the demo merchant's inbox, and says it is public", async () => {
    draw();
    expect(await items()).toHaveLength(2);
    expect(screen.getByTestId('merchant')).toHaveTextContent(
      `Público Registros del comercio de demostración (usuario ${DEMO_MERCHANT.usuario}, terminal ${DEMO_MERCHANT.terminal}): cualquiera puede verlos.`,
    );
    const read = sandbox.requests[0]!;
    expect(read).toMatchObject({method: 'GET', url: '/sandbox/notificaciones'});
    expect(read.headers.accept).toBe('application/json');
    expect(read.headers.authorization).toBe(basicAuthorization(DEMO_MERCHANT));
  });

  it("with credentials reads the reader's own inbox, newest first as the sandbox sent it, with each confirmation's facts", async () => {
    saveCredentials(MINE);
    draw();
    const [first, second] = await items();
    expect(sandbox.requests[0]!.headers.authorization).toBe(basicAuthorization(MINE));
    expect(screen.getByTestId('merchant')).toHaveTextContent(`usuario ${MINE.usuario}, terminal ${MINE.terminal}. Solo quien tiene estas credenciales los ve.`);
    expect(within(first!).getByRole('heading', {level: 2})).toHaveTextContent('Factura FAC-000123');
    expect(first).toHaveTextContent('http://localhost:8080/confirmacion');
    expect(first).toHaveTextContent('entregada (HTTP 200)');
    expect(first).toHaveTextContent('Firmaválida');
    expect(within(first!).getByRole('row', {name: 'codigoAutorizacion 548712'})).toBeInTheDocument();
    expect(within(second!).getByRole('heading', {level: 2})).toHaveTextContent('Factura FAC-000124');
  });

  it('resends a confirmation as the merchant and shows how the URL answered', async () => {
    saveCredentials(MINE);
    sandbox.on('POST /sandbox/notificaciones/n2/reenviar', {status: 200, body: {entrega: {estado: 'entregada', httpStatus: 200}}});
    const user = userEvent.setup();
    draw();
    const [first] = await items();
    await user.click(within(first!).getByRole('button', {name: 'Reenviar'}));
    await waitFor(() => expect(first).toHaveTextContent('Reenviada: la URL respondió HTTP 200.'));
    const resend = sandbox.requests.find((r) => r.method === 'POST')!;
    expect(resend.url).toBe('/sandbox/notificaciones/n2/reenviar');
    expect(resend.headers.authorization).toBe(basicAuthorization(MINE));
    // The list is read again, and the outcome stays beside its confirmation.
    await waitFor(() => expect(sandbox.requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect((await items())[0]).toHaveTextContent('Reenviada');
  });

  it("says a resend to the sandbox's own receiver was delivered, though no HTTP status came back", async () => {
    saveCredentials(MINE);
    // As the sandbox answers: its receiver takes the confirmation without an HTTP call (server/sandbox/confirmations/notifier.ts).
    sandbox.on('POST /sandbox/notificaciones/n1/reenviar', {
      status: 200,
      body: {entrega: {estado: 'entregada', motivo: 'Entregada: Guardada por el receptor del entorno de pruebas.', url: pending.url}},
    });
    sandbox.on('POST /sandbox/notificaciones/n2/reenviar', {status: 200, body: {entrega: {estado: 'fallida', motivo: 'ECONNREFUSED'}}});
    const user = userEvent.setup();
    draw();
    const [first, second] = await items();
    await user.click(within(second!).getByRole('button', {name: 'Reenviar'}));
    await waitFor(() => expect(second).toHaveTextContent('Reenviada: Entregada: Guardada por el receptor del entorno de pruebas.'));
    expect(second).not.toHaveTextContent('Reenvío intentado');
    await user.click(within(first!).getByRole('button', {name: 'Reenviar'}));
    await waitFor(() => expect(first).toHaveTextContent('Reenvío intentado: ECONNREFUSED'));
  });

  it('offers to settle only the pending transaction, as approved, rejected or expired', async () => {
    saveCredentials(MINE);
    sandbox.on('POST /sandbox/transacciones/t1/liquidar', {status: 200, body: {transaccion: {}, notificacion: {}}});
    const user = userEvent.setup();
    draw();
    const [first, second] = await items();
    expect(within(first!).queryByRole('group', {name: 'Liquidar la transacción pendiente'})).toBeNull();
    const settle = within(second!).getByRole('group', {name: 'Liquidar la transacción pendiente'});
    expect(
      within(settle)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Aprobar', 'Rechazar', 'Expirar']);
    await user.click(within(settle).getByRole('button', {name: 'Rechazar'}));
    await waitFor(() => expect(second).toHaveTextContent('Transacción rechazada; su confirmación se envió'));
    const request = sandbox.requests.find((r) => r.method === 'POST')!;
    expect(request).toMatchObject({url: '/sandbox/transacciones/t1/liquidar', body: '{"estado":"rechazada"}'});
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('says what the sandbox said when a transaction is no longer pending', async () => {
    sandbox.on('POST /sandbox/transacciones/t1/liquidar', {status: 409, body: {codigo: 'no_pendiente', mensaje: 'La transacción t1 ya no está pendiente.'}});
    const user = userEvent.setup();
    draw();
    const second = (await items())[1]!;
    await user.click(within(second).getByRole('button', {name: 'Aprobar'}));
    await waitFor(() => expect(second).toHaveTextContent('La transacción t1 ya no está pendiente.'));
  });

  it('says when the sandbox no longer knows the remembered credentials, and where to make new ones', async () => {
    saveCredentials(MINE);
    sandbox.on('GET /sandbox/notificaciones', {status: 401, body: {codigo: '401', mensaje: 'x'}});
    draw();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('no reconoce estas credenciales');
    expect(within(alert).getByRole('link', {name: 'Administrar credenciales'})).toHaveAttribute('href', '/sandbox');
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    draw();
    await items();
    expect(screen.getByTestId('merchant')).toHaveTextContent('Public');
    expect(sandbox.requests[0]!.headers['accept-language']).toBe('en');
    expect(screen.getAllByRole('button', {name: 'Resend'})).toHaveLength(2);
  });
});
