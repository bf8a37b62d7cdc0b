/**
 * The POST channel's server samples (samples/<language>/), run by each
 * language's own interpreter or compiler against the sandbox (issue 45):
 *
 * - the signed form of the normal payment carries the worked example's
 *   checksum, tokenSeguridad and md5ValidacionValor exactly as
 *   /vpost/integracion states them (core/data/securityExamples.ts), and, made
 *   now, is accepted by the sandbox's purchase page with every value checked;
 * - the confirmation handler, a real local HTTP server, accepts the
 *   confirmation the sandbox sends after a test payment and the worked
 *   example's signature, and refuses a tampered confirmation.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../server/sandbox';
import {outcomeSentence} from '../../server/sandbox/inbox';
import {escapeHtml} from '../../server/sandbox/pages/layout';
import {freePort, MERCHANT, sandboxApp} from '../../server/testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../../server/testSupport/sandboxForms';
import {SAMPLE_FIELDS} from '../../core/data/codeSamples';
import {EXAMPLE_INSTANT, EXAMPLE_KEY, SECURITY_EXAMPLES} from '../../core/data/securityExamples';
import {loadPortalConfig} from '../../core/config';
import {responseSignature} from '../../core/signatures';
import {cleanBuilds, LANGUAGES, recordCounts, requireToolchain, run, runnable, sampleError, startServer, waitForPort, type Language, type LanguageId} from './languages';

jest.setTimeout(120_000);

const FIRMA = `firma${loadPortalConfig({}).productName}`;
const counts: Partial<Record<LanguageId, number>> = {};
const count = (language: Language) => (counts[language.id] = (counts[language.id] ?? 0) + 1);

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await sandboxApp();
  await app.listen({port: 0, host: '127.0.0.1'});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox has no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  cleanBuilds();
  recordCounts(__filename, counts);
});

/** The environment a merchant's server gives the samples: the demo merchant of the sandbox. */
const env = () => ({
  LLAVE_TERMINAL: MERCHANT.llave,
  USUARIO_COMERCIO: MERCHANT.usuario,
  URL_PAGINA_COMPRA: `${base}${SANDBOX_BASE}/pagos`,
  CAMPO_FIRMA: FIRMA,
});

async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {method: 'POST', headers: FORM_TYPE, body: form(fields)});
  return {status: response.status, body: await response.text()};
}

it("the worked examples use the demo merchant's key, so the sandbox checks what the page shows", () => {
  expect(MERCHANT.llave).toBe(EXAMPLE_KEY);
});

it('a missing toolchain fails the run, saying how to install it (never a silent skip)', async () => {
  const absent = {...LANGUAGES[0]!, commands: ['no-such-interpreter-45']};
  await expect(requireToolchain(absent)).rejects.toThrow(`PHP: no-such-interpreter-45 not found, so samples/php cannot run. Install: ${absent.install}`);
});

describe.each(LANGUAGES.map((language) => [language.label, language] as const))('%s', (_label, language) => {
  beforeAll(async () => requireToolchain(language));

  it(`the signed form (${language.files.form}) carries the worked example's values and the sandbox accepts it`, async () => {
    const file = language.files.form;
    const program = await runnable(language, file);

    // The page's worked example: its inputs and its instant, 14:30 UTC (09:30 in UTC-05:00).
    const example = await run(program.command, [...program.args, EXAMPLE_INSTANT], {...env(), LLAVE_TERMINAL: EXAMPLE_KEY});
    count(language);
    const [signed] = formsOf(example.stdout);
    if (example.code !== 0 || signed === undefined) throw sampleError(language, file, `exited with ${example.code} and no form`, example.stdout + example.stderr);
    const input = (id: keyof typeof SECURITY_EXAMPLES, name: string) => SECURITY_EXAMPLES[id].inputs.find((i) => i.name === name)!.value;
    expect(signed.fields.factura).toBe(input('checksum', 'factura'));
    expect(signed.fields.valor).toBe(input('checksum', 'valor'));
    for (const id of ['checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const) {
      if (signed.fields[id] !== SECURITY_EXAMPLES[id].output) {
        throw sampleError(language, file, `${id} is not the worked example's ${SECURITY_EXAMPLES[id].output}`, example.stdout);
      }
    }
    // The normal payment's variables, as the sample forms of the page post them, plus the security values.
    const normal = Object.fromEntries(SAMPLE_FIELDS.pagonormal.map((f) => [f.name, f.value]));
    expect(signed.fields).toEqual({...normal, usuario: MERCHANT.usuario, checksum: expect.any(String), tokenSeguridad: expect.any(String), md5ValidacionValor: expect.any(String)});

    // Made now, posted where its action says: the purchase page checks every security value.
    const now = await run(program.command, program.args, env());
    count(language);
    const [form] = formsOf(now.stdout);
    if (now.code !== 0 || form === undefined) throw sampleError(language, file, `exited with ${now.code} and no form`, now.stdout + now.stderr);
    expect(form.action).toBe(`${base}${SANDBOX_BASE}/pagos`);
    expect(form.method).toBe('post');
    const page = await post(form.action, form.fields);
    if (page.status !== 200 || !page.body.includes('Comprobado con la llave de la terminal: checksum, tokenSeguridad, md5ValidacionValor.')) {
      throw sampleError(language, file, `the sandbox's purchase page answered ${page.status}`, page.body);
    }
  });

  it(`the confirmation handler (${language.files.confirmation}) accepts the sandbox's confirmation and refuses a tampered one`, async () => {
    const file = language.files.confirmation;
    const program = await runnable(language, file);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/confirmacion`;
    // PHP's handler runs under PHP's own web server, as the page says; the others are servers themselves.
    const [command, args] = language.id === 'php' ? ['php', ['-S', `127.0.0.1:${port}`, ...program.args]] : [program.command, program.args];
    const server = startServer(command, args, {...env(), PUERTO: String(port)});
    count(language);
    try {
      await waitForPort(port, server).catch((error: Error) => {
        throw sampleError(language, file, 'the handler did not start', error.message);
      });

      // A test payment on the sandbox's purchase page, with the handler as the confirmation URL.
      const purchase = await post(`${base}${SANDBOX_BASE}/pagos`, Object.fromEntries(SAMPLE_FIELDS.pagonormal.map((f) => [f.name, f.value])));
      const pay = formsOf(purchase.body)[0]!;
      const done = await post(`${base}${pay.action}`, {...pay.fields, metodoPago: '37', resultado: 'aprobada', urlConfirmacion: url});
      const accepted = escapeHtml(outcomeSentence('es', {status: 'entregada', reason: 'OK', params: {}, httpStatus: 200}));
      if (done.status !== 200 || !done.body.includes(accepted)) {
        throw sampleError(language, file, "the sandbox's confirmation was not accepted", `${done.status} ${done.body}\nHandler output: ${server.output()}`);
      }
      const response = formsOf(done.body)[0]!.fields;
      expect(response[FIRMA]).toMatch(/^[0-9a-f]{32}$/);

      // The worked example of the page's signature is accepted too.
      const firma = SECURITY_EXAMPLES.firma;
      const example = Object.fromEntries(firma.inputs.filter((i) => i.name !== 'llave').map((i) => [i.name, i.value]));
      const good = await post(url, {...example, transaccionAprobada: '1', [FIRMA]: firma.output});
      if (good.status !== 200) throw sampleError(language, file, "the worked example's signature was refused", `${good.status} ${good.body}`);

      // Tampered: a changed amount, or a signature made with another key, or none.
      const tampered: Record<string, string>[] = [
        {...response, valorFactura: '1500'},
        {...response, [FIRMA]: responseSignature('otra-llave', response.codigoFactura!, response.valorFactura!, response.codigoAutorizacion!)},
        {...response, [FIRMA]: response[FIRMA]!.replace(/^./, (c) => (c === '0' ? '1' : '0'))},
        Object.fromEntries(Object.entries(response).filter(([name]) => name !== FIRMA)),
      ];
      for (const fields of tampered) {
        const answer = await post(url, fields);
        if (answer.status !== 400)
          throw sampleError(language, file, `a tampered confirmation was not refused with 400 (${JSON.stringify(fields)})`, `${answer.status} ${answer.body}`);
      }
    } finally {
      await server.stop();
    }
  });
});
