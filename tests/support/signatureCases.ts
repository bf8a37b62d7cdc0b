/**
 * Generated inputs for the property-style tests of the security values
 * (core/__tests__/signatures.test.ts, the signature workbench's tests): a
 * seeded generator, so a failure names a case that can be run again.
 */
export interface SignatureCase {
  readonly key: string;
  readonly invoice: string;
  /** An amount: digits, sometimes with decimals after a dot or a comma. */
  readonly amount: string;
  readonly authorization: string;
  readonly at: Date;
}

/** Mulberry32: a small deterministic PRNG. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/ ñÑáéíóúü€$#@%&+=';

export function generatedCases(count: number, seed: number): SignatureCase[] {
  const next = random(seed);
  const int = (max: number): number => Math.floor(next() * max);
  const text = (min: number, max: number): string => {
    const length = min + int(max - min + 1);
    let out = '';
    for (let i = 0; i < length; i += 1) out += TEXT_CHARS[int(TEXT_CHARS.length)];
    return out;
  };
  const digits = (min: number, max: number): string => {
    const length = min + int(max - min + 1);
    let out = String(1 + int(9));
    for (let i = 1; i < length; i += 1) out += String(int(10));
    return out;
  };
  const cases: SignatureCase[] = [];
  for (let i = 0; i < count; i += 1) {
    const decimals = int(3) === 0 ? `${int(2) === 0 ? '.' : ','}${digits(1, 2)}` : '';
    cases.push({
      // Keys of every length, up to several hash blocks (MD5 and SHA-512 work on 64- and 128-byte blocks).
      key: text(1, 200),
      invoice: text(1, 40),
      amount: `${digits(1, 12)}${decimals}`,
      authorization: int(5) === 0 ? '' : digits(2, 8),
      at: new Date(Date.UTC(2020, 0, 1) + int(10 * 365 * 24 * 60) * 60_000 + int(60_000)),
    });
  }
  return cases;
}
