/**
 * The POST channel's server samples (samples/<language>/), run by each
 * language's own interpreter or compiler against the sandbox:
 *
 * - the signed form of the normal payment carries the worked example's
 *   checksum, tokenSeguridad and md5ValidacionValor exactly as
 *   /vpost/integracion states them (core/data/securityExamples.ts), and, made
 *   now, is accepted by the sandbox's purchase page with every value checked;
 * - the confirmation handler, a real local HTTP server with a file of orders,
 *   applies the confirmation the sandbox sends after a test payment and the
 *   worked example's signature, each once and only forward; and refuses what
 *   the signature does not cover: a real rejected or pending confirmation
 *   edited to approved, digits shifted between amount and authorization code,
 *   an invoice that is no order, an approval replayed after a reversal. Every
 *   change of state and every status/code pair answers as core/confirmation.ts
 *   (the workbench's and the assistants' verifier) decides.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server as HttpServer} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../server/sandbox';
import {outcomeSentence} from '../../server/sandbox/confirmations/inbox';
import {escapeHtml} from '../../core/texts';
import {freePort, MERCHANT, sandboxApp} from '../../server/testSupport/sandbox';
import {FORM_TYPE, form, formsOf} from '../../server/testSupport/sandboxForms';
import {SAMPLE_FIELDS} from '../../core/data/codeSamples';
import {EXAMPLE_INSTANT, EXAMPLE_KEY, SECURITY_EXAMPLES} from '../../core/data/securityExamples';
import {loadPortalConfig} from '../../core/config';
import {responseSignature} from '../../core/signatures';
import {checkConfirmation, type ConfirmationProblem, type ConfirmationStatus, type StoredOrder} from '../../core/confirmation';
import {TRANSACTION_APPROVED_CODES} from '../../core/data/enumerations';
import {
  cleanBuilds,
  LANGUAGES,
  recordCounts,
  requireToolchain,
  run,
  runnable,
  sampleError,
  startServer,
  waitForPort,
  type Language,
  type LanguageId,
} from '../../server/testSupport/sampleLanguages';

jest.setTimeout(120_000);

const FIRMA = `firma${loadPortalConfig({}).productName}`;
const counts: Partial<Record<LanguageId, number>> = {};
const count = (language: Language) => (counts[language.id] = (counts[language.id] ?? 0) + 1);

let app: FastifyInstance;
let base: string;
/** A local receiver that catches the sandbox's confirmations before any handler sees them. */
let catcher: HttpServer;
let catcherUrl: string;
const caught = new Map<string, Record<string, string>>();
const temporary: string[] = [];
beforeAll(async () => {
  catcher = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (fields.codigoFactura !== undefined) caught.set(fields.codigoFactura, fields);
      response.writeHead(200).end('OK');
    });
  });
  await new Promise<void>((done) => catcher.listen(0, '127.0.0.1', done));
  catcherUrl = `http://127.0.0.1:${(catcher.address() as {port: number}).port}/`;
  app = await sandboxApp();
  await app.listen({port: 0, host: '127.0.0.1'});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox has no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  await new Promise((done) => catcher.close(done));
  for (const dir of temporary) rmSync(dir, {recursive: true, force: true});
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

const PRODUCT = loadPortalConfig({}).productName;
const exampleInput = (name: string): string => SECURITY_EXAMPLES.firma.inputs.find((i) => i.name === name)!.value;

/** The handlers' words for the states of an order (samples/<language>/confirmacion.*). */
const STATE_WORD: Record<ConfirmationStatus, string> = {pending: 'pendiente', successful: 'aprobada', rejected: 'rechazada', aborted: 'abortada', reversed: 'reversada'};
const STATUSES = TRANSACTION_APPROVED_CODES.map((c) => c.meaning);
const APPROVAL_CODE = Object.fromEntries(TRANSACTION_APPROVED_CODES.map((c) => [c.meaning, String(c.code)])) as Record<ConfirmationStatus, string>;
/** The handlers' answer to the first thing core/confirmation.ts finds wrong. */
const ANSWER: Record<ConfirmationProblem['kind'], readonly [number, string]> = {
  badSignature: [400, 'FIRMA_INVALIDA'],
  otherInvoice: [400, 'PEDIDO_DESCONOCIDO'],
  otherAmount: [400, 'VALOR_DISTINTO'],
  noStatus: [400, 'ESTADO_DESCONOCIDO'],
  unknownStatus: [400, 'ESTADO_DESCONOCIDO'],
  approvedWithoutAuthorization: [400, 'ESTADO_NO_CONCUERDA'],
  authorizationWithoutApproval: [400, 'ESTADO_NO_CONCUERDA'],
  backwards: [409, 'CAMBIO_NO_PERMITIDO'],
};

/** A confirmation as the gateway signs it, with the merchant's key: an approval or a reversal carries a real code. */
function signed(factura: string, valor: string, status: ConfirmationStatus, code = status === 'successful' || status === 'reversed' ? '482913' : ''): Record<string, string> {
  return {
    codigoFactura: factura,
    valorFactura: valor,
    transaccionAprobada: APPROVAL_CODE[status],
    codigoAutorizacion: code,
    [FIRMA]: responseSignature(MERCHANT.llave, factura, valor, code),
  };
}

/** What core/confirmation.ts says a handler must answer to these fields for this order. */
function expected(fields: Record<string, string>, order: StoredOrder): readonly [number, string] {
  const result = checkConfirmation(new Map(Object.entries(fields)), MERCHANT.llave, PRODUCT, order);
  if (!result.ok) throw new Error(`core/confirmation.ts refused the test's own confirmation: ${result.error.kind}`);
  const first = result.check.problems[0];
  return first !== undefined ? ANSWER[first.kind] : result.check.repeated ? [200, 'REPETIDA'] : [200, 'OK'];
}

const VALOR = Object.fromEntries(SAMPLE_FIELDS.pagonormal.map((f) => [f.name, f.value])).valor!;
/** Every change of state (from the order's state to the confirmation's), one order each. */
const CHANGES = STATUSES.flatMap((from, i) =>
  STATUSES.map((to, j) => {
    const factura = `CHG-0000${i}${j}`;
    return {factura, from, to, answer: expected(signed(factura, VALOR, to), {factura, valor: VALOR, estado: from})};
  }),
);
/** Every status with every kind of authorization code, on a pending order. */
const CONSISTENCY = STATUSES.flatMap((status, i) =>
  ['', '00000', '00', '482913'].map((code, j) => {
    const factura = `CNS-0000${i}${j}`;
    return {factura, status, code, answer: expected(signed(factura, VALOR, status, code), {factura, valor: VALOR})};
  }),
);

/** The orders file of a handler: "factura valor estado" per line, as the page shows it. */
function writeOrders(orders: Record<string, {valor: string; estado: string}>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pedidos-'));
  temporary.push(dir);
  const path = join(dir, 'pedidos.txt');
  writeFileSync(
    path,
    Object.entries(orders)
      .map(([factura, o]) => `${factura} ${o.valor} ${o.estado}\n`)
      .join(''),
  );
  return path;
}

/** Pays on the sandbox's purchase page with the confirmation caught on its way: the genuine signed confirmation. */
async function payAndCatch(fields: Record<string, string>, metodoPago: string, resultado: string): Promise<Record<string, string>> {
  const purchase = await post(`${base}${SANDBOX_BASE}/pagos`, fields);
  const pay = formsOf(purchase.body)[0]!;
  const done = await post(`${base}${pay.action}`, {...pay.fields, metodoPago, resultado, urlConfirmacion: catcherUrl});
  const confirmation = caught.get(fields.factura!);
  if (done.status !== 200 || confirmation === undefined) throw new Error(`the sandbox did not confirm ${fields.factura}: ${done.status} ${done.body.slice(0, 500)}`);
  return confirmation;
}

/** A language's confirmation handler, running with its own orders file. */
async function startHandler(language: Language, orders: Record<string, {valor: string; estado: string}>) {
  const file = language.files.confirmation;
  const program = await runnable(language, file);
  const path = writeOrders(orders);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/confirmacion`;
  // PHP's handler runs under PHP's own web server, as the page says; the others are servers themselves.
  const [command, args] = language.id === 'php' ? ['php', ['-S', `127.0.0.1:${port}`, ...program.args]] : [program.command, program.args];
  const server = startServer(command, args, {...env(), PEDIDOS: path, PUERTO: String(port)});
  count(language);
  await waitForPort(port, server).catch(async (error: Error) => {
    await server.stop();
    throw sampleError(language, file, 'the handler did not start', error.message);
  });
  return {
    url,
    output: () => server.output(),
    stop: () => server.stop(),
    /** The state the handler keeps for an order, read from its file. */
    state(factura: string): string | undefined {
      const line = readFileSync(path, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${factura} `));
      return line?.trim().split(/\s+/)[2];
    },
    async expect(fields: Record<string, string>, status: number, answer: string, what: string): Promise<void> {
      const got = await post(url, fields);
      if (got.status !== status || got.body.trim() !== answer) {
        throw sampleError(language, file, `${what}: expected ${status} ${answer} (${JSON.stringify(fields)})`, `${got.status} ${got.body}\nHandler output: ${server.output()}`);
      }
    },
  };
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

  it(`the confirmation handler (${language.files.confirmation}) applies the sandbox's confirmations once, forward only, and refuses what the signature does not cover`, async () => {
    const file = language.files.confirmation;
    const normal = Object.fromEntries(SAMPLE_FIELDS.pagonormal.map((f) => [f.name, f.value]));
    const valor = normal.valor!;
    const firma = SECURITY_EXAMPLES.firma;
    const example = Object.fromEntries(firma.inputs.filter((i) => i.name !== 'llave').map((i) => [i.name, i.value]));
    // The merchant's orders, all of one length (as the page advises): the approved payment, a rejected Visa,
    // a rejected Mastercard, a pending one, the worked example, and one per row of the change table.
    const orders: Record<string, {valor: string; estado: string}> = {
      'PRB-000001': {valor, estado: 'pendiente'},
      'PRB-000002': {valor, estado: 'pendiente'},
      'PRB-000003': {valor, estado: 'pendiente'},
      'PRB-000004': {valor, estado: 'pendiente'},
      [example.codigoFactura!]: {valor: example.valorFactura!, estado: 'pendiente'},
    };
    for (const c of CHANGES) orders[c.factura] = {valor, estado: STATE_WORD[c.from]};
    for (const c of CONSISTENCY) orders[c.factura] = {valor, estado: 'pendiente'};
    const handler = await startHandler(language, orders);
    try {
      // A real rejected confirmation (Visa 00000, Mastercard 00) and a pending one (no code), caught before they
      // reach the handler, then edited to transaccionAprobada 1: still correctly signed, and refused.
      for (const [factura, metodoPago, resultado, code] of [
        ['PRB-000002', '37', 'rechazada', '00000'],
        ['PRB-000003', '38', 'rechazada', '00'],
        ['PRB-000004', '37', 'pendiente', ''],
      ] as const) {
        const genuine = await payAndCatch({...normal, factura}, metodoPago, resultado);
        expect(genuine).toMatchObject({codigoFactura: factura, transaccionAprobada: resultado === 'rechazada' ? '-1' : '0', codigoAutorizacion: code});
        expect(genuine[FIRMA]).toBe(responseSignature(MERCHANT.llave, factura, valor, code));
        await handler.expect({...genuine, transaccionAprobada: '1'}, 400, 'ESTADO_NO_CONCUERDA', `a ${resultado} confirmation edited to 1`);
        expect(handler.state(factura)).toBe('pendiente');
        // The genuine one is applied once (a pending one finds the order pending already); sent again, it
        // changes nothing; edited again, still refused.
        await handler.expect(genuine, 200, resultado === 'pendiente' ? 'REPETIDA' : 'OK', `the genuine ${resultado} confirmation`);
        await handler.expect(genuine, 200, 'REPETIDA', `the genuine ${resultado} confirmation sent again`);
        await handler.expect({...genuine, transaccionAprobada: '1'}, 400, 'ESTADO_NO_CONCUERDA', `a ${resultado} confirmation edited to 1, after it`);
        expect(handler.state(factura)).toBe(resultado);
      }

      // A test payment on the sandbox's purchase page, with the handler as the confirmation URL: delivered.
      const purchase = await post(`${base}${SANDBOX_BASE}/pagos`, {...normal, factura: 'PRB-000001'});
      const pay = formsOf(purchase.body)[0]!;
      const done = await post(`${base}${pay.action}`, {...pay.fields, metodoPago: '37', resultado: 'aprobada', urlConfirmacion: handler.url});
      const accepted = escapeHtml(outcomeSentence('es', {status: 'entregada', reason: 'OK', params: {}, httpStatus: 200}));
      if (done.status !== 200 || !done.body.includes(accepted)) {
        throw sampleError(language, file, "the sandbox's confirmation was not accepted", `${done.status} ${done.body}\nHandler output: ${handler.output()}`);
      }
      expect(handler.state('PRB-000001')).toBe('aprobada');
      const response = formsOf(done.body)[0]!.fields;
      const code = response.codigoAutorizacion!;
      expect(code).toMatch(/^\d{6}$/);

      // Sent again (the gateway resends, or someone replays the return): applied once.
      await handler.expect(response, 200, 'REPETIDA', 'the approved confirmation sent again');
      // Digits moved from the authorization code to the amount: the same concatenated text, so the same
      // signature; the stored order's amount tells it apart.
      const shifted = {...response, valorFactura: `${valor}${code[0]}`, codigoAutorizacion: code.slice(1)};
      expect(responseSignature(MERCHANT.llave, 'PRB-000001', shifted.valorFactura, shifted.codigoAutorizacion)).toBe(response[FIRMA]);
      await handler.expect(shifted, 400, 'VALOR_DISTINTO', 'the amount and authorization code shifted by a digit');
      // Tampered: a changed amount, a signature made with another key, a changed signature, or none.
      await handler.expect({...response, valorFactura: '1500'}, 400, 'FIRMA_INVALIDA', 'a changed amount');
      await handler.expect({...response, [FIRMA]: responseSignature('otra-llave', 'PRB-000001', valor, code)}, 400, 'FIRMA_INVALIDA', 'another key');
      await handler.expect({...response, [FIRMA]: response[FIRMA]!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}, 400, 'FIRMA_INVALIDA', 'a changed signature');
      await handler.expect(Object.fromEntries(Object.entries(response).filter(([name]) => name !== FIRMA)), 400, 'FIRMA_INVALIDA', 'no signature');
      // Another invoice, correctly signed, that is no order of the merchant: acknowledged (the gateway would
      // retry an error for ever), nothing applied; edited to approved first, it is still refused.
      const unknown = {...response, codigoFactura: 'PRB-999999', [FIRMA]: responseSignature(MERCHANT.llave, 'PRB-999999', valor, code)};
      await handler.expect(unknown, 200, 'PEDIDO_DESCONOCIDO', 'an invoice that is no order');
      expect(handler.state('PRB-999999')).toBeUndefined();
      const unknownRejected = signed('PRB-999998', valor, 'rejected', '00000');
      await handler.expect({...unknownRejected, transaccionAprobada: '1'}, 400, 'ESTADO_NO_CONCUERDA', 'an unknown invoice rejected, edited to approved');
      // Reversed (3), with the approved payment's code; then the approved confirmation replayed: no way back.
      await handler.expect({...response, transaccionAprobada: '3'}, 200, 'OK', 'the reversal');
      await handler.expect(response, 409, 'CAMBIO_NO_PERMITIDO', 'the approved confirmation replayed after the reversal');
      expect(handler.state('PRB-000001')).toBe('reversada');

      // The worked example of the page's signature is accepted for its order.
      await handler.expect({...example, transaccionAprobada: '1', [FIRMA]: firma.output}, 200, 'OK', "the worked example's confirmation");

      // Every change of state, with codes as the gateway sends them: what core/confirmation.ts allows, once.
      for (const c of CHANGES) {
        await handler.expect(signed(c.factura, valor, c.to), c.answer[0], c.answer[1], `${c.from} -> ${c.to}`);
        expect(handler.state(c.factura)).toBe(STATE_WORD[c.answer[1] === 'OK' ? c.to : c.from]);
      }
      // Every status with every kind of code, on a pending order: refused exactly where core/confirmation.ts refuses.
      for (const c of CONSISTENCY) {
        await handler.expect(signed(c.factura, valor, c.status, c.code), c.answer[0], c.answer[1], `${c.status} with code "${c.code}"`);
      }
    } finally {
      await handler.stop();
    }
  });

  it(`the confirmation handler (${language.files.confirmation}) never verifies with an empty key`, async () => {
    const file = language.files.confirmation;
    const program = await runnable(language, file);
    const orders = writeOrders({[exampleInput('codigoFactura')]: {valor: exampleInput('valorFactura'), estado: 'pendiente'}});
    const port = await freePort();
    const [command, args] = language.id === 'php' ? ['php', ['-S', `127.0.0.1:${port}`, ...program.args]] : [program.command, program.args];
    const server = startServer(command, args, {...env(), LLAVE_TERMINAL: '', PEDIDOS: orders, PUERTO: String(port)});
    count(language);
    try {
      if (language.id === 'php') {
        // PHP's server starts anyway; every confirmation is refused, the one signed with an empty key too.
        await waitForPort(port, server);
        const forged = {codigoFactura: exampleInput('codigoFactura'), valorFactura: exampleInput('valorFactura'), transaccionAprobada: '1', codigoAutorizacion: '548712'};
        const answer = await post(`http://127.0.0.1:${port}/`, {...forged, [FIRMA]: responseSignature('', forged.codigoFactura, forged.valorFactura, forged.codigoAutorizacion)});
        expect(answer).toEqual({status: 500, body: 'FALTA_LLAVE_TERMINAL\n'});
      } else {
        // The others refuse to start, saying which variable is missing.
        const error = await waitForPort(port, server, 30_000).then(
          () => null,
          (e: Error) => e,
        );
        if (error === null) throw sampleError(language, file, 'it started with an empty LLAVE_TERMINAL', server.output());
        expect(server.output()).toContain('LLAVE_TERMINAL');
      }
    } finally {
      await server.stop();
    }
  });
});
