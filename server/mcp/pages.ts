/**
 * The docs as assistants read them: the Markdown copy of every docs page that
 * the build writes beside its HTML (docusaurus-plugin-llms-txt:
 * build/vpost/integracion.md, build/en/rest/v1/pse.md), both locales, every
 * version. Read once when the server starts.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import type {Locale} from '../../core/locale';
import {REFERENCE_CHANNELS} from '../../core/openapi/contracts';

export type {Locale};
export const LOCALES: readonly Locale[] = ['es', 'en'];

export interface DocPage {
  /** The page's path on the portal, without its locale's prefix or .md: /vpost/integracion, /rest/v1/pse. */
  readonly path: string;
  readonly locale: Locale;
  /** 'current' or a cut version ("v1"). */
  readonly version: string;
  /** The first segment of the path without version: vpost, guias, rest, soap... */
  readonly section: string;
  readonly title: string;
  readonly markdown: string;
}

/** The path of a page as a reader sees it: /en in front of an English one. */
export function sitePath(page: Pick<DocPage, 'path' | 'locale'>): string {
  return page.locale === 'en' ? `/en${page.path}` : page.path;
}

export class DocsMissingError extends Error {
  override name = 'DocsMissingError';
}

/**
 * The pages for the people who write the docs (the component catalog, /escritores): not docs an
 * integrator's assistant should be pointed to.
 */
const FOR_WRITERS = /^(?:en\/)?escritores\//;

/** Every .md file under `dir`, as paths relative to it with forward slashes. */
function markdownFiles(dir: string, root: string = dir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full, root);
    return entry.isFile() && entry.name.endsWith('.md') ? [relative(root, full).split(sep).join('/')] : [];
  });
}

/**
 * Where a built Markdown file sits in the docs: locale, version, section. The
 * current version keeps today's paths; a cut version vN lives under /vN of the
 * guides (/v1/vpost) and under /<channel>/vN of a reference (/rest/v1/pse).
 */
export function placeOf(file: string, cutVersions: ReadonlySet<string>): Pick<DocPage, 'path' | 'locale' | 'version' | 'section'> {
  const english = file.startsWith('en/');
  const path = `/${(english ? file.slice(3) : file).replace(/\.md$/, '')}`;
  const parts = path.split('/').slice(1);
  let version = 'current';
  let section = parts[0] ?? '';
  if (cutVersions.has(parts[0] ?? '')) {
    version = parts[0]!;
    section = parts[1] ?? '';
  } else if ((REFERENCE_CHANNELS as readonly string[]).includes(parts[0] ?? '') && cutVersions.has(parts[1] ?? '')) {
    version = parts[1]!;
  }
  return {path, locale: english ? 'en' : 'es', version, section};
}

/** The page's title: its first level-1 heading. */
export function titleOf(markdown: string, fallback: string): string {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  return heading?.[1]?.trim() ?? fallback;
}

/**
 * Every docs page of the build. Throws, saying what to run, when the build has
 * no Markdown copies (the site was built without the llms plugin, or not at all).
 */
export function loadPages(buildDir: string, cutVersions: readonly string[]): DocPage[] {
  if (!existsSync(buildDir)) {
    throw new DocsMissingError(`${buildDir} does not exist: run \`npm run build\` first.`);
  }
  const versions = new Set(cutVersions);
  const pages = markdownFiles(buildDir)
    .filter((file) => !FOR_WRITERS.test(file))
    .sort()
    .map((file) => {
      const markdown = readFileSync(join(buildDir, file), 'utf8');
      const place = placeOf(file, versions);
      return {...place, title: titleOf(markdown, place.path), markdown};
    });
  if (pages.length === 0) {
    throw new DocsMissingError(`${buildDir} has no Markdown copies of the docs pages: run \`npm run build\` (the llms-txt plugin writes them).`);
  }
  return pages;
}
