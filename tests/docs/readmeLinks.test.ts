/**
 * @jest-environment node
 *
 * The READMEs and the contributors' guides are read in the repository (on a
 * forge or in an editor): every link in them must lead to a file or folder of
 * the repository, never outside it, and every README must be reachable.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {cwd: ROOT, encoding: 'utf8'})
  .split('\n')
  .filter((file) => /(^|\/)README\.md$/.test(file) || file.startsWith('contributing/'))
  .filter((file) => !file.startsWith('node_modules/') && existsSync(join(ROOT, file)));

/** Markdown links outside code: [text](target), without a scheme, an anchor-only target or a site path. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!).filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target));
}

describe('links of the READMEs and contributors’ guides', () => {
  it('finds the documents it checks', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'contributing/architecture.md', 'server/sandbox/README.md']));
  });

  it.each(files)('%s: every link resolves inside the repository', (file) => {
    const broken = linksOf(readFileSync(join(ROOT, file), 'utf8')).flatMap((target) => {
      const path = resolve(ROOT, dirname(file), decodeURI(target.split('#')[0]!));
      const inside = !relative(ROOT, path).startsWith('..');
      return inside && existsSync(path) ? [] : [`${target}${inside ? ' (missing)' : ' (outside the repository)'}`];
    });
    expect(broken).toEqual([]);
  });

  it('keeps the README a front page: at most about 200 lines, the layout before the commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(210);
    expect(readme.indexOf('## Layout')).toBeLessThan(readme.indexOf('## Start it'));
  });
});
