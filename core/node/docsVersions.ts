/**
 * The cut versions of the docs instances as the site's files list them
 * (versions.json, <id>_versions.json): the Node half of core/docsVersions.ts,
 * for the site's config, the build scripts, the server and the tests.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {checkedVersions, versionOptionsOf, versionsFile, type VersionOptions} from '../docsVersions';

/** The cut versions of docs instance `id`, newest first. */
export function versionsOf(id: string, siteDir: string = process.cwd()): string[] {
  const file = join(siteDir, versionsFile(id));
  if (!existsSync(file)) return [];
  return checkedVersions(id, JSON.parse(readFileSync(file, 'utf8')));
}

/** The `lastVersion` and `versions` options of docs instance `id`. */
export function versionOptions(id: string, siteDir?: string): VersionOptions {
  return versionOptionsOf(versionsOf(id, siteDir));
}
