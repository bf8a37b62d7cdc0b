/**
 * Encryption of a card field with the gateway's RSA public key (/guias/cifrado):
 * RSA 2048, PKCS#1 v1.5 padding, hexadecimal output, the same
 * steps as the `cifrado` code sample. Used by the demo on /guias/cifrado, which
 * loads this module (and node-forge with it) only when a reader encrypts.
 */
import forge from 'node-forge';
import {CIPHERTEXT_HEX_LENGTH, RSA_KEY_BITS} from './data/encryption';

/** PKCS#1 v1.5 leaves k - 11 bytes for the message: 245 bytes with a 2048-bit key. */
export const MAX_PLAINTEXT_BYTES = RSA_KEY_BITS / 8 - 11;

export type EncryptError =
  {readonly kind: 'emptyValue'} | {readonly kind: 'invalidKey'} | {readonly kind: 'wrongKeySize'; readonly bits: number} | {readonly kind: 'valueTooLong'; readonly bytes: number};

export type EncryptResult = {readonly ok: true; readonly hex: string} | {readonly ok: false; readonly error: EncryptError};

/** Encrypts `value` with the PEM public key; a clear error, never an exception, for bad input. */
export function encryptToHex(publicKeyPem: string, value: string): EncryptResult {
  if (value.length === 0) {
    return {ok: false, error: {kind: 'emptyValue'}};
  }
  let key: forge.pki.rsa.PublicKey;
  try {
    key = forge.pki.publicKeyFromPem(publicKeyPem.trim());
  } catch {
    return {ok: false, error: {kind: 'invalidKey'}};
  }
  const bits = key.n.bitLength();
  if (bits !== RSA_KEY_BITS) {
    return {ok: false, error: {kind: 'wrongKeySize', bits}};
  }
  const bytes = forge.util.encodeUtf8(value);
  if (bytes.length > MAX_PLAINTEXT_BYTES) {
    return {ok: false, error: {kind: 'valueTooLong', bytes: bytes.length}};
  }
  const hex = forge.util.bytesToHex(key.encrypt(bytes, 'RSAES-PKCS1-V1_5'));
  if (hex.length !== CIPHERTEXT_HEX_LENGTH) {
    // A 2048-bit ciphertext is always 256 bytes; anything else is a bug, not bad input.
    throw new Error(`RSA produced ${hex.length / 2} bytes instead of ${CIPHERTEXT_HEX_LENGTH / 2}.`);
  }
  return {ok: true, hex};
}
