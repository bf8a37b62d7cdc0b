/**
 * The memory backend of the store (./contract.ts): this process's maps, what
 * `npm start` uses with nothing installed. A restart forgets everything; a
 * commit is one synchronous step, so it is atomic within the process.
 */
import {type StoreLimits, DEFAULT_STORE_LIMITS, type SandboxStore, type StoreOptions, type StoreBackend, checkLimits} from './contract';

interface Entry<V> {
  readonly value: V;
  readonly at: number;
}

/** The in-memory store's synchronous core, which the memory backend's commit uses so a commit is one step. */
interface MemoryCore<V> {
  put(terminal: string, key: string, value: V): void;
  /** The fresh record, not copied and without counting as a use. */
  peek(terminal: string, key: string): V | undefined;
}

const cores = new WeakMap<SandboxStore<unknown>, MemoryCore<unknown>>();

/** The in-memory store. `now` is injectable so tests can age records. */
export function memoryStore<V>(limits: StoreLimits = DEFAULT_STORE_LIMITS, now: () => number = Date.now, options: StoreOptions = {}, name = 'memoria'): SandboxStore<V> {
  checkLimits(limits);
  const pinned = new Set(options.pinned ?? []);
  // Maps keep insertion order: the first partition is the least recently used, the first record the oldest.
  const terminals = new Map<string, Map<string, Entry<V>>>();

  const fresh = (entry: Entry<V>) => now() - entry.at < limits.maxAgeMs;

  /** Drops the terminal's expired records (they are at its start) and the terminal when empty. */
  const prune = (terminal: string, records: Map<string, Entry<V>>) => {
    for (const [key, entry] of records) {
      if (fresh(entry)) break;
      records.delete(key);
    }
    if (records.size === 0) terminals.delete(terminal);
  };

  /** The partition, moved to the most recently used end. */
  const use = (terminal: string): Map<string, Entry<V>> | undefined => {
    const records = terminals.get(terminal);
    if (records === undefined) return undefined;
    terminals.delete(terminal);
    terminals.set(terminal, records);
    prune(terminal, records);
    return terminals.get(terminal);
  };

  const makeRoom = () => {
    if (terminals.size < limits.terminals) return;
    for (const candidate of terminals.keys()) {
      if (pinned.has(candidate)) continue;
      terminals.delete(candidate);
      options.onEvict?.(candidate);
      return;
    }
  };

  const copy = <T>(value: T): T => structuredClone(value);

  const core: MemoryCore<V> = {
    put(terminal, key, value) {
      let records = use(terminal);
      if (records === undefined) {
        makeRoom();
        records = new Map();
        terminals.set(terminal, records);
      }
      records.delete(key);
      records.set(key, {value: copy(value), at: now()});
      while (records.size > limits.perTerminal) {
        const oldest = records.keys().next();
        if (oldest.done) break;
        records.delete(oldest.value);
      }
    },
    peek(terminal, key) {
      const entry = terminals.get(terminal)?.get(key);
      return entry !== undefined && fresh(entry) ? entry.value : undefined;
    },
  };

  const store: SandboxStore<V> = {
    name,
    async put(terminal, key, value) {
      core.put(terminal, key, value);
    },
    async get(terminal, key) {
      const entry = use(terminal)?.get(key);
      return entry !== undefined && fresh(entry) ? copy(entry.value) : undefined;
    },
    async delete(terminal, key) {
      const records = terminals.get(terminal);
      if (records === undefined) return false;
      const existed = records.delete(key);
      if (records.size === 0) terminals.delete(terminal);
      return existed;
    },
    async list(terminal) {
      const records = use(terminal);
      if (records === undefined) return [];
      return [...records.values()].filter(fresh).map((entry) => copy(entry.value));
    },
    async clear(terminal) {
      terminals.delete(terminal);
    },
    async size() {
      let total = 0;
      for (const [terminal, records] of [...terminals]) {
        prune(terminal, records);
        total += records.size;
      }
      return total;
    },
  };
  cores.set(store, core);
  return store;
}

/** Equal as stored records: the same JSON. */
export const sameRecord = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Bounds of the memory backend's own maps (rate windows), as the store's terminals. */
const MAX_WINDOWS = 1000;

/**
 * This process's memory: the default, nothing to install. Everything is lost
 * when the process ends, and another process has its own.
 */
export function memoryBackend(now: () => number = Date.now): StoreBackend {
  const names = new Set<string>();
  const sequences = new Map<string, number>();
  const windows = new Map<string, number[]>();
  const leases = new Map<string, Map<symbol, number>>();
  const channels = new Map<string, Set<(message: unknown) => void>>();
  const values = new Map<string, string>();

  const deliver = (channel: string, message: unknown) => {
    for (const listener of [...(channels.get(channel) ?? [])]) listener(structuredClone(message));
  };

  return {
    kind: 'memory',
    store<V>(name: string, limits: StoreLimits, options?: StoreOptions) {
      if (names.has(name)) throw new Error(`sandbox store "${name}" is made twice`);
      names.add(name);
      return memoryStore<V>(limits, now, options, name);
    },
    async commit(writes, options = {}) {
      const coreOf = (store: SandboxStore<unknown>) => {
        const core = cores.get(store);
        if (core === undefined) throw new Error(`store ${store.name} is not a memory store`);
        return core;
      };
      for (const e of options.expect ?? []) {
        if (!sameRecord(coreOf(e.store).peek(e.terminal, e.key), e.value)) return false;
      }
      for (const w of writes) coreOf(w.store).put(w.terminal, w.key, w.value);
      if (options.publish !== undefined) deliver(options.publish.channel, options.publish.message);
      return true;
    },
    async sequence(name, {start = 1, floor}) {
      const last = sequences.get(name);
      let next = last === undefined ? start : last + 1;
      if (floor !== undefined && next < floor) next = floor;
      sequences.set(name, next);
      return next;
    },
    async allow(name, key, max, windowMs, weight = 1) {
      const id = `${name}\u0000${key}`;
      const at = now();
      const recent = (windows.get(id) ?? []).filter((t) => at - t < windowMs);
      windows.delete(id);
      if (recent.length + weight > max) {
        if (recent.length > 0) windows.set(id, recent);
        return false;
      }
      for (let i = 0; i < weight; i++) recent.push(at);
      windows.set(id, recent);
      if (windows.size > MAX_WINDOWS) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      return true;
    },
    async usage(name, key, windowMs) {
      const at = now();
      const recent = (windows.get(`${name}\u0000${key}`) ?? []).filter((t) => at - t < windowMs);
      return {count: recent.length, retryAfterMs: recent.length === 0 ? 0 : Math.max(0, recent[0]! + windowMs - at)};
    },
    async lease(name, key, max, ttlMs) {
      const id = `${name}\u0000${key}`;
      const places = leases.get(id) ?? new Map<symbol, number>();
      const at = now();
      for (const [place, until] of places) if (until <= at) places.delete(place);
      if (places.size >= max) return undefined;
      const place = Symbol(id);
      places.set(place, at + ttlMs);
      leases.set(id, places);
      return {
        async renew() {
          if (places.has(place)) places.set(place, now() + ttlMs);
        },
        async release() {
          places.delete(place);
          if (places.size === 0 && leases.get(id) === places) leases.delete(id);
        },
      };
    },
    async publish(channel, message) {
      deliver(channel, message);
    },
    subscribe(channel, listener) {
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) channels.delete(channel);
      };
    },
    async shared(name, make) {
      const known = values.get(name);
      if (known !== undefined) return known;
      const made = make();
      values.set(name, made);
      return made;
    },
    down: () => [],
    async close() {
      channels.clear();
    },
  };
}
