/**
 * @jest-environment node
 */
import forge from 'node-forge';
import {buildLiveSample, buildSecurityValuesSample} from '../liveSamples';
import {SECURITY_EXAMPLES, EXAMPLE_KEY} from '../securityExamples';
import {DEMO_PUBLIC_KEY_PEM} from '../encryption';
import {amountValidation, checksum, postSecurityToken, responseSignature} from '../../signatures';

/** Runs a sample as a merchant would in Node: its require gives node-forge. */
function run(code: string, tail: string): unknown {
  const require = (name: string): unknown => {
    if (name !== 'node-forge') throw new Error(name);
    return forge;
  };
  return new Function('require', `${code}\n${tail}`)(require);
}

describe('live samples', () => {
  it.each(['es', 'en'] as const)("the security values sample (%s) gives the worked examples' values", (locale) => {
    const values = locale === 'es' ? 'valores' : 'values';
    const before = new Date();
    const result = run(buildSecurityValuesSample(locale, 'Pasarela'), `return ${values};`) as Record<string, string>;
    expect(result.firmaPasarela).toBe(SECURITY_EXAMPLES.firma.output);
    expect(result.checksum).toBe(SECURITY_EXAMPLES.checksum.output);
    expect(result.md5ValidacionValor).toBe(SECURITY_EXAMPLES.md5ValidacionValor.output);
    expect([postSecurityToken(EXAMPLE_KEY, before), postSecurityToken(EXAMPLE_KEY, new Date())]).toContain(result.tokenSeguridad);
  });

  it.each(['es', 'en'] as const)("the security values sample (%s) with the reader's sandbox key gives core/signatures' values for that key", (locale) => {
    const values = locale === 'es' ? 'valores' : 'values';
    const key = "Llave'De\\Mi-Terminal";
    const code = buildSecurityValuesSample(locale, 'Pasarela', key);
    expect(code).toContain(locale === 'es' ? '// La llave de sus credenciales de prueba del portal.' : "// The key of your portal's test credentials.");
    const result = run(code, `return ${values};`) as Record<string, string>;
    const input = (name: string) => SECURITY_EXAMPLES.firma.inputs.find((i) => i.name === name)!.value;
    expect(result.firmaPasarela).toBe(responseSignature(key, input('codigoFactura'), input('valorFactura'), input('codigoAutorizacion')));
    expect(result.checksum).toBe(checksum(input('codigoFactura'), input('valorFactura'), key));
    expect(result.md5ValidacionValor).toBe(amountValidation(key, input('valorFactura')));
    expect(buildLiveSample('valoresSeguridad', locale, 'Pasarela', key).startsWith(code)).toBe(true);
  });

  it.each(['es', 'en'] as const)('the encryption sample (%s) encrypts with RSA 2048 into 512 hex characters that the private key would open', (locale) => {
    const fn = locale === 'es' ? 'cifrarValor' : 'encryptValue';
    const code = buildLiveSample('cifrado', locale, 'Pasarela');
    // The live block ends with render(<pre>…</pre>); in Node the sample's function is called directly.
    const sample = code.slice(0, code.indexOf('\nrender('));
    const hex = run(sample, `return ${fn}('2027', ${JSON.stringify(DEMO_PUBLIC_KEY_PEM)});`) as string;
    expect(hex).toMatch(/^[0-9a-f]{512}$/);
    expect(code).toContain(`render(<pre>{${fn}('2027', `);
  });
});
