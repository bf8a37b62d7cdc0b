/**
 * @jest-environment node
 */
// Fails loudly on upgrade: every change this folder makes to an upstream
// package was written for one version and one shape of its files.
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {PATCHES} from '../upstream';

const ROOT = join(__dirname, '../..');

const rows = Object.entries(PATCHES).flatMap(([patch, packages]) =>
  Object.entries(packages).map(([pinned, files]) => {
    const at = pinned.lastIndexOf('@');
    return [patch, pinned.slice(0, at), pinned.slice(at + 1), files] as const;
  }),
);

test.each(rows)('patch %s was written for the installed %s %s', (patch, name, version, files) => {
  // Read from node_modules: some packages' "exports" leave out package.json (@docusaurus/theme-common).
  const dir = join(ROOT, 'node_modules', name);
  const installed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {version: string}).version;
  const read = `Check what it changes (patches/README.md, row "${patch}") against ${name} ${installed}, then update its pin in patches/upstream.ts.`;
  if (installed !== version) throw new Error(`The patch "${patch}" was written for ${name} ${version}, and ${installed} is installed. ${read}`);
  const changed = Object.keys(files).filter(
    (file) =>
      createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex') !== files[file],
  );
  if (changed.length > 0) throw new Error(`The patch "${patch}" was written against files of ${name} ${version} that are now different: ${changed.join(', ')}. ${read}`);
});
