/**
 * Where each page comes from, for its footer: the edit link and the
 * last-updated date (docs instances and MDX pages, both languages).
 *
 * - Edit link: the page's own file in the repository, REPOSITORY_EDIT_URL +
 *   its path (core/config.ts): the Spanish file for a Spanish page, the file
 *   under i18n/en/ for an English one. A reference page generated from a
 *   contract (`npm run gen:api`, not in git) links to the contract, or to the
 *   English overlay that translates it. No edit URL configured, no link.
 * - Date: when the file (for a generated page, the newest of its contract,
 *   the shared components and, in English, their overlays) was last
 *   committed, read once from `git log` when the build starts (Docusaurus's
 *   `future.experimental_vcs` hook: one git command, not one per page). A file
 *   changed or added but not committed yet shows the time it was last saved
 *   (its modification time), as does every file when there is no git
 *   repository (an exported tarball). A shallow clone knows only its last
 *   commit: the build says so, since every page would show that commit's date.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import type {VcsChangeInfo, VcsConfig} from '@docusaurus/types';
import {REFERENCE_CHANNELS, type Locale} from '../../core/openapi/contracts';
import {allVersions, versionedGeneratedDir} from '../../core/node/openapiVersions';

const LOCALES: readonly Locale[] = ['es', 'en'];

/** The folder of the contracts of `version` (scripts/api/contracts.mjs keeps them there). */
const contractsDir = (version: string): string => (version === 'current' ? 'openapi' : `openapi/versions/${version}`);

/**
 * The files the pages of each generated folder are made from, by folder
 * (relative to the site): the contract and the shared components, and in
 * English the overlays that translate them (the channel's first: its edit link).
 */
export function generatedSources(siteDir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const version of allVersions(siteDir)) {
    const dir = contractsDir(version);
    for (const id of REFERENCE_CHANNELS) {
      for (const locale of LOCALES) {
        const spanish = [`${dir}/${id}.yaml`, `${dir}/comunes.yaml`];
        out.set(versionedGeneratedDir(id, locale, version), locale === 'es' ? spanish : [`${dir}/en/${id}.overlay.yaml`, `${dir}/en/comunes.overlay.yaml`, ...spanish]);
      }
    }
  }
  return out;
}

const posix = (path: string): string => path.split(sep).join('/');

/** The generated folder a page is in, if any: `gen/` under a folder that generatedSources knows. */
function generatedFolder(sources: Map<string, string[]>, file: string): string | undefined {
  const at = file.lastIndexOf('/gen/');
  return at === -1 ? undefined : [...sources.keys()].find((dir) => dir === file.slice(0, at + 4));
}

/** The repository file a page is edited in (relative to the site). */
export function sourceFileOf(sources: Map<string, string[]>, file: string): string {
  const folder = generatedFolder(sources, file);
  return folder === undefined ? file : sources.get(folder)![0]!;
}

/** Where Docusaurus keeps the English files of docs instance `id` in `version`. */
function englishDocsDir(id: string, version: string): string {
  return `i18n/en/docusaurus-plugin-content-docs${id === 'default' ? '' : `-${id}`}/${version === 'current' ? 'current' : `version-${version}`}`;
}

interface DocsEditParams {
  version: string;
  versionDocsDirPath: string;
  docPath: string;
  locale: string;
}

/** The docs plugin's `editUrl` for instance `id`: null (no link) without an edit address. */
export function docsEditUrl(base: string | null, id: string, siteDir: string): ((params: DocsEditParams) => string) | undefined {
  if (base === null) return undefined;
  const sources = generatedSources(siteDir);
  return ({version, versionDocsDirPath, docPath, locale}) => {
    const dir = locale === 'es' ? versionDocsDirPath : englishDocsDir(id, version);
    return base + sourceFileOf(sources, `${dir}/${docPath}`);
  };
}

/** The pages plugin's `editUrl` (src/pages, English in i18n/en/docusaurus-plugin-content-pages). */
export function pagesEditUrl(base: string | null): ((params: {pagesPath: string; locale: string}) => string) | undefined {
  if (base === null) return undefined;
  return ({pagesPath, locale}) => `${base}${locale === 'es' ? 'src/pages' : 'i18n/en/docusaurus-plugin-content-pages'}/${pagesPath}`;
}

interface History {
  /** The repository's top folder, or null without git. */
  readonly top: string | null;
  /** Newest commit time (ms) of each file, by path relative to `top`. */
  readonly committed: ReadonlyMap<string, number>;
  /** Files changed or added in the work tree and not committed, relative to `top`. */
  readonly uncommitted: ReadonlySet<string>;
}

const git = (cwd: string, args: string[]): string => execFileSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe']});

/** One read of the repository's history and state (a few hundred milliseconds). */
export function readHistory(siteDir: string, warn: (message: string) => void = console.warn): History {
  let top: string;
  try {
    top = git(siteDir, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    warn('page-source: no git repository; each page shows the modification time of its file as its last update.');
    return {top: null, committed: new Map(), uncommitted: new Set()};
  }
  if (git(top, ['rev-parse', '--is-shallow-repository']).trim() === 'true') {
    warn(
      'page-source: a shallow clone knows only its last commits; pages whose files changed earlier show the date of the oldest commit fetched. Clone the whole history for true dates.',
    );
  }
  const committed = new Map<string, number>();
  let time = 0;
  // Newest first: a file's first appearance is its last commit.
  for (const line of git(top, ['-c', 'log.showSignature=false', 'log', '--format=t:%ct', '--name-only', '--no-renames']).split('\n')) {
    if (line.startsWith('t:')) time = Number(line.slice(2)) * 1000;
    else if (line !== '' && !committed.has(line)) committed.set(line, time);
  }
  // "XY path", and after a rename or copy the old path as an entry of its own.
  const uncommitted = new Set<string>();
  const entries = git(top, ['status', '--porcelain', '-z', '--untracked-files=all']).split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    uncommitted.add(entry.slice(3));
    if (/^[RC]/.test(entry)) i++;
  }
  return {top, committed, uncommitted};
}

/** When a file last changed: its last commit, or its modification time when uncommitted or outside git. */
export function lastChange(history: History, file: string): number | null {
  if (!existsSync(file)) return null;
  if (history.top !== null) {
    const rel = posix(relative(history.top, file));
    const time = history.committed.get(rel);
    if (time !== undefined && !history.uncommitted.has(rel)) return time;
  }
  return Math.floor(statSync(file).mtimeMs / 1000) * 1000;
}

/**
 * Docusaurus's `future.experimental_vcs`: the last-updated date of every page
 * as above. Docusaurus asks for no author (showLastUpdateAuthor is off).
 */
export function pageDates(warn: (message: string) => void = console.warn): VcsConfig {
  let state: {siteDir: string; history: History; sources: Map<string, string[]>} | null = null;
  const info = (file: string): VcsChangeInfo | null => {
    if (state === null) throw new Error('page-source: asked for a date before Docusaurus initialized the VCS.');
    const rel = posix(relative(state.siteDir, file));
    const folder = generatedFolder(state.sources, rel);
    const files = folder === undefined ? [file] : state.sources.get(folder)!.map((f) => join(state!.siteDir, f));
    const times = files.map((f) => lastChange(state!.history, f)).filter((t): t is number => t !== null);
    return times.length === 0 ? null : {timestamp: Math.max(...times), author: ''};
  };
  return {
    initialize: ({siteDir}) => {
      // Both locales build in one process: read once.
      state ??= {siteDir, history: readHistory(siteDir, warn), sources: generatedSources(siteDir)};
    },
    // Creation dates are not shown on the portal.
    getFileCreationInfo: async (_file) => null,
    getFileLastUpdateInfo: async (file) => info(file),
  };
}
