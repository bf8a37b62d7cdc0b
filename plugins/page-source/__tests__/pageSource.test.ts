/**
 * @jest-environment node
 */
// Every page ends with a link to the file it is edited in and the date that
// file last changed (plugins/page-source). The links are checked for every page
// of every docs instance, version and language, and the dates on a repository
// of their own: committed, changed, new, generated and without git.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {docsEditUrl, generatedSources, pageDates, pagesEditUrl, readHistory} from '..';
import {pageSets, spanishPages} from '../../../scripts/translations/inventory';

const ROOT = join(__dirname, '../../..');
const BASE = 'https://git.example/portal/edit/main/';

describe('the edit link', () => {
  it('is left out when no edit address is configured', () => {
    expect(docsEditUrl(null, 'default', ROOT)).toBeUndefined();
    expect(pagesEditUrl(null)).toBeUndefined();
  });

  const sets = pageSets(ROOT);
  const cases = sets.flatMap((set) => spanishPages(ROOT, set).flatMap((page) => (['es', 'en'] as const).map((locale) => [set.id, page, locale, set] as const)));

  it.each(cases)('of %s %s (%s) opens the file the page is made from', (_id, page, locale, set) => {
    const link =
      set.instance === 'pages'
        ? pagesEditUrl(BASE)!({pagesPath: page, locale})
        : docsEditUrl(BASE, set.instance, ROOT)!({version: set.version, versionDocsDirPath: set.source, docPath: page, locale});
    expect(link).toBe(`${BASE}${locale === 'es' ? set.source : set.english}/${page}`);
    expect(existsSync(join(ROOT, link.slice(BASE.length)))).toBe(true);
  });

  it.each(sets.filter((set) => set.instance !== 'default' && set.instance !== 'pages').map((set) => [set.id, set] as const))(
    'of a generated page of %s opens the contract, or in English its overlay',
    (_id, set) => {
      const edit = docsEditUrl(BASE, set.instance, ROOT)!;
      const params = {version: set.version, versionDocsDirPath: set.source, docPath: 'gen/autenticacion.api.mdx'};
      const contracts = set.version === 'current' ? 'openapi' : `openapi/versions/${set.version}`;
      expect(edit({...params, locale: 'es'})).toBe(`${BASE}${contracts}/${set.instance}.yaml`);
      expect(edit({...params, locale: 'en'})).toBe(`${BASE}${contracts}/en/${set.instance}.overlay.yaml`);
      for (const file of [...generatedSources(ROOT).values()].flat()) expect(existsSync(join(ROOT, file))).toBe(true);
    },
  );
});

describe('the last-updated date', () => {
  let repo: string;
  const day = (d: string) => new Date(`${d}T12:00:00Z`).getTime();
  const write = (file: string, text = file) => {
    mkdirSync(dirname(join(repo, file)), {recursive: true});
    writeFileSync(join(repo, file), text);
  };
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@portal.example', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      env: {...process.env, ...(date ? {GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z`} : {})},
      stdio: 'pipe',
    });
  const dateOf = async (file: string) => {
    const vcs = pageDates(() => undefined);
    vcs.initialize({siteDir: repo});
    return (await vcs.getFileLastUpdateInfo(join(repo, file)))?.timestamp;
  };
  const saved = (file: string, d: string) => utimesSync(join(repo, file), new Date(day(d)), new Date(day(d)));

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'page-source-'));
    git(['init', '-q']);
    write('docs/a.mdx');
    write('docs/b.mdx');
    write('openapi/rest.yaml');
    write('openapi/comunes.yaml');
    write('openapi/en/rest.overlay.yaml');
    write('openapi/en/comunes.overlay.yaml');
    git(['add', '.']);
    git(['commit', '-q', '-m', 'first'], '2024-01-10');
    write('docs/b.mdx', 'changed');
    write('openapi/en/rest.overlay.yaml', 'changed');
    git(['commit', '-q', '-am', 'second'], '2024-03-05');
  });
  afterEach(() => rmSync(repo, {recursive: true, force: true}));

  it("is a committed file's last commit", async () => {
    await expect(dateOf('docs/a.mdx')).resolves.toBe(day('2024-01-10'));
    await expect(dateOf('docs/b.mdx')).resolves.toBe(day('2024-03-05'));
  });

  it('is the time a changed or new file was saved, while it is not committed', async () => {
    write('docs/a.mdx', 'edited');
    saved('docs/a.mdx', '2024-06-01');
    write('docs/new.mdx');
    saved('docs/new.mdx', '2024-06-02');
    await expect(dateOf('docs/a.mdx')).resolves.toBe(day('2024-06-01'));
    await expect(dateOf('docs/new.mdx')).resolves.toBe(day('2024-06-02'));
  });

  it("of a generated reference page is its sources' newest: the contract, and in English its overlays", async () => {
    write('reference/rest/gen/autenticacion.api.mdx');
    write('i18n/en/docusaurus-plugin-content-docs-rest/current/gen/autenticacion.api.mdx');
    await expect(dateOf('reference/rest/gen/autenticacion.api.mdx')).resolves.toBe(day('2024-01-10'));
    await expect(dateOf('i18n/en/docusaurus-plugin-content-docs-rest/current/gen/autenticacion.api.mdx')).resolves.toBe(day('2024-03-05'));
  });

  it('is the modification time of the file where there is no git repository', async () => {
    rmSync(join(repo, '.git'), {recursive: true, force: true});
    saved('docs/a.mdx', '2023-02-03');
    const warnings: string[] = [];
    expect(readHistory(repo, (m) => warnings.push(m)).top).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('no git repository')]);
    await expect(dateOf('docs/a.mdx')).resolves.toBe(day('2023-02-03'));
  });

  it('comes from git for every page of the portal without a command per page', () => {
    const history = readHistory(ROOT);
    expect(history.top).not.toBeNull();
    expect(history.committed.has('docs/vpost/integracion.mdx')).toBe(true);
  });
});
