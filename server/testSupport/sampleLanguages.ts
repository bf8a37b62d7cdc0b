/**
 * The languages of samples/<language>/ and how each runs with its own
 * interpreter or compiler (Debian packages; scripts/ci/sample-toolchains.sh
 * installs them). Used by the tests in this folder, which run every sample
 * against the sandbox.
 */
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import {basename, join, resolve} from 'node:path';

export const PROJECT = resolve(__dirname, '../..');
export const SAMPLES = join(PROJECT, 'samples');

export type LanguageId = 'php' | 'node' | 'python' | 'java' | 'csharp';

export interface Language {
  readonly id: LanguageId;
  readonly label: string;
  /** Commands that must be on PATH. */
  readonly commands: readonly string[];
  /** How to install what is missing. */
  readonly install: string;
  /** The file names of the samples, by role. */
  readonly files: {
    readonly form: string;
    readonly confirmation: string;
    readonly returnPage: string;
    readonly restFlow: string;
    readonly soap: string;
    readonly encryption: string;
  };
}

export const LANGUAGES: readonly Language[] = [
  {
    id: 'php',
    label: 'PHP',
    commands: ['php'],
    install: 'apt-get install -y php-cli php-curl (or run scripts/ci/sample-toolchains.sh)',
    files: {form: 'pago.php', confirmation: 'confirmacion.php', returnPage: 'retorno.php', restFlow: 'flujo_rest.php', soap: 'listar_bancos.php', encryption: 'cifrado.php'},
  },
  {
    id: 'node',
    label: 'Node.js',
    commands: ['node'],
    install: "install Node.js 20 or later (the project's own)",
    files: {form: 'pago.mjs', confirmation: 'confirmacion.mjs', returnPage: 'retorno.mjs', restFlow: 'flujoRest.mjs', soap: 'listarBancos.mjs', encryption: 'cifrado.mjs'},
  },
  {
    id: 'python',
    label: 'Python',
    commands: ['python3'],
    install: 'apt-get install -y python3 (or run scripts/ci/sample-toolchains.sh)',
    files: {form: 'pago.py', confirmation: 'confirmacion.py', returnPage: 'retorno.py', restFlow: 'flujo_rest.py', soap: 'listar_bancos.py', encryption: 'cifrado.py'},
  },
  {
    id: 'java',
    label: 'Java',
    commands: ['java', 'javac'],
    install: 'apt-get install -y default-jdk-headless (or run scripts/ci/sample-toolchains.sh)',
    files: {form: 'Pago.java', confirmation: 'Confirmacion.java', returnPage: 'Retorno.java', restFlow: 'FlujoRest.java', soap: 'ListarBancos.java', encryption: 'Cifrado.java'},
  },
  {
    id: 'csharp',
    label: 'C#',
    commands: ['mcs', 'mono'],
    install: 'apt-get install -y mono-mcs mono-runtime libmono-system-net-http4.0-cil (or run scripts/ci/sample-toolchains.sh)',
    files: {form: 'Pago.cs', confirmation: 'Confirmacion.cs', returnPage: 'Retorno.cs', restFlow: 'FlujoRest.cs', soap: 'ListarBancos.cs', encryption: 'Cifrado.cs'},
  },
];

export const samplePath = (language: Language, file: string): string => join(SAMPLES, language.id, file);

/** Which of the language's commands are missing from PATH. */
export async function missingCommands(language: Language): Promise<string[]> {
  const missing: string[] = [];
  for (const command of language.commands) {
    const found = await new Promise<boolean>((done) => execFile('sh', ['-c', `command -v ${command}`], (error) => done(error === null)));
    if (!found) missing.push(command);
  }
  return missing;
}

/** Fails (never skips) when the toolchain is missing, saying how to install it. */
export async function requireToolchain(language: Language): Promise<void> {
  const missing = await missingCommands(language);
  if (missing.length > 0) {
    throw new Error(`${language.label}: ${missing.join(', ')} not found, so samples/${language.id} cannot run. Install: ${language.install}`);
  }
}

/** A sample made runnable: the command and arguments that run it (C# is compiled first). */
export interface Runnable {
  readonly command: string;
  readonly args: readonly string[];
}

const compiled = new Map<string, string>();
let buildDir: string | undefined;

export async function runnable(language: Language, file: string, options: {references?: readonly string[]} = {}): Promise<Runnable> {
  const path = samplePath(language, file);
  switch (language.id) {
    case 'php':
      return {command: 'php', args: [path]};
    case 'node':
      return {command: 'node', args: [path]};
    case 'python':
      return {command: 'python3', args: [path]};
    case 'java':
      // The JDK's source launcher: the file runs as it is shown, no build step.
      return {command: 'java', args: [path]};
    case 'csharp': {
      let exe = compiled.get(path);
      if (exe === undefined) {
        buildDir ??= mkdtempSync(join(tmpdir(), 'portal-samples-cs-'));
        exe = join(buildDir, basename(file, '.cs') + '.exe');
        const refs = (options.references ?? []).map((r) => `-r:${r}`);
        const result = await run('mcs', [`-out:${exe}`, ...refs, path], {});
        if (result.code !== 0) throw new Error(`C# samples/csharp/${file}: mcs failed (${result.code}): ${result.stdout}${result.stderr}`);
        compiled.set(path, exe);
      }
      return {command: 'mono', args: [exe]};
    }
  }
}

export function cleanBuilds(): void {
  if (buildDir !== undefined) rmSync(buildDir, {recursive: true, force: true});
  buildDir = undefined;
  compiled.clear();
}

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program to its end (60 s at most) with these variables added to the environment. */
export function run(command: string, args: readonly string[], env: Readonly<Record<string, string>>, timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((done) => {
    execFile(command, [...args], {env: {...process.env, ...env}, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024}, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof (error as {code?: unknown}).code === 'number' ? (error as {code: number}).code : null;
      done({code, stdout: String(stdout), stderr: String(stderr) + (error !== null && code === null ? String(error.message) : '')});
    });
  });
}

/** A long-running program (a confirmation handler), stopped with stop(). */
export interface Server {
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function startServer(command: string, args: readonly string[], env: Readonly<Record<string, string>>): Server {
  const child = spawn(command, [...args], {env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once something accepts connections on 127.0.0.1:port, or rejects after timeoutMs. */
export async function waitForPort(port: number, server: Server, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`it exited with code ${server.child.exitCode} before listening: ${server.output()}`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms: ${server.output()}`);
}

/**
 * Snippets executed per language, kept in files beside the project's Jest
 * cache so tests/samples/countReporter.cjs can print the totals at the end of
 * the run (each test file runs in a worker of its own).
 */
export const COUNT_DIR = join(PROJECT, 'node_modules', '.cache', 'portal-sample-counts');

export function recordCounts(testFile: string, counts: Readonly<Partial<Record<LanguageId | 'curl', number>>>): void {
  mkdirSync(COUNT_DIR, {recursive: true});
  writeFileSync(join(COUNT_DIR, `${basename(testFile)}.json`), JSON.stringify(counts));
}

export function readCounts(): Record<string, number> {
  const total: Record<string, number> = {};
  let files: string[] = [];
  try {
    files = readdirSync(COUNT_DIR);
  } catch {
    return total;
  }
  for (const file of files) {
    const counts = JSON.parse(readFileSync(join(COUNT_DIR, file), 'utf8')) as Record<string, number>;
    for (const [id, n] of Object.entries(counts)) total[id] = (total[id] ?? 0) + n;
  }
  return total;
}

/** A failure that names the language, the file and what came back. */
export function sampleError(language: Language, file: string, what: string, answer: string): Error {
  return new Error(`${language.label} samples/${language.id}/${file}: ${what}.\nAnswer: ${answer.slice(0, 2000)}`);
}
