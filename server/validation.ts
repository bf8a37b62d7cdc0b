/**
 * Checks the body of POST enviarManuales before anything is sent. Every
 * refusal names what is wrong (the fields, or each bad entry with its index),
 * so the screen can point at the entries to fix.
 */
import type {EntryReason} from '../src/lib/manualsApi';

/** At most this many distinct recipients per request. */
export const MAX_RECIPIENTS = 20;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const MAX_ADDRESS_LENGTH = 254;
/** The one field of the request (spec §3, "Manuals-sending form"). */
export const FIELD = 'correos';

/** Why one entry was refused; the screen translates each reason. */
export type Reason = EntryReason;

export interface RefusedEntry {
  /** Position in the list that was sent (the list may hold duplicates). */
  readonly indice: number;
  /** The entry as sent, shortened if long, for the person to recognise it. */
  readonly correo: string;
  readonly motivo: Reason;
}

export type ValidationError =
  | {readonly error: 'CUERPO_INVALIDO'; readonly mensaje: string; readonly campos?: readonly string[]}
  | {readonly error: 'SIN_CORREOS'; readonly mensaje: string}
  | {readonly error: 'DEMASIADOS_CORREOS'; readonly mensaje: string; readonly limite: number; readonly cantidad: number}
  | {readonly error: 'CORREOS_INVALIDOS'; readonly mensaje: string; readonly rechazados: readonly RefusedEntry[]};

export type ValidationResult = {readonly ok: true; readonly correos: readonly string[]} | ({readonly ok: false} & ValidationError);

// RFC 5322 dot-atom local part (no quoted strings, no comments) and a DNS host
// name with an alphabetic or punycode top-level label. Addresses are ASCII:
// internationalised domains must arrive in their xn-- form.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL = new RegExp(`^${ATEXT}+(\\.${ATEXT}+)*$`);
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A bare mailbox (local@domain): no display name, no quotes, no comments. */
export function isValidMailbox(address: string): boolean {
  if (address.length > MAX_ADDRESS_LENGTH) {
    return false;
  }
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > 64) {
    return false;
  }
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  return (
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels[labels.length - 1]!)
  );
}

/** Why `entry` cannot be a recipient, or null when it can. */
export function refusalOf(entry: unknown): Reason | null {
  if (typeof entry !== 'string') {
    return 'NO_ES_TEXTO';
  }
  if (entry.trim() === '') {
    return 'VACIO';
  }
  if (entry.length > MAX_ADDRESS_LENGTH) {
    return 'DEMASIADO_LARGO';
  }
  if (/[\r\n]/.test(entry)) {
    // A line break in an address is a header-injection attempt.
    return 'SALTO_DE_LINEA';
  }
  if (/[<>]/.test(entry)) {
    // "Ana <ana@x.co>": only the address is wanted.
    return 'NOMBRE_VISIBLE';
  }
  if (/[",;]/.test(entry)) {
    // Quoted local parts and address lists are refused outright.
    return 'CARACTER_NO_PERMITIDO';
  }
  if (/\S\s+\S+@\S+$/.test(entry.trim())) {
    // "Ana Pérez ana@x.co": a name before the address.
    return 'NOMBRE_VISIBLE';
  }
  return isValidMailbox(entry) ? null : 'FORMATO';
}

function shown(entry: unknown): string {
  const text = typeof entry === 'string' ? entry : JSON.stringify(entry) ?? String(entry);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates `{"correos": [...]}`; duplicates (ignoring case) collapse into the first. */
export function validateManualsRequest(body: unknown): ValidationResult {
  if (!isPlainObject(body)) {
    return {ok: false, error: 'CUERPO_INVALIDO', mensaje: 'El cuerpo debe ser un objeto JSON {"correos": [...]}.'};
  }
  const unknown = Object.keys(body).filter((key) => key !== FIELD);
  if (unknown.length > 0) {
    return {ok: false, error: 'CUERPO_INVALIDO', mensaje: `Campos no admitidos: ${unknown.join(', ')}. Solo se admite "correos".`, campos: unknown};
  }
  const list = body[FIELD];
  if (!Array.isArray(list)) {
    return {ok: false, error: 'CUERPO_INVALIDO', mensaje: '"correos" debe ser una lista de direcciones de correo.', campos: [FIELD]};
  }
  if (list.length === 0) {
    return {ok: false, error: 'SIN_CORREOS', mensaje: 'La lista de correos está vacía.'};
  }
  const rechazados: RefusedEntry[] = [];
  list.forEach((entry: unknown, indice) => {
    const motivo = refusalOf(entry);
    if (motivo !== null) {
      rechazados.push({indice, correo: shown(entry), motivo});
    }
  });
  if (rechazados.length > 0) {
    return {
      ok: false,
      error: 'CORREOS_INVALIDOS',
      mensaje: `Correos no válidos: ${rechazados.map((r) => r.correo).join(', ')}.`,
      rechazados,
    };
  }
  const seen = new Set<string>();
  const correos: string[] = [];
  for (const address of list as string[]) {
    const key = address.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      correos.push(address);
    }
  }
  if (correos.length > MAX_RECIPIENTS) {
    return {
      ok: false,
      error: 'DEMASIADOS_CORREOS',
      mensaje: `Se admiten hasta ${MAX_RECIPIENTS} correos distintos por envío; llegaron ${correos.length}.`,
      limite: MAX_RECIPIENTS,
      cantidad: correos.length,
    };
  }
  return {ok: true, correos};
}
