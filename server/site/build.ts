/**
 * What the site plugin (./index.ts) answers, decided from an index of the
 * built site (build/) made at start, the way Docusaurus wrote it with
 * trailingSlash: false: /vpost is build/vpost.html, /en/vpost is
 * build/en/vpost.html. Only files that exist in the build are served, so no
 * request can reach outside it.
 *
 * - / redirects to /vpost, and /en to /en/vpost.
 * - /path/ redirects to /path (one address per page).
 * - Unknown paths get the locale's 404 page with status 404.
 * - Brotli or gzip files made by the build are sent when the client accepts them.
 * - Hashed assets (/assets/...) are cached for a year; pages are revalidated.
 */
import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {hasLiveCode} from './csp';

/** The default route. */
export const DEFAULT_ROUTE = 'vpost';

const PRECOMPRESSED = /\.(br|gz)$/;

export interface SiteIndex {
  /** URL paths ("/vpost.html", "/assets/js/main.1a2b.js") of the served files. */
  readonly files: ReadonlySet<string>;
  /** Locale folders ("en") that hold a site of their own. */
  readonly locales: readonly string[];
  /** Absolute paths of every HTML file, for the CSP hashes. */
  readonly htmlFiles: readonly string[];
  /** URL paths ("/guias/cifrado.html") of the pages with live code blocks, which need 'unsafe-eval' (./csp.ts). */
  readonly liveCodePages?: ReadonlySet<string>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

export class SiteMissingError extends Error {
  override name = 'SiteMissingError';
}

export function indexSite(buildDir: string): SiteIndex {
  if (!existsSync(join(buildDir, '404.html'))) {
    throw new SiteMissingError(`No built site in ${buildDir}: run "npm run build" first, then "npm run serve".`);
  }
  const all = walk(buildDir);
  const files = new Set(all.filter((file) => !PRECOMPRESSED.test(file)).map((file) => `/${relative(buildDir, file).split(sep).join('/')}`));
  const locales = readdirSync(buildDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && files.has(`/${entry.name}/404.html`))
    .map((entry) => entry.name);
  const htmlFiles = all.filter((file) => file.endsWith('.html'));
  const liveCodePages = new Set(htmlFiles.filter((file) => hasLiveCode(readFileSync(file, 'utf8'))).map((file) => `/${relative(buildDir, file).split(sep).join('/')}`));
  return {files, locales, htmlFiles, liveCodePages};
}

/** The file a URL path names, or null: exact file, then page.html, then folder/index.html. */
export function resolveFile(index: SiteIndex, path: string): string | null {
  for (const candidate of [path, `${path}.html`, `${path}/index.html`]) {
    if (index.files.has(candidate)) {
      return candidate;
    }
  }
  return null;
}

type Decision =
  | {readonly kind: 'redirect'; readonly status: 301 | 302; readonly location: string}
  | {readonly kind: 'file'; readonly file: string}
  | {readonly kind: 'notFound'; readonly file: string};

/** The locale's 404 page for a URL path. */
export function notFoundPage(index: SiteIndex, path: string): string {
  const locale = index.locales.find((l) => path === `/${l}` || path.startsWith(`/${l}/`));
  return locale === undefined ? '/404.html' : `/${locale}/404.html`;
}

/** What to answer for a GET of `url` (path and query, as received). */
export function decide(index: SiteIndex, url: string): Decision {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return {kind: 'notFound', file: '/404.html'};
  }
  // "//x" would make a redirect leave the site; "\", ".." and NUL never name a built file.
  if (path.includes('//') || path.includes('\\') || path.includes('\0') || /(^|\/)\.\.?(\/|$)/.test(path)) {
    return {kind: 'notFound', file: notFoundPage(index, path)};
  }
  if (path === '/') {
    return {kind: 'redirect', status: 302, location: `/${DEFAULT_ROUTE}${query}`};
  }
  const locale = index.locales.find((l) => path === `/${l}` || path === `/${l}/`);
  if (locale !== undefined) {
    return {kind: 'redirect', status: 302, location: `/${locale}/${DEFAULT_ROUTE}${query}`};
  }
  if (path.endsWith('/')) {
    return {kind: 'redirect', status: 301, location: `${rawPath.replace(/\/+$/, '')}${query}`};
  }
  const file = resolveFile(index, path);
  return file === null ? {kind: 'notFound', file: notFoundPage(index, path)} : {kind: 'file', file};
}

/** Hashed file names under /assets/ never change content: cache them for a year. */
export function cacheControlFor(file: string): string {
  return file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
