/**
 * Value encryption of card fields (spec §5 "Card encryption", §9): campo1 to
 * campo4 travel RSA-encrypted with a 2048-bit public key, as hexadecimal text.
 */

export const RSA_KEY_BITS = 2048;
/** A 2048-bit ciphertext is 256 bytes: 512 hexadecimal characters. */
export const CIPHERTEXT_HEX_LENGTH = RSA_KEY_BITS / 4;
/** The card fields that must be encrypted. */
export const ENCRYPTED_CARD_FIELDS = ['campo1', 'campo2', 'campo3', 'campo4'] as const;

/**
 * A demonstration public key, generated for this portal: the encryption page
 * uses it until the reader pastes the key the gateway gives them, and the
 * contracts' examples were encrypted with it. It is not the gateway's key.
 */
export const DEMO_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEApxxd8Qzo2jCVLQHlLe3J
me85KVooE6pc4h4IwdVtp9mTjo6dXGdmK9jGcaoR6bN5l/fIsMYfH9f6MWwySbGt
bxrwiaSFBvPBp1iqvB1Na0ngYT+rlqN+1CSZH2vutzLymahC2eupnqZ9HNjXB4Rq
fgwMSigLyW+XuAX7SGwuQP1MVprPYP/g9AiNpc+DObzFkv5IvMyMKCYwE3gshxwB
ubdPrwSW6ETgGOJZH7OzlYs8jZQ3Khm5ynjN6k1yKmOMeKX05xhwVqt5KEd34zYS
zTj3EliC0Mw1esLAOq56Jtsxqa2a5oxyi4nXj7LhkrQLO3HzYmSJzltKm7HL9zb3
rQIDAQAB
-----END PUBLIC KEY-----
`;
