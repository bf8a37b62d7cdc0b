/**
 * The address rules of enviarManuales that JSON Schema cannot say cleanly.
 * The route's schema (./schema.ts) checks the shape of the body, that each
 * entry is text and its length; for every text entry it then asks
 * `addressRefusal` (through the schema's `plainAddress` keyword) why it is not
 * a plain address. Every refusal names the entry, so the screen can point at
 * the ones to fix.
 */
import type {EntryReason} from '../../core/manualsApi';

/** At most this many distinct recipients per request. */
export const MAX_RECIPIENTS = 20;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const MAX_ADDRESS_LENGTH = 254;
/** The one field of the request (the enviomanuales page's form). */
export const FIELD = 'correos';
/** How much of a refused entry the answer repeats. */
const SHOWN_LENGTH = 80;

// RFC 5322 dot-atom local part (no quoted strings, no comments) and a DNS host
// name with an alphabetic or punycode top-level label. Addresses are ASCII:
// internationalised domains must arrive in their xn-- form.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL = new RegExp(`^${ATEXT}+(\\.${ATEXT}+)*$`);
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A bare mailbox (local@domain): no display name, no quotes, no comments. Also checks MAIL_FROM. */
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
  return LOCAL.test(local) && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(labels[labels.length - 1]!);
}

/** The reasons this check gives; the schema gives NO_ES_TEXTO and DEMASIADO_LARGO. */
export type AddressReason = Exclude<EntryReason, 'NO_ES_TEXTO' | 'DEMASIADO_LARGO'>;

/** Why the text `entry` cannot be a recipient, or null when it can. */
export function addressRefusal(entry: string): AddressReason | null {
  if (entry.trim() === '') {
    return 'VACIO';
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

/**
 * A refused entry as the answer repeats it, for the person to recognise it:
 * text as sent, anything else as JSON, both cut at 80 characters. The body
 * parser bounds nesting (./json.ts), so the JSON of an entry is small.
 */
export function shown(entry: unknown): string {
  const text = typeof entry === 'string' ? entry : (JSON.stringify(entry) ?? String(entry));
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/** The list without repeats, ignoring case; the first spelling of each address stays. */
export function distinct(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}
