/**
 * A refusal is in the shape and the language the caller asked for, on every
 * channel: a REST client's JSON, a SOAP client's Fault, a browser's page, the
 * sandbox's own JSON API, the manuals API, and a path nobody answers. English
 * with `Accept-Language: en` (or `?lang=en`), Spanish otherwise; the English
 * is what i18n/en/portal-labels says. The gateway's own answers (a 200 with
 * its code and message) stay in Spanish, as the gateway words them
 * (src/pages/sandbox/_api.mdx, "Idioma de las respuestas").
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../sandbox';
import {manualsApp, makeBuild, xsrfPair, type Fixture} from '../testSupport/fixtures';
import {MERCHANT, listeningSandboxApp} from '../testSupport/sandbox';

// Starting the sandbox reads the contracts; the machine is shared and can be slow.
jest.setTimeout(60_000);

const EN = {'accept-language': 'en-US,en;q=0.9,es;q=0.5'};
const ES = {'accept-language': 'es-CO,es;q=0.9'};

describe('the sandbox', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    ({app, base} = await listeningSandboxApp());
  });
  afterAll(async () => app.close());

  const autenticar = `${SANDBOX_BASE}/auth/autenticar`;

  it("answers a REST body that breaks the contract with a 400 in the operation's JSON, in the caller's language", async () => {
    const body = {usuario: MERCHANT.usuario, clave: MERCHANT.clave, terminal: MERCHANT.terminal, extra: 1};
    const en = await app.inject({method: 'POST', url: autenticar, headers: EN, payload: body});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      codigoRespuesta: '99',
      mensaje: 'There is no field extra in this operation: remove it or check its spelling.',
      errores: [{campo: 'extra', mensaje: 'There is no field extra in this operation: remove it or check its spelling.'}],
    });
    const es = await app.inject({method: 'POST', url: autenticar, headers: ES, payload: body});
    expect(es.json()).toMatchObject({mensaje: 'El campo extra no existe en esta operación: quítelo o revise cómo se escribe.'});
    // ?lang= wins over the header, as on the pages.
    const asked = await app.inject({method: 'POST', url: `${autenticar}?lang=en`, headers: ES, payload: body});
    expect(asked.json().mensaje).toMatch(/^There is no field extra/);
  });

  it("refuses a bad token in the caller's language, and gives the gateway's own answers in Spanish", async () => {
    const query = `${SANDBOX_BASE}/core/consultarEstadoTransaccion`;
    const refused = await app.inject({
      method: 'POST',
      url: query,
      headers: EN,
      payload: {terminal: MERCHANT.terminal, referencia: 'R-1', codigoSeguimiento: '1', tokenSeguridad: 'no.es.jwt'},
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().descripcionRespuesta).toMatch(/^The security token is not valid/);
    // A wrong password is the gateway's answer (200, codigoRespuesta 1), worded as the gateway words it.
    const wrong = await app.inject({method: 'POST', url: autenticar, headers: EN, payload: {usuario: MERCHANT.usuario, clave: 'otra', terminal: MERCHANT.terminal}});
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({codigoRespuesta: '1', mensaje: 'Usuario, clave o terminal no válidos.'});
  });

  it("answers SOAP with a Fault in the caller's language", async () => {
    const envelope = (inner: string) =>
      `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}${SANDBOX_BASE}/soap/ServicioPagos`, {method: 'POST', headers: {'content-type': 'text/xml', ...headers}, body});
    const none = await post(envelope('<otra/>'), EN);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(
      '<faultcode>soap:Client</faultcode><faultstring>The body is not a valid SOAP 1.1 envelope: check the XML against the WSDL (?wsdl).</faultstring>',
    );
    // A refusal of the operation itself (its token), from the library's side of the service.
    const token = envelope(
      `<consultaInfoToken xmlns="urn:integraciones:pagos"><terminal>${MERCHANT.terminal}</terminal><tokenTarjeta>t</tokenTarjeta><documentoCliente>1</documentoCliente><tokenSeguridad>no.es.jwt</tokenSeguridad></consultaInfoToken>`,
    );
    const en = await (await post(token, EN)).text();
    expect(en).toContain('<faultstring>The security token is not valid');
    const es = await (await post(token, ES)).text();
    expect(es).toContain('<faultstring>El token de seguridad no es válido');
  });

  it("refuses a form with a page in the browser's language, field names as code", async () => {
    const form = new URLSearchParams({usuario: '', valor: '1000', descripcionFactura: 'Prueba'}).toString();
    const en = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: {...EN, 'content-type': 'application/x-www-form-urlencoded'}, payload: form});
    expect(en.statusCode).toBe(400);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<li>The mandatory variable <code>factura</code> is missing.</li>');
    expect(en.body).toContain('Correct the form and send it again.');
    const es = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: {...ES, 'content-type': 'application/x-www-form-urlencoded'}, payload: form});
    expect(es.body).toContain('<li>Falta la variable obligatoria <code>factura</code>.</li>');
  });

  it("answers its own JSON API's refusals in the caller's language", async () => {
    const headers = {accept: 'application/json', authorization: `Basic ${Buffer.from('nadie:nada').toString('base64')}`};
    const en = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: {...headers, ...EN}});
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({
      codigo: 'CREDENCIALES_INVALIDAS',
      mensaje: expect.stringMatching(/^Invalid credentials: send the usuario and clave of your test credentials/),
      registro: `${SANDBOX_BASE}/registro`,
    });
    const es = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: {...headers, ...ES}});
    expect(es.json().mensaje).toMatch(/^Credenciales no válidas/);
  });

  it("writes the listener's messages into escuchar.mjs in the reader's language", async () => {
    const en = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/escuchar.mjs`, headers: EN});
    expect(en.body).toContain('"escuchando":"Listening to the confirmations of {portal} and forwarding them to {destino} (Ctrl+C to stop)."');
    expect(en.body).not.toContain('__TEXTOS__');
    const es = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/escuchar.mjs?lang=es`, headers: EN});
    expect(es.body).toContain('"uso":"Uso: node escuchar.mjs --usuario USUARIO');
  });

  it("answers a path it does not have in the caller's shape and language, saying where the addresses are", async () => {
    const json = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/rest/nada`, headers: {...EN, accept: 'application/json'}});
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({codigo: 'RUTA_DESCONOCIDA', mensaje: expect.stringContaining('listed at /en/sandbox')});
    const soap = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/soap/Otro`, headers: {...EN, 'content-type': 'text/xml'}, payload: '<x/>'});
    expect(soap.statusCode).toBe(404);
    expect(soap.body).toContain('<faultstring>There is nothing at this address of the sandbox.');
    const page = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/nada`, headers: {...EN, accept: 'text/html'}});
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Unknown sandbox address</title>');
    expect(page.body).toContain('<a href="/en/sandbox">Sandbox rules</a>');
    const spanish = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/rest/nada`, headers: {accept: 'application/json'}});
    expect(spanish.json().mensaje).toContain('están en /sandbox.');
  });
});

describe('the manuals API', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fixture = makeBuild();
    app = await manualsApp(fixture);
  });
  afterAll(async () => {
    await app.close();
    fixture.cleanup();
  });

  it("refuses in the language of the form's page (its Accept-Language)", async () => {
    const post = (headers: Record<string, string>, payload: unknown) =>
      app.inject({method: 'POST', url: '/api/utils/enviarManuales', headers: {'content-type': 'application/json', ...headers}, payload: JSON.stringify(payload)});
    const empty = await post({...xsrfPair(), ...EN}, {correos: []});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({error: 'SIN_CORREOS', mensaje: 'The list of addresses is empty: type at least one address.'});
    const xsrf = await post(EN, {correos: ['ana@empresa.co']});
    expect(xsrf.statusCode).toBe(403);
    expect(xsrf.json()).toEqual({error: 'XSRF_INVALIDO', mensaje: 'The XSRF token is missing or does not match the cookie: reload the page.'});
    const unknown = await app.inject({method: 'GET', url: '/api/utils/otra', headers: EN});
    expect(unknown.json()).toEqual({error: 'NO_ENCONTRADO', mensaje: 'There is no GET /api/utils/otra. The API only takes POST /api/utils/enviarManuales.'});
    const spanish = await post({...xsrfPair(), ...ES}, {correos: []});
    expect(spanish.json().mensaje).toBe('La lista de correos está vacía: escriba al menos una dirección.');
  });
});
