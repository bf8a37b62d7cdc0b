/**
 * The request log (server/sandbox/merchants/requestLog.ts, routes/requestLog.ts): its
 * rules without HTTP (what is masked, what is an error), then the log as an
 * integrator reads it: every channel, newest first, errors as the client got
 * them, ?errores=1, at most SANDBOX_RULES.requestLog.perMerchant entries, and
 * every sandbox error answer pointing at it.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import {SANDBOX_BASE} from '../..';
import {createRequestLog, isErrorAnswer, MASK, maskBody} from '../requestLog';
import {asJson, newMerchant, listeningSandboxApp, tokenOf, type TestCredentials} from '../../../testSupport/sandbox';
import {FORM_TYPE, form} from '../../../testSupport/sandboxForms';
import {memoryStore} from '../../store/memory';

jest.setTimeout(60_000);

describe('the rules', () => {
  it('masks passwords, keys, tokens and card fields, deeply, and nothing else', () => {
    const body = {
      usuario: 'prueba.1',
      clave: 'secreta',
      llave: 'abc',
      tokenSeguridad: 'eyJhbGciOiJIUzI1NiJ9.cuerpo.firmaABCD',
      MetodoPago: {Id: '37', campo1: 'f'.repeat(512), campo2: '123', campo3: '2027', campo4: '12', campo5: '1'},
      pago: [{accessToken: 'xyz-123456789'}],
      campo1: 'fuera de MetodoPago',
      Referencia: 'FAC-1',
    };
    expect(maskBody(body)).toEqual({
      usuario: 'prueba.1',
      clave: MASK,
      llave: MASK,
      tokenSeguridad: `${MASK}ABCD`,
      MetodoPago: {Id: '37', campo1: MASK, campo2: MASK, campo3: MASK, campo4: MASK, campo5: '1'},
      pago: [{accessToken: `${MASK}6789`}],
      campo1: 'fuera de MetodoPago',
      Referencia: 'FAC-1',
    });
    expect(maskBody(null)).toBeNull();
    expect(maskBody('texto')).toBe('texto');
  });

  it('takes a 4xx or a gateway error code in a 2xx as an error', () => {
    expect(isErrorAnswer(400, {})).toBe(true);
    expect(isErrorAnswer(200, {codigoRespuesta: '1'})).toBe(true);
    expect(isErrorAnswer(200, {CodigoRespuesta: '99'})).toBe(true);
    expect(isErrorAnswer(200, {estado: 'false'})).toBe(true);
    expect(isErrorAnswer(200, {codigoRespuesta: '0'})).toBe(false);
    expect(isErrorAnswer(200, {CodigoRespuesta: '2', estado: 'PENDIENTE'})).toBe(false);
    expect(isErrorAnswer(200, [{codigoBanco: '1'}])).toBe(false);
  });

  it('keeps the newest entries of each merchant, at most the bound, masking what it keeps', async () => {
    const log = createRequestLog(memoryStore({perTerminal: 3, terminals: 10, maxAgeMs: 60_000}), memoryStore({perTerminal: 2, terminals: 10, maxAgeMs: 60_000}));
    for (let i = 1; i <= 4; i++)
      await log.add('T1', {
        canal: 'rest',
        operacion: `op${i}`,
        estado: i === 2 ? 400 : 200,
        errores: i === 2 ? {clave: 'x'} : null,
        cuerpo: {clave: 'secreta'},
        comprobada: true,
      });
    const entries = await log.list('T1');
    expect(entries.map((e) => e.operacion)).toEqual(['op4', 'op3', 'op2']);
    expect(entries[0]!.cuerpo).toEqual({clave: MASK});
    expect((await log.list('T1', {errores: true})).map((e) => e.operacion)).toEqual(['op2']);
    expect(await log.list('T2')).toEqual([]);
  });

  it('keeps calls that did not prove to be the merchant apart, a few at most, never pushing out its own', async () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const limits = {terminals: 10, maxAgeMs: 60 * 60_000};
    const log = createRequestLog(memoryStore({...limits, perTerminal: 3}), memoryStore({...limits, perTerminal: 2}), () => (clock += 1000));
    const entry = (operacion: string, comprobada: boolean) => ({canal: 'rest' as const, operacion, estado: 200, errores: null, cuerpo: null, comprobada});
    await log.add('T1', entry('mia-1', true));
    await log.add('T1', entry('mia-2', true));
    for (let i = 1; i <= 50; i++) await log.add('T1', entry(`extraña-${i}`, false));
    await log.add('T1', entry('mia-3', true));
    const entries = await log.list('T1');
    expect(entries.map((e) => [e.operacion, e.comprobada])).toEqual([
      ['mia-3', true],
      ['extraña-50', false],
      ['extraña-49', false],
      ['mia-2', true],
      ['mia-1', true],
    ]);
  });
});

describe('the log of a merchant', () => {
  let app: FastifyInstance;
  let base: string;
  let me: TestCredentials;
  let token: string;
  beforeAll(async () => {
    ({app, base} = await listeningSandboxApp());
    me = await newMerchant(app);
    token = await tokenOf(app, me);
  });
  afterAll(async () => app.close());

  interface Entry {
    canal: string;
    operacion: string;
    estado: number;
    errores: unknown;
    cuerpo: Record<string, unknown> | null;
  }
  const log = async (query = '', lang = 'es') => {
    const answer = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro${query}`, headers: asJson(me, lang)});
    expect(answer.statusCode).toBe(200);
    return answer.json<{solicitudes: Entry[]}>().solicitudes;
  };

  it('keeps every channel newest first, with the errors exactly as the client got them, and points at itself from every error', async () => {
    // REST, refused by the contract: a 400 whose body names the log.
    const bad = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
      payload: {terminal: me.terminal, referencia: 'X', tokenSeguridad: token},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().registro).toBe(`${SANDBOX_BASE}/registro`);
    // REST, answered 200 with the gateway's "no information".
    const none = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
      payload: {terminal: me.terminal, referencia: 'X', codigoSeguimiento: '1', tokenSeguridad: token},
    });
    expect(none.json().codigoRespuesta).toBe('1');
    // SOAP, refused with a Fault that names the log.
    const envelope = `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="urn:integraciones:pagos"><soap:Body><p:consultaInfoToken><p:documentoCliente>1</p:documentoCliente><p:tokenTarjeta>x</p:tokenTarjeta><p:terminal>9</p:terminal><p:tokenSeguridad>${token}</p:tokenSeguridad></p:consultaInfoToken></soap:Body></soap:Envelope>`;
    const fault = await fetch(`${base}${SANDBOX_BASE}/soap/ServicioPagos`, {method: 'POST', headers: {'content-type': 'text/xml'}, body: envelope});
    expect(fault.status).toBe(401);
    expect(await fault.text()).toContain(`<registro>${SANDBOX_BASE}/registro</registro>`);
    // The purchase page, refused: a page whose links include the log.
    const page = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/pagos`,
      headers: FORM_TYPE,
      payload: form({usuario: me.usuario, factura: 'F-1', valor: '1.000', descripcionFactura: 'x', clave: 'no-va-aqui'}),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`href="${SANDBOX_BASE}/registro"`);
    // The sandbox's API: another merchant's id.
    const missing = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/transacciones/123/liquidar`,
      headers: {authorization: asJson(me).authorization!},
      payload: {estado: 'aprobada'},
    });
    expect(missing.statusCode).toBe(404);

    const entries = await log();
    const [sandboxCall, postCall, soapCall, noInfo, refused] = entries;
    expect(sandboxCall).toMatchObject({canal: 'sandbox', operacion: 'transacciones/liquidar', estado: 404, errores: missing.json()});
    expect(postCall).toMatchObject({canal: 'post', operacion: 'pagina-de-compra', estado: 400, errores: [expect.stringContaining('valor no es válida')]});
    expect(postCall!.cuerpo).toMatchObject({factura: 'F-1', clave: MASK});
    expect(soapCall).toMatchObject({canal: 'soap', operacion: 'consultaInfoToken', estado: 401, errores: {faultstring: expect.stringContaining('otra terminal')}});
    expect(soapCall!.cuerpo).toMatchObject({tokenSeguridad: expect.stringMatching(new RegExp(`^${MASK}`))});
    expect(noInfo).toMatchObject({canal: 'rest', operacion: 'consultarEstadoTransaccion', estado: 200, errores: none.json()});
    expect(refused).toMatchObject({canal: 'rest', estado: 400, errores: bad.json()});
    expect(JSON.stringify(entries)).not.toContain(token);
    expect(JSON.stringify(entries)).not.toContain(me.clave);
    // Only errors: the successful authentication is left out.
    const errors = await log('?errores=1');
    expect(errors.map((e) => e.operacion)).not.toContain('autenticar');
    expect(errors.length).toBe(5);
    expect((await log()).map((e) => e.operacion)).toContain('autenticar');
  });

  it(`keeps the last ${SANDBOX_RULES.requestLog.perMerchant}`, async () => {
    const other = await newMerchant(app);
    const t = await tokenOf(app, other);
    for (let i = 0; i < SANDBOX_RULES.requestLog.perMerchant + 5; i++) {
      await app.inject({
        method: 'POST',
        url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
        payload: {terminal: other.terminal, referencia: `R-${i}`, codigoSeguimiento: '1', tokenSeguridad: t},
      });
    }
    const entries = (await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`, headers: asJson(other)})).json().solicitudes as Entry[];
    expect(entries).toHaveLength(SANDBOX_RULES.requestLog.perMerchant);
    expect(entries[0]!.cuerpo).toMatchObject({referencia: `R-${SANDBOX_RULES.requestLog.perMerchant + 4}`});
  });

  it('logs nothing for a call that proves nobody, and refuses bad queries and credentials with a 4xx', async () => {
    const before = (await log()).length;
    await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
      payload: {terminal: me.terminal, referencia: 'X', codigoSeguimiento: '1', tokenSeguridad: 'a.b.c'},
    });
    expect((await log()).length).toBe(before);
    expect((await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro?errores=2`, headers: asJson(me)})).statusCode).toBe(400);
    const english = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`, headers: {accept: 'application/json', 'accept-language': 'en'}});
    expect(english.statusCode).toBe(401);
    expect(english.json().mensaje).toMatch(/^Invalid credentials/);
    const browser = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`});
    expect(browser.statusCode).toBe(200);
    expect(browser.body).toContain('Registro de solicitudes');
  });
});
