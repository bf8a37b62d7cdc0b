/**
 * The sandbox's SOAP service through a real SOAP client: `soap`'s
 * createClientAsync reads the WSDL the sandbox serves (whose soap:address
 * points at the sandbox) and calls the operations over HTTP, on the same
 * state as REST.
 */
import type {FastifyInstance} from 'fastify';
import * as soap from 'soap';
import {MERCHANT, freshToken, listeningSandboxApp} from '../../../testSupport/sandbox';

// Starting the sandbox reads the contracts; the machine is shared and can be slow.
jest.setTimeout(60_000);

let app: FastifyInstance;
let base: string;
let client: soap.Client;
let token: string;
beforeAll(async () => {
  ({app, base} = await listeningSandboxApp());
  client = await soap.createClientAsync(`${base}/sandbox/soap/ServicioPagos?wsdl`);
  token = await freshToken(app);
});
afterAll(async () => app.close());

const payment = (extra: Record<string, unknown> = {}) => ({
  MetodoPago: {Id: '42'},
  Referencia: 'SOAP-1',
  Valortotal: '150000',
  Valorbase: '0',
  Valoriva: '0',
  Descripcion: 'Pedido SOAP',
  Correo: 'ana@example.com',
  Apellido: 'Pérez',
  Nombre: 'Ana',
  Documento: '1020304050',
  Terminal: MERCHANT.terminal,
  Extra8: 'COP',
  Extra9: '1',
  tokenSeguridad: token,
  ...extra,
});

it('serves the WSDL with its address at the sandbox', async () => {
  const wsdl = await (await fetch(`${base}/sandbox/soap/ServicioPagos?wsdl`)).text();
  expect(wsdl).toContain(`<soap:address location="${base}/sandbox/soap/ServicioPagos"/>`);
  expect(Object.keys(client.describe().ServicioPagos.ServicioPagosSoap).sort()).toEqual([
    'confirmacionTransaccionMedioPago',
    'consultaInfoToken',
    'consultaSaldoSi',
    'consultarEstadoTransaccion',
    'eliminarRecurrenciaToken',
    'listarBancos',
    'procesarGrupoCodigoBarras',
    'reversarTransaccionTarjeta',
  ]);
});

it('creates a referenced payment and finds it with the status query, over SOAP and REST alike', async () => {
  const [paid] = await client.confirmacionTransaccionMedioPagoAsync(payment());
  expect(paid).toMatchObject({CodigoRespuesta: '0', estado: 'PENDIENTE', referencia: 'SOAP-1'});
  const [status] = await client.consultarEstadoTransaccionAsync({
    terminal: MERCHANT.terminal,
    referencia: 'SOAP-1',
    codigoSeguimiento: paid.CodigoSeguimiento,
    tokenSeguridad: token,
    estadoPago: true,
    valorTotal: true,
  });
  expect(status).toMatchObject({codigoRespuesta: '0', estadoPago: 'Pendiente', valorTotal: '150000'});
  const rest = await app.inject({
    method: 'POST',
    url: '/sandbox/core/consultarEstadoTransaccion',
    payload: {terminal: MERCHANT.terminal, referencia: 'SOAP-1', codigoSeguimiento: paid.CodigoSeguimiento, tokenSeguridad: token, estadoPago: true},
  });
  expect(rest.json()).toMatchObject({codigoRespuesta: '0', estadoPago: 'Pendiente'});
});

it('lists the banks and answers the other operations', async () => {
  const [banks] = await client.listarBancosAsync({idMetodoPago: '41', terminal: MERCHANT.terminal, accessToken: token});
  expect(banks.banco.length).toBeGreaterThan(1);
  const [group] = await client.procesarGrupoCodigoBarrasAsync({pago: [payment({MetodoPago: {Id: '11'}, Referencia: 'G-1'}), payment({MetodoPago: {Id: '17'}, Referencia: 'G-2'})]});
  expect(group.resultado).toHaveLength(2);
  const [info] = await client.consultaInfoTokenAsync({documentoCliente: '1', tokenTarjeta: 'x', terminal: MERCHANT.terminal, tokenSeguridad: token});
  expect(info.estado).toBe('99');
  const [saldo] = await client.consultaSaldoSiAsync({terminal: MERCHANT.terminal, tipoDocumento: '1', documento: '1', tokenSeguridad: token});
  expect(saldo.codigoRespuesta).toBe('1');
});

it('answers a bad request or a bad token with a client Fault naming the problem, never a 500', async () => {
  await expect(client.confirmacionTransaccionMedioPagoAsync(payment({Valortotal: '10.5'}))).rejects.toMatchObject({
    response: {status: 400},
    root: {Envelope: {Body: {Fault: {faultcode: 'soap:Client', faultstring: expect.stringMatching(/Valortotal/)}}}},
  });
  await expect(client.consultaInfoTokenAsync({documentoCliente: '1', tokenTarjeta: 'x', terminal: '9999', tokenSeguridad: token})).rejects.toMatchObject({
    response: {status: 401},
  });
  for (const body of ['<nope', '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><otra/></soap:Body></soap:Envelope>']) {
    const answer = await fetch(`${base}/sandbox/soap/ServicioPagos`, {method: 'POST', headers: {'content-type': 'text/xml'}, body});
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('<faultcode>soap:Client</faultcode>');
  }
});
