/**
 * Attacks on the certification of an integrator's endpoints: make a hosted
 * portal's sandbox post to its own network; read, feed, revoke or forge
 * another merchant's certification; certify with the public demo merchant;
 * flood a destination with runs.
 */
import type {FastifyInstance} from 'fastify';
import {loadPortalConfig} from '../../core/config';
import {startHandler, type TestHandler} from '../../server/testSupport/certificationHandlers';
import {MERCHANT} from '../../server/testSupport/sandbox';
import {asJson, newMerchant, S, sandboxApp, STRANGER, type TestCredentials} from '../../server/testSupport/attacks';

const C = `${S}/certificaciones`;
let hosted: FastifyInstance;
let local: FastifyInstance;
let victim: TestCredentials;
let attacker: TestCredentials;
let handler: TestHandler;

beforeAll(async () => {
  // A portal hosted on the internet: loopback and private addresses are not destinations.
  hosted = await sandboxApp({siteUrl: 'https://integraciones.example.com', portal: loadPortalConfig({PORTAL_ENV: 'production'})});
  local = await sandboxApp();
  victim = await newMerchant(local);
  attacker = await newMerchant(local);
  handler = await startHandler({llave: victim.llave, firmaName: 'firmaPasarela'});
});
afterAll(async () => {
  await handler.close();
  await hosted.close();
  await local.close();
});

/** Starts a run and waits for its end; the report's JSON. */
async function certified(app: FastifyInstance, me: TestCredentials): Promise<{id: string; estado: string; firma: string} & Record<string, unknown>> {
  const started = await app.inject({method: 'POST', url: C, headers: asJson(me), payload: {urlConfirmacion: handler.confirmationUrl, via: 'directa'}});
  expect(started.statusCode).toBe(202);
  const {id} = started.json<{id: string}>();
  for (;;) {
    const report = (await app.inject({method: 'GET', url: `${C}/${id}`, headers: {accept: 'application/json'}})).json();
    if (report.estado !== 'en-curso') return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the certification, attacked', () => {
  it("makes a hosted portal's sandbox post to its own machine, its private network or the cloud's metadata: refused before anything is sent", async () => {
    const me = await newMerchant(hosted);
    for (const url of [
      'http://127.0.0.1:6379/',
      'http://localhost:3000/sandbox/credenciales',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'file:///etc/passwd',
    ]) {
      for (const payload of [
        {urlConfirmacion: url, via: 'directa'},
        {urlConfirmacion: 'http://192.168.1.10/confirmacion', urlRespuesta: url, via: 'directa'},
      ]) {
        const answer = await hosted.inject({method: 'POST', url: C, headers: asJson(me, 'en'), payload});
        expect([url, answer.statusCode, answer.json().codigo]).toEqual([url, 400, 'DESTINO_NO_PERMITIDO']);
      }
    }
    // Nothing started, so nothing counts against the merchant's runs.
    expect((await hosted.inject({method: 'GET', url: C, headers: asJson(me)})).json()).toEqual({certificaciones: []});
  });

  it("feeds, lists or revokes another merchant's run, knowing its id from the shared link: 404, and the run is untouched", async () => {
    const report = await certified(local, victim);
    expect(report.estado).toBe('aprobada');
    const feed = await local.inject({
      method: 'POST',
      url: `${C}/${report.id}/entregas`,
      headers: asJson(attacker),
      remoteAddress: STRANGER,
      payload: {paso: 1, estado: 500, ms: 1, cuerpo: 'falla'},
    });
    expect(feed.statusCode).toBe(404);
    expect((await local.inject({method: 'GET', url: C, headers: asJson(attacker)})).json()).toEqual({certificaciones: []});
    expect((await local.inject({method: 'DELETE', url: `${C}/${report.id}`, headers: asJson(attacker), remoteAddress: STRANGER})).statusCode).toBe(404);
    const after = (await local.inject({method: 'GET', url: `${C}/${report.id}`, headers: {accept: 'application/json'}})).json();
    expect(after).toEqual(report);
  });

  it('edits a failed report into a passed one, or passes one off as another terminal’s: the signature no longer verifies', async () => {
    const report = await certified(local, victim);
    const verify = (body: unknown) =>
      local.inject({method: 'POST', url: `${C}/verificar`, headers: {accept: 'application/json', 'content-type': 'application/json'}, payload: JSON.stringify(body)});
    expect((await verify(report)).json()).toEqual({valido: true});
    expect((await verify({...report, estado: 'aprobada', pruebas: []})).json()).toEqual({valido: false});
    expect((await verify({...report, terminal: attacker.terminal})).json()).toEqual({valido: false});
    expect((await verify({...report, firma: undefined})).json()).toEqual({valido: false});
    expect((await verify('no es un informe')).statusCode).toBe(400);
  });

  it("certifies with the demo merchant, whose key everyone has, to get a report or use up everyone's runs: 403", async () => {
    const answer = await local.inject({
      method: 'POST',
      url: C,
      headers: asJson(MERCHANT, 'en'),
      remoteAddress: STRANGER,
      payload: {urlConfirmacion: handler.confirmationUrl, via: 'directa'},
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().codigo).toBe('CERTIFICACION_PROPIA');
  });

  it('turns the certification on a third party’s server, run after run: one run at a time per merchant (and a few an hour, server/__tests__/certification)', async () => {
    const flooder = await newMerchant(local);
    const slow = await startHandler({llave: flooder.llave, firmaName: 'firmaPasarela', fault: 'slow'});
    try {
      const start = () => local.inject({method: 'POST', url: C, headers: asJson(flooder), payload: {urlConfirmacion: slow.confirmationUrl, via: 'directa'}});
      expect((await start()).statusCode).toBe(202);
      const again = await start();
      expect([again.statusCode, again.json().codigo]).toEqual([429, 'CERTIFICACION_EN_CURSO']);
    } finally {
      await slow.close();
    }
  });
});
