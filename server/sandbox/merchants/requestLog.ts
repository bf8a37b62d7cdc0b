/**
 * The request log ("Registro de solicitudes"): the last
 * SANDBOX_RULES.requestLog.perMerchant requests the sandbox received for a
 * merchant on any channel, newest first, with the errors exactly as the
 * client got them and the body with card fields, passwords, keys and tokens
 * masked.
 *
 * The rules (what is masked, what counts as an error) are pure functions,
 * tested without HTTP; the log itself is a store (../store/contract.ts) per merchant.
 */
import {randomUUID} from 'node:crypto';
import type {SandboxStore} from '../store/contract';

export type Channel = 'rest' | 'soap' | 'post' | 'sandbox';

export interface LogEntry {
  readonly id: string;
  /** ISO time the answer was sent. */
  readonly fecha: string;
  readonly canal: Channel;
  /** The operation (operationId, SOAP operation, or the sandbox's own name of the page or call). */
  readonly operacion: string;
  /** The HTTP status the client got. */
  readonly estado: number;
  /** The errors as the client got them (the answer's body, a Fault, the page's sentences); null when none. */
  readonly errores: unknown;
  /** The request's body (or parameters), masked. */
  readonly cuerpo: unknown;
  /**
   * False for a call that named the merchant without proving to be it (a wrong password, wrong
   * security values, a firma that does not verify, a revoked token): anyone may send such a call.
   */
  readonly comprobada: boolean;
}

/** Masked entirely: passwords, keys, card fields. */
const SECRET = new Set(['clave', 'llave', 'password', 'contrasena', 'contraseña']);
/** Masked but for the last 4 characters (enough to tell two apart): tokens. */
const TOKENS = new Set(['tokenseguridad', 'accesstoken', 'authorization', 'tokentarjeta', 'token']);
/** Card fields of MetodoPago (the contracts' card payment): number, code, year, month. */
const CARD_FIELDS = new Set(['campo1', 'campo2', 'campo3', 'campo4']);
/** MetodoPago's campo7 is the card token of a token payment: masked as a token. */
const CARD_TOKEN_FIELD = 'campo7';
export const MASK = '••••';

const tail = (value: string) => (value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK);

function maskValue(name: string, value: unknown, inCard: boolean): unknown {
  const key = name.toLowerCase();
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    if (text === '') return value;
    if (SECRET.has(key) || (inCard && CARD_FIELDS.has(key))) return MASK;
    if (TOKENS.has(key) || (inCard && key === CARD_TOKEN_FIELD)) return tail(text);
    return value;
  }
  return maskBody(value, key === 'metodopago');
}

/**
 * A copy of a request or answer body with passwords, keys, tokens and the
 * card fields of MetodoPago masked (deeply; arrays too). Anything else is
 * kept as it came.
 */
export function maskBody(body: unknown, inCard = false): unknown {
  if (Array.isArray(body)) return body.map((item) => maskBody(item, inCard));
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, maskValue(name, value, inCard)]));
}

/** Answer codes of the gateway that say the call did not do what it asked (core/data/resultCodes.ts): 1 and 99. */
const ERROR_CODES = new Set(['1', '99']);

/**
 * True when the answer is an error: an HTTP status of 400 or more, or a 2xx
 * whose body carries a gateway error code (codigoRespuesta / CodigoRespuesta
 * / estado 1 or 99, estado "false" or FALLIDA).
 */
export function isErrorAnswer(status: number, body: unknown): boolean {
  if (status >= 400) return true;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  for (const name of ['codigoRespuesta', 'CodigoRespuesta']) {
    if (typeof b[name] === 'string' && ERROR_CODES.has(b[name])) return true;
  }
  return b.estado === '99' || b.estado === 'false' || b.estado === 'FALLIDA';
}

export interface RequestLog {
  /** Keeps the entry; one with `comprobada: false` goes to the few kept apart (`unproven`), never pushing out the others. */
  add(terminal: string, entry: Omit<LogEntry, 'id' | 'fecha'>): Promise<LogEntry>;
  /** Newest first, both kinds; only errors when asked. */
  list(terminal: string, options?: {readonly errores?: boolean}): Promise<LogEntry[]>;
}

/**
 * `store` keeps the merchant's own calls; `unproven` the few calls that named it without proving to
 * be it (bounded by its own limits, so that a stranger's flood only turns over that bucket).
 */
export function createRequestLog(store: SandboxStore<LogEntry>, unproven: SandboxStore<LogEntry>, now: () => number = Date.now): RequestLog {
  return {
    async add(terminal, entry) {
      const full: LogEntry = {id: randomUUID(), fecha: new Date(now()).toISOString(), ...entry, cuerpo: maskBody(entry.cuerpo), errores: maskBody(entry.errores)};
      await (full.comprobada ? store : unproven).put(terminal, full.id, full);
      return full;
    },
    async list(terminal, options = {}) {
      const [own, others] = await Promise.all([store.list(terminal), unproven.list(terminal)]);
      // Each newest first, then merged by time (ISO times sort as text; the sort is stable, so ties keep that order).
      const entries = [...own.reverse().map((e) => ({...e, comprobada: e.comprobada ?? true})), ...others.reverse().map((e) => ({...e, comprobada: false}))].sort((a, b) =>
        a.fecha < b.fecha ? 1 : a.fecha > b.fecha ? -1 : 0,
      );
      return options.errores === true ? entries.filter((entry) => entry.errores !== null && entry.errores !== undefined) : entries;
    },
  };
}
