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
 * notifications, the request log, events, open purchases, counters, rate
 * windows, the token signing secret) goes through a backend of this
 * asynchronous interface: this process's memory by default, Redis when
 * REDIS_URL is set (./redis.ts), so that many servers act as one sandbox.
 * Values are copied in and out, as a shared store does: a change to a value
 * read from the store is not kept until it is put. The memory backend (./memory.ts) and Redis
 * (./redis.ts) pass the same contract tests (server/sandbox/store/__tests__/store.redis.test.ts).
 */

export interface StoreLimits {
  /** Records per terminal. */
  readonly perTerminal: number;
  /** Terminals with records at once. */
  readonly terminals: number;
  /** Age after which a record is forgotten, in milliseconds (counted from its last put). */
  readonly maxAgeMs: number;
}

export const DEFAULT_STORE_LIMITS: StoreLimits = {perTerminal: 500, terminals: 1000, maxAgeMs: 24 * 60 * 60 * 1000};

export interface SandboxStore<V> {
  /** The store's name, unique in its backend. */
  readonly name: string;
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

export interface StoreOptions {
  /** Partitions that are never evicted to make room (their records still age and are still bounded in count). */
  readonly pinned?: readonly string[];
  /** Called with a partition evicted to make room for another (not for one emptied by age). */
  readonly onEvict?: (terminal: string) => void;
}

/** One record to put as part of a commit (made with `write`, which checks its type). */
export interface Write {
  readonly store: SandboxStore<unknown>;
  readonly terminal: string;
  readonly key: string;
  readonly value: unknown;
}

/** A record that must still be as it was read (undefined: still absent) for a commit to happen. */
export interface Expectation {
  readonly store: SandboxStore<unknown>;
  readonly terminal: string;
  readonly key: string;
  readonly value: unknown;
}

export const write = <V>(store: SandboxStore<V>, terminal: string, key: string, value: V): Write => ({store, terminal, key, value});

/** The record `key` must still be `value` (as read; undefined: still absent). */
export const unchanged = <V>(store: SandboxStore<V>, terminal: string, key: string, value: V | undefined): Expectation => ({store, terminal, key, value});

/** How much of a sliding window is used (StoreBackend.usage). */
export interface WindowUsage {
  readonly count: number;
  readonly retryAfterMs: number;
}

/** A place taken among a bounded number (an open event stream); it lapses unless renewed. */
export interface Lease {
  renew(): Promise<void>;
  release(): Promise<void>;
}

export interface CommitOptions {
  readonly expect?: readonly Expectation[];
  readonly publish?: {readonly channel: string; readonly message: unknown};
}

export interface StoreBackend {
  readonly kind: 'memory' | 'redis';
  /** A bounded store of records; `name` is unique in the backend. */
  store<V>(name: string, limits: StoreLimits, options?: StoreOptions): SandboxStore<V>;
  /**
   * Puts every record (in one or more stores of this backend) and publishes
   * `publish`, all or none: false, with nothing written, when a record of
   * `expect` is no longer as it was read (another request, maybe on another
   * server, changed it first).
   */
  commit(writes: readonly Write[], options?: CommitOptions): Promise<boolean>;
  /** The next number of a sequence shared by every server: `start` the first time, then one more, never below `floor`. */
  sequence(name: string, options: {readonly start?: number; readonly floor?: number}): Promise<number>;
  /**
   * Counts `weight` more events of `key` (one by default) in a sliding window; false, with nothing
   * counted, when they would make more than `max`.
   */
  allow(name: string, key: string, max: number, windowMs: number, weight?: number): Promise<boolean>;
  /** The events of `key` counted in the window now, and the milliseconds until the oldest leaves it (0 when none). */
  usage(name: string, key: string, windowMs: number): Promise<WindowUsage>;
  /** Takes one of `max` places of `key`, held `ttlMs` unless renewed; undefined when all are taken. */
  lease(name: string, key: string, max: number, ttlMs: number): Promise<Lease | undefined>;
  /** Delivers `message` to every subscriber of `channel`, on every server. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Calls `listener` with each message of `channel` until the returned function is called. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /** A value shared by every server: the first to ask makes it with `make`. */
  shared(name: string, make: () => string): Promise<string>;
  /** The dependencies that are down (["redis"]); empty when the backend can serve. */
  down(): readonly string[];
  close(): Promise<void>;
}

/** Thrown by a backend that cannot answer now (Redis unreachable): the sandbox answers 503. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(
    readonly dependency: string,
    cause?: unknown,
  ) {
    super(`${dependency} is unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`, {cause});
  }
}

export function checkLimits(limits: StoreLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`store limit ${name} must be a positive whole number; got ${String(value)}.`);
    }
  }
}
