/**
 * The sandbox's merchants: the public demo merchant (./demoMerchant.ts) and the
 * ones issued by POST /sandbox/credenciales, each with its own terminal,
 * usuario, clave and llave. Every record of the sandbox belongs to
 * one merchant: it is kept under the merchant's terminal.
 *
 * Kept in an asynchronous store (../store/contract.ts), one partition per merchant
 * (its terminal), so the least recently used merchant is forgotten first when
 * the store is full; the demo merchant's partition is pinned and never goes.
 * The clave is kept only as a SHA-256 digest; the llave is kept as it is
 * (the sandbox signs confirmations with it). A merchant is forgotten
 * SANDBOX_RULES.merchants.days after it was last used: a use rewrites its
 * record (at most once every TOUCH_MS), which starts its age again;
 * ../wiring.ts forgets its other records with it.
 *
 * The usuario names the terminal (`prueba.<terminal>`), so a merchant is
 * found from either without a second index that could drift from the first.
 */
import {createHash, randomBytes, randomInt, timingSafeEqual} from 'node:crypto';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import type {DemoMerchant} from './demoMerchant';
import {type SandboxStore, type StoreBackend} from '../store/contract';
import {memoryBackend} from '../store/memory';

export interface Merchant extends DemoMerchant {
  /** True for the demo merchant: its records are public. */
  readonly publico: boolean;
  /** The id of its current credentials (MerchantRecord.cred). */
  readonly cred: string;
}

/** The demo merchant's credentials id: they are published and never rotate. */
export const DEMO_CREDENTIALS_ID = 'demo';

export interface MerchantRecord {
  readonly usuario: string;
  readonly terminal: string;
  readonly llave: string;
  /** SHA-256 of the clave, hexadecimal. */
  readonly claveDigest: string;
  readonly creado: number;
  /** When it was last used (its record rewritten), if ever since it was issued. */
  readonly usado?: number;
  /** Names these credentials (random, new at each rotation): tokens issued with it stop working when it changes. */
  readonly cred?: string;
}

/** What the sandbox answers when it issues or rotates credentials: the clave is shown once. */
export interface IssuedCredentials {
  readonly usuario: string;
  readonly clave: string;
  readonly terminal: string;
  readonly llave: string;
}

export interface Merchants {
  readonly demo: Merchant;
  /** A new merchant with fresh credentials. */
  create(): Promise<IssuedCredentials>;
  /** New clave and llave for the merchant, same usuario and terminal; undefined when unknown. */
  rotate(usuario: string): Promise<IssuedCredentials | undefined>;
  /** The merchant of a usuario (the POST form's, REST's); undefined when unknown or forgotten. */
  byUsuario(usuario: string): Promise<Merchant | undefined>;
  /** The merchant of a terminal. */
  byTerminal(terminal: string): Promise<Merchant | undefined>;
  /** The merchant whose usuario and clave these are (constant-time comparison of the clave). */
  authenticate(usuario: string, clave: string): Promise<Merchant | undefined>;
  /**
   * The id of the merchant's current credentials (what its tokens carry), undefined when the
   * merchant is unknown; the demo merchant's never change.
   */
  credentialsId(terminal: string): Promise<string | undefined>;
  /**
   * A sign-in from a client address: `authenticate`, throttled. Wrong passwords are counted per
   * usuario and per address (SANDBOX_RULES.signIn); past either bound every sign-in is refused,
   * the right password too, until the oldest failure leaves the window. An address the usuario
   * signed in from in the last day is not held back by the usuario's count (only by its own), so
   * that a stranger's wrong passwords cannot lock the merchant out of its own sandbox.
   */
  signIn(usuario: string, clave: string, address: string): Promise<SignIn>;
}

export type SignIn =
  | {readonly kind: 'ok'; readonly merchant: Merchant}
  | {readonly kind: 'wrong'}
  /** Too many wrong passwords: try again in `retryAfterSeconds`. */
  | {readonly kind: 'throttled'; readonly retryAfterSeconds: number};

const SIGN_IN = SANDBOX_RULES.signIn;
const SIGN_IN_WINDOW_MS = SIGN_IN.windowMinutes * 60_000;
/** How long an address the usuario signed in from stays known to it. */
const KNOWN_ADDRESS_MS = 24 * 60 * 60_000;

const KEY = 'comercio';
/** A use rewrites the merchant's record (its age starts again) when it is older than this. */
export const TOUCH_MS = 60 * 60 * 1000;
const PREFIX = SANDBOX_RULES.merchants.usuarioPrefix;

const digest = (clave: string) => createHash('sha256').update(clave, 'utf8').digest('hex');

/** Pure rules of issued credentials: their shapes, from random bytes. */
export const CREDENTIAL_RULES = {
  /** A terminal id: digits, like the gateway's, long enough not to be guessed. */
  terminal: (): string => `${randomInt(1, 10)}${Array.from({length: SANDBOX_RULES.merchants.terminalDigits - 1}, () => randomInt(0, 10)).join('')}`,
  usuario: (terminal: string): string => `${PREFIX}${terminal}`,
  clave: (): string => randomBytes(18).toString('base64url'),
  llave: (): string => randomBytes(16).toString('hex'),
  /** The terminal a usuario names, or undefined when it is not an issued usuario. */
  terminalOf: (usuario: string): string | undefined =>
    usuario.startsWith(PREFIX) && /^\d+$/.test(usuario.slice(PREFIX.length)) && usuario.length - PREFIX.length === SANDBOX_RULES.merchants.terminalDigits
      ? usuario.slice(PREFIX.length)
      : undefined,
} as const;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createMerchants(
  store: SandboxStore<MerchantRecord>,
  demo: DemoMerchant,
  now: () => number = Date.now,
  /** Where failed sign-ins are counted: the sandbox's backend, shared by every server (this process's memory when absent). */
  counters: Pick<StoreBackend, 'usage' | 'allow'> = memoryBackend(now),
): Merchants {
  const demoMerchant: Merchant = {...demo, publico: true, cred: DEMO_CREDENTIALS_ID};
  const merchantOf = (record: MerchantRecord, clave = ''): Merchant => ({
    usuario: record.usuario,
    clave,
    terminal: record.terminal,
    llave: record.llave,
    publico: false,
    cred: record.cred ?? '',
  });

  /** A merchant that is being used: its record is rewritten when its last use is older than TOUCH_MS. */
  const touch = async (record: MerchantRecord): Promise<void> => {
    if (now() - (record.usado ?? record.creado) >= TOUCH_MS) await store.put(record.terminal, KEY, {...record, usado: now()});
  };
  const byTerminal = async (terminal: string): Promise<Merchant | undefined> => {
    if (terminal === demo.terminal) return demoMerchant;
    const record = await store.get(terminal, KEY);
    if (record === undefined) return undefined;
    await touch(record);
    return merchantOf(record);
  };
  const byUsuario = async (usuario: string): Promise<Merchant | undefined> => {
    if (usuario === demo.usuario) return demoMerchant;
    const terminal = CREDENTIAL_RULES.terminalOf(usuario);
    return terminal === undefined ? undefined : byTerminal(terminal);
  };
  const issue = async (terminal: string): Promise<IssuedCredentials> => {
    const clave = CREDENTIAL_RULES.clave();
    const record: MerchantRecord = {
      usuario: CREDENTIAL_RULES.usuario(terminal),
      terminal,
      llave: CREDENTIAL_RULES.llave(),
      claveDigest: digest(clave),
      creado: now(),
      cred: randomBytes(12).toString('base64url'),
    };
    await store.put(terminal, KEY, record);
    return {usuario: record.usuario, clave, terminal, llave: record.llave};
  };

  const authenticate = async (usuario: string, clave: string): Promise<Merchant | undefined> => {
    if (usuario === demo.usuario) return sameText(clave, demo.clave) ? demoMerchant : undefined;
    const terminal = CREDENTIAL_RULES.terminalOf(usuario);
    const record = terminal === undefined ? undefined : await store.get(terminal, KEY);
    if (record === undefined || !sameText(digest(clave), record.claveDigest)) return undefined;
    await touch(record);
    return merchantOf(record, clave);
  };

  return {
    demo: demoMerchant,
    async create() {
      for (;;) {
        const terminal = CREDENTIAL_RULES.terminal();
        if (terminal !== demo.terminal && (await store.get(terminal, KEY)) === undefined) return issue(terminal);
      }
    },
    async rotate(usuario) {
      const terminal = CREDENTIAL_RULES.terminalOf(usuario);
      if (terminal === undefined || (await store.get(terminal, KEY)) === undefined) return undefined;
      return issue(terminal);
    },
    byUsuario,
    byTerminal,
    authenticate,
    async signIn(usuario, clave, address) {
      // The demo merchant's password is published: there is nothing to guess, and counting its
      // failures would let anyone lock the docs' examples out. Its callers count by address only.
      const pair = `${usuario}\u0000${address}`;
      const known = usuario !== demo.usuario && (await counters.usage('entradas', pair, KNOWN_ADDRESS_MS)).count > 0;
      const byUsuario = usuario === demo.usuario ? [] : [{name: 'fallos-usuario', key: usuario, max: SIGN_IN.perMerchant}];
      const bounds = [...byUsuario, {name: 'fallos-direccion', key: address, max: SIGN_IN.perAddress}];
      const checked = known ? bounds.slice(byUsuario.length) : bounds;
      const used = await Promise.all(checked.map((b) => counters.usage(b.name, b.key, SIGN_IN_WINDOW_MS)));
      const full = used.filter((u, i) => u.count >= checked[i]!.max);
      if (full.length > 0) return {kind: 'throttled', retryAfterSeconds: Math.max(1, ...full.map((u) => Math.ceil(u.retryAfterMs / 1000)))};
      const merchant = await authenticate(usuario, clave);
      if (merchant !== undefined) {
        // Remembered at most once an hour (so 25 a day at most): the count only says whether there was one.
        if (!merchant.publico && (await counters.usage('entradas', pair, 60 * 60_000)).count === 0) await counters.allow('entradas', pair, 25, KNOWN_ADDRESS_MS);
        return {kind: 'ok', merchant};
      }
      await Promise.all(bounds.map((b) => counters.allow(b.name, b.key, b.max, SIGN_IN_WINDOW_MS)));
      return {kind: 'wrong'};
    },
    async credentialsId(terminal) {
      if (terminal === demo.terminal) return DEMO_CREDENTIALS_ID;
      const record = await store.get(terminal, KEY);
      return record === undefined ? undefined : (record.cred ?? '');
    },
  };
}
