/**
 * The sandbox's state: records kept per merchant (a partition named by the
 * merchant's terminal), and bounded so that nobody can fill the server. A
 * partition keeps at most `perTerminal` records, the store at most
 * `terminals` partitions, and a record older than `maxAgeMs` is gone; the
 * oldest record, or the least recently used partition, makes room for a new
 * one. Pinned partitions (the public demo merchant's) are never the one that
 * goes.
 *
 * Everything the sandbox remembers (merchants, transactions, tokens,
 * notifications, the request log, events) goes through this asynchronous
 * interface, so a shared store (Redis, issue 43) can replace the in-memory one
 * without touching the flows. Values are copied in and out, as a shared store
 * would: a change to a value read from the store is not kept until it is put.
 */

export interface StoreLimits {
  /** Records per terminal. */
  readonly perTerminal: number;
  /** Terminals with records at once. */
  readonly terminals: number;
  /** Age after which a record is forgotten, in milliseconds. */
  readonly maxAgeMs: number;
}

export const DEFAULT_STORE_LIMITS: StoreLimits = {perTerminal: 500, terminals: 1000, maxAgeMs: 24 * 60 * 60 * 1000};

export interface SandboxStore<V> {
  /** Saves (or replaces) the record `key` of `terminal`; it becomes the newest. */
  put(terminal: string, key: string, value: V): Promise<void>;
  /** The record, or undefined when it never existed or has been forgotten. */
  get(terminal: string, key: string): Promise<V | undefined>;
  /** Removes a record; true when it was there. */
  delete(terminal: string, key: string): Promise<boolean>;
  /** The terminal's records, oldest first. */
  list(terminal: string): Promise<V[]>;
  /** Forgets every record of the terminal (a merchant that is forgotten). */
  clear(terminal: string): Promise<void>;
  /** How many records the store holds in all (for tests and the start-up log). */
  size(): Promise<number>;
}

export interface MemoryStoreOptions {
  /** Partitions that are never evicted to make room (their records still age and are still bounded in count). */
  readonly pinned?: readonly string[];
  /** Called with a partition evicted to make room for another (not for one emptied by age). */
  readonly onEvict?: (terminal: string) => void;
}

interface Entry<V> {
  readonly value: V;
  readonly at: number;
}

/** The in-memory store. `now` is injectable so tests can age records. */
export function memoryStore<V>(limits: StoreLimits = DEFAULT_STORE_LIMITS, now: () => number = Date.now, options: MemoryStoreOptions = {}): SandboxStore<V> {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`store limit ${name} must be a positive whole number; got ${String(value)}.`);
    }
  }
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

  return {
    async put(terminal, key, value) {
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
}
