/**
 * The API reference's code tabs, run: for every operation page of
 * every contract, version and locale, the snippet each tab shows (made as the
 * page makes it: ../support/referenceSnippets.ts), with the sandbox's URL, the body
 * try-it starts with and a fresh token from /sandbox/auth/autenticar, runs with
 * its language's own interpreter or compiler (curl, PHP, Node.js, Python; Java
 * and C# compiled once for all their snippets) and gets the sandbox's success
 * answer. Snippets that come out the same (an English page whose request is the
 * Spanish one's) run once.
 */
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../server/sandbox';
import {freshToken, sandboxApp} from '../../server/testSupport/sandbox';
import type {LanguageTab} from '../../src/lib/openapi/languageTabs';
import {LANGUAGES, missingCommands, recordCounts, run, type Language} from '../../server/testSupport/sampleLanguages';
import {credentialPlaceholders, exampleBody, LANGUAGE_TABS, operationPages, snippetOf, type OperationPage} from '../support/referenceSnippets';

jest.setTimeout(600_000);

/** Debian's libunirest-java-java and the jars it needs (it names none in its manifest): the Java tab's Unirest. */
const UNIREST_CLASSPATH = ['unirest-java', 'httpclient', 'httpcore', 'httpasyncclient', 'httpcore-nio', 'httpmime', 'com.android.json', 'commons-logging', 'commons-codec'].map(
  (jar) => `/usr/share/java/${jar}.jar`,
);

/** How each tab's snippet runs: the project's sample language it belongs to (curl has none). */
const TAB_LANGUAGE: Readonly<Record<string, Language['id'] | 'curl'>> = {curl: 'curl', php: 'php', nodejs: 'node', python: 'python', java: 'java', csharp: 'csharp'};
const LABEL: Readonly<Record<string, string>> = {curl: 'curl', ...Object.fromEntries(LANGUAGES.map((l) => [l.id, l.label]))};

interface Job {
  readonly id: Language['id'] | 'curl';
  readonly tab: LanguageTab;
  readonly snippet: string;
  /** The pages whose tab shows it. */
  readonly pages: OperationPage[];
  answer?: string;
  code?: number | null;
}

let app: FastifyInstance;
let origin: string;
let work: string;
beforeAll(async () => {
  app = await sandboxApp();
  await app.listen({port: 0, host: '127.0.0.1'});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox has no port');
  origin = `http://127.0.0.1:${address.port}`;
  work = mkdtempSync(join(tmpdir(), 'portal-reference-snippets-'));
});
afterAll(async () => {
  await app.close();
  rmSync(work, {recursive: true, force: true});
});

/** The body with every token field holding `token` (what the reader pastes after authenticating). */
function withToken(body: string, token: string): string {
  return JSON.stringify(
    JSON.parse(body, (key, value: unknown) => (key === 'tokenSeguridad' || key === 'accessToken' ? token : value)),
    null,
    2,
  );
}

async function makeJobs(token: string): Promise<Job[]> {
  const jobs = new Map<string, Job>();
  for (const page of operationPages()) {
    const body = exampleBody(page.api);
    for (const tab of LANGUAGE_TABS) {
      let snippet = await snippetOf(page.api, tab, origin, body === undefined ? undefined : withToken(body, token));
      for (const placeholder of credentialPlaceholders(page.api)) snippet = snippet.split(placeholder).join(token);
      const id = TAB_LANGUAGE[tab.language];
      if (id === undefined) throw new Error(`no way to run the ${tab.language} tab`);
      const key = `${tab.language}\n${snippet}`;
      const known = jobs.get(key);
      if (known === undefined) jobs.set(key, {id, tab, snippet, pages: [page]});
      else known.pages.push(page);
    }
  }
  return [...jobs.values()];
}

/** Runs the programs `count` at a time. */
async function inParallel<T>(items: readonly T[], count: number, each: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({length: count}, async () => {
      while (next < items.length) {
        const index = next++;
        await each(items[index]!, index);
      }
    }),
  );
}

const EXTENSIONS: Readonly<Record<string, [string, string[]]>> = {
  curl: ['sh', ['bash']],
  php: ['php', ['php']],
  node: ['cjs', ['node']],
  python: ['py', ['python3']],
};

async function runScripts(jobs: Job[]): Promise<void> {
  await inParallel(jobs, 3, async (job, index) => {
    const [extension, command] = EXTENSIONS[job.id]!;
    const file = join(work, `${job.id}-${index}.${extension}`);
    writeFileSync(file, job.snippet);
    const result = await run(command[0]!, [...command.slice(1), file], {});
    job.code = result.code;
    job.answer = result.stdout + (result.code === 0 ? '' : result.stderr);
  });
}

/** Output of the batch runners: one block per snippet, between these marks. */
const MARK = '@@snippet@@';
const END = '@@end@@';
function readBatch(jobs: Job[], result: {code: number | null; stdout: string; stderr: string}): void {
  for (const block of result.stdout.split(MARK).slice(1)) {
    const newline = block.indexOf('\n');
    const [index, status] = block.slice(0, newline).split(' ');
    const job = jobs[Number(index)]!;
    const end = block.indexOf(END);
    job.code = status === 'ok' && end !== -1 ? 0 : 1;
    job.answer = end === -1 ? block.slice(newline + 1) : block.slice(newline + 1, end);
  }
  for (const job of jobs.filter((j) => j.answer === undefined)) {
    job.code = result.code;
    job.answer = `(the runner stopped before this snippet, exit ${result.code}) ${result.stderr.slice(-1500)}`;
  }
}

/** All Java snippets, each a package of its own, compiled by one javac call and run in one JVM. */
async function runJava(jobs: Job[]): Promise<void> {
  const dir = join(work, 'java');
  const files: string[] = [];
  jobs.forEach((job, index) => {
    mkdirSync(join(dir, `s${index}`), {recursive: true});
    const file = join(dir, `s${index}`, 'Main.java');
    writeFileSync(file, `package s${index};\n${job.snippet}`);
    files.push(file);
  });
  const calls = jobs.map((_, index) => `    run(${index}, s${index}.Main::main);`).join('\n');
  writeFileSync(
    join(dir, 'Runner.java'),
    `import java.io.*;
public class Runner {
  interface Program { void main(String[] args) throws Exception; }
  static final PrintStream OUT = System.out;
  static void run(int index, Program program) {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true));
    String status = "ok";
    try { program.main(new String[0]); } catch (Throwable t) { status = "failed"; t.printStackTrace(System.out); }
    System.out.flush();
    System.setOut(OUT);
    OUT.print("${MARK}" + index + " " + status + "\\n" + buffer.toString() + "${END}");
    OUT.flush();
  }
  public static void main(String[] args) {
${calls}
    System.exit(0);
  }
}
`,
  );
  const classpath = [join(dir, 'classes'), ...UNIREST_CLASSPATH].join(':');
  const compiled = await run('javac', ['-nowarn', '-d', join(dir, 'classes'), '-cp', UNIREST_CLASSPATH.join(':'), join(dir, 'Runner.java'), ...files], {}, 300_000);
  if (compiled.code !== 0) throw new Error(`Java: javac failed on the reference snippets: ${compiled.stdout}${compiled.stderr}`.slice(0, 4000));
  const result = await run('java', ['-cp', classpath, 'Runner'], {}, 300_000);
  readBatch(jobs, result);
}

/**
 * All C# snippets compiled by one mcs call and run in one Mono process. The tab shows .NET's
 * top-level statements, which Mono's compiler does not take: each snippet becomes, unchanged,
 * the body of an async method of a class of its own.
 */
async function runCsharp(jobs: Job[]): Promise<void> {
  const dir = join(work, 'csharp');
  mkdirSync(dir, {recursive: true});
  const files = jobs.map((job, index) => {
    const file = join(dir, `S${index}.cs`);
    writeFileSync(
      file,
      `using System;\nusing System.Net.Http;\nusing System.Threading.Tasks;\nnamespace S${index} {\npublic static class Snippet {\npublic static async Task Run() {\n${job.snippet}\n}\n}\n}\n`,
    );
    return file;
  });
  const calls = jobs.map((_, index) => `    Run(${index}, S${index}.Snippet.Run);`).join('\n');
  writeFileSync(
    join(dir, 'Runner.cs'),
    `using System;
using System.IO;
using System.Threading.Tasks;
public static class Runner {
  static readonly TextWriter Out = Console.Out;
  static void Run(int index, Func<Task> program) {
    var buffer = new StringWriter();
    Console.SetOut(buffer);
    string status = "ok";
    try { program().Wait(); } catch (Exception e) { status = "failed"; buffer.WriteLine(e.ToString()); }
    Console.SetOut(Out);
    Out.Write("${MARK}" + index + " " + status + "\\n" + buffer.ToString() + "${END}");
    Out.Flush();
  }
  public static void Main() {
${calls}
    // Past the last snippet: leave without Mono's shutdown, which can abort with HttpClient's threads about.
    Environment.Exit(0);
  }
}
`,
  );
  const exe = join(dir, 'snippets.exe');
  const compiled = await run('mcs', ['-nowarn:1998', `-out:${exe}`, '-r:System.Net.Http.dll', join(dir, 'Runner.cs'), ...files], {}, 300_000);
  if (compiled.code !== 0) throw new Error(`C#: mcs failed on the reference snippets: ${compiled.stdout}${compiled.stderr}`.slice(0, 4000));
  const result = await run('mono', [exe], {}, 300_000);
  readBatch(jobs, result);
}

const TOOLCHAINS: readonly (readonly [Job['id'], readonly string[], string])[] = [
  ['curl', ['curl', 'bash'], 'apt-get install -y curl'],
  ...LANGUAGES.map((l) => [l.id, l.commands, l.install] as const),
];

it('every tab of every reference operation, run against the sandbox, gets its success answer', async () => {
  for (const [id, commands, install] of TOOLCHAINS) {
    const missing = await missingCommands({commands} as Language);
    if (missing.length > 0) throw new Error(`${LABEL[id]}: ${missing.join(', ')} not found, so the reference's ${id} snippets cannot run. Install: ${install}`);
  }
  const jars = UNIREST_CLASSPATH.filter((jar) => !existsSync(jar));
  if (jars.length > 0)
    throw new Error(
      `Java: ${jars.join(', ')} not found, so the reference's Java (Unirest) snippets cannot run. Install: apt-get install -y libunirest-java-java (or run scripts/ci/sample-toolchains.sh)`,
    );
  const token = await freshToken(app, `${SANDBOX_BASE}/auth/autenticar`);
  const jobs = await makeJobs(token);
  const started = Date.now();
  const timed = async (name: string, work: Promise<void>) => {
    const start = Date.now();
    await work;
    times.push(`${name} ${((Date.now() - start) / 1000).toFixed(1)} s`);
  };
  const times: string[] = [];
  await Promise.all([
    timed('curl, PHP, Node.js, Python', runScripts(jobs.filter((job) => job.id in EXTENSIONS))),
    timed('Java (one javac, one JVM)', runJava(jobs.filter((job) => job.id === 'java'))),
    timed('C# (one mcs, one mono)', runCsharp(jobs.filter((job) => job.id === 'csharp'))),
  ]);
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  for (const job of jobs) {
    counts[job.id] = (counts[job.id] ?? 0) + 1;
    const problem = job.answer === undefined ? 'it did not run' : failure(job);
    if (problem !== undefined) {
      const where = job.pages.map((p) => `${p.channel} ${p.version} ${p.locale}`).join(', ');
      failures.push(`${LABEL[job.id]} (${job.tab.variant}) ${job.pages[0]!.operation} [${where}]: ${problem}.\nAnswer: ${(job.answer ?? '').slice(0, 800)}`);
    }
  }
  recordCounts(__filename, counts);
  process.stdout.write(`reference snippets: ${jobs.length} run in ${((Date.now() - started) / 1000).toFixed(1)} s (${times.join('; ')})\n`);
  expect(failures).toEqual([]);
});

/** The field that says how an operation went, in the order the answers use them. */
const OUTCOME_FIELDS = ['codigoRespuesta', 'CodigoRespuesta', 'status', 'estado'] as const;

function outcomeOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const field = OUTCOME_FIELDS.find((name) => name in answer);
  return field === undefined ? undefined : `${field} ${JSON.stringify((answer as Record<string, unknown>)[field])}`;
}

/** The operation's documented 200 answers, the first one being its success (approved, pending, created...). */
function documentedAnswers(job: Job): unknown[] {
  const content = job.pages[0]!.api.responses?.['200']?.content?.['application/json'] as {examples?: Record<string, {value?: unknown}>} | undefined;
  return Object.values(content?.examples ?? {}).map((example) => example.value);
}

/**
 * Why the answer is not the sandbox's success answer, or undefined when it is: the operation's
 * first documented answer's outcome (codigoRespuesta "0", CodigoRespuesta "2" for a payment that
 * stays pending...), or a non-empty list where that answer is a list.
 */
function failure(job: Job): string | undefined {
  if (job.code !== 0) return `exited with ${job.code}`;
  let answer: unknown;
  try {
    answer = JSON.parse(job.answer!);
  } catch {
    return 'the answer is not JSON';
  }
  if (typeof answer === 'object' && answer !== null && 'errores' in answer) return 'the sandbox refused fields of the request';
  const documented = documentedAnswers(job);
  if (documented.length === 0) return 'the contract documents no answer to compare with';
  if (Array.isArray(documented[0])) return Array.isArray(answer) && answer.length > 0 ? undefined : 'not the list the contract documents';
  const outcome = outcomeOf(answer);
  if (outcome === undefined) return 'the answer says nothing of how it went';
  const expected = outcomeOf(documented[0]);
  return outcome === expected ? undefined : `${outcome}, expected ${expected}`;
}
