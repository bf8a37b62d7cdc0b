/**
 * Attacks on tokens: reading a card token out of the request log (it is a
 * secret of the buyer's card: whoever has it pays with it), and going on
 * using a tokenSeguridad after the merchant rotated its credentials (rotating
 * is what a merchant does when it thinks they leaked).
 */
import {constants, publicEncrypt} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {DEMO_PUBLIC_KEY_PEM} from '../../core/data/encryption';
import {SANDBOX_TEST_CARDS, TEST_CARD} from '../../core/data/sandbox';
import {tokenOf} from '../../server/testSupport/sandbox';
import {asJson, logOf, newMerchant, S, sandboxApp, type TestCredentials} from '../../server/testSupport/attacks';

const enc = (text: string) => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(text)).toString('hex');
const visa = SANDBOX_TEST_CARDS.find((c) => c.brand === 'visa')!;

let app: FastifyInstance;
let me: TestCredentials;
beforeAll(async () => {
  app = await sandboxApp();
  me = await newMerchant(app);
});
afterAll(async () => app.close());

const pay = (token: string, metodo: Record<string, string>, referencia: string) =>
  app.inject({
    method: 'POST',
    url: `${S}/core/confirmacionTransaccionMedioPago`,
    payload: {
      MetodoPago: metodo,
      Referencia: referencia,
      Valortotal: '1000',
      Valorbase: '0',
      Valoriva: '0',
      Descripcion: 'Prueba',
      Correo: 'ana@example.com',
      Nombre: 'Ana',
      Apellido: 'Pérez',
      Documento: '1020304050',
      tipoDocumento: '1',
      Terminal: me.terminal,
      tokenSeguridad: token,
    },
  });

describe('attack: reading a card token in the request log', () => {
  it('masks the card token of a token payment (MetodoPago.campo7) as it masks every other token', async () => {
    const token = await tokenOf(app, me);
    const card = {Id: '37', campo1: enc(visa.approved), campo2: enc(TEST_CARD.cvc), campo3: enc(TEST_CARD.expiryYear), campo4: enc(TEST_CARD.expiryMonth), campo5: '1'};
    const created = await pay(token, {...card, campo6: '0'}, 'TOK-1');
    const tokenTarjeta = created.json<{tokenTarjeta: string}>().tokenTarjeta;
    expect(tokenTarjeta).toEqual(expect.any(String));
    expect((await pay(token, {Id: '37', campo5: '1', campo7: tokenTarjeta}, 'TOK-2')).json()).toMatchObject({CodigoRespuesta: '0'});
    const log = JSON.stringify(await logOf(app, me));
    expect(log).not.toContain(tokenTarjeta);
    expect(log).not.toContain(token);
    expect(log).toContain(`••••${tokenTarjeta.slice(-4)}`);
  });
});

describe('attack: a token that outlives rotated credentials', () => {
  it('refuses, on REST and SOAP, every token issued before the credentials were rotated', async () => {
    const merchant = await newMerchant(app);
    const old = await tokenOf(app, merchant);
    const ask = (token: string) => app.inject({method: 'POST', url: `${S}/core/listarBancos`, payload: {idMetodoPago: '41', terminal: merchant.terminal, accessToken: token}});
    expect((await ask(old)).statusCode).toBe(200);
    const rotated = (await app.inject({method: 'POST', url: `${S}/credenciales/rotar`, headers: asJson(merchant)})).json<TestCredentials>();
    const refused = await ask(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().mensaje).toContain('se rotaron');
    const soap = await app.inject({
      method: 'POST',
      url: `${S}/soap/ServicioPagos`,
      headers: {'content-type': 'text/xml; charset=utf-8', soapaction: 'listarBancos'},
      payload: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="urn:integraciones:pagos"><soap:Body><p:listarBancos><p:idMetodoPago>41</p:idMetodoPago><p:terminal>${merchant.terminal}</p:terminal><p:accessToken>${old}</p:accessToken></p:listarBancos></soap:Body></soap:Envelope>`,
    });
    expect(soap.statusCode).toBe(401);
    expect(soap.body).toContain('se rotaron');
    // The new credentials' tokens work.
    expect((await ask(await tokenOf(app, {...merchant, clave: rotated.clave}))).statusCode).toBe(200);
  });
});
