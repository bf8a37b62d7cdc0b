/**
 * The Markdown twin of every API reference operation page, made from the
 * contract the page was made from (core/openapi/markdown.ts), in place of the
 * one converted from its HTML: /rest/autenticacion.md, /en/rest/v1/pse.md.
 * The contracts are the bundles `npm run gen:api` writes to static/openapi/
 * (this environment's servers, the sandbox first when it is on, English texts
 * for English), the same files the pages offer for download.
 */
import {existsSync, readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import {parse} from 'yaml';
import {REFERENCE_CHANNELS, isObject, operationsOf, type JsonObject, type Locale} from '../../core/openapi/contracts';
import {operationMarkdown} from '../../core/openapi/markdown';
import {allVersions, versionedDownloadFile} from '../../core/node/openapiVersions';
import type {MarkdownTexts} from './texts';

export interface ReferenceMarkdownOptions {
  readonly siteDir: string;
  /** The locale's build folder (build, build/en). */
  readonly outDir: string;
  /** The portal's address, no trailing slash (SITE_URL). */
  readonly siteUrl: string;
  /** The locale's base URL ("/", "/en/"). */
  readonly baseUrl: string;
  readonly locale: Locale;
  readonly texts: MarkdownTexts;
  readonly supportEmail: string;
  /** Whether the page of a route (relative to the locale's base) was built; by default, whether its HTML is in outDir. */
  readonly hasPage?: (route: string) => boolean;
}

/** Where an operation's page is, relative to the locale's base: rest/autenticacion, rest/v1/pse. */
export function operationRoute(channel: string, version: string, pageKey: string): string {
  return `${channel}${version === 'current' ? '' : `/${version}`}/${pageKey}`;
}

/** Writes the Markdown of every operation of every contract and version; returns the routes written. */
export async function writeReferenceMarkdown(options: ReferenceMarkdownOptions): Promise<string[]> {
  const {siteDir, outDir, siteUrl, baseUrl, locale, texts, supportEmail} = options;
  const hasPage = options.hasPage ?? ((route: string) => existsSync(join(outDir, `${route}.html`)));
  const written: string[] = [];
  for (const version of allVersions(siteDir)) {
    for (const channel of REFERENCE_CHANNELS) {
      const file = versionedDownloadFile(channel, locale, version);
      const source = join(siteDir, 'static', file);
      if (!existsSync(source)) throw new Error(`llms-txt: ${source} is missing; run "npm run gen:api" first.`);
      const document = parse(readFileSync(source, 'utf8')) as JsonObject;
      const guidesVersion = version === 'current' ? '' : `${version}/`;
      for (const {path, method, operation} of operationsOf(document)) {
        const key = operation['x-page-key'];
        if (typeof key !== 'string') throw new Error(`llms-txt: ${file}: ${method.toUpperCase()} ${path} has no x-page-key.`);
        const route = operationRoute(channel, version, key);
        if (!hasPage(route)) {
          throw new Error(`llms-txt: the operation ${method.toUpperCase()} ${path} of ${file} has no page at ${baseUrl}${route}.`);
        }
        const markdown = operationMarkdown({
          document,
          path,
          method,
          operation: isObject(operation) ? operation : {},
          texts,
          siteUrl,
          valuesPageUrl: `${siteUrl}${baseUrl}${guidesVersion}guias/valores.md`,
          contractUrl: `${siteUrl}/${file}`,
          supportEmail,
        });
        await mkdir(dirname(join(outDir, route)), {recursive: true});
        await writeFile(join(outDir, `${route}.md`), markdown, 'utf8');
        written.push(route);
      }
    }
  }
  return written;
}
