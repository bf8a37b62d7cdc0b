/**
 * The versions options of the docs instances (contributing/versions.md). Every
 * channel is cut together by `npm run version:cut`, which writes each
 * instance's list (versions.json, <id>_versions.json). The current version
 * keeps today's paths (/vpost, /rest/pse); a version vN lives under its name
 * (/vN/vpost, /rest/vN/pse) and shows Docusaurus's banner pointing to the
 * current one. Labels: the frozen ones by name ("v1"), the current one as the
 * next number ("v2 (actual)"; English in i18n/en/.../current.json).
 *
 * Pure: reading the lists from disk is core/node/docsVersions.ts.
 */

/** The file Docusaurus keeps the versions of docs instance `id` in. */
export function versionsFile(id: string): string {
  return id === 'default' ? 'versions.json' : `${id}_versions.json`;
}

/** The version names of `list` (the parsed content of docs instance `id`'s file), checked. */
export function checkedVersions(id: string, list: unknown): string[] {
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' && /^v[0-9]+$/.test(v))) {
    throw new Error(`${versionsFile(id)} must list version names such as "v1"; found ${JSON.stringify(list)}.`);
  }
  return list as string[];
}

/** The number of the current version: one after the newest cut. */
export function currentVersionNumber(versions: readonly string[]): number {
  return Math.max(0, ...versions.map((v) => Number(v.slice(1)))) + 1;
}

/**
 * Whether this is a writer's quicker preview without the cut versions:
 * CURRENT_VERSION_ONLY=true (contributing/writers.md), as the
 * Docusaurus website builds its own previews. CI never sets it.
 */
export function currentVersionOnly(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.CURRENT_VERSION_ONLY === 'true';
}

export interface VersionOptions {
  lastVersion?: string;
  onlyIncludeVersions?: string[];
  versions?: Record<string, {label: string; path?: string; banner?: 'none' | 'unmaintained'}>;
}

/**
 * The `lastVersion` and `versions` options of a docs instance whose cut versions are `versions`, newest first,
 * and in a writer's preview (`onlyCurrent`) `onlyIncludeVersions: ['current']`.
 */
export function versionOptionsOf(versions: readonly string[], onlyCurrent = false): VersionOptions {
  if (versions.length === 0) return {};
  return {
    ...(onlyCurrent ? {onlyIncludeVersions: ['current']} : {}),
    lastVersion: 'current',
    versions: {
      current: {label: `v${currentVersionNumber(versions)} (actual)`, banner: 'none'},
      ...Object.fromEntries(versions.map((v) => [v, {label: v, path: v, banner: 'unmaintained' as const}])),
    },
  };
}
