/**
 * The versions of the API reference (contributing/versions.md). The current version
 * is generated from openapi/ into the paths of core/openapi/contracts.ts; every version
 * cut with `npm run version:cut` has its contracts frozen in
 * openapi/versions/<version>/ and its pages generated into that version's
 * folders of each docs instance (<id>_versioned_docs/version-<v>/gen/, and the
 * English ones under i18n/en/docusaurus-plugin-content-docs-<id>/version-<v>/gen/).
 */
import {versionsOf} from './docsVersions';
import {downloadFile, generatedDir, pagesSource, type Locale} from '../openapi/contracts';

/** 'current' or the name of a cut version ("v1"). */
export type DocsVersion = string;

/** The cut versions, newest first, as versions.json (the docs plugin's own list) has them. */
export function cutVersions(siteDir: string = process.cwd()): string[] {
  return versionsOf('default', siteDir);
}

/** Every version of the reference, the current one first. */
export function allVersions(siteDir?: string): DocsVersion[] {
  return ['current', ...cutVersions(siteDir)];
}

/** Where the generated pages of contract `id` in `locale` and `version` go, relative to the site. */
export function versionedGeneratedDir(id: string, locale: Locale, version: DocsVersion): string {
  if (version === 'current') return generatedDir(id, locale);
  return locale === 'es' ? `${id}_versioned_docs/version-${version}/gen` : `i18n/en/docusaurus-plugin-content-docs-${id}/version-${version}/gen`;
}

/** The contract the page generator reads for `version`. */
export function versionedPagesSource(id: string, locale: Locale, version: DocsVersion): string {
  return version === 'current' ? pagesSource(id, locale) : `reference/.openapi/${id}.${version}.${locale}.json`;
}

/** The bundled contract of `version` offered for download, relative to static/. */
export function versionedDownloadFile(id: string, locale: Locale, version: DocsVersion): string {
  return version === 'current' ? downloadFile(id, locale) : downloadFile(id, locale).replace(/^openapi\//, `openapi/${version}/`);
}
