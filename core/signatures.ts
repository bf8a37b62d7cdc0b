/**
 * Reference implementations of the POST channel's security values
 * (/vpost/integracion?tab=valores). On a merchant's site they run on the server, never in the buyer's
 * browser: each one uses the terminal's encryption key. The worked examples
 * shown on /vpost/integracion (core/data/securityExamples.ts) are recomputed
 * with these functions by core/data/__tests__/securityExamples.test.ts, and the
 * signature workbench (/firmas) runs these same functions in the integrator's
 * browser, so the digests come from node-forge's pure-JavaScript MD5 and
 * SHA-512 (the same in Node and in a browser, with no Node built-in);
 * core/__tests__/signatures.test.ts compares them with node:crypto.
 */
import md5Digest from 'node-forge/lib/md5';
import sha512Digest from 'node-forge/lib/sha512';

const md5 = (text: string): string => md5Digest.create().update(text, 'utf8').digest().toHex();
const sha512 = (text: string): string => sha512Digest.create().update(text, 'utf8').digest().toHex();

/** firma{product}: MD5 of key + invoice code + invoice value + authorization code. */
export function responseSignature(key: string, codigoFactura: string, valorFactura: string, codigoAutorizacion: string): string {
  return md5(`${key}${codigoFactura}${valorFactura}${codigoAutorizacion}`);
}

/** The integer part of an amount, without separators or decimals ("150000.50" -> "150000"). */
export function integerValue(valor: string): string {
  const match = /^(\d+)(?:[.,]\d+)?$/.exec(valor.trim());
  if (match === null || match[1] === undefined) {
    throw new Error(`"${valor}" is not an amount: digits, optionally followed by decimals.`);
  }
  return match[1];
}

/** checksum: SHA-512 of invoice number + integer value without decimals + terminal key. */
export function checksum(factura: string, valor: string, key: string): string {
  return sha512(`${factura}${integerValue(valor)}${key}`);
}

/** HH:mm of an instant in UTC-05:00 (Colombia has no daylight saving time). */
export function hourMinuteUtcMinus5(at: Date): string {
  const shifted = new Date(at.getTime() - 5 * 60 * 60 * 1000);
  const hh = String(shifted.getUTCHours()).padStart(2, '0');
  const mm = String(shifted.getUTCMinutes()).padStart(2, '0');
  return `${hh}:${mm}`;
}

/** tokenSeguridad of the POST form: MD5 of terminal key + HH:mm in UTC-05:00. */
export function postSecurityToken(key: string, at: Date): string {
  return md5(`${key}${hourMinuteUtcMinus5(at)}`);
}

/** md5ValidacionValor: MD5 of key + amount. */
export function amountValidation(key: string, valor: string): string {
  return md5(`${key}${valor}`);
}
