/**
 * Attacks that read what the server should not tell: the framework's error
 * codes and its validator's phrasing in answers (they name the software and
 * its version's behaviour, and say nothing to an integrator), other merchants'
 * volume from identifiers counted across all merchants, and a cookie a
 * browser would send in clear behind HTTPS.
 */
import type {FastifyInstance} from 'fastify';
import {SETTLEMENTS} from '../../server/sandbox/gateway/operations';
import {buildApp} from '../../server/app';
import {configFor, makeBuild, type Fixture} from '../../server/testSupport/fixtures';
import {tokenOf} from '../../server/testSupport/sandbox';
import {asJson, newMerchant, S, sandboxApp} from '../../server/testSupport/attacks';

/** Words of Fastify's and Ajv's own that must never reach a caller. */
const INTERNALS = [
  /FST_[A-Z_]+/,
  /is not a valid url component/i,
  /Body is not valid JSON but/,
  /content-type is set to/i,
  /must NOT have/,
  /must be equal to one of the allowed values/,
  /must have required property/,
];
const noInternals = (body: string) => {
  for (const pattern of INTERNALS) expect(body).not.toMatch(pattern);
};

describe('attack: reading the framework in error answers', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fixture = makeBuild();
    app = await buildApp(configFor(fixture));
  });
  afterAll(async () => {
    await app.close();
    fixture.cleanup();
  });

  it.each([
    ['a URL that does not decode, under the sandbox', 'GET', `${S}/%zz`, {accept: 'application/json'}, undefined, 400],
    ['a URL that does not decode, on a page', 'GET', '/%zz', {accept: 'text/html', 'accept-language': 'en'}, undefined, 400],
    ['a URL that does not decode, under the utils API', 'POST', '/api/utils/%zz', {}, undefined, 400],
    ['a body that is not JSON, on a REST operation', 'POST', `${S}/auth/autenticar`, {'content-type': 'application/json'}, '{usuario', 400],
    ['a body that is not JSON, on a path nobody answers', 'POST', `${S}/nada`, {'content-type': 'application/json'}, '{', 404],
    ['a body that is not JSON, on a page path', 'POST', '/vpost', {'content-type': 'application/json'}, '{', 400],
    ['a body that is not JSON, on /mcp', 'POST', '/mcp', {'content-type': 'application/json', accept: 'application/json, text/event-stream'}, '{', 400],
    ['fields where none are taken', 'POST', `${S}/credenciales`, {'content-type': 'application/json', 'accept-language': 'en'}, '{"a":1}', 400],
  ])('answers %s in its own words (%s %s)', async (_what, method, url, headers, payload, status) => {
    const answer = await app.inject({method: method as 'GET' | 'POST', url, headers, ...(payload === undefined ? {} : {payload})});
    expect(answer.statusCode).toBe(status);
    noInternals(answer.body);
  });

  it("names the allowed values in the caller's language, not the validator's phrase", async () => {
    const sandbox = await sandboxApp();
    try {
      const me = await newMerchant(sandbox);
      const answer = await sandbox.inject({method: 'POST', url: `${S}/transacciones/1/liquidar`, headers: asJson(me, 'en'), payload: {estado: 'approved'}});
      expect(answer.statusCode).toBe(400);
      noInternals(answer.body);
      for (const value of SETTLEMENTS) expect(answer.json().mensaje).toContain(`"${value}"`);
      expect(answer.json().mensaje).toContain('must be one of');
    } finally {
      await sandbox.close();
    }
  });
});

describe("attack: learning other merchants' volume from identifiers", () => {
  it('draws tracking numbers that are not one count across merchants', async () => {
    const app = await sandboxApp();
    try {
      const [a, b] = [await newMerchant(app), await newMerchant(app)];
      const [ta, tb] = [await tokenOf(app, a), await tokenOf(app, b)];
      const pay = async (terminal: string, token: string, i: number) =>
        (
          await app.inject({
            method: 'POST',
            url: `${S}/core/confirmacionTransaccionMedioPago`,
            payload: {
              MetodoPago: {Id: '42'},
              Referencia: `REF-${terminal}-${i}`,
              Valortotal: '1000',
              Valorbase: '0',
              Valoriva: '0',
              Descripcion: 'Prueba',
              Correo: 'ana@example.com',
              Nombre: 'Ana',
              Apellido: 'Pérez',
              Documento: '1020304050',
              tipoDocumento: '1',
              Terminal: terminal,
              tokenSeguridad: token,
            },
          })
        ).json<{CodigoSeguimiento: string}>().CodigoSeguimiento;
      const numbers: number[] = [];
      for (let i = 0; i < 10; i++) numbers.push(Number(await pay(a.terminal, ta, i)), Number(await pay(b.terminal, tb, i)));
      const steps = numbers.slice(1).map((n, i) => n - numbers[i]!);
      // Counted, they would go up by one (or a few) at each payment, whoever made it.
      expect(steps.filter((step) => step > 0 && step < 100)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('attack: a cookie sent in clear behind HTTPS', () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = makeBuild();
  });
  afterEach(() => fixture.cleanup());

  const cookieOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const app = await buildApp(configFor(fixture, env));
    try {
      return String((await app.inject({method: 'GET', url: '/vpost', headers})).headers['set-cookie']);
    } finally {
      await app.close();
    }
  };

  it('marks the XSRF cookie Secure when the portal is served over HTTPS', async () => {
    expect(await cookieOf({SITE_URL: 'https://integraciones.example'})).toMatch(/; Secure/);
    expect(await cookieOf({TRUST_PROXY: 'true'}, {'x-forwarded-proto': 'https'})).toMatch(/; Secure/);
    // Plain HTTP on a developer's machine: a Secure cookie would never come back.
    expect(await cookieOf({})).not.toMatch(/; Secure/);
  });
});
