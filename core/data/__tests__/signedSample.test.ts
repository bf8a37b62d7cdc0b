import {amountValidation, checksum, postSecurityToken} from '../../signatures';
import {sampleFields, SAMPLE_FIELDS} from '../codeSamples';
import {EXAMPLE_INSTANT, EXAMPLE_KEY, SECURITY_EXAMPLES} from '../securityExamples';
import {signedSampleFields, SIGNED_FIELDS} from '../signedSample';
import type {TransactionPath} from '../transactionTypes';

const merchant = {usuario: 'comercio.k3x9', llave: 'LlaveDeMiTerminal'};
const at = new Date('2026-03-15T14:30:00Z');
const record = (fields: readonly {name: string; value: string}[]): Record<string, string> => Object.fromEntries(fields.map((f) => [f.name, f.value]));

describe('a sample signed for the sandbox', () => {
  it.each(Object.keys(SAMPLE_FIELDS) as TransactionPath[])('%s: every variable of the sample once, usuario filled, the three values signed with the key', (path) => {
    for (const locale of ['es', 'en'] as const) {
      const fields = signedSampleFields(path, locale, merchant, at);
      const names = fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      const sample = record(sampleFields(path, locale));
      const signed = record(fields);
      expect(signed.usuario).toBe(merchant.usuario);
      expect(signed.checksum).toBe(checksum(sample.factura!, sample.valor!, merchant.llave));
      expect(signed.tokenSeguridad).toBe(postSecurityToken(merchant.llave, at));
      expect(signed.md5ValidacionValor).toBe(amountValidation(merchant.llave, sample.valor!));
      for (const [name, value] of Object.entries(sample)) {
        if (name !== 'usuario' && !(SIGNED_FIELDS as readonly string[]).includes(name)) expect(signed[name]).toBe(value);
      }
    }
  });

  it("gives the worked examples' values with their key, invoice, amount and instant", () => {
    const signed = record(signedSampleFields('pagonormal', 'es', {usuario: 'comercio.demo', llave: EXAMPLE_KEY}, new Date(EXAMPLE_INSTANT)));
    expect(signed.checksum).toBe(SECURITY_EXAMPLES.checksum.output);
    expect(signed.tokenSeguridad).toBe(SECURITY_EXAMPLES.tokenSeguridad.output);
    expect(signed.md5ValidacionValor).toBe(SECURITY_EXAMPLES.md5ValidacionValor.output);
  });
});
