/**
 * The sandbox's card field decryption (server/sandbox/gateway/card.ts): what the
 * portal's own samples encrypt (node-forge, RSAES-PKCS1-v1_5, as the browser
 * and the samples do) comes back as it was written, and anything else is
 * refused as "does not decrypt", never an exception.
 */
import {constants, publicEncrypt, randomBytes} from 'node:crypto';
import forge from 'node-forge';
import {DEMO_PUBLIC_KEY_PEM} from '../../../../core/data/encryption';
import {decryptField, unpadPkcs1v15} from '../card';

const forgeKey = forge.pki.publicKeyFromPem(DEMO_PUBLIC_KEY_PEM);
const encryptWithForge = (text: string): string => forge.util.bytesToHex(forgeKey.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'));
/** A raw RSA block of our own making, encrypted without padding, to test what the unpadding accepts. */
const rawBlock = (block: Buffer): string => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_NO_PADDING}, block).toString('hex');

describe('decryptField', () => {
  it.each(['4111111111111111', '123', '2027', '07', 'ñandú'])('gives back %s as node-forge encrypted it', (text) => {
    expect(decryptField(encryptWithForge(text))).toBe(text);
  });

  it('refuses what is not 256 bytes of hexadecimal', () => {
    expect(decryptField('')).toBeNull();
    expect(decryptField('zz'.repeat(256))).toBeNull();
    expect(decryptField(encryptWithForge('2027').slice(2))).toBeNull();
  });

  it('refuses a block that is not PKCS#1 v1.5 encryption padding', () => {
    const message = Buffer.from('2027');
    const padded = (head: number[], paddingLength: number): Buffer => {
      const padding = Buffer.alloc(paddingLength, 0xaa);
      const block = Buffer.concat([Buffer.from(head), padding, Buffer.from([0]), message]);
      return Buffer.concat([Buffer.alloc(256 - block.length), block]);
    };
    expect(decryptField(rawBlock(padded([0x00, 0x02], 256 - 3 - message.length)))).toBe('2027');
    expect(decryptField(rawBlock(padded([0x00, 0x01], 256 - 3 - message.length)))).toBeNull();
    const noSeparator = Buffer.concat([Buffer.from([0x00, 0x02]), Buffer.alloc(254, 0xaa)]);
    expect(decryptField(rawBlock(noSeparator))).toBeNull();
    expect(decryptField(randomBytes(256).toString('hex'))).toBeNull();
  });

  it('refuses bytes that are not UTF-8', () => {
    const block = Buffer.concat([Buffer.from([0x00, 0x02]), Buffer.alloc(250, 0xaa), Buffer.from([0x00, 0xff, 0xfe, 0xfd])]);
    expect(decryptField(rawBlock(block))).toBeNull();
  });
});

describe('unpadPkcs1v15', () => {
  it('needs eight padding bytes at least', () => {
    expect(unpadPkcs1v15(Uint8Array.from([0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 65]))).toEqual(Uint8Array.from([65]));
    expect(unpadPkcs1v15(Uint8Array.from([0, 2, 1, 1, 1, 1, 1, 1, 1, 0, 65, 66]))).toBeNull();
    expect(unpadPkcs1v15(Uint8Array.from([0, 2, 0]))).toBeNull();
  });
});
