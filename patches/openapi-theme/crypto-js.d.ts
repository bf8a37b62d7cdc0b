// crypto-js ships no types; patches/openapi-theme/cryptoSha1.ts uses its SHA1 module only.
declare module 'crypto-js/sha1' {
  interface WordArray {
    toString(): string;
  }
  export default function SHA1(message: string): WordArray;
}
