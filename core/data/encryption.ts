/**
 * Value encryption of card fields (/guias/cifrado): campo1 to
 * campo4 travel RSA-encrypted with a 2048-bit public key, as hexadecimal text.
 */

export const RSA_KEY_BITS = 2048;
/** A 2048-bit ciphertext is 256 bytes: 512 hexadecimal characters. */
export const CIPHERTEXT_HEX_LENGTH = RSA_KEY_BITS / 4;
/** The card fields that must be encrypted. */
export const ENCRYPTED_CARD_FIELDS = ['campo1', 'campo2', 'campo3', 'campo4'] as const;

/**
 * A demonstration public key, generated for this portal: the encryption page
 * uses it until the reader pastes the key the gateway gives them, the
 * contracts' examples were encrypted with it (scripts/encrypt-examples.ts), and
 * the portal's sandbox holds its private half (server/sandbox/gateway/demoKey.ts), so
 * what the page encrypts the sandbox accepts. It is not the gateway's key.
 */
export const DEMO_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAooLRByoualv4YN4PakBe
qZ9XoO+8RoZAsalC0Lner8cRbMIzCgG/9YyimU6RxP39KL6MYOQ4ISKSBFAfXmN4
toZteHtDnuAUGFyANxgP4ZJJY/O3ErjqfGh2cGrArlWHfCDsB+MjkAb5Yy03Opez
MibWoZtlJe1rsuSgIAo3Wdr+XphVR2GhdVT4u1aOBNHKXhAy9bma7Xn2HI5y+bV3
Kphee4ekU1CK8SVtzn9EU9T+eihVll8voN0dU4f+1PF19qWCVM+LMZQpF5NuUQ8V
8ieYxjI/j/ctLcxMxx84xUXh4/XmGW0RW63zShL6IilCrKH5/e5UWq3pNxU4g1tb
XQIDAQAB
-----END PUBLIC KEY-----
`;
