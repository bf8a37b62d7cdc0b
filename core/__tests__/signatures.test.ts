/**
 * @jest-environment node
 */
import {createHash} from 'node:crypto';
import {amountValidation, checksum, integerValue, postSecurityToken, responseSignature, hourMinuteUtcMinus5} from '../signatures';
import {generatedCases} from '../../tests/support/signatureCases';

// The security values use node-forge's pure-JavaScript digests so that the same
// module runs in the browser (the signature workbench). Node's own MD5 and
// SHA-512 are the yardstick here, over inputs that cross block boundaries and
// carry non-ASCII text.
const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
const sha512 = (text: string): string => createHash('sha512').update(text, 'utf8').digest('hex');

describe('security values against node:crypto', () => {
  const cases = generatedCases(400, 20261125);

  it('firma{product} is MD5(key + codigoFactura + valorFactura + codigoAutorizacion)', () => {
    for (const c of cases) {
      expect(responseSignature(c.key, c.invoice, c.amount, c.authorization)).toBe(md5(`${c.key}${c.invoice}${c.amount}${c.authorization}`));
    }
  });

  it('checksum is SHA-512(factura + integer valor + key)', () => {
    for (const c of cases) {
      expect(checksum(c.invoice, c.amount, c.key)).toBe(sha512(`${c.invoice}${integerValue(c.amount)}${c.key}`));
    }
  });

  it('tokenSeguridad is MD5(key + HH:mm in UTC-05:00)', () => {
    for (const c of cases) {
      expect(postSecurityToken(c.key, c.at)).toBe(md5(`${c.key}${hourMinuteUtcMinus5(c.at)}`));
    }
  });

  it('md5ValidacionValor is MD5(key + valor)', () => {
    for (const c of cases) {
      expect(amountValidation(c.key, c.amount)).toBe(md5(`${c.key}${c.amount}`));
    }
  });

  it('hashes the empty text and long texts like node:crypto', () => {
    expect(responseSignature('', '', '', '')).toBe(md5(''));
    const long = 'ñ'.repeat(300);
    expect(amountValidation(long, '1')).toBe(md5(`${long}1`));
    expect(checksum(long, '1', long)).toBe(sha512(`${long}1${long}`));
  });
});
