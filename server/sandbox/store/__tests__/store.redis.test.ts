/**
 * The store's contract (../contract.ts), written once and run against
 * both backends: this process's memory and Redis (a redis-server of the
 * test's own, ../../../testSupport/redis.ts). Then what only Redis does: two
 * backends on one Redis share everything (two servers), and a Redis that
 * stops makes the backend say so at once and serve again when it is back.
 */
import type {Redis} from 'ioredis';
import {redisBackend} from '../redis';
import {StoreUnavailableError, unchanged, write, type StoreBackend, type StoreLimits, type StoreOptions} from '../contract';
import {startRedis, whenReady, type TestRedis} from '../../../testSupport/redis';
import {memoryBackend, memoryStore} from '../memory';

let redis: TestRedis;
let client: Redis;
let subscriber: Redis;
let namespaces = 0;

beforeAll(async () => {
  redis = await startRedis();
  client = redis.client();
  subscriber = redis.client();
  // Every backend of these tests shares the two connections (a server has one backend).
  client.setMaxListeners(100);
  subscriber.setMaxListeners(100);
  await Promise.all([whenReady(client), whenReady(subscriber)]);
}, 20_000);

afterAll(async () => {
  await redis?.close();
});

interface Harness {
  readonly kind: 'memory' | 'redis';
  /** A backend of its own (an empty sandbox), with this clock. */
  backend(now?: () => number): StoreBackend;
}

const HARNESSES: readonly Harness[] = [
  {kind: 'memory', backend: (now) => memoryBackend(now)},
  {
    kind: 'redis',
    backend: (now) => {
      namespaces += 1;
      return redisBackend({client, subscriber, prefix: `prueba${namespaces}:`, ...(now === undefined ? {} : {now})});
    },
  },
];

describe.each(HARNESSES)('the sandbox store, in $kind', (harness) => {
  const limits = {perTerminal: 3, terminals: 2, maxAgeMs: 1000};
  const store = <V>(l: StoreLimits = limits, options: StoreOptions = {}, now?: () => number) => harness.backend(now).store<V>('registros', l, options);

  it('keeps records per terminal, newest last', async () => {
    const s = store<string>();
    await s.put('4501', 'a', 'uno');
    await s.put('4501', 'b', 'dos');
    await s.put('9000', 'a', 'otra terminal');
    expect(await s.get('4501', 'a')).toBe('uno');
    expect(await s.get('9000', 'a')).toBe('otra terminal');
    expect(await s.list('4501')).toEqual(['uno', 'dos']);
    expect(await s.get('4501', 'zz')).toBeUndefined();
    expect(await s.list('1234')).toEqual([]);
  });

  it('replacing a record makes it the newest', async () => {
    const s = store<string>();
    await s.put('4501', 'a', 'uno');
    await s.put('4501', 'b', 'dos');
    await s.put('4501', 'a', 'uno bis');
    expect(await s.list('4501')).toEqual(['dos', 'uno bis']);
  });

  it('holds at most perTerminal records: the oldest goes', async () => {
    const s = store<number>();
    for (let i = 1; i <= 5; i += 1) await s.put('4501', `r${i}`, i);
    expect(await s.list('4501')).toEqual([3, 4, 5]);
    expect(await s.get('4501', 'r1')).toBeUndefined();
    expect(await s.size()).toBe(3);
  });

  it('holds at most `terminals` terminals: the least recently written goes', async () => {
    const s = store<number>();
    await s.put('A', 'x', 1);
    await s.put('B', 'x', 2);
    await s.put('A', 'y', 3);
    await s.put('C', 'x', 4);
    expect(await s.list('B')).toEqual([]);
    expect(await s.list('A')).toEqual([1, 3]);
    expect(await s.list('C')).toEqual([4]);
  });

  it('forgets records older than maxAgeMs', async () => {
    let clock = 0;
    const s = store<string>(limits, {}, () => clock);
    await s.put('4501', 'viejo', 'v');
    clock = 600;
    await s.put('4501', 'nuevo', 'n');
    clock = 1200;
    expect(await s.get('4501', 'viejo')).toBeUndefined();
    expect(await s.list('4501')).toEqual(['n']);
    clock = 5000;
    expect(await s.size()).toBe(0);
  });

  it('deletes a record', async () => {
    const s = store<string>();
    await s.put('4501', 'a', 'uno');
    expect(await s.delete('4501', 'a')).toBe(true);
    expect(await s.delete('4501', 'a')).toBe(false);
    expect(await s.get('4501', 'a')).toBeUndefined();
  });

  it('a read counts as a use: the least recently used partition goes, never a pinned one', async () => {
    const evicted: string[] = [];
    const s = store<number>(limits, {pinned: ['DEMO'], onEvict: (t) => evicted.push(t)});
    const wide = store<number>({...limits, terminals: 3}, {pinned: ['DEMO']});
    await wide.put('DEMO', 'x', 0);
    await wide.put('A', 'x', 1);
    await wide.put('B', 'x', 2);
    expect(await wide.get('A', 'x')).toBe(1);
    await wide.put('C', 'x', 3);
    expect(await wide.list('B')).toEqual([]);
    await wide.put('D', 'x', 4);
    expect(await wide.list('DEMO')).toEqual([0]);
    expect(await wide.list('A')).toEqual([]);
    await s.put('DEMO', 'x', 0);
    await s.put('A', 'x', 1);
    await s.put('B', 'x', 2);
    expect(evicted).toEqual(['A']);
    expect(await s.get('DEMO', 'x')).toBe(0);
  });

  it('hands out copies, as a shared store would: a change is kept only when it is put', async () => {
    const s = store<{n: number}>();
    await s.put('4501', 'a', {n: 1});
    const read = (await s.get('4501', 'a'))!;
    read.n = 2;
    expect(await s.get('4501', 'a')).toEqual({n: 1});
    await s.put('4501', 'a', read);
    expect(await s.get('4501', 'a')).toEqual({n: 2});
  });

  it('clears a partition', async () => {
    const s = store<string>();
    await s.put('4501', 'a', 'uno');
    await s.put('9000', 'a', 'otra');
    await s.clear('4501');
    expect(await s.list('4501')).toEqual([]);
    expect(await s.size()).toBe(1);
  });

  it('refuses limits that are not positive whole numbers, and a store made twice', () => {
    const backend = harness.backend();
    expect(() => backend.store('a', {perTerminal: 0, terminals: 1, maxAgeMs: 1})).toThrow('perTerminal');
    expect(() => backend.store('b', {perTerminal: 1, terminals: 1.5, maxAgeMs: 1})).toThrow('terminals');
    backend.store('c', limits);
    expect(() => backend.store('c', limits)).toThrow('twice');
  });

  it('commits records of several stores all or none, only while what was read is unchanged', async () => {
    const backend = harness.backend();
    const payments = backend.store<{estado: string}>('pagos', limits);
    const inbox = backend.store<string>('bandeja', limits);
    await payments.put('T', 'p1', {estado: 'pendiente'});
    const read = await payments.get('T', 'p1');
    const settle = () =>
      backend.commit([write(payments, 'T', 'p1', {estado: 'aprobada'}), write(inbox, 'T', 'n1', 'confirmación en cola')], {expect: [unchanged(payments, 'T', 'p1', read)]});
    // Two settlements of one payment: the first commits both records, the second neither.
    expect(await Promise.all([settle(), settle()])).toEqual(expect.arrayContaining([true, false]));
    expect(await payments.get('T', 'p1')).toEqual({estado: 'aprobada'});
    expect(await inbox.list('T')).toEqual(['confirmación en cola']);
    // "Still absent" is an expectation too.
    expect(await backend.commit([write(inbox, 'T', 'n2', 'x')], {expect: [unchanged(payments, 'T', 'nuevo', undefined)]})).toBe(true);
    expect(await backend.commit([write(inbox, 'T', 'n3', 'y')], {expect: [unchanged(payments, 'T', 'p1', undefined)]})).toBe(false);
    expect(await inbox.get('T', 'n3')).toBeUndefined();
  });

  it('publishes with a commit, to every subscriber of the channel', async () => {
    const backend = harness.backend();
    const events = backend.store<string>('eventos', limits);
    const seen: unknown[] = [];
    const stop = backend.subscribe('canal', (message) => seen.push(message));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await backend.commit([write(events, 'T', 'e1', 'uno')], {publish: {channel: 'canal', message: {terminal: 'T', id: 'e1'}}});
    await backend.publish('canal', {terminal: 'T', id: 'e2'});
    await backend.publish('otro', {terminal: 'T', id: 'x'});
    await until(() => seen.length >= 2);
    stop();
    await backend.publish('canal', {terminal: 'T', id: 'e3'});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([
      {terminal: 'T', id: 'e1'},
      {terminal: 'T', id: 'e2'},
    ]);
  });

  it('counts sequences from their start, one more each time, never below a floor', async () => {
    const backend = harness.backend();
    expect(await backend.sequence('codigos', {start: 5_000_000})).toBe(5_000_000);
    expect(await backend.sequence('codigos', {start: 1})).toBe(5_000_001);
    expect(await backend.sequence('eventos', {floor: 1_700_000_000_000_000})).toBe(1_700_000_000_000_000);
    expect(await backend.sequence('eventos', {floor: 1_700_000_000_000_000})).toBe(1_700_000_000_000_001);
    expect(await backend.sequence('eventos', {floor: 1_800_000_000_000_000})).toBe(1_800_000_000_000_000);
  });

  it('allows at most `max` events of a key in a sliding window', async () => {
    let clock = 1_000_000;
    const backend = harness.backend(() => clock);
    const send = () => backend.allow('envios', 'T', 2, 60_000);
    expect([await send(), await send(), await send()]).toEqual([true, true, false]);
    expect(await backend.allow('envios', 'OTRA', 2, 60_000)).toBe(true);
    clock += 30_000;
    expect(await send()).toBe(false);
    clock += 30_001;
    expect([await send(), await send(), await send()]).toEqual([true, true, false]);
  });

  it('counts several events at once, all or none, and says how full a window is and when it frees', async () => {
    let clock = 2_000_000;
    const backend = harness.backend(() => clock);
    expect(await backend.usage('correos', 'ip', 60_000)).toEqual({count: 0, retryAfterMs: 0});
    expect(await backend.allow('correos', 'ip', 5, 60_000, 3)).toBe(true);
    clock += 10_000;
    // 3 + 3 > 5: nothing counted.
    expect(await backend.allow('correos', 'ip', 5, 60_000, 3)).toBe(false);
    expect(await backend.usage('correos', 'ip', 60_000)).toEqual({count: 3, retryAfterMs: 50_000});
    expect(await backend.allow('correos', 'ip', 5, 60_000, 2)).toBe(true);
    expect((await backend.usage('correos', 'ip', 60_000)).count).toBe(5);
    clock += 50_000;
    // The first three have left the window; the last two are there for 10 s more.
    expect(await backend.usage('correos', 'ip', 60_000)).toEqual({count: 2, retryAfterMs: 10_000});
  });

  it('leases at most `max` places of a key; a released or lapsed place is free again', async () => {
    let clock = 1_000_000;
    const backend = harness.backend(() => clock);
    const take = () => backend.lease('flujos', 'T', 2, 10_000);
    const a = await take();
    const b = await take();
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(await take()).toBeUndefined();
    expect(await backend.lease('flujos', 'OTRA', 2, 10_000)).toBeDefined();
    await a!.release();
    const c = await take();
    expect(c).toBeDefined();
    clock += 6_000;
    await c!.renew();
    clock += 6_000;
    // b lapsed (not renewed); c holds.
    expect(await take()).toBeDefined();
    expect(await take()).toBeUndefined();
  });

  it('shares a value made once', async () => {
    const backend = harness.backend();
    const first = await backend.shared('secreto', () => 'uno');
    expect(first).toBe('uno');
    expect(await backend.shared('secreto', () => 'dos')).toBe('uno');
  });

  it('says nothing is down while it can serve', () => {
    expect(harness.backend().down()).toEqual([]);
  });
});

describe('the memory store alone', () => {
  it('is the default of memoryStore (tests of the parts make their stores with it)', async () => {
    const s = memoryStore<string>();
    await s.put('T', 'k', 'v');
    expect(await s.list('T')).toEqual(['v']);
  });
});

describe('the Redis backend', () => {
  it('two backends on one Redis are one sandbox: records, sequences, limits, leases, messages and shared values', async () => {
    namespaces += 1;
    const prefix = `dos${namespaces}:`;
    const otherClient = redis.client();
    await whenReady(otherClient);
    const one = redisBackend({client, subscriber, prefix});
    const other = redisBackend({client: otherClient, prefix});
    const limits = {perTerminal: 10, terminals: 10, maxAgeMs: 60_000};
    const a = one.store<string>('comercios', limits);
    const b = other.store<string>('comercios', limits);
    await a.put('T', 'k', 'creado en uno');
    expect(await b.get('T', 'k')).toBe('creado en uno');
    expect(await one.sequence('n', {start: 10})).toBe(10);
    expect(await other.sequence('n', {start: 10})).toBe(11);
    expect(await one.allow('envios', 'T', 1, 60_000)).toBe(true);
    expect(await other.allow('envios', 'T', 1, 60_000)).toBe(false);
    expect(await one.lease('flujos', 'T', 1, 60_000)).toBeDefined();
    expect(await other.lease('flujos', 'T', 1, 60_000)).toBeUndefined();
    expect(await other.shared('secreto', () => 'de otro')).toBe(await one.shared('secreto', () => 'de uno'));
    const seen: unknown[] = [];
    other.subscribe('eventos', (message) => seen.push(message));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await one.publish('eventos', {desde: 'uno'});
    await until(() => seen.length === 1);
    expect(seen).toEqual([{desde: 'uno'}]);
    await other.close();
  });

  it('keeps nothing for ever: every key of records, partitions, rate windows and leases expires; a sequence or a shared value is one key', async () => {
    namespaces += 1;
    const prefix = `ttl${namespaces}:`;
    const backend = redisBackend({client, subscriber, prefix});
    const records = backend.store<string>('registros', {perTerminal: 2, terminals: 3, maxAgeMs: 60_000});
    for (const terminal of ['A', 'B', 'C', 'D']) for (const key of ['1', '2', '3']) await records.put(terminal, key, 'x'.repeat(100));
    await backend.allow('envios', 'A', 5, 30_000);
    await backend.lease('flujos', 'A', 5, 45_000);
    await backend.sequence('codigos', {start: 1});
    await backend.shared('secreto', () => 's');
    // Bounded as in memory: 3 partitions of 2 records.
    expect(await records.size()).toBe(6);
    const keys = (await client.keys(`${prefix}*`)).sort();
    const ttls = await Promise.all(keys.map((key) => client.pttl(key)));
    const lasting = keys.filter((key) => /:(seq|shared):/.test(key));
    expect(lasting).toEqual([`${prefix}seq:codigos`, `${prefix}shared:secreto`]);
    keys.forEach((key, i) => {
      if (lasting.includes(key)) expect([key, ttls[i]]).toEqual([key, -1]);
      else expect([key, ttls[i]! > 0 && ttls[i]! <= 60_000]).toEqual([key, true]);
    });
    expect(keys.length).toBe(2 * 3 + 1 + 2 + 2);
  });

  it('fails at once while Redis is down, says so, and serves again when it is back (without a new client)', async () => {
    namespaces += 1;
    const backend = redisBackend({client, subscriber, prefix: `caida${namespaces}:`});
    const s = backend.store<string>('registros', {perTerminal: 10, terminals: 10, maxAgeMs: 60_000});
    await s.put('T', 'k', 'antes');
    await redis.stop();
    await until(() => backend.down().length > 0);
    expect(backend.down()).toEqual(['redis']);
    const started = Date.now();
    await expect(s.get('T', 'k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(s.put('T', 'k', 'durante')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1000);
    await redis.start();
    await whenReady(client);
    await whenReady(subscriber);
    await until(() => backend.down().length === 0);
    // Redis came back empty (no persistence): the script is loaded again and the store serves.
    await s.put('T', 'k', 'después');
    expect(await s.list('T')).toEqual(['después']);
  }, 30_000);
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
