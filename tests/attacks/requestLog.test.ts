/**
 * Attack: filling another merchant's request log. Anyone can post a call that
 * names a merchant (its usuario is public) without proving to be it: a wrong
 * password to /autenticar, a form with wrong security values, a response whose
 * firma does not verify. Were such calls kept with the merchant's own, a few
 * hundred of them would push its real entries out.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {form, FORM_TYPE} from '../../server/testSupport/sandboxForms';
import {tokenOf} from '../../server/testSupport/sandbox';
import {logOf, newMerchant, S, sandboxApp, type TestCredentials} from '../../server/testSupport/attacks';

let app: FastifyInstance;
let victim: TestCredentials;

beforeAll(async () => {
  app = await sandboxApp();
  victim = await newMerchant(app);
});
afterAll(async () => app.close());

describe("attack: filling another merchant's request log", () => {
  it('keeps strangers’ calls apart, a few at most and marked, and the merchant’s own entries stay', async () => {
    // The merchant's own calls.
    await tokenOf(app, victim);
    await app.inject({
      method: 'GET',
      url: `${S}/credenciales`,
      headers: {accept: 'application/json', authorization: `Basic ${Buffer.from(`${victim.usuario}:${victim.clave}`).toString('base64')}`},
    });
    const own = (await logOf(app, victim)).filter((e) => e.comprobada);
    expect(own.length).toBeGreaterThanOrEqual(2);

    // 200 strangers' calls naming the merchant, each from an address of its own (so that no throttle stops them first).
    for (let i = 0; i < 200; i++) {
      const remoteAddress = `198.51.${Math.floor(i / 250)}.${i % 250}`;
      if (i % 2 === 0) {
        await app.inject({method: 'POST', url: `${S}/auth/autenticar`, payload: {usuario: victim.usuario, clave: `mala-${i}`, terminal: victim.terminal}, remoteAddress});
      } else {
        await app.inject({
          method: 'POST',
          url: `${S}/pagos`,
          headers: FORM_TYPE,
          payload: form({usuario: victim.usuario, factura: `F-${i}`, valor: '1', descripcionFactura: 'x', checksum: 'abc'}),
          remoteAddress,
        });
      }
    }
    const log = await logOf(app, victim);
    const strangers = log.filter((e) => !e.comprobada);
    expect(strangers.length).toBe(SANDBOX_RULES.requestLogUnproven);
    // Every entry the merchant made is still there.
    expect(log.filter((e) => e.comprobada).map((e) => e.operacion)).toEqual(own.map((e) => e.operacion));
    // The strangers' calls are marked as such.
    expect(new Set(strangers.map((e) => e.operacion))).toEqual(new Set(['autenticar', 'pagina-de-compra']));
  });
});
