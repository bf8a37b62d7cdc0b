/**
 * The API reference's Markdown twins as the build writes them
 * (plugins/llms-txt/reference.ts, the same function), without a build: into
 * a folder laid out as build/ (Spanish) or build/en/ (English), with the
 * English words of i18n/en/llms-txt/markdown.json, from the bundled
 * contracts `npm run gen:api` writes to static/openapi/. Also reads back what
 * a reader of those files gets: the call's method and URLs, the tables, the
 * JSON examples.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {TranslationFileContent} from '@docusaurus/types';
import {loadPortalConfig} from '../../core/config';
import {writeReferenceMarkdown} from '../../plugins/llms-txt/reference';
import {textsFrom} from '../../plugins/llms-txt/texts';

export const ROOT = join(__dirname, '..', '..');
/** The portal's address the twins are written for. */
export const SITE_URL = 'http://portal.test';

/** Writes every operation's twin of `locale` under `outDir` (rest/autenticacion.md, ...). */
export async function writeTwins(locale: 'es' | 'en', outDir: string): Promise<string[]> {
  const content = locale === 'en' ? (JSON.parse(readFileSync(join(ROOT, 'i18n/en/llms-txt/markdown.json'), 'utf8')) as TranslationFileContent) : {};
  return writeReferenceMarkdown({
    siteDir: ROOT,
    outDir,
    siteUrl: SITE_URL,
    baseUrl: locale === 'en' ? '/en/' : '/',
    locale,
    texts: textsFrom(content),
    supportEmail: loadPortalConfig(process.env).supportEmail,
    hasPage: () => true,
  });
}

export interface TableRow {
  readonly cells: readonly string[];
}

/** The rows (headers left out) of the tables right under the heading that contains `heading`, up to the next heading. */
export function tableUnder(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.includes(heading));
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && /^#{1,6}\s/.test(line));
  const section = lines.slice(start + 1, end === -1 ? undefined : end);
  const separator = (line: string | undefined) => line !== undefined && /^\|(\s*:?-+:?\s*\|)+$/.test(line);
  return section
    .filter((line, i) => line.startsWith('|') && !separator(line) && !separator(section[i + 1]))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
}

/** The JSON code blocks of a Markdown text, parsed, in order. */
export function jsonBlocks(markdown: string): unknown[] {
  return [...markdown.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!) as unknown);
}
