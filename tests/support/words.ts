/**
 * Runs the word checks of `npm run lint` (cspell, markdownlint-cli2, scripts/glossary.mjs) as a writer
 * would, on texts the tests plant: through standard input or a file outside the tree, never in it
 * (the build reads the tree at the same time).
 */
import {spawn} from 'node:child_process';
import {join} from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export type Run = {status: number | null; output: string};

/** Runs a Node script of the project with `args`, `input` on its standard input. */
export function runNode(script: string, args: readonly string[], {input = '', cwd = ROOT}: {input?: string; cwd?: string} = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, script), ...args], {cwd, env: {...process.env, NO_COLOR: '1', FORCE_COLOR: '0'}});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({status, output}));
    child.stdin.end(input);
  });
}

/** cspell on `text` as if it were the file at `path` (relative to the root): the path chooses the language. */
export function spell(path: string, text: string): Promise<Run> {
  return runNode('node_modules/cspell/bin.mjs', ['--no-progress', '--no-summary', '--no-color', `stdin://${path}`], {input: text});
}

/** The unknown words cspell reported, as `line:word`. */
export function unknownWords(run: Run): string[] {
  return [...run.output.matchAll(/:(\d+):\d+ - Unknown word \(([^)]+)\)/g)].map((match) => `${match[1]}:${match[2]}`);
}

/** Lines of a text, numbered from 1 as editors and the checks number them. */
export function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`not in the text: ${needle}`);
  return text.slice(0, index).split('\n').length;
}
