/**
 * Attack: the manuals form as a mail relay. The form is public and sends a
 * message with a PDF to every address it is given: without bounds, one
 * client could mail thousands of strangers, or bury one inbox, from the
 * portal's mail server. Bounds: recipients per client address and hour, and
 * manuals per recipient and day; in memory and in Redis alike.
 */
import Fastify, {type FastifyInstance} from 'fastify';
import type {Redis} from 'ioredis';
import manualsApi, {SEND_LIMITS, type SendCounters} from '../../server/manuals';
import {loadManuals} from '../../server/manuals/library';
import type {ManualsMailer} from '../../server/manuals/mailer';
import {redisBackend} from '../../server/sandbox/store/redis';
import {makeBuild, xsrfPair, type Fixture} from '../../server/testSupport/fixtures';
import {startRedis, whenReady, type TestRedis} from '../../server/testSupport/redis';
import {memoryBackend} from '../../server/sandbox/store/memory';

let fixture: Fixture;
let redis: TestRedis;
let client: Redis;
let subscriber: Redis;
beforeAll(async () => {
  fixture = makeBuild();
  redis = await startRedis();
  client = redis.client();
  subscriber = redis.client();
  await Promise.all([whenReady(client), whenReady(subscriber)]);
}, 20_000);
afterAll(async () => {
  fixture.cleanup();
  await redis?.close();
});

const COUNTERS: readonly [string, () => SendCounters][] = [
  ['memory', () => memoryBackend()],
  ['Redis', () => redisBackend({client, subscriber, prefix: `relay${Math.random()}:`})],
];

describe.each(COUNTERS)('attack: the manuals form as a mail relay (counted in %s)', (_kind, counters) => {
  let app: FastifyInstance;
  const sent: string[] = [];
  beforeEach(async () => {
    sent.length = 0;
    const mailer: ManualsMailer = {
      description: 'a recording mailer',
      send: async (correos) => {
        sent.push(...correos);
        return {enviados: [...correos], fallidos: []};
      },
      close: () => undefined,
    };
    app = Fastify();
    await app.register(manualsApi, {prefix: '/api/utils', manuals: loadManuals(fixture.buildDir), mailer, rateLimitPerMinute: 1000, counters: counters()});
  });
  afterEach(async () => app.close());

  const send = (correos: readonly string[], remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/utils/enviarManuales',
      headers: {'content-type': 'application/json', ...xsrfPair()},
      payload: JSON.stringify({correos}),
      remoteAddress,
    });
  const addresses = (from: number, count: number) => Array.from({length: count}, (_, i) => `persona${from + i}@ejemplo.co`);

  it(`sends to at most ${SEND_LIMITS.perAddressPerHour} addresses an hour from one client address, then 429 with Retry-After and nothing sent`, async () => {
    expect((await send(addresses(0, 20), '203.0.113.7')).statusCode).toBe(200);
    expect((await send(addresses(20, 20), '203.0.113.7')).statusCode).toBe(200);
    const over = await send(addresses(40, 20), '203.0.113.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({error: 'LIMITE_DIRECCION', limite: SEND_LIMITS.perAddressPerHour});
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(sent).toHaveLength(40);
    // What is left of the hour can still be used, and another address has its own.
    expect((await send(addresses(40, 10), '203.0.113.7')).statusCode).toBe(200);
    expect((await send(addresses(50, 20), '203.0.113.8')).statusCode).toBe(200);
  });

  it(`sends at most ${SEND_LIMITS.perRecipientPerDay} manuals a day to one recipient, whoever asks`, async () => {
    for (let i = 0; i < SEND_LIMITS.perRecipientPerDay; i++) expect((await send(['victima@ejemplo.co'], `198.51.100.${i}`)).statusCode).toBe(200);
    const buried = await send(['otra@ejemplo.co', 'Victima@Ejemplo.co'], '198.51.100.99');
    expect(buried.statusCode).toBe(429);
    expect(buried.json()).toMatchObject({error: 'LIMITE_DESTINATARIO', correos: ['Victima@Ejemplo.co']});
    // Nothing of the refused request went out.
    expect(sent).toEqual(Array.from({length: SEND_LIMITS.perRecipientPerDay}, () => 'victima@ejemplo.co'));
  });
});
