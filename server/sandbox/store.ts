/**
 * The sandbox's state: records kept in memory, per terminal, and bounded so
 * that nobody can fill the server. A terminal keeps at most `perTerminal`
 * records, the store at most `terminals` terminals, and a record older than
 * `maxAgeMs` is gone; the oldest record (or terminal) makes room for a new one.
 *
 * Everything the sandbox remembers (transactions, tokens, notifications) goes
 * through this interface, so a shared store (Redis, a database) can replace the
 * in-memory one without touching the flows.
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
  put(terminal: string, key: string, value: V): void;
  /** The record, or undefined when it never existed or has been forgotten. */
  get(terminal: string, key: string): V | undefined;
  /** Removes a record; true when it was there. */
  delete(terminal: string, key: string): boolean;
  /** The terminal's records, oldest first. */
  list(terminal: string): V[];
  /** How many records the store holds in all (for tests and the start-up log). */
  size(): number;
}

interface Entry<V> {
  readonly value: V;
  readonly at: number;
}

/** The in-memory store. `now` is injectable so tests can age records. */
export function memoryStore<V>(limits: StoreLimits = DEFAULT_STORE_LIMITS, now: () => number = Date.now): SandboxStore<V> {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`store limit ${name} must be a positive whole number; got ${String(value)}.`);
    }
  }
  // Maps keep insertion order: the first terminal and the first record are the oldest.
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

  return {
    put(terminal, key, value) {
      let records = terminals.get(terminal);
      if (records === undefined) {
        if (terminals.size >= limits.terminals) {
          const oldest = terminals.keys().next();
          if (!oldest.done) terminals.delete(oldest.value);
        }
        records = new Map();
        terminals.set(terminal, records);
      } else {
        // The terminal moves to the end: the most recently written is kept longest.
        terminals.delete(terminal);
        terminals.set(terminal, records);
      }
      records.delete(key);
      records.set(key, {value, at: now()});
      while (records.size > limits.perTerminal) {
        const oldest = records.keys().next();
        if (oldest.done) break;
        records.delete(oldest.value);
      }
    },
    get(terminal, key) {
      const records = terminals.get(terminal);
      if (records === undefined) return undefined;
      prune(terminal, records);
      const entry = records.get(key);
      return entry !== undefined && fresh(entry) ? entry.value : undefined;
    },
    delete(terminal, key) {
      const records = terminals.get(terminal);
      if (records === undefined) return false;
      const existed = records.delete(key);
      if (records.size === 0) terminals.delete(terminal);
      return existed;
    },
    list(terminal) {
      const records = terminals.get(terminal);
      if (records === undefined) return [];
      prune(terminal, records);
      return [...records.values()].filter(fresh).map((entry) => entry.value);
    },
    size() {
      let total = 0;
      for (const [terminal, records] of [...terminals]) {
        prune(terminal, records);
        total += records.size;
      }
      return total;
    },
  };
}
