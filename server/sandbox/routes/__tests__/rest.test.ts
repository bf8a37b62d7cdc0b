/**
 * The sandbox's REST flows end to end (pay, query, reverse; PSE pending then
 * approved at the simulated bank; first wallet OTP; second wallet by phone;
 * tokens; reconciliation paging) and its refusals (tokens, bad bodies).
 */
import {constants, publicEncrypt} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {DEMO_PUBLIC_KEY_PEM} from '../../../../core/data/encryption';
import {SANDBOX_RULES, SANDBOX_TEST_CARDS, SANDBOX_WALLET_PHONES, TEST_CARD} from '../../../../core/data/sandbox';
import {RECONCILIATION_PAGE_SIZE} from '../../../../core/data/resultCodes';
import {MERCHANT, freshToken, sandboxApp} from '../../../testSupport/sandbox';

// Starting the sandbox reads the contracts; the machine is shared and can be slow.
jest.setTimeout(60_000);

const CORE = '/sandbox/core';
const enc = (text: string) => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(text)).toString('hex');
const card = (brand: string) => SANDBOX_TEST_CARDS.find((c) => c.brand === brand)!;

let clock = Date.parse('2026-03-15T14:30:00Z');
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await sandboxApp({now: () => clock});
  token = await freshToken(app);
});
afterAll(async () => app.close());

let ref = 0;
function payment(metodo: Record<string, string>, extra: Record<string, unknown> = {}) {
  ref += 1;
  return {
    MetodoPago: metodo,
    Referencia: `T-${ref}`,
    Valortotal: '1000',
    Valorbase: '0',
    Valoriva: '0',
    Descripcion: 'Prueba',
    Correo: 'ana@example.com',
    Nombre: 'Ana',
    Apellido: 'Pérez',
    Documento: '1020304050',
    tipoDocumento: '1',
    Terminal: MERCHANT.terminal,
    tokenSeguridad: token,
    ...extra,
  };
}
const cardMethod = (number: string, id = '37', more: Record<string, string> = {}) => ({
  Id: id,
  campo1: enc(number),
  campo2: enc(TEST_CARD.cvc),
  campo3: enc(TEST_CARD.expiryYear),
  campo4: enc(TEST_CARD.expiryMonth),
  campo5: '1',
  ...more,
});
const post = (path: string, payload: object) => app.inject({method: 'POST', url: `${CORE}${path}`, payload});

describe('authentication', () => {
  it('gives a JWT to the demo merchant and refuses other credentials with code 1', async () => {
    expect(token.split('.')).toHaveLength(3);
    const wrong = await app.inject({method: 'POST', url: '/sandbox/auth/autenticar', payload: {usuario: MERCHANT.usuario, clave: 'otra', terminal: MERCHANT.terminal}});
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({codigoRespuesta: '1', mensaje: expect.any(String)});
  });

  const query = (tokenSeguridad: string, terminal = MERCHANT.terminal) => post('/consultarEstadoTransaccion', {terminal, referencia: 'X', codigoSeguimiento: '1', tokenSeguridad});

  it("refuses a tampered, a forged, another terminal's and an expired token with 401", async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({...claims, exp: 9999999999})).toString('base64url')}.${signature}`;
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    for (const bad of [tampered, forged]) {
      const answer = await query(bad);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({codigoRespuesta: '99', descripcionRespuesta: expect.stringMatching(/firma/)});
    }
    const other = await query(token, '9999');
    expect(other.statusCode).toBe(401);
    expect(other.json().descripcionRespuesta).toMatch(/otra terminal/);
    const old = await freshToken(app);
    clock += SANDBOX_RULES.tokenMinutes * 60_000;
    const expired = await query(old);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().descripcionRespuesta).toMatch(/venció/);
    token = await freshToken(app);
  });

  it('refuses a missing token with 400 naming the field, and a non-JWT by its pattern', async () => {
    const missing = await post('/consultarEstadoTransaccion', {terminal: MERCHANT.terminal, referencia: 'X', codigoSeguimiento: '1'});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errores).toEqual([{campo: 'tokenSeguridad', mensaje: 'Falta el campo tokenSeguridad.'}]);
    const notJwt = await query('abc');
    expect(notJwt.statusCode).toBe(400);
    expect(notJwt.json().descripcionRespuesta).toMatch(/tokenSeguridad/);
  });
});

describe('bad requests get a 4xx naming the field, never a 500', () => {
  const cases: [string, () => Promise<{statusCode: number; json(): unknown}>, RegExp][] = [
    ['three decimals', () => post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('visa').approved), {Valortotal: '10.123'})), /Valortotal/],
    ['empty Valorbase', () => post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('visa').approved), {Valorbase: ''})), /Valorbase/],
    ['unknown method id', () => post('/confirmacionTransaccionMedioPago', payment({Id: '99'})), /MetodoPago\.Id/],
    ['production method id', () => post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('visa').approved, '2'))), /producción/],
    ['not encrypted card', () => post('/confirmacionTransaccionMedioPago', payment({...cardMethod(card('visa').approved), campo1: '4111111111111111'})), /MetodoPago\.campo1/],
    ['encrypted with another key', () => post('/confirmacionTransaccionMedioPago', payment({...cardMethod(card('visa').approved), campo1: 'ab'.repeat(256)})), /descifrar/],
    ['not a test card', () => post('/confirmacionTransaccionMedioPago', payment(cardMethod('4242424242424242'))), /tarjeta de prueba/],
    ['card of another brand', () => post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('mastercard').approved, '37'))), /franquicia/],
    ['both variants', () => post('/confirmacionTransaccionMedioPago', payment({Id: '42'}, {Extra9: '1'})), /variantes/],
    ['misspelt field', () => post('/confirmacionTransaccionMedioPago', payment({Id: '42'}, {Valortotl: '1'})), /Valortotl/],
    ['PSE unknown bank', () => post('/confirmacionTransaccionMedioPago', payment({Id: '41', campo1: '7', campo2: 'X', campo3: '0', campo4: 'https://t.example/r'})), /campo1/],
    ['invalid JSON', () => app.inject({method: 'POST', url: `${CORE}/listarBancos`, headers: {'content-type': 'application/json'}, payload: '{"idMetodoPago":'}), /JSON/],
    ['no body', () => app.inject({method: 'POST', url: `${CORE}/listarBancos`}), /cuerpo|tipo object/i],
    ['wrong media type', () => app.inject({method: 'POST', url: `${CORE}/listarBancos`, headers: {'content-type': 'text/plain'}, payload: 'x'}), /JSON/],
    ['bad date', () => app.inject({method: 'GET', url: `/sandbox/rest/conciliacion/4501/2026-13-01/2026-03-15/1`, headers: {authorization: token}}), /fecha_inicio/],
    ['page 0', () => app.inject({method: 'GET', url: `/sandbox/rest/conciliacion/4501/2026-03-01/2026-03-15/0`, headers: {authorization: token}}), /pagina/],
    ['no Authorization', () => app.inject({method: 'GET', url: `/sandbox/rest/conciliacion/4501/2026-03-01/2026-03-15/1`}), /Authorization/],
    [
      'button min over max',
      () =>
        post('/crearBotonPago', {
          nombreBoton: 'B',
          descripcion: 'D',
          usaValorVariable: true,
          montoMinimo: '9',
          montoMaximo: '1',
          terminal: MERCHANT.terminal,
          tokenSeguridad: token,
        }),
      /montoMinimo/,
    ],
  ];
  it.each(cases)('%s', async (_name, send, field) => {
    const answer = await send();
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(JSON.stringify(answer.json())).toMatch(field);
  });
});

describe('card flows', () => {
  it('pays, finds the payment by status query with the flags asked for, reverses it once', async () => {
    const paid = await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('visa').approved), {Extra1: 'pedido-1', Valortotal: '1000.50'}));
    expect(paid.json()).toMatchObject({CodigoRespuesta: '0', estado: 'OK', numeroAutorizacion: expect.stringMatching(/^\d{6}$/)});
    const {CodigoSeguimiento, referencia, numeroAutorizacion, valor} = paid.json();
    const status = await post('/consultarEstadoTransaccion', {
      terminal: MERCHANT.terminal,
      referencia,
      codigoSeguimiento: CodigoSeguimiento,
      tokenSeguridad: token,
      estadoPago: true,
      valorTotal: true,
      campoextra1: true,
      metodoDePago: true,
    });
    expect(status.json()).toEqual({
      codigoRespuesta: '0',
      descripcionRespuesta: 'Consulta exitosa',
      estadoPago: 'Aprobada',
      valorTotal: '1000.50',
      campoextra1: 'pedido-1',
      metodoDePago: 'VISA',
    });
    const reverse = {
      codigoSeguimiento: CodigoSeguimiento,
      codigoAutorizacion: numeroAutorizacion,
      referencia,
      valorTotal: valor,
      terminal: MERCHANT.terminal,
      tokenSeguridad: token,
    };
    expect((await post('/reversarTransaccionTarjeta', reverse)).json()).toEqual({mensaje: 'Transacción reversada', estado: 'true'});
    expect((await post('/reversarTransaccionTarjeta', reverse)).json().estado).toBe('false');
    const after = await post('/consultarEstadoTransaccion', {
      terminal: MERCHANT.terminal,
      referencia,
      codigoSeguimiento: CodigoSeguimiento,
      tokenSeguridad: token,
      estadoPago: true,
    });
    expect(after.json().estadoPago).toBe('Reversada');
  });

  it('rejects with authorization 00000, and 00 for Mastercard', async () => {
    const visa = await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('visa').rejected)));
    expect(visa.json()).toMatchObject({CodigoRespuesta: '1', estado: 'RECHAZADA', numeroAutorizacion: '00000'});
    const mc = await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('mastercard').rejected, '38')));
    expect(mc.json()).toMatchObject({CodigoRespuesta: '1', numeroAutorizacion: '00'});
    const wrongCvc = await post('/confirmacionTransaccionMedioPago', payment({...cardMethod(card('visa').approved), campo2: enc('999')}));
    expect(wrongCvc.json().CodigoRespuesta).toBe('1');
  });

  it('creates a token with campo6 0, pays with it (campo7, campo5), tells its info, deletes it', async () => {
    const created = await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('amex').approved, '39', {campo6: '0'})));
    const tokenTarjeta = created.json().tokenTarjeta as string;
    expect(tokenTarjeta).toMatch(/^[0-9a-f-]{36}$/);
    const byToken = await post('/confirmacionTransaccionMedioPago', payment({Id: '39', campo5: '3', campo7: tokenTarjeta}));
    expect(byToken.json()).toMatchObject({CodigoRespuesta: '0', estado: 'OK'});
    const info = await post('/consultaInfoToken', {documentoCliente: '1020304050', tokenTarjeta, terminal: MERCHANT.terminal, tokenSeguridad: token});
    expect(info.json()).toEqual({franquicia: 'AMERICAN EXPRESS', ultimosNumeros: card('amex').approved.slice(-4), estado: '0', descripcion: 'Consulta exitosa'});
    const del = {
      terminal: MERCHANT.terminal,
      tipoBorrado: '0',
      identificacion: '1020304050',
      tipoDocumento: '0',
      ultimosDigitos: card('amex').approved.slice(-4),
      tokenSeguridad: token,
    };
    expect((await post('/eliminarRecurrenciaToken', del)).json().estado).toBe('true');
    expect((await post('/consultaInfoToken', {documentoCliente: '1020304050', tokenTarjeta, terminal: MERCHANT.terminal, tokenSeguridad: token})).json().estado).toBe('99');
    const again = await post('/confirmacionTransaccionMedioPago', payment({Id: '39', campo5: '1', campo7: tokenTarjeta}));
    expect(again.json().CodigoRespuesta).toBe('1');
  });

  it('creates a recurrence only when the first charge is approved', async () => {
    const last4 = (n: string) => n.slice(-4);
    const del = (n: string) => ({terminal: MERCHANT.terminal, tipoBorrado: '1', identificacion: '1020304050', tipoDocumento: '0', ultimosDigitos: last4(n), tokenSeguridad: token});
    await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('diners').rejected, '40', {campo6: '30', campo8: '12'})));
    expect((await post('/eliminarRecurrenciaToken', del(card('diners').rejected))).json().estado).toBe('false');
    await post('/confirmacionTransaccionMedioPago', payment(cardMethod(card('diners').approved, '40', {campo6: '30', campo8: '12'})));
    expect((await post('/eliminarRecurrenciaToken', del(card('diners').approved))).json().estado).toBe('true');
  });
});

describe('pending flows', () => {
  it('PSE stays pending until the simulated bank approves it', async () => {
    const banks = (await post('/listarBancos', {idMetodoPago: '41', terminal: MERCHANT.terminal, accessToken: token})).json<{codigoBanco: string; nombreBanco: string}[]>();
    const bank = banks.find((b) => b.codigoBanco !== '0')!;
    const created = await post(
      '/confirmacionTransaccionMedioPago',
      payment({Id: '41', campo1: bank.codigoBanco, campo2: bank.nombreBanco, campo3: '0', campo4: 'https://tienda.example.com/vuelta'}, {Valortotal: '250000'}),
    );
    expect(created.json()).toMatchObject({CodigoRespuesta: '0', estado: 'PENDIENTE', urlBanco: expect.stringMatching(/^http:\/\/portal\.test\/sandbox\/banco\//)});
    const {CodigoSeguimiento, referencia, urlBanco} = created.json();
    const ask = () =>
      post('/consultarEstadoTransaccion', {terminal: MERCHANT.terminal, referencia, codigoSeguimiento: CodigoSeguimiento, tokenSeguridad: token, estadoPago: true, banco: true});
    expect((await ask()).json()).toMatchObject({estadoPago: 'Pendiente', banco: bank.nombreBanco});
    const page = await app.inject({method: 'GET', url: new URL(urlBanco).pathname});
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="es">/);
    const decided = await app.inject({
      method: 'POST',
      url: new URL(urlBanco).pathname,
      payload: 'decision=aprobar',
      headers: {'content-type': 'application/x-www-form-urlencoded'},
    });
    // The return URL leaves the portal: a page says where the gateway would send the buyer, with a link; no redirect.
    expect(decided.statusCode).toBe(200);
    expect(decided.headers.location).toBeUndefined();
    expect(decided.body).toContain('<a href="https://tienda.example.com/vuelta"');
    expect((await ask()).json()).toMatchObject({estadoPago: 'Aprobada'});
  });

  it('first wallet: code 2 with the OTP; a wrong OTP leaves it pending, saying the attempts left; the right one completes; the last wrong one rejects', async () => {
    const created = await post('/confirmacionTransaccionMedioPago', payment({Id: '71'}, {Valortotal: '35000'}));
    expect(created.json()).toMatchObject({CodigoRespuesta: '2', estado: 'PENDIENTE', numeroAutorizacion: expect.stringMatching(new RegExp(`^\\d{${SANDBOX_RULES.otpDigits}}$`))});
    const {CodigoSeguimiento, numeroAutorizacion: otp} = created.json();
    const finish = (codigoOTP: string) => post('/finalizaPagoDaviplata', {codigoSeguimiento: CodigoSeguimiento, terminal: MERCHANT.terminal, tokenSeguridad: token, codigoOTP});
    const wrong = String((Number(otp) + 1) % 10 ** SANDBOX_RULES.otpDigits).padStart(SANDBOX_RULES.otpDigits, '0');
    expect((await finish(wrong)).json()).toMatchObject({CodigoRespuesta: '2', estado: 'PENDIENTE', Descripción: 'El código OTP no es válido: quedan 2 intentos.'});
    expect((await finish(wrong)).json()).toMatchObject({CodigoRespuesta: '2', Descripción: 'El código OTP no es válido: queda 1 intento.'});
    expect((await finish(otp)).json()).toMatchObject({CodigoRespuesta: '0', estado: 'OK'});
    expect((await finish(otp)).json().CodigoRespuesta).toBe('0');
    // Another payment: the last wrong OTP rejects it.
    const other = (await post('/confirmacionTransaccionMedioPago', payment({Id: '71'}, {Valortotal: '35000'}))).json();
    const otherWrong = String((Number(other.numeroAutorizacion) + 1) % 10 ** SANDBOX_RULES.otpDigits).padStart(SANDBOX_RULES.otpDigits, '0');
    const again = () => post('/finalizaPagoDaviplata', {codigoSeguimiento: other.CodigoSeguimiento, terminal: MERCHANT.terminal, tokenSeguridad: token, codigoOTP: otherWrong});
    for (let i = 1; i < SANDBOX_RULES.otpAttempts; i++) expect((await again()).json().CodigoRespuesta).toBe('2');
    expect((await again()).json()).toMatchObject({CodigoRespuesta: '1', estado: 'RECHAZADA'});
  });

  it('second wallet: pending for a Colombian mobile, rejected for the missing and the blocked account', async () => {
    const pay = (Celular: string) => post('/confirmacionTransaccionMedioPago', payment({Id: '72'}, {Valortotal: '42000', Celular}));
    expect((await pay(SANDBOX_WALLET_PHONES.pendingExample)).json()).toMatchObject({CodigoRespuesta: '2', estado: 'PENDIENTE'});
    expect((await pay(SANDBOX_WALLET_PHONES.accountMissing)).json()).toMatchObject({CodigoRespuesta: '1', Descripción: expect.stringMatching(/no existe/)});
    expect((await pay(SANDBOX_WALLET_PHONES.accountBlocked)).json()).toMatchObject({CodigoRespuesta: '1', Descripción: expect.stringMatching(/bloqueada/)});
  });
});

describe('reconciliation', () => {
  it("pages the terminal's transactions 10 at a time", async () => {
    const fresh = await sandboxApp({now: () => clock});
    try {
      const t = await freshToken(fresh);
      for (let i = 0; i < 12; i += 1) {
        await fresh.inject({method: 'POST', url: `${CORE}/confirmacionTransaccionMedioPago`, payload: {...payment({Id: '42'}), tokenSeguridad: t}});
      }
      const day = new Date(clock - 5 * 3600_000).toISOString().slice(0, 10);
      const page = async (n: number) =>
        (await fresh.inject({method: 'GET', url: `/sandbox/rest/conciliacion/${MERCHANT.terminal}/${day}/${day}/${n}`, headers: {authorization: t}})).json();
      expect((await page(1)).transacciones).toHaveLength(RECONCILIATION_PAGE_SIZE);
      expect((await page(2)).transacciones).toHaveLength(2);
      expect(await page(3)).toMatchObject({status: '200', transacciones: []});
      expect((await page(1)).transacciones[0]).toMatchObject({estadoPago: 'Pendiente', metodoDePago: 'Pago referenciado'});
    } finally {
      await fresh.close();
    }
  });
});
