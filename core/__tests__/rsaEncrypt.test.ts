/**
 * @jest-environment node
 */
import forge from 'node-forge';
import {encryptToHex, MAX_PLAINTEXT_BYTES} from '../rsaEncrypt';
import {CIPHERTEXT_HEX_LENGTH, DEMO_PUBLIC_KEY_PEM} from '../data/encryption';

describe('encryptToHex', () => {
  // A key pair made for the test, so the ciphertext can be decrypted back.
  const pair = forge.pki.rsa.generateKeyPair({bits: 2048, e: 0x10001});
  const publicPem = forge.pki.publicKeyToPem(pair.publicKey);

  it('encrypts with RSA 2048 and PKCS#1 v1.5 into 512 hexadecimal characters that decrypt back', () => {
    const result = encryptToHex(publicPem, '2027');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hex).toMatch(new RegExp(`^[0-9a-f]{${CIPHERTEXT_HEX_LENGTH}}$`));
    const decrypted = pair.privateKey.decrypt(forge.util.hexToBytes(result.hex), 'RSAES-PKCS1-V1_5');
    expect(forge.util.decodeUtf8(decrypted)).toBe('2027');
  });

  it('gives a different ciphertext each time, as PKCS#1 v1.5 padding is random', () => {
    const a = encryptToHex(publicPem, '123');
    const b = encryptToHex(publicPem, '123');
    expect(a.ok && b.ok && a.hex !== b.hex).toBe(true);
  });

  it('accepts the demonstration key of the portal', () => {
    expect(encryptToHex(DEMO_PUBLIC_KEY_PEM, '4111111111111111').ok).toBe(true);
  });

  it('reports an empty value, an unreadable key, a key of another size and a value too long', () => {
    expect(encryptToHex(publicPem, '')).toEqual({ok: false, error: {kind: 'emptyValue'}});
    expect(encryptToHex('not a key', '1')).toEqual({ok: false, error: {kind: 'invalidKey'}});
    const small = forge.pki.rsa.generateKeyPair({bits: 1024, e: 0x10001});
    expect(encryptToHex(forge.pki.publicKeyToPem(small.publicKey), '1')).toEqual({ok: false, error: {kind: 'wrongKeySize', bits: 1024}});
    expect(encryptToHex(publicPem, 'x'.repeat(MAX_PLAINTEXT_BYTES))).toMatchObject({ok: true});
    expect(encryptToHex(publicPem, 'x'.repeat(MAX_PLAINTEXT_BYTES + 1))).toEqual({ok: false, error: {kind: 'valueTooLong', bytes: MAX_PLAINTEXT_BYTES + 1}});
  });
});
