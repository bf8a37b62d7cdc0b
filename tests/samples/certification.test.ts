/**
 * The portal's own samples pass the certification it offers integrators
 * (server/sandbox/certification): the confirmation handler and the return page
 * of each of the five languages, run with their own interpreter or compiler,
 * pass every check, posted to directly and through escuchar.mjs.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../server/sandbox';
import {asJson, freePort, newMerchant, listeningSandboxApp, type TestCredentials} from '../../server/testSupport/sandbox';
import {
  cleanBuilds,
  LANGUAGES,
  recordCounts,
  requireToolchain,
  runnable,
  sampleError,
  startServer,
  waitForPort,
  type Language,
  type LanguageId,
} from '../../server/testSupport/sampleLanguages';

jest.setTimeout(180_000);

const S = `${SANDBOX_BASE}/certificaciones`;
const counts: Partial<Record<LanguageId, number>> = {};
let app: FastifyInstance;
let base: string;
const temporary: string[] = [];

beforeAll(async () => {
  // Five languages' listeners report from this one address within a minute or two, more than one integrator
  // does: the per-address request rate is not what this file checks (server/__tests__/certification does).
  ({app, base} = await listeningSandboxApp({rateLimits: false}));
});
afterAll(async () => {
  await app.close();
  for (const dir of temporary) rmSync(dir, {recursive: true, force: true});
  cleanBuilds();
  recordCounts(__filename, counts);
});

/** A sample of the language as a server on a port of its own, with the merchant's key. */
async function serve(language: Language, file: string, me: TestCredentials, extra: Record<string, string> = {}): Promise<{url: string; stop: () => Promise<void>}> {
  const program = await runnable(language, file);
  const port = await freePort();
  // PHP's samples run under PHP's own web server, as the page says; the others are servers themselves.
  const [command, args] = language.id === 'php' ? ['php', ['-S', `127.0.0.1:${port}`, ...program.args]] : [program.command, program.args];
  const server = startServer(command, args, {LLAVE_TERMINAL: me.llave, PUERTO: String(port), ...extra});
  counts[language.id] = (counts[language.id] ?? 0) + 1;
  await waitForPort(port, server).catch(async (error: Error) => {
    await server.stop();
    throw sampleError(language, file, 'it did not start', error.message);
  });
  return {url: `http://127.0.0.1:${port}/`, stop: () => server.stop()};
}

async function certify(me: TestCredentials, body: Record<string, unknown>): Promise<{estado: string; pruebas: {nombre: string; resultado: string; detalle: string}[]}> {
  const started = await app.inject({method: 'POST', url: S, headers: asJson(me, 'en'), payload: body});
  if (started.statusCode !== 202) throw new Error(`certificaciones answered ${started.statusCode} ${started.body}`);
  const {id} = started.json<{id: string}>();
  for (;;) {
    const answer = await app.inject({method: 'GET', url: `${S}/${id}`, headers: {accept: 'application/json', 'accept-language': 'en'}});
    if (answer.statusCode !== 200) throw new Error(`the report answered ${answer.statusCode} ${answer.body}`);
    const report = answer.json();
    if (report.estado !== 'en-curso') return report;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(LANGUAGES)('the $label samples certified', (language) => {
  let me: TestCredentials;
  let handler: {url: string; stop: () => Promise<void>};
  let returnPage: {url: string; stop: () => Promise<void>};
  beforeAll(async () => {
    await requireToolchain(language);
    me = await newMerchant(app);
    const dir = mkdtempSync(join(tmpdir(), `certificar-${language.id}-`));
    temporary.push(dir);
    // The merchant's orders: none of them is an invoice of the certification, whose confirmations are authentic.
    const orders = join(dir, 'pedidos.txt');
    writeFileSync(orders, 'FAC-000123 150000 pendiente\n');
    handler = await serve(language, language.files.confirmation, me, {PEDIDOS: orders});
    returnPage = await serve(language, language.files.returnPage, me);
  });
  afterAll(async () => {
    await handler?.stop();
    await returnPage?.stop();
  });

  const failures = (report: Awaited<ReturnType<typeof certify>>) => report.pruebas.filter((p) => p.resultado === 'falla').map((p) => `${p.nombre}: ${p.detalle}`);

  it('passes every check, the sandbox posting to them directly', async () => {
    const report = await certify(me, {urlConfirmacion: handler.url, urlRespuesta: returnPage.url, via: 'directa'});
    expect(failures(report)).toEqual([]);
    expect(report.estado).toBe('aprobada');
  });

  it('passes every check through escuchar.mjs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'escuchar-'));
    temporary.push(dir);
    const file = join(dir, 'escuchar.mjs');
    writeFileSync(file, await (await fetch(`${base}${SANDBOX_BASE}/escuchar.mjs`)).text());
    let out = '';
    const listener: ChildProcess = spawn(process.execPath, [file, '--usuario', me.usuario, '--clave', me.clave, '--reenviar', handler.url, '--retorno', returnPage.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    listener.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    listener.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    try {
      for (let i = 0; i < 100 && !out.includes('Conectado'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const report = await certify(me, {urlConfirmacion: handler.url, urlRespuesta: returnPage.url, via: 'escuchar'});
      expect(failures(report)).toEqual([]);
      // What the listener printed says why a run ended incomplete.
      expect({estado: report.estado, listener: report.estado === 'aprobada' ? '' : out}).toEqual({estado: 'aprobada', listener: ''});
    } finally {
      listener.kill();
    }
  });
});
