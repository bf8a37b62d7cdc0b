/**
 * The sandbox's state in Redis (REDIS_URL): the backend of ./contract.ts that
 * lets any number of portal servers act as one sandbox. Each operation is one
 * call of the Lua script of ./redisScript.ts (atomic on the Redis server, with
 * the memory store's semantics); event streams use Redis publish/subscribe on
 * a second connection.
 *
 * The client (../../redis.ts) fails a command at once while Redis is
 * unreachable (no offline queue) and reconnects by itself: every such failure
 * is a StoreUnavailableError, which the sandbox answers with 503 and
 * Retry-After, and down() says "redis" until the connection is ready again.
 */
import {randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import {STORE_SCRIPT} from './redisScript';
import {checkLimits, StoreUnavailableError, type Lease, type SandboxStore, type StoreBackend, type StoreLimits, type StoreOptions, type Write} from './contract';

/** The key prefix of the sandbox's records in Redis. */
export const REDIS_PREFIX = 'integraciones:sandbox:';

export interface RedisBackendOptions {
  /** The connection for commands (its offline queue off: see ../../redis.ts). */
  readonly client: Redis;
  /** The connection for publish/subscribe; a duplicate of `client` when absent. */
  readonly subscriber?: Redis;
  /** Key prefix (tests give each run its own). */
  readonly prefix?: string;
  /** The clock, injectable for tests of expiry; the calling server's, as in memory. */
  readonly now?: () => number;
}

interface ScriptClient {
  sandboxStore(prefix: string, operation: string, args: string): Promise<unknown>;
}

/** Redis errors that mean "not now" rather than a mistake of ours. */
const TRANSIENT_REPLY = /^(OOM|LOADING|BUSY|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** The error to throw for a failed command: unavailable, unless Redis refused it as wrong. */
export function redisFailure(error: unknown): Error {
  if (error instanceof Error && error.name === 'ReplyError' && !TRANSIENT_REPLY.test(error.message)) return error;
  return new StoreUnavailableError('redis', error);
}

interface Registered {
  readonly limits: StoreLimits;
  readonly pinned: readonly string[];
  readonly onEvict?: (terminal: string) => void;
}

export function redisBackend(options: RedisBackendOptions): StoreBackend {
  const {client} = options;
  const prefix = options.prefix ?? REDIS_PREFIX;
  const now = options.now ?? Date.now;
  if (!('sandboxStore' in client)) client.defineCommand('sandboxStore', {numberOfKeys: 0, lua: STORE_SCRIPT});
  const script = client as unknown as ScriptClient;
  // Its SUBSCRIBE waits for the connection however long Redis is away (no command timeout, no retry limit).
  const subscriber = options.subscriber ?? client.duplicate({enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined});
  const ownSubscriber = options.subscriber === undefined;
  // Its failures are the client's (logged once by ../../redis.ts); down() reports both.
  if (ownSubscriber) subscriber.on('error', () => undefined);

  const registered = new Map<string, Registered>();
  const channels = new Map<string, Set<(message: unknown) => void>>();
  const sharedValues = new Map<string, string>();

  const call = async (operation: string, args: Record<string, unknown>): Promise<unknown> => {
    try {
      return await script.sandboxStore(prefix, operation, JSON.stringify(args));
    } catch (error) {
      throw redisFailure(error);
    }
  };

  const channelKey = (channel: string) => `${prefix}ch:${channel}`;
  const onMessage = (channel: string, text: string) => {
    if (!channel.startsWith(`${prefix}ch:`)) return;
    const listeners = channels.get(channel.slice(`${prefix}ch:`.length));
    if (listeners === undefined) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const listener of [...listeners]) listener(message);
  };
  subscriber.on('message', onMessage);
  // Every channel again on each connection (ioredis also does, for those it had confirmed).
  const resubscribe = () => {
    if (channels.size > 0) subscriber.subscribe(...[...channels.keys()].map(channelKey)).catch(() => undefined);
  };
  subscriber.on('ready', resubscribe);
  // Redis may come back empty (no persistence): the values every server shares are written back first.
  const reassert = () => {
    for (const [name, value] of sharedValues) {
      call('shared', {name, value})
        .then((stored) => {
          if (typeof stored === 'string') sharedValues.set(name, stored);
        })
        .catch(() => undefined);
    }
  };
  client.on('ready', reassert);

  const parse = <V>(text: unknown): V | undefined => (typeof text === 'string' ? (JSON.parse(text) as V) : undefined);
  const limitsOf = (name: string): Registered => {
    const found = registered.get(name);
    if (found === undefined) throw new Error(`sandbox store "${name}" is not of this backend`);
    return found;
  };

  const afterCommit = (reply: unknown) => {
    const out = Array.isArray(reply) ? (reply as unknown[]) : [0];
    for (let i = 1; i + 1 < out.length; i += 2) {
      const store = registered.get(String(out[i]));
      store?.onEvict?.(String(out[i + 1]));
    }
    return Number(out[0]) === 1;
  };

  const commit: StoreBackend['commit'] = async (writes, commitOptions = {}) => {
    const writeArgs = (w: Write) => {
      const {limits, pinned} = limitsOf(w.store.name);
      return {s: w.store.name, t: w.terminal, k: w.key, v: JSON.stringify(w.value), lim: [limits.perTerminal, limits.terminals, limits.maxAgeMs], pinned};
    };
    const reply = await call('commit', {
      now: now(),
      writes: writes.map(writeArgs),
      expect: (commitOptions.expect ?? []).map((e) => ({
        s: e.store.name,
        t: e.terminal,
        k: e.key,
        maxAge: limitsOf(e.store.name).limits.maxAgeMs,
        v: e.value === undefined ? false : JSON.stringify(e.value),
      })),
      ...(commitOptions.publish === undefined ? {} : {channel: channelKey(commitOptions.publish.channel), message: JSON.stringify(commitOptions.publish.message)}),
    });
    return afterCommit(reply);
  };

  const backend: StoreBackend = {
    kind: 'redis',
    store<V>(name: string, limits: StoreLimits, storeOptions: StoreOptions = {}): SandboxStore<V> {
      checkLimits(limits);
      if (registered.has(name)) throw new Error(`sandbox store "${name}" is made twice`);
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`sandbox store name "${name}": lower-case letters, digits and hyphens only`);
      registered.set(name, {limits, pinned: storeOptions.pinned ?? [], ...(storeOptions.onEvict === undefined ? {} : {onEvict: storeOptions.onEvict})});
      const base = {s: name, maxAge: limits.maxAgeMs};
      const store: SandboxStore<V> = {
        name,
        async put(terminal, key, value) {
          await commit([{store: store, terminal, key, value}]);
        },
        async get(terminal, key) {
          return parse<V>(await call('get', {...base, t: terminal, k: key, now: now()}));
        },
        async delete(terminal, key) {
          return Number(await call('delete', {...base, t: terminal, k: key})) === 1;
        },
        async list(terminal) {
          const texts = (await call('list', {...base, t: terminal, now: now()})) as unknown[];
          return texts.map((text) => parse<V>(text)!);
        },
        async clear(terminal) {
          await call('clear', {...base, t: terminal});
        },
        async size() {
          return Number(await call('size', {...base, now: now()}));
        },
      };
      return store;
    },
    commit,
    async sequence(name, {start = 1, floor}) {
      return Number(await call('sequence', {name, start, ...(floor === undefined ? {} : {floor})}));
    },
    async allow(name, key, max, windowMs, weight = 1) {
      return Number(await call('allow', {name, key, max, weight, window: windowMs, now: now(), id: randomUUID()})) === 1;
    },
    async usage(name, key, windowMs) {
      const [count, oldest] = (await call('usage', {name, key, window: windowMs, now: now()})) as [number, string | null | undefined];
      const at = oldest === null || oldest === undefined ? null : Number(oldest);
      return {count: Number(count), retryAfterMs: at === null || Number(count) === 0 ? 0 : Math.max(0, at + windowMs - now())};
    },
    async lease(name, key, max, ttlMs): Promise<Lease | undefined> {
      const id = randomUUID();
      const taken = Number(await call('lease', {name, key, max, ttl: ttlMs, now: now(), id})) === 1;
      if (!taken) return undefined;
      return {
        renew: async () => {
          await call('renew', {name, key, ttl: ttlMs, now: now(), id});
        },
        release: async () => {
          await call('release', {name, key, id});
        },
      };
    },
    async publish(channel, message) {
      try {
        await client.publish(channelKey(channel), JSON.stringify(message));
      } catch (error) {
        throw redisFailure(error);
      }
    },
    subscribe(channel, listener) {
      let listeners = channels.get(channel);
      if (listeners === undefined) {
        listeners = new Set();
        channels.set(channel, listeners);
        // Queued until connected; ioredis subscribes again after every reconnection.
        subscriber.subscribe(channelKey(channel)).catch(() => undefined);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async shared(name, make) {
      const known = sharedValues.get(name);
      if (known !== undefined) return known;
      const stored = await call('shared', {name, value: make()});
      if (typeof stored !== 'string') throw new StoreUnavailableError('redis');
      sharedValues.set(name, stored);
      return stored;
    },
    down() {
      return client.status === 'ready' && subscriber.status === 'ready' ? [] : ['redis'];
    },
    async close() {
      client.off('ready', reassert);
      subscriber.off('message', onMessage);
      subscriber.off('ready', resubscribe);
      channels.clear();
      if (ownSubscriber) subscriber.disconnect();
    },
  };
  return backend;
}
