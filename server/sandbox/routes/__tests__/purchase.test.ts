/**
 * The sandbox's hosted purchase page (server/sandbox/purchase.ts): every
 * sample form of the code dialog, as the dialog builds it, is accepted; the
 * security values are checked with the same functions a merchant uses; a
 * mismatch refuses the transaction with a page naming the variable.
 */
import type {FastifyInstance} from 'fastify';
import {SAMPLE_KEYS, buildSample, type SampleKey} from '../../../../core/data/codeSamples';
import {loadPortalConfig, samplePurchaseEndpoint, SANDBOX_BASE} from '../../../../core/config';
import {amountValidation, checksum, postSecurityToken, responseSignature} from '../../../../core/signatures';
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import {loadDemoMerchant} from '../../merchants/demoMerchant';
import {FORM_TYPE, form, formsOf} from '../../../testSupport/sandboxForms';
import {sandboxApp} from '../../../testSupport/sandbox';

const merchant = loadDemoMerchant();
const basic = (usuario: string, clave: string) => `Basic ${Buffer.from(`${usuario}:${clave}`).toString('base64')}`;
const portal = loadPortalConfig({});
const SITE = 'http://portal.test';
/** 14:30 UTC, 09:30 in UTC-05:00. */
const NOW = Date.parse('2026-03-15T14:30:20Z');
const FORM_KEYS = SAMPLE_KEYS.filter((key): key is Exclude<SampleKey, 'cifrado'> => key !== 'cifrado');

let app: FastifyInstance;
beforeEach(async () => {
  app = await sandboxApp({now: () => NOW});
});
afterEach(async () => app.close());

/** The sample's form exactly as the code dialog shows it, with the sandbox on. */
function sampleForm(key: Exclude<SampleKey, 'cifrado'>, locale: 'es' | 'en') {
  const code = buildSample(key, samplePurchaseEndpoint(portal, SITE), locale, 'Muestra').code;
  const forms = formsOf(code);
  expect(forms).toHaveLength(1);
  return forms[0]!;
}

/** What a merchant's server fills in: its user and the security values, computed with the terminal key. */
function signed(fields: Record<string, string>, at = new Date(NOW)): Record<string, string> {
  return {
    ...fields,
    usuario: merchant.usuario,
    checksum: checksum(fields.factura!, fields.valor!, merchant.llave),
    tokenSeguridad: postSecurityToken(merchant.llave, at),
    md5ValidacionValor: amountValidation(merchant.llave, fields.valor!),
  };
}

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: {...FORM_TYPE, ...headers}, payload: form(fields)});

describe('the sample forms', () => {
  for (const locale of ['es', 'en'] as const) {
    for (const key of FORM_KEYS) {
      it(`${key} (${locale}) posts to the sandbox purchase page and is accepted as it is`, async () => {
        const sample = sampleForm(key, locale);
        expect(sample.action).toBe(`${SITE}${SANDBOX_BASE}/pagos`);
        expect(sample.method).toBe('post');
        const response = await post(sample.fields);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('Página de compra (entorno de pruebas)');
        expect(response.body).toContain('Muestra sin firmar');
        expect(response.body).toContain(sample.fields.factura);
      });

      it(`${key} (${locale}) signed by the demo merchant is accepted, every security value checked`, async () => {
        const response = await post(signed(sampleForm(key, locale).fields));
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('Comprobado con la llave de la terminal: checksum, tokenSeguridad, md5ValidacionValor.');
        expect(response.body).not.toContain(merchant.llave);
      });
    }
  }

  it('posts to the documented demo gateway when the sandbox is off', () => {
    const off = loadPortalConfig({SANDBOX: 'off'});
    const code = buildSample('pagogeneral', samplePurchaseEndpoint(off, SITE), 'es', 'Pago general').code;
    expect(formsOf(code)[0]!.action).toBe(off.purchaseEndpoints.demo);
  });
});

describe('refusals', () => {
  const general = () => signed(sampleForm('pagogeneral', 'es').fields);

  it('refuses a tampered checksum, naming it, with the expected value and never the key', async () => {
    const fields = {...general(), valor: '150001', md5ValidacionValor: amountValidation(merchant.llave, '150001')};
    const response = await post(fields);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Transacción rechazada');
    expect(response.body).toContain('<code>checksum</code> no coincide');
    expect(response.body).toContain(checksum('FAC-000123', '150001', merchant.llave));
    expect(response.body).not.toContain(merchant.llave);
  });

  it('accepts tokenSeguridad within 5 minutes in UTC-05:00 and refuses it beyond, naming the window', async () => {
    for (const minutes of [-5, 5]) {
      expect((await post(signed(sampleForm('pagogeneral', 'es').fields, new Date(NOW + minutes * 60_000)))).statusCode).toBe(200);
    }
    for (const minutes of [-6, 6, 60 * 5]) {
      const response = await post(signed(sampleForm('pagogeneral', 'es').fields, new Date(NOW + minutes * 60_000)));
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain('<code>tokenSeguridad</code> no coincide');
      expect(response.body).toContain('<code>09:25</code> y <code>09:35</code>');
      expect(response.body).not.toContain(merchant.llave);
    }
  });

  it('refuses a tampered md5ValidacionValor, naming it', async () => {
    const response = await post({...general(), md5ValidacionValor: amountValidation('otra-llave', '150000')});
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<code>md5ValidacionValor</code> no coincide');
  });

  it('refuses an empty security value when the merchant signs (tokenSeguridad of the general payment)', async () => {
    const response = await post({...general(), tokenSeguridad: ''});
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<code>tokenSeguridad</code> llegó vacía');
  });

  it('checks a security value an unsigned sample does carry', async () => {
    const response = await post({...sampleForm('pagogeneral', 'es').fields, tokenSeguridad: 'abc'});
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<code>tokenSeguridad</code> no coincide');
  });

  it('names every missing mandatory variable', async () => {
    const {factura: _f, descripcionFactura: _d, ...rest} = sampleForm('pagonormal', 'es').fields;
    const response = await post({...rest, valor: ''});
    expect(response.statusCode).toBe(400);
    for (const name of ['factura', 'valor', 'descripcionFactura']) {
      expect(response.body).toContain(`Falta la variable obligatoria <code>${name}</code>`);
    }
  });

  it.each([
    ['valor', '150.000', 'un entero sin puntos ni comas'],
    ['tipoDocumento', 'DNI', 'uno de CC, CE, NIT, PAS, Otro'],
    ['tipoMoneda', 'ARS', 'uno de COP, USD, EUR, GTQ'],
    ['metodoPago', '2', 'un medio de pago de prueba'],
    ['periodo', '365', 'de 0 a 364'],
  ])('refuses %s = %s (%s)', async (name, value, rule) => {
    const response = await post({...sampleForm('pagorecurrente', 'es').fields, [name]: value});
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(`<code>${name}</code> no es válida: ${rule}`);
  });

  it('refuses a usuario other than the demo merchant', async () => {
    const response = await post({...general(), usuario: 'otro.comercio'});
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain(`<code>${merchant.usuario}</code>`);
  });

  it('answers bad bodies with a page and a 4xx: repeated variable, JSON, too large, no body', async () => {
    const twice = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: 'factura=1&factura=2'});
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('<code>factura</code> llegó más de una vez');
    const json = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: {'content-type': 'application/json'}, payload: '{}'});
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    const big = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: `a=${'x'.repeat(40_000)}`});
    expect(big.statusCode).toBe(413);
    const none = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`});
    expect(none.statusCode).toBe(400);
    const get = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/pagos`});
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('reads the form with a charset parameter, UTF-8 values intact; other form encodings get a 415 page', async () => {
    const fields = sampleForm('pagonormal', 'es').fields;
    const response = await post(fields, {'content-type': 'application/x-www-form-urlencoded; charset=UTF-8'});
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Pérez');
    for (const type of ['multipart/form-data; boundary=x', 'text/plain']) {
      const refused = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: {'content-type': type}, payload: 'factura=1'});
      expect(refused.statusCode).toBe(415);
      expect(refused.body).toContain('application/x-www-form-urlencoded');
    }
  });

  it('answers a client over the rate limit with a 429 page', async () => {
    const fields = form({factura: ''});
    for (let i = 0; i < SANDBOX_RULES.pageRateLimits.purchase; i++) {
      expect((await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: fields})).statusCode).toBe(400);
    }
    const over = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: fields});
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(over.body).toContain('Demasiadas solicitudes');
  });

  it("speaks the form's lenguaje: US is English", async () => {
    const response = await post({...general(), lenguaje: 'US', checksum: 'f'.repeat(128)});
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<code>checksum</code> does not match');
  });
});

describe('paying on the purchase page', () => {
  async function open(fields: Record<string, string>) {
    const response = await post(fields);
    expect(response.statusCode).toBe(200);
    const [pay] = formsOf(response.body);
    return pay!;
  }

  it('sends the signed confirmation to the sandbox receiver and offers the way back with the response variables', async () => {
    const pay = await open(sampleForm('pagogeneral', 'es').fields);
    expect(pay.action).toMatch(new RegExp(`^${SANDBOX_BASE}/pagos/[A-Za-z0-9_-]{22}$`));
    // The general payment sample has no direccionComprador: the page asks for it, optionally.
    expect(pay.fields).toMatchObject({
      urlConfirmacion: `${SITE}${SANDBOX_BASE}/notificaciones/receptor`,
      urlRetorno: `${SITE}${SANDBOX_BASE}/pagos/retorno?lang=es`,
      resultado: 'aprobada',
    });
    const done = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago: '37'})});
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Pago simulado');
    expect(done.headers['content-security-policy']).toContain(`form-action 'self' ${SITE}`);
    const back = formsOf(done.body)[0]!;
    expect(back.action).toBe(`${SITE}${SANDBOX_BASE}/pagos/retorno?lang=es`);
    const firmaName = `firma${portal.productName}`;
    expect(Object.keys(back.fields)).toEqual(['codigoFactura', 'valorFactura', 'transaccionAprobada', 'codigoAutorizacion', firmaName, 'numeroTransaccion', 'metodoPago']);
    expect(back.fields).toMatchObject({codigoFactura: 'FAC-000123', valorFactura: '150000', transaccionAprobada: '1', metodoPago: '37'});
    expect(back.fields.codigoAutorizacion).toMatch(/^\d{6}$/);
    expect(back.fields[firmaName]).toBe(responseSignature(merchant.llave, 'FAC-000123', '150000', back.fields.codigoAutorizacion!));

    // The inbox: the merchant's own confirmations, read with its credentials.
    const inbox = await app.inject({
      method: 'GET',
      url: `${SANDBOX_BASE}/notificaciones`,
      headers: {accept: 'application/json', authorization: basic(merchant.usuario, merchant.clave)},
    });
    expect(inbox.statusCode).toBe(200);
    const [latest] = inbox.json().notificaciones as {firmaValida: boolean; firmaTexto: string; cuerpo: Record<string, string>}[];
    expect(latest!.firmaValida).toBe(true);
    expect(latest!.firmaTexto).toContain(`${firmaName} es válida`);
    for (const name of ['codigoFactura', 'nombreMetodo', 'campoExtra1', 'campoExtra9', 'numeroTransaccion']) expect(Object.keys(latest!.cuerpo)).toContain(name);
    expect(Object.values(latest!.cuerpo)).toContain('pedido-web-77');
    expect(latest!.cuerpo.nombreMetodo).toBe('Visa');

    const returned = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos/retorno?lang=es`, headers: {...FORM_TYPE, 'accept-language': 'en'}, payload: form(back.fields)});
    expect(returned.statusCode).toBe(200);
    expect(returned.body).toContain(`<code>${firmaName}</code> es válida`);

    const again = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago: '37'})});
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['rechazada', '38', '-1', '00'],
    ['rechazada', '37', '-1', '00000'],
    ['pendiente', '42', '0', ''],
    ['abortada', '41', '2', ''],
  ])('simulates %s with method %s: transaccionAprobada %s, codigoAutorizacion "%s"', async (resultado, metodoPago, aprobada, autorizacion) => {
    const pay = await open(sampleForm('pagonormal', 'en').fields);
    const done = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago, resultado})});
    expect(done.statusCode).toBe(200);
    const back = formsOf(done.body)[0]!;
    expect(back.fields).toMatchObject({transaccionAprobada: aprobada, codigoAutorizacion: autorizacion, metodoPago});
    // The same response with its status edited to approved: the firma still verifies, and the return page says it was edited.
    const edited = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos/retorno?lang=en`, headers: FORM_TYPE, payload: form({...back.fields, transaccionAprobada: '1'})});
    expect(edited.body).toContain('does not match the signed <code>codigoAutorizacion</code>');
    expect(edited.body).toContain('Do not take this order as paid');
    expect(edited.body).not.toContain('class="banner ok"');
  });

  it('asks for missing buyer variables and refuses to pay without the mandatory ones', async () => {
    const {correoComprador: _c, ...fields} = sampleForm('pagonormal', 'es').fields;
    const response = await post(fields);
    expect(response.body).toMatch(/<input type="email" id="correoComprador" name="correoComprador" maxlength="200" required>/);
    const pay = formsOf(response.body)[0]!;
    const missing = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago: '37'})});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Falta <code>correoComprador</code> del comprador');
    const given = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago: '37', correoComprador: 'ana@example.com'})});
    expect(given.statusCode).toBe(200);
  });

  it('refuses an unknown purchase, a bad method, outcome or response URL with a page', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/pagos/${'a'.repeat(22)}`,
      headers: FORM_TYPE,
      payload: form({terminal: merchant.terminal, metodoPago: '37', resultado: 'aprobada', urlRetorno: SITE}),
    });
    expect(unknown.statusCode).toBe(404);
    const pay = await open(sampleForm('pagonormal', 'es').fields);
    for (const [change, text] of [
      [{metodoPago: '2'}, 'no es un medio de pago de prueba'],
      [{metodoPago: '37', resultado: 'reversada'}, '<code>resultado</code> debe ser'],
      [{metodoPago: '37', urlRetorno: 'javascript:alert(1)'}, 'La URL de respuesta debe ser'],
    ] as const) {
      const response = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, ...change})});
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(text);
    }
    const badId = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos/x`, headers: FORM_TYPE, payload: form(pay.fields)});
    expect(badId.statusCode).toBe(400);
  });
});
