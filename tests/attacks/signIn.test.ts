/**
 * Attack: guessing a merchant's password. The sandbox's sign-ins (REST
 * /autenticar, HTTP Basic on its JSON API, which the MCP tools use too) are
 * public: without a bound, any number of wrong passwords may be tried, then
 * the right one is accepted. With several servers on one Redis, the count
 * must be shared, or each server would give a fresh allowance.
 */
import type {FastifyInstance} from 'fastify';
import type {Redis} from 'ioredis';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {redisBackend} from '../../server/sandbox/store/redis';
import {startRedis, whenReady, type TestRedis} from '../../server/testSupport/redis';
import {MERCHANT} from '../../server/testSupport/sandbox';
import {asJson, newMerchant, S, sandboxApp, STRANGER, type TestCredentials} from '../../server/testSupport/attacks';

const {perMerchant, perAddress, windowMinutes} = SANDBOX_RULES.signIn;

const autenticar = (app: FastifyInstance, c: TestCredentials, clave: string, remoteAddress: string) =>
  app.inject({method: 'POST', url: `${S}/auth/autenticar`, payload: {usuario: c.usuario, clave, terminal: c.terminal}, remoteAddress});

describe('attack: guessing a password', () => {
  let app: FastifyInstance;
  let victim: TestCredentials;
  beforeEach(async () => {
    app = await sandboxApp();
    victim = await newMerchant(app);
  });
  afterEach(async () => app.close());

  it(`refuses every sign-in of a usuario after ${perMerchant} wrong passwords, the right one too, with 429 and Retry-After`, async () => {
    for (let i = 0; i < perMerchant; i++) {
      // From many addresses: the usuario's own count stops them.
      expect((await autenticar(app, victim, `mala-${i}`, `198.51.100.${i}`)).json()).toMatchObject({codigoRespuesta: '1'});
    }
    const right = await autenticar(app, victim, victim.clave, '198.51.100.200');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(windowMinutes * 60);
    expect(right.json()).toMatchObject({codigoRespuesta: '1'});
    expect(right.json().tokenSeguridad).toBeUndefined();
    // The HTTP Basic API (inbox, log, credentials; the MCP tools go through it) counts the same failures.
    const basic = await app.inject({method: 'GET', url: `${S}/credenciales`, headers: asJson(victim, 'en'), remoteAddress: '198.51.100.201'});
    expect(basic.statusCode).toBe(429);
    expect(basic.json()).toMatchObject({codigo: 'LIMITE_INTENTOS'});
    expect(basic.json().mensaje).toContain('Retry-After');
  });

  it("does not let a stranger's wrong passwords lock the merchant out of an address it signed in from before", async () => {
    const home = '192.0.2.50';
    expect((await autenticar(app, victim, victim.clave, home)).json()).toMatchObject({codigoRespuesta: '0'});
    for (let i = 0; i < perMerchant + 5; i++) await autenticar(app, victim, `mala-${i}`, `198.51.100.${i}`);
    expect((await autenticar(app, victim, victim.clave, '198.51.100.250')).statusCode).toBe(429);
    expect((await autenticar(app, victim, victim.clave, home)).json()).toMatchObject({codigoRespuesta: '0'});
    expect((await app.inject({method: 'GET', url: `${S}/credenciales`, headers: asJson(victim), remoteAddress: home})).statusCode).toBe(200);
    // Its address is still bounded by its own count.
    for (let i = 0; i < perAddress; i++) await autenticar(app, victim, `mala-${i}`, home);
    expect((await autenticar(app, victim, victim.clave, home)).statusCode).toBe(429);
  });

  it(`refuses every sign-in from an address after ${perAddress} wrong passwords, whatever the usuario`, async () => {
    for (let i = 0; i < perAddress; i++) {
      const other = {...victim, usuario: `prueba.${String(100000000000 + i)}`};
      await autenticar(app, other, 'mala', STRANGER);
    }
    expect((await autenticar(app, victim, victim.clave, STRANGER)).statusCode).toBe(429);
    // Another address signs in as usual.
    expect((await autenticar(app, victim, victim.clave, '192.0.2.10')).json()).toMatchObject({codigoRespuesta: '0'});
  });

  it('does not let anyone lock the public demo merchant out (its password is published): only the address counts', async () => {
    const demo = MERCHANT;
    for (let i = 0; i < perMerchant + 1; i++) await autenticar(app, demo, 'mala', `198.51.100.${i}`);
    expect((await autenticar(app, demo, demo.clave, '192.0.2.11')).json()).toMatchObject({codigoRespuesta: '0'});
  });
});

describe('attack: guessing a password across servers on one Redis', () => {
  let redis: TestRedis;
  let client: Redis;
  let subscriber: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client();
    subscriber = redis.client();
    await Promise.all([whenReady(client), whenReady(subscriber)]);
  }, 20_000);
  afterAll(async () => redis?.close());

  it('counts the wrong passwords of every server together', async () => {
    const secret = 'un secreto compartido por los dos servidores de prueba';
    const servers = await Promise.all([0, 1].map(() => sandboxApp({backend: redisBackend({client, subscriber, prefix: 'ataques:'}), secret})));
    try {
      const victim = await newMerchant(servers[0]!);
      for (let i = 0; i < perMerchant; i++) await autenticar(servers[i % 2]!, victim, `mala-${i}`, `198.51.100.${i}`);
      expect((await autenticar(servers[1]!, victim, victim.clave, '192.0.2.12')).statusCode).toBe(429);
      expect((await autenticar(servers[0]!, victim, victim.clave, '192.0.2.13')).statusCode).toBe(429);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});
