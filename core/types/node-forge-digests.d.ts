/**
 * node-forge's digest modules loaded one by one (core/signatures.ts), so a
 * page that hashes does not download the rest of node-forge. Each module
 * exports the same object as `forge.md.md5` / `forge.md.sha512`.
 */
declare module 'node-forge/lib/md5' {
  import type {md} from 'node-forge';
  const md5: {create(): md.MessageDigest};
  export = md5;
}

declare module 'node-forge/lib/sha512' {
  import type {md} from 'node-forge';
  const sha512: {create(): md.MessageDigest};
  export = sha512;
}
