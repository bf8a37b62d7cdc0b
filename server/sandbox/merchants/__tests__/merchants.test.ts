/**
 * Every integrator their own sandbox: credentials issued in one
 * call, rotated and checked; bad input answered with a clear es/en 4xx; and
 * two merchants that never see each other's records over any read path: REST
 * status query, reconciliation, token info, SOAP, inbox, request log, event
 * stream, settle and resend.
 */
import {constants, publicEncrypt} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {DEMO_PUBLIC_KEY_PEM} from '../../../../core/data/encryption';
import {SANDBOX_RULES, SANDBOX_TEST_CARDS, TEST_CARD} from '../../../../core/data/sandbox';
import {checksum} from '../../../../core/signatures';
import {SANDBOX_BASE} from '../..';
import {MERCHANT, asJson, basic, newMerchant, listeningSandboxApp, tokenOf, type TestCredentials, sandboxApp} from '../../../testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../../../testSupport/sandboxForms';

jest.setTimeout(60_000);

const enc = (text: string) => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(text)).toString('hex');

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  ({app, base} = await listeningSandboxApp());
});
afterAll(async () => app.close());

const CRED = `${SANDBOX_BASE}/credenciales`;

describe('credentials', () => {
  it('issues a new merchant in one call: its own usuario, clave, terminal and llave, none guessable', async () => {
    const a = await newMerchant(app);
    const b = await newMerchant(app);
    for (const c of [a, b]) {
      expect(Object.keys(c).sort()).toEqual(['clave', 'llave', 'terminal', 'usuario']);
      expect(c.terminal).toMatch(new RegExp(`^\\d{${SANDBOX_RULES.merchants.terminalDigits}}$`));
      expect(c.usuario).toBe(`${SANDBOX_RULES.merchants.usuarioPrefix}${c.terminal}`);
      expect(c.clave.length).toBeGreaterThanOrEqual(20);
      expect(c.llave).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set([a.terminal, b.terminal, MERCHANT.terminal]).size).toBe(3);
    expect(a.clave).not.toBe(b.clave);
    expect(a.llave).not.toBe(b.llave);
    const check = await app.inject({method: 'GET', url: CRED, headers: asJson(a)});
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({usuario: a.usuario, terminal: a.terminal, publico: false});
    expect((await app.inject({method: 'GET', url: CRED, headers: asJson(MERCHANT)})).json()).toEqual({usuario: MERCHANT.usuario, terminal: MERCHANT.terminal, publico: true});
  });

  it('authenticates the new merchant over REST; its token serves its own terminal only', async () => {
    const a = await newMerchant(app);
    const token = await tokenOf(app, a);
    const wrongTerminal = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/auth/autenticar`, payload: {usuario: a.usuario, clave: a.clave, terminal: MERCHANT.terminal}});
    expect(wrongTerminal.json()).toMatchObject({codigoRespuesta: '1'});
    const other = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
      payload: {terminal: MERCHANT.terminal, referencia: 'X', codigoSeguimiento: '1', tokenSeguridad: token},
    });
    expect(other.statusCode).toBe(401);
  });

  it('rotates: same usuario and terminal, new clave and llave; the old ones stop working', async () => {
    const a = await newMerchant(app);
    const rotated = await app.inject({method: 'POST', url: `${CRED}/rotar`, headers: {authorization: basic(a)}});
    expect(rotated.statusCode).toBe(200);
    const b = rotated.json<TestCredentials>();
    expect(b.usuario).toBe(a.usuario);
    expect(b.terminal).toBe(a.terminal);
    expect(b.clave).not.toBe(a.clave);
    expect(b.llave).not.toBe(a.llave);
    expect((await app.inject({method: 'GET', url: CRED, headers: asJson(a)})).statusCode).toBe(401);
    expect((await app.inject({method: 'GET', url: CRED, headers: asJson(b)})).statusCode).toBe(200);
    const oldLogin = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/auth/autenticar`, payload: {usuario: a.usuario, clave: a.clave, terminal: a.terminal}});
    expect(oldLogin.json()).toMatchObject({codigoRespuesta: '1'});
    await tokenOf(app, b);
    // A form signed with the old llave is refused; with the new one it is taken.
    const fields = {usuario: a.usuario, factura: 'ROT-1', valor: '1000', descripcionFactura: 'Rotación'};
    const old = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: form({...fields, checksum: checksum('ROT-1', '1000', a.llave)})});
    expect(old.statusCode).toBe(422);
    expect(old.body).toContain('<code>checksum</code> no coincide');
    const fresh = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/pagos`, headers: FORM_TYPE, payload: form({...fields, checksum: checksum('ROT-1', '1000', b.llave)})});
    expect(fresh.statusCode).toBe(200);
    // The demo merchant's credentials are public and fixed.
    const demo = await app.inject({method: 'POST', url: `${CRED}/rotar`, headers: {authorization: basic(MERCHANT), 'accept-language': 'en'}});
    expect(demo.statusCode).toBe(409);
    expect(demo.json()).toMatchObject({codigo: 'DEMO_FIJO', mensaje: expect.stringMatching(/fixed/), registro: `${SANDBOX_BASE}/registro`});
  });

  it('answers unknown, rotated and malformed credentials with 401, in Spanish or English', async () => {
    const a = await newMerchant(app);
    for (const authorization of [
      basic({usuario: a.usuario, clave: 'otra'}),
      basic({usuario: 'prueba.000000000000', clave: 'x'}),
      'Basic ???',
      'Bearer x',
      basic({usuario: '', clave: ''}),
    ]) {
      const answer = await app.inject({method: 'GET', url: CRED, headers: {authorization, 'accept-language': 'en'}});
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({codigo: 'CREDENCIALES_INVALIDAS', mensaje: expect.stringMatching(/^Invalid credentials/), registro: `${SANDBOX_BASE}/registro`});
    }
    const es = await app.inject({method: 'GET', url: CRED});
    expect(es.json().mensaje).toMatch(/^Credenciales no válidas/);
  });

  it(`issues at most ${SANDBOX_RULES.merchants.perHourPerAddress} merchants an hour to one address: then 429 with Retry-After`, async () => {
    const address = '10.200.0.1';
    for (let i = 0; i < SANDBOX_RULES.merchants.perHourPerAddress; i++) await newMerchant(app, address);
    const over = await app.inject({method: 'POST', url: CRED, remoteAddress: address, headers: {'accept-language': 'en'}});
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({codigo: 'LIMITE_CREDENCIALES', mensaje: expect.stringContaining(String(SANDBOX_RULES.merchants.perHourPerAddress))});
    await newMerchant(app, '10.200.0.2');
  });

  it('lifts every per-address limit with rateLimits: false (SANDBOX_RATE_LIMITS=off, for npm run bench:sandbox)', async () => {
    const unlimited = await sandboxApp({rateLimits: false});
    try {
      for (let i = 0; i <= SANDBOX_RULES.merchants.perHourPerAddress; i++) await newMerchant(unlimited, '10.200.0.3');
      const checks = [];
      for (let i = 0; i <= SANDBOX_RULES.apiPerMinute; i++) checks.push(unlimited.inject({method: 'GET', url: CRED, remoteAddress: '10.200.0.3', headers: asJson(MERCHANT)}));
      expect(new Set((await Promise.all(checks)).map((answer) => answer.statusCode))).toEqual(new Set([200]));
    } finally {
      await unlimited.close();
    }
  });

  it('refuses a body it does not take, with a 4xx and no merchant made', async () => {
    const answer = await app.inject({method: 'POST', url: CRED, remoteAddress: '10.201.0.1', payload: {usuario: 'elijo-yo'}});
    expect(answer.statusCode).toBe(400);
    expect(answer.json().codigo).toBe('SOLICITUD_INVALIDA');
    const broken = await app.inject({method: 'POST', url: CRED, remoteAddress: '10.201.0.1', headers: {'content-type': 'application/json'}, payload: '{'});
    expect(broken.statusCode).toBe(400);
    const xml = await app.inject({method: 'POST', url: CRED, remoteAddress: '10.201.0.1', headers: {'content-type': 'text/xml'}, payload: '<a/>'});
    expect(xml.statusCode).toBe(415);
  });
});

describe('isolation: two merchants never see each other', () => {
  interface World {
    readonly c: TestCredentials;
    readonly token: string;
    readonly pending: {CodigoSeguimiento: string; referencia: string};
    readonly tokenTarjeta: string;
    notification: string;
  }
  const worlds: World[] = [];

  const post = (path: string, payload: object) => app.inject({method: 'POST', url: `${SANDBOX_BASE}${path}`, payload});

  beforeAll(async () => {
    for (const name of ['A', 'B']) {
      const c = await newMerchant(app);
      const token = await tokenOf(app, c);
      const buyer = {
        Valortotal: '1000',
        Valorbase: '0',
        Valoriva: '0',
        Descripcion: 'Aislamiento',
        Correo: 'ana@example.com',
        Nombre: 'Ana',
        Apellido: 'Pérez',
        Documento: `10${name === 'A' ? 1 : 2}`,
        tipoDocumento: '1',
        Terminal: c.terminal,
        tokenSeguridad: token,
      };
      const pending = (await post('/core/confirmacionTransaccionMedioPago', {...buyer, MetodoPago: {Id: '42'}, Referencia: `REF-${name}`})).json();
      const card = SANDBOX_TEST_CARDS[0]!;
      const tokenAnswer = await post('/core/crearTokenTarjeta', {
        MetodoPago: {Id: card.methodId, campo1: enc(card.approved), campo3: enc(TEST_CARD.expiryYear), campo4: enc(TEST_CARD.expiryMonth)},
        Documento: buyer.Documento,
        Nombre: 'Ana',
        Apellido: 'Pérez',
        Telefono: '6011234567',
        Celular: '3001234567',
        Correo: 'ana@example.com',
        Direccion: 'Calle 1',
        Terminal: c.terminal,
        tokenSeguridad: token,
      });
      expect(tokenAnswer.json()).toMatchObject({CodigoRespuesta: '0'});
      // A purchase signed with the merchant's own key: its confirmation lands in its own inbox.
      const page = await app.inject({
        method: 'POST',
        url: `${SANDBOX_BASE}/pagos`,
        headers: FORM_TYPE,
        payload: form({
          usuario: c.usuario,
          factura: `FAC-${name}`,
          valor: '5000',
          descripcionFactura: 'Compra',
          checksum: checksum(`FAC-${name}`, '5000', c.llave),
          tipoDocumento: 'CC',
          documentoComprador: '1',
          nombreComprador: 'Ana',
          apellidoComprador: 'Pérez',
          correoComprador: 'ana@example.com',
        }),
      });
      expect(page.statusCode).toBe(200);
      const pay = formsOf(page.body)[0]!;
      const done = await app.inject({method: 'POST', url: pay.action, headers: FORM_TYPE, payload: form({...pay.fields, metodoPago: '37'})});
      expect(done.statusCode).toBe(200);
      const inbox = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(c)})).json().notificaciones as {
        id: string;
        firmaValida: boolean;
        cuerpo: {codigoFactura: string};
      }[];
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toMatchObject({firmaValida: true, cuerpo: {codigoFactura: `FAC-${name}`}});
      worlds.push({c, token, pending, tokenTarjeta: tokenAnswer.json().tokenTarjeta, notification: inbox[0]!.id});
    }
  });

  it.each([
    [0, 1],
    [1, 0],
  ])('merchant %i sees nothing of merchant %i', async (me, them) => {
    const mine = worlds[me]!;
    const theirs = worlds[them]!;
    // REST status query: their codigoSeguimiento on my terminal is nobody's; on their terminal my token is refused.
    const onMine = await post('/core/consultarEstadoTransaccion', {
      terminal: mine.c.terminal,
      referencia: theirs.pending.referencia,
      codigoSeguimiento: theirs.pending.CodigoSeguimiento,
      tokenSeguridad: mine.token,
      estadoPago: true,
    });
    expect(onMine.json()).toEqual({codigoRespuesta: '1', descripcionRespuesta: expect.any(String)});
    const onTheirs = await post('/core/consultarEstadoTransaccion', {
      terminal: theirs.c.terminal,
      referencia: theirs.pending.referencia,
      codigoSeguimiento: theirs.pending.CodigoSeguimiento,
      tokenSeguridad: mine.token,
      estadoPago: true,
    });
    expect(onTheirs.statusCode).toBe(401);
    expect(onTheirs.body).not.toContain('Pendiente');
    // Reconciliation: mine lists mine only; theirs refuses my token.
    const range = '2020-01-01/2099-12-31/1';
    const myList = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/rest/conciliacion/${mine.c.terminal}/${range}`, headers: {authorization: mine.token}})).json();
    expect(myList.transacciones.map((t: {referencia: string}) => t.referencia)).toContain(mine.pending.referencia);
    expect(JSON.stringify(myList)).not.toContain(theirs.pending.referencia);
    expect((await app.inject({method: 'GET', url: `${SANDBOX_BASE}/rest/conciliacion/${theirs.c.terminal}/${range}`, headers: {authorization: mine.token}})).statusCode).toBe(401);
    // Token info: their card token is not in my terminal.
    const info = await post('/core/consultaInfoToken', {
      terminal: mine.c.terminal,
      documentoCliente: theirs.pending.referencia,
      tokenTarjeta: theirs.tokenTarjeta,
      tokenSeguridad: mine.token,
    });
    expect(info.json()).toMatchObject({estado: '99'});
    expect(info.body).not.toContain('ultimosNumeros');
    // SOAP: the same query over the WSDL's service.
    const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="urn:integraciones:pagos"><soap:Body><p:consultarEstadoTransaccion><p:terminal>${mine.c.terminal}</p:terminal><p:referencia>${theirs.pending.referencia}</p:referencia><p:codigoSeguimiento>${theirs.pending.CodigoSeguimiento}</p:codigoSeguimiento><p:tokenSeguridad>${mine.token}</p:tokenSeguridad><p:estadoPago>true</p:estadoPago></p:consultarEstadoTransaccion></soap:Body></soap:Envelope>`;
    const soap = await fetch(`${base}${SANDBOX_BASE}/soap/ServicioPagos`, {
      method: 'POST',
      headers: {'content-type': 'text/xml; charset=utf-8', soapaction: 'urn:integraciones:pagos/consultarEstadoTransaccion'},
      body: envelope,
    });
    const soapText = await soap.text();
    expect(soap.status).toBe(200);
    expect(soapText).toMatch(/<(\w+:)?codigoRespuesta>1</);
    expect(soapText).not.toContain('Pendiente');
    // Inbox: mine only.
    const inbox = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/notificaciones`, headers: asJson(mine.c)})).json();
    expect(JSON.stringify(inbox)).not.toContain(`FAC-${them === 0 ? 'A' : 'B'}`);
    // Resend and settle their records with my credentials: 404, never 403.
    const resend = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/notificaciones/${theirs.notification}/reenviar`, headers: {authorization: basic(mine.c)}});
    expect(resend.statusCode).toBe(404);
    expect(resend.json().codigo).toBe('NO_ENCONTRADO');
    const settle = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/transacciones/${theirs.pending.CodigoSeguimiento}/liquidar`,
      headers: {authorization: basic(mine.c)},
      payload: {estado: 'aprobada'},
    });
    expect(settle.statusCode).toBe(404);
    // Request log: my calls only (some of which name their ids: that is what I sent).
    const log = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`, headers: asJson(mine.c)})).json<{solicitudes: {operacion: string; cuerpo: unknown}[]}>();
    const logText = JSON.stringify(log);
    expect(logText).toContain(mine.pending.referencia);
    expect(logText).not.toContain(theirs.c.usuario);
    expect(logText).not.toContain(`FAC-${them === 0 ? 'A' : 'B'}`);
    expect(log.solicitudes.filter((s) => s.operacion === 'autenticar')).toHaveLength(1);
    expect(log.solicitudes.filter((s) => s.operacion === 'credenciales')).toHaveLength(1);
    // Event stream: from the start of what is kept, my confirmation only.
    const controller = new AbortController();
    const stream = await fetch(`${base}${SANDBOX_BASE}/eventos`, {headers: {authorization: basic(mine.c), 'last-event-id': '0'}, signal: controller.signal});
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: confirmacion')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toContain(`FAC-${me === 0 ? 'A' : 'B'}`);
    expect(text).not.toContain(`FAC-${them === 0 ? 'A' : 'B'}`);
  });

  it('their records are still there for them (the 404s were not deletions)', async () => {
    for (const w of worlds) {
      const status = await post('/core/consultarEstadoTransaccion', {
        terminal: w.c.terminal,
        referencia: w.pending.referencia,
        codigoSeguimiento: w.pending.CodigoSeguimiento,
        tokenSeguridad: w.token,
        estadoPago: true,
      });
      expect(status.json()).toMatchObject({codigoRespuesta: '0', estadoPago: 'Pendiente'});
    }
  });
});
