/**
 * @jest-environment node
 */
// Fails loudly on upgrade: every change this folder makes to an upstream
// package was written for one version and one shape of its files.
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {PATCHES} from './upstream';

const ROOT = join(__dirname, '..');

function packageDir(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`, {paths: [ROOT]}));
  } catch {
    // A package whose "exports" leave out package.json (@docusaurus/theme-common).
    return join(ROOT, 'node_modules', name);
  }
}

describe.each(PATCHES.map((p) => [p.patch, p] as const))('patch %s', (patch, {packages}) => {
  test.each(packages.map((p) => [p.name, p] as const))('was written for the installed %s', (name, {version, files}) => {
    const dir = packageDir(name);
    const installed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {version: string}).version;
    if (installed !== version) {
      throw new Error(
        `The patch "${patch}" was written for ${name} ${version}, and ${installed} is installed. ` +
          `Check what it changes (patches/README.md, row "${patch}") against the new version, then update its pin in patches/upstream.ts.`,
      );
    }
    const changed = Object.entries(files)
      .filter(([file, hash]) => createHash('sha256').update(readFileSync(join(dir, file))).digest('hex') !== hash)
      .map(([file]) => file);
    if (changed.length > 0) {
      throw new Error(
        `The patch "${patch}" was written against files of ${name} ${version} that are now different: ${changed.join(', ')}. ` +
          `Check the patch (patches/README.md, row "${patch}") against them, then update their hashes in patches/upstream.ts.`,
      );
    }
  });
});
