import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import RequestLog, {maskSecrets, readLog} from '../RequestLog';
import {basicAuthorization, DEMO_MERCHANT, saveCredentials} from '../../../../lib/sandboxCredentials';
import {fakeSandbox, type FakeSandbox} from '../../../../../tests/support/fakeSandbox';
import {setTestLocale} from '../../../../../tests/support/translate';

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};

const auth = {
  id: 'r1',
  fecha: '2026-03-15T14:30:00.000Z',
  canal: 'rest',
  operacion: 'autenticar',
  estado: 200,
  errores: null,
  cuerpo: {usuario: MINE.usuario, clave: '••••', terminal: MINE.terminal},
};
const failed = {
  id: 'r3',
  fecha: '2026-03-15T14:32:00.000Z',
  canal: 'rest',
  operacion: 'pagoTarjeta',
  estado: 400,
  errores: [{campo: 'MetodoPago.campo1', problema: 'falta'}],
  cuerpo: {terminal: MINE.terminal, tokenSeguridad: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', MetodoPago: {Id: '37', campo2: '123'}},
};
const purchase = {
  id: 'r2',
  fecha: '2026-03-15T14:31:00.000Z',
  canal: 'post',
  operacion: 'pagos',
  estado: 200,
  errores: null,
  cuerpo: {usuario: MINE.usuario, factura: 'FAC-000123'},
};

let sandbox: FakeSandbox;
beforeEach(() => {
  // Out of order on purpose: the page shows the newest first.
  sandbox = fakeSandbox({
    'GET /sandbox/registro': {status: 200, body: {solicitudes: [auth, failed, purchase]}},
    'GET /sandbox/registro?errores=1': {status: 200, body: {solicitudes: [failed]}},
  });
});
afterEach(() => {
  sandbox.restore();
  localStorage.clear();
  setTestLocale('es');
});

const draw = () => render(<RequestLog />, {wrapper: MemoryRouter});
const rows = () => screen.findAllByTestId('logged-request');

describe('the request log page', () => {
  it("reads the reader's log with Basic and lists it newest first: time, channel, operation, status, errors", async () => {
    saveCredentials(MINE);
    draw();
    const list = await rows();
    expect(sandbox.requests[0]!.headers.authorization).toBe(basicAuthorization(MINE));
    expect(list.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['pagoTarjeta', 'pagos', 'autenticar']);
    const [first, second] = list;
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent('REST');
    expect(within(first!).getAllByRole('cell')[3]).toHaveTextContent('400');
    expect(first).toHaveTextContent('"problema": "falta"');
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('Página de compra');
    expect(within(first!).getAllByRole('cell')[0]!.querySelector('time')).toHaveAttribute('dateTime', failed.fecha);
  });

  it('never shows a secret: values the sandbox masked stay so, any other is masked by the same rules', async () => {
    draw();
    const [first] = await rows();
    expect(first).toHaveTextContent('"tokenSeguridad": "••••.sig"');
    expect(first).not.toHaveTextContent('eyJhbGci');
    expect(first).toHaveTextContent('"campo2": "••••"');
    expect(
      maskSecrets({
        clave: 'abc',
        Llave: 'k',
        MetodoPago: {Id: '37', campo1: '4111111111111111', campo7: 'c0ffee00-1234-4321-9876-tokentarjeta'},
        campo1: '1022',
        Clave: '',
        tokenSeguridad: '••••abcd',
        nested: [{accessToken: 'short'}],
        usuario: 'u',
      }),
    ).toEqual({
      clave: '••••',
      Llave: '••••',
      MetodoPago: {Id: '37', campo1: '••••', campo7: '••••jeta'},
      campo1: '1022',
      Clave: '',
      tokenSeguridad: '••••abcd',
      nested: [{accessToken: '••••'}],
      usuario: 'u',
    });
  });

  it('marks a request that named the merchant without proving to be it', async () => {
    sandbox.restore();
    sandbox = fakeSandbox({'GET /sandbox/registro': {status: 200, body: {solicitudes: [{...auth, comprobada: false}, purchase]}}});
    saveCredentials(MINE);
    draw();
    const [newest, oldest] = await rows();
    expect(within(oldest!).getAllByRole('cell')[2]).toHaveTextContent('Sin comprobar');
    expect(within(newest!).getAllByRole('cell')[2]).not.toHaveTextContent('Sin comprobar');
  });

  it('asks the sandbox for the errors only', async () => {
    const user = userEvent.setup();
    draw();
    await rows();
    await user.click(screen.getByRole('checkbox', {name: 'Solo errores'}));
    await waitFor(() => expect(screen.getAllByTestId('logged-request')).toHaveLength(1));
    expect(sandbox.requests.at(-1)!.url).toBe('/sandbox/registro?errores=1');
  });

  it("without credentials shows the demo merchant's log, labelled public", async () => {
    draw();
    await rows();
    expect(sandbox.requests[0]!.headers.authorization).toBe(basicAuthorization(DEMO_MERCHANT));
    expect(screen.getByTestId('merchant')).toHaveTextContent('cualquiera puede verlos');
  });

  it('reads entries defensively', () => {
    expect(readLog({})).toBeNull();
    expect(readLog({solicitudes: [null, {fecha: 'x'}, {id: 7, estado: '404', fecha: 'nope'}]})).toEqual([
      {id: '7', fecha: 'nope', canal: '', operacion: '', estado: 404, errores: null, cuerpo: null, comprobada: true},
    ]);
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    draw();
    await rows();
    expect(screen.getByRole('checkbox', {name: 'Errors only'})).toBeInTheDocument();
  });
});
