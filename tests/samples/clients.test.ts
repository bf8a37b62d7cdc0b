/**
 * The REST and SOAP client samples (samples/<language>/), run by each
 * language's own interpreter or compiler against the sandbox over HTTP:
 * the REST flow authenticates, pays with a test card (fields
 * RSA-encrypted with the demo public key) and finds the payment approved by
 * the status query; the SOAP sample lists the PSE banks the sandbox lists;
 * the encryption sample's output is what the sandbox decrypts with the demo
 * key's private half.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../server/sandbox';
import {freshToken, MERCHANT, sandboxApp} from '../../server/testSupport/sandbox';
import {CIPHERTEXT_HEX_LENGTH, DEMO_PUBLIC_KEY_PEM} from '../../core/data/encryption';
import {decryptField} from '../../server/sandbox/gateway/card';
import {cleanBuilds, LANGUAGES, recordCounts, requireToolchain, run, runnable, sampleError, type Language, type LanguageId} from '../../server/testSupport/sampleLanguages';

jest.setTimeout(120_000);

const counts: Partial<Record<LanguageId, number>> = {};
const count = (language: Language) => (counts[language.id] = (counts[language.id] ?? 0) + 1);
/** The C# clients use HttpClient, in its own Mono assembly. */
const CS_REFERENCES = ['System.Net.Http.dll'];

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await sandboxApp();
  await app.listen({port: 0, host: '127.0.0.1'});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox has no port');
  base = `http://127.0.0.1:${address.port}${SANDBOX_BASE}`;
});
afterAll(async () => {
  await app.close();
  cleanBuilds();
  recordCounts(__filename, counts);
});

describe.each(LANGUAGES.map((language) => [language.label, language] as const))('%s', (_label, language) => {
  beforeAll(async () => requireToolchain(language));

  it(`the REST flow (${language.files.restFlow}): authenticate, pay by card, query the status`, async () => {
    const file = language.files.restFlow;
    const program = await runnable(language, file, {references: CS_REFERENCES});
    const result = await run(program.command, program.args, {
      URL_AUTENTICACION: `${base}/auth`,
      URL_API: `${base}/core`,
      USUARIO_API: MERCHANT.usuario,
      CLAVE_API: MERCHANT.clave,
      TERMINAL: MERCHANT.terminal,
      LLAVE_PUBLICA_PEM: DEMO_PUBLIC_KEY_PEM,
    });
    count(language);
    const lines = result.stdout.trim().split('\n');
    if (result.code !== 0 || lines.length !== 2) throw sampleError(language, file, `exited with ${result.code}`, result.stdout + result.stderr);
    if (!/^pago: CodigoRespuesta 0, estado OK, CodigoSeguimiento \d+$/.test(lines[0]!)) throw sampleError(language, file, 'the card payment was not approved', result.stdout);
    if (lines[1] !== 'consulta: codigoRespuesta 0, estadoPago Aprobada, valorTotal 150000')
      throw sampleError(language, file, 'the status query did not find the payment approved', result.stdout);
  });

  it(`the encryption sample (${language.files.encryption}): the sandbox decrypts what it prints`, async () => {
    const file = language.files.encryption;
    const program = await runnable(language, file);
    const value = '4111111111111111';
    const result = await run(program.command, [...program.args, value], {LLAVE_PUBLICA_PEM: DEMO_PUBLIC_KEY_PEM});
    count(language);
    const hex = result.stdout.trim();
    if (result.code !== 0 || hex.length !== CIPHERTEXT_HEX_LENGTH || !/^[0-9a-f]+$/.test(hex) || decryptField(hex) !== value) {
      throw sampleError(language, file, `exited with ${result.code}; expected ${CIPHERTEXT_HEX_LENGTH} hex characters that decrypt to ${value}`, result.stdout + result.stderr);
    }
    // Without a key or a value it says how to run it, and fails.
    const bare = await run(program.command, program.args, {LLAVE_PUBLICA_PEM: ''});
    expect(bare.code).not.toBe(0);
    expect(bare.stdout + bare.stderr).toContain('Uso: LLAVE_PUBLICA_PEM=');
  });

  it(`the SOAP call (${language.files.soap}): listarBancos`, async () => {
    const file = language.files.soap;
    const program = await runnable(language, file, {references: CS_REFERENCES});
    const token = await freshToken(app);
    const rest = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/core/listarBancos`, payload: {idMetodoPago: '41', terminal: MERCHANT.terminal, accessToken: token}});
    const list = rest.json<{codigoBanco: string; nombreBanco: string}[]>();
    // The first entry, code 0, is the text of the list's first option, not a bank: the samples leave it out.
    expect(list[0]?.codigoBanco).toBe('0');
    const banks = list.filter((b) => b.codigoBanco !== '0').map((b) => `${b.codigoBanco} ${b.nombreBanco}`);
    expect(banks.length).toBeGreaterThan(0);
    const result = await run(program.command, program.args, {URL_SOAP: `${base}/soap/ServicioPagos`, TERMINAL: MERCHANT.terminal, TOKEN_SEGURIDAD: token});
    count(language);
    if (result.code !== 0 || result.stdout.trim().split('\n').join('\n') !== banks.join('\n')) {
      throw sampleError(language, file, `exited with ${result.code}; expected the banks ${JSON.stringify(banks)}`, result.stdout + result.stderr);
    }
  });
});
