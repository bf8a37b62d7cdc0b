/**
 * Attack: a signing oracle. A test merchant's usuario is public (it is in its
 * purchase form and return URL). A stranger posts forms with it and wrong
 * security values, reads the expected values off the refusals (each computed
 * with the merchant's private key), pastes them back in, and so makes an
 * approved payment in the merchant's name, whose confirmation the merchant's
 * server receives correctly signed.
 */
import type {FastifyInstance} from 'fastify';
import {amountValidation, checksum, postSecurityToken, responseSignature} from '../../core/signatures';
import {form, FORM_TYPE} from '../../server/testSupport/sandboxForms';
import {MERCHANT} from '../../server/testSupport/sandbox';
import {EXAMPLE_KEY} from '../../core/data/securityExamples';
import {logOf, newMerchant, S, sandboxApp, STRANGER, type TestCredentials} from '../../server/testSupport/attacks';

let app: FastifyInstance;
let victim: TestCredentials;
const NOW = Date.parse('2026-11-28T15:00:00Z');

beforeAll(async () => {
  app = await sandboxApp({now: () => NOW});
  victim = await newMerchant(app);
});
afterAll(async () => app.close());

const purchase = (fields: Record<string, string>, lang = 'es') =>
  app.inject({method: 'POST', url: `${S}/pagos`, headers: {...FORM_TYPE, 'accept-language': lang}, payload: form(fields), remoteAddress: STRANGER});

const order = {factura: 'ROBO-1', valor: '990000', descripcionFactura: 'Pedido ajeno'};

describe('attack: a signing oracle on the purchase page', () => {
  it('shows a stranger no value computed with a test merchant’s key, in either language', async () => {
    const secrets = [checksum(order.factura, order.valor, victim.llave), amountValidation(victim.llave, order.valor), postSecurityToken(victim.llave, new Date(NOW))];
    for (const lang of ['es', 'en']) {
      for (const name of ['checksum', 'tokenSeguridad', 'md5ValidacionValor']) {
        const refused = await purchase({usuario: victim.usuario, ...order, [name]: '0'.repeat(32)}, lang);
        expect(refused.statusCode).toBe(422);
        for (const secret of secrets) expect(refused.body).not.toContain(secret);
        // It still says what to compute, and where its owner finds the value.
        expect(refused.body).toMatch(lang === 'es' ? /registro de solicitudes/ : /request log/);
      }
    }
  });

  it('takes no form that names a test merchant without a security value made with its key', async () => {
    const unsigned = await purchase({usuario: victim.usuario, ...order});
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.body).toContain('al menos un valor de seguridad');
    // The stranger never reaches a purchase page, so never a signed confirmation.
    expect(unsigned.body).not.toContain('name="resultado"');
  });

  it("gives the value to the merchant's owner, in its authenticated request log", async () => {
    await purchase({usuario: victim.usuario, ...order, checksum: 'f'.repeat(128)});
    const entry = (await logOf(app, victim)).find((e) => e.operacion === 'pagina-de-compra' && JSON.stringify(e.cuerpo).includes('f'.repeat(128)));
    expect(entry).toMatchObject({comprobada: false});
    expect(JSON.stringify(entry!.errores)).toContain(checksum(order.factura, order.valor, victim.llave));
  });

  it("keeps the developer's help for the public demo merchant, whose key is published", async () => {
    expect(MERCHANT.llave).toBe(EXAMPLE_KEY);
    const refused = await purchase({usuario: MERCHANT.usuario, ...order, checksum: 'f'.repeat(128)});
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(checksum(order.factura, order.valor, MERCHANT.llave));
  });

  it('takes the form its owner signed', async () => {
    const signed = await purchase({usuario: victim.usuario, ...order, checksum: checksum(order.factura, order.valor, victim.llave)});
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain('name="resultado"');
  });
});

describe('attack: a signing oracle on the return page', () => {
  it('says only whether a posted firma verifies, never the firma the key would make', async () => {
    const fields = {codigoFactura: 'ROBO-2', valorFactura: '1000', transaccionAprobada: '1', codigoAutorizacion: '123456', firmaPasarela: 'x'};
    const page = await app.inject({
      method: 'POST',
      url: `${S}/pagos/retorno?usuario=${encodeURIComponent(victim.usuario)}`,
      headers: FORM_TYPE,
      payload: form(fields),
      remoteAddress: STRANGER,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(responseSignature(victim.llave, 'ROBO-2', '1000', '123456'));
  });
});
