/**
 * @jest-environment node
 */
import {EXAMPLE_INSTANT, EXAMPLE_KEY, SECURITY_EXAMPLES} from '../securityExamples';
import {amountValidation, checksum, hourMinuteUtcMinus5, integerValue, postSecurityToken, responseSignature} from '../../signatures';

const input = (id: keyof typeof SECURITY_EXAMPLES, name: string): string => {
  const found = SECURITY_EXAMPLES[id].inputs.find((i) => i.name === name);
  if (found === undefined) throw new Error(`${id} has no input ${name}`);
  return found.value;
};

describe('worked examples of the security values', () => {
  it('firma{product} is the MD5 of key + invoice code + invoice value + authorization code', () => {
    expect(responseSignature(EXAMPLE_KEY, input('firma', 'codigoFactura'), input('firma', 'valorFactura'), input('firma', 'codigoAutorizacion'))).toBe(
      SECURITY_EXAMPLES.firma.output,
    );
  });

  it('checksum is the SHA-512 of invoice + integer value + terminal key', () => {
    expect(checksum(input('checksum', 'factura'), input('checksum', 'valor'), EXAMPLE_KEY)).toBe(SECURITY_EXAMPLES.checksum.output);
    // Decimals are dropped before hashing: the same invoice with ".00" gives the same checksum.
    expect(checksum('FAC-000123', '150000.00', EXAMPLE_KEY)).toBe(SECURITY_EXAMPLES.checksum.output);
    expect(SECURITY_EXAMPLES.checksum.output).toHaveLength(128);
  });

  it('tokenSeguridad is the MD5 of key + HH:mm in UTC-05:00', () => {
    const at = new Date(EXAMPLE_INSTANT);
    expect(hourMinuteUtcMinus5(at)).toBe(input('tokenSeguridad', 'HH:mm'));
    expect(postSecurityToken(EXAMPLE_KEY, at)).toBe(SECURITY_EXAMPLES.tokenSeguridad.output);
  });

  it('md5ValidacionValor is the MD5 of key + amount', () => {
    expect(amountValidation(EXAMPLE_KEY, input('md5ValidacionValor', 'valor'))).toBe(SECURITY_EXAMPLES.md5ValidacionValor.output);
  });

  it('every example starts from the same test key', () => {
    for (const example of Object.values(SECURITY_EXAMPLES)) {
      const key = example.inputs.find((i) => i.name === 'llave');
      expect(key?.value).toBe(EXAMPLE_KEY);
    }
  });

  it('formats HH:mm across midnight in UTC-05:00', () => {
    expect(hourMinuteUtcMinus5(new Date('2026-01-01T03:07:00Z'))).toBe('22:07');
    expect(hourMinuteUtcMinus5(new Date('2026-01-01T05:00:00Z'))).toBe('00:00');
  });

  it('refuses an amount that is not digits', () => {
    expect(integerValue('150000')).toBe('150000');
    expect(integerValue('150000,5')).toBe('150000');
    expect(() => integerValue('150.000,00')).toThrow('is not an amount');
    expect(() => checksum('F', 'abc', 'k')).toThrow('is not an amount');
  });
});
