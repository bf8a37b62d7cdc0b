/**
 * Card data in the sandbox: campo1 to campo4 arrive RSA-encrypted (PKCS#1
 * v1.5, hexadecimal) with the demo public key; the sandbox decrypts them with
 * the demo private key (./demoKey.ts), decides the outcome from the test cards
 * (core/data/sandbox.ts) and keeps nothing but the last 4 digits and the brand.
 * Node's own RSA_PKCS1_PADDING decryption is disabled since the Marvin fix
 * (CVE-2023-46809), so the sandbox does the raw RSA step with Node's crypto
 * (RSA_NO_PADDING, native) and removes the v1.5 padding itself: the key is the
 * published demo key, so the timing side channel that fix closes protects
 * nothing here. node-forge did the whole step in JavaScript, about 18 ms a
 * field, four per card payment (the sandbox benchmark, bench/sandbox).
 */
import {constants, createPrivateKey, privateDecrypt} from 'node:crypto';
import {SANDBOX_TEST_CARDS, TEST_CARD, type SandboxTestCard} from '../../../core/data/sandbox';
import {DEMO_PRIVATE_KEY_PEM} from './demoKey';
import {errorMessage as m, type ErrorMessage} from '../words';

const privateKey = createPrivateKey(DEMO_PRIVATE_KEY_PEM);
const utf8 = new TextDecoder('utf-8', {fatal: true});

/**
 * The message inside an RSAES-PKCS1-v1_5 encryption block (RFC 8017, 7.2.2):
 * 0x00 0x02, at least eight non-zero padding bytes, 0x00, the message; null
 * when the block is not one.
 */
export function unpadPkcs1v15(block: Uint8Array): Uint8Array | null {
  if (block.length < 11 || block[0] !== 0x00 || block[1] !== 0x02) return null;
  const end = block.indexOf(0x00, 2);
  if (end < 10) return null;
  return block.subarray(end + 1);
}

/** The plain text of an encrypted field, or null when it does not decrypt with the demo key. */
export function decryptField(hex: string): string | null {
  if (!/^[0-9a-fA-F]{512}$/.test(hex)) return null;
  try {
    const message = unpadPkcs1v15(privateDecrypt({key: privateKey, padding: constants.RSA_NO_PADDING}, Buffer.from(hex, 'hex')));
    return message === null ? null : utf8.decode(message);
  } catch {
    return null;
  }
}

export interface CardFacts {
  readonly card: SandboxTestCard;
  readonly last4: string;
  /** True when the card is the brand's approving one with the test expiry and code. */
  readonly approves: boolean;
}

export type CardReading = {readonly ok: true; readonly facts: CardFacts} | {readonly ok: false; readonly field: string; readonly message: ErrorMessage};

/**
 * Reads campo1..campo4 (campo2 optional: token creation without payment has no
 * code). Refuses, naming the field, a value that does not decrypt, a number
 * that is not a test card, or a test card of another brand than `methodId`.
 */
export function readCard(methodId: string, fields: {campo1?: string; campo2?: string; campo3?: string; campo4?: string}, withCode: boolean): CardReading {
  const plain: Record<string, string> = {};
  for (const name of withCode ? (['campo1', 'campo2', 'campo3', 'campo4'] as const) : (['campo1', 'campo3', 'campo4'] as const)) {
    const value = decryptField(fields[name] ?? '');
    if (value === null) {
      return {ok: false, field: `MetodoPago.${name}`, message: m('card.notDecrypted', {field: `MetodoPago.${name}`})};
    }
    plain[name] = value.trim();
  }
  const number = plain.campo1 ?? '';
  const card = SANDBOX_TEST_CARDS.find((c) => c.approved === number || c.rejected === number);
  if (card === undefined) {
    return {ok: false, field: 'MetodoPago.campo1', message: m('card.notTestCard')};
  }
  if (card.methodId !== methodId) {
    return {ok: false, field: 'MetodoPago.Id', message: m('card.wrongBrand', {methodId, cardMethod: card.methodId})};
  }
  const approves = card.approved === number && plain.campo3 === TEST_CARD.expiryYear && plain.campo4 === TEST_CARD.expiryMonth && (!withCode || plain.campo2 === TEST_CARD.cvc);
  return {ok: true, facts: {card, last4: number.slice(-4), approves}};
}
