/**
 * @jest-environment node
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';

const ROOT = join(__dirname, '../..');

/** The Markdown and MDX files under `dir` (Node's recursive readdir). */
function walk(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('Markdown that writers and translators keep', () => {
  const files = [...walk(join(ROOT, 'docs')), ...walk(join(ROOT, 'i18n'))];

  it('writes admonition titles in brackets (":::info[Title]"), the only form the site renders', () => {
    // The older ":::info Title" form is printed as plain text with future.v4.
    const legacy = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({line, at: `${relative(ROOT, file)}:${i + 1}`}))
        .filter(({line}) => /^:::(note|tip|info|caution|warning|danger)\s+\S/.test(line))
        .map(({at, line}) => `${at}  ${line}`),
    );
    expect(legacy).toEqual([]);
  });
});
