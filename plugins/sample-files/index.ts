/**
 * Remark plugin for the docs: a code fence that names a sample file shows
 * that file, read when the site is built.
 *
 *     ```php file=samples/php/confirmacion.php
 *     ```
 *
 * The block becomes ordinary static code (highlighted at build time, no
 * JavaScript of its own) with the file's path as its title, so the page shows
 * exactly the text that tests/samples runs against the sandbox.
 * Only files under samples/ can be named; a missing file stops the build.
 *
 * On a page of another locale (i18n/<locale>/...) the file's comments are
 * shown translated, from i18n/<locale>/sample-comments.json (./comments.ts):
 * the code is the same file, its comments are in the reader's language.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join, normalize, resolve, sep} from 'node:path';
import {translateComments} from './comments';

interface MdastNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
}

/** The project folder (this file is plugins/sample-files/index.ts). */
const PROJECT = resolve(__dirname, '../..');
const SAMPLES = join(PROJECT, 'samples');
const FILE_META = /(?:^|\s)file=(\S+)/;

/** The sample files a piece of Markdown shows (project-relative paths), in order. */
export function sampleFilesOf(markdown: string): string[] {
  return [...markdown.matchAll(/^\s*```\w*[^\n]*?\sfile=(\S+)/gm)].map((match) => match[1]!);
}

/** The translations of the samples' comments for a locale (empty for Spanish, the samples' own language). */
export function commentTable(locale: string, project: string = PROJECT): Readonly<Record<string, string>> {
  const path = join(project, 'i18n', locale, 'sample-comments.json');
  return locale === 'es' || !existsSync(path) ? {} : (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
}

/** The locale of a page from its path: i18n/<locale>/... is a translation; anything else is Spanish. */
export function localeOfPage(path: string | undefined): string {
  const match = path === undefined ? null : /[/\\]i18n[/\\]([a-z]{2}(?:-[A-Za-z]+)?)[/\\]/.exec(path);
  return match?.[1] ?? 'es';
}

/** Fills every `file=` code block of the tree with its file's text, its comments in the page's locale. */
export function fillSampleBlocks(tree: MdastNode, project: string = PROJECT, locale = 'es'): void {
  const comments = commentTable(locale, project);
  const samples = project === PROJECT ? SAMPLES : join(project, 'samples');
  const visit = (node: MdastNode): void => {
    if (node.type === 'code' && node.meta != null) {
      const match = FILE_META.exec(node.meta);
      if (match !== null) {
        const path = normalize(match[1]!);
        const absolute = resolve(project, path);
        if (!absolute.startsWith(samples + sep)) {
          throw new Error(`sample-files: "${match[1]}" is not under samples/; a code block can show only a sample file.`);
        }
        let text: string;
        try {
          text = readFileSync(absolute, 'utf8');
        } catch {
          throw new Error(`sample-files: the code block names ${path}, which does not exist.`);
        }
        node.value = translateComments(path, text, comments).replace(/\n$/, '');
        const rest = node.meta.replace(FILE_META, '').trim();
        node.meta = `${rest} title="${path.split(sep).join('/')}"`.trim();
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

export default function sampleFiles() {
  return (tree: MdastNode, file?: {path?: string; history?: string[]}): void => fillSampleBlocks(tree, PROJECT, localeOfPage(file?.path ?? file?.history?.[0]));
}
