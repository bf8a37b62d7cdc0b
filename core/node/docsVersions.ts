/**
 * The cut versions of the docs instances as the site's files list them
 * (versions.json, <id>_versions.json): the Node half of core/docsVersions.ts,
 * for the site's config, the build scripts, the server and the tests.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {checkedVersions, currentVersionOnly, versionOptionsOf, versionsFile, type VersionOptions} from '../docsVersions';

export {currentVersionOnly};

/** The cut versions of docs instance `id`, newest first. */
export function versionsOf(id: string, siteDir: string = process.cwd()): string[] {
  const file = join(siteDir, versionsFile(id));
  if (!existsSync(file)) return [];
  return checkedVersions(id, JSON.parse(readFileSync(file, 'utf8')));
}

/** The version options of docs instance `id` (a writer's preview with CURRENT_VERSION_ONLY=true in `env`). */
export function versionOptions(id: string, siteDir?: string, env: Readonly<Record<string, string | undefined>> = process.env): VersionOptions {
  return versionOptionsOf(versionsOf(id, siteDir), currentVersionOnly(env));
}
