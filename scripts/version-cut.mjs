#!/usr/bin/env node
// `npm run version:cut` (or `npm run version:cut -- v2`): freezes the current
// documentation as version vN, every channel together (contributing/versions.md):
//
//  1. the API contracts: openapi/*.yaml and openapi/en/ -> openapi/versions/vN/,
//     linted by `npm run lint:api` (entries added to redocly.yaml);
//  2. every docs instance (guides and the three reference channels), with
//     Docusaurus's own `docs:version`: pages -> versioned_docs/version-vN/ (and
//     <id>_versioned_docs/), sidebars -> versioned_sidebars/ (<id>_versioned_sidebars/),
//     the version added to versions.json (<id>_versions.json), the English pages
//     and sidebar labels -> i18n/en/docusaurus-plugin-content-docs*/version-vN*;
//  3. the frozen pages' absolute links are pointed at the frozen version
//     (/vpost -> /vN/vpost, /rest/pse -> /rest/vN/pse, the contract downloads
//     -> /openapi/vN/...), so a reader of vN stays in vN;
//  4. the copied generated reference pages are dropped (gen:api writes them from
//     the frozen contracts) and the version labels are set: vN for the frozen
//     version, v(N+1) for the current one;
//  5. `npm run translations:write` (which runs gen:api) brings the English
//     translation files in line;
//  6. each frozen English page whose current twin was up to date records its
//     frozen Spanish page as its source (`npm run translations:mark -- --version vN`).
//
// Nothing is changed unless every check passes first; a failure part-way names
// what was done so `git checkout . && git clean -fd` can undo it.
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCE_CHANNELS = ['rest', 'apirest', 'tcrest'];

function fail(message) {
  console.error(`\nversion:cut failed: ${message}`);
  process.exit(1);
}

const INSTANCES = [
  {
    id: 'default',
    command: 'docs:version',
    docsDir: 'docs',
    versionedDir: 'versioned_docs',
    sidebarsDir: 'versioned_sidebars',
    versionsFile: 'versions.json',
    i18nDir: 'i18n/en/docusaurus-plugin-content-docs',
  },
  ...REFERENCE_CHANNELS.map((id) => ({
    id,
    command: `docs:version:${id}`,
    docsDir: `reference/${id}`,
    versionedDir: `${id}_versioned_docs`,
    sidebarsDir: `${id}_versioned_sidebars`,
    versionsFile: `${id}_versions.json`,
    i18nDir: `i18n/en/docusaurus-plugin-content-docs-${id}`,
  })),
];

const readVersions = (file) => (existsSync(join(ROOT, file)) ? JSON.parse(readFileSync(join(ROOT, file), 'utf8')) : []);

// Checks first.
const lists = INSTANCES.map((instance) => readVersions(instance.versionsFile));
if (lists.some((list) => JSON.stringify(list) !== JSON.stringify(lists[0]))) {
  fail(
    `the docs instances have different versions (${INSTANCES.map((instance, i) => `${instance.versionsFile}: ${JSON.stringify(lists[i])}`).join('; ')}): every channel is cut together. Undo the half-done cut first.`,
  );
}
const numbers = lists[0].map((name) => Number(/^v([0-9]+)$/.exec(name)?.[1] ?? NaN));
if (numbers.some(Number.isNaN)) fail(`versions.json holds a name that is not v<number>: ${JSON.stringify(lists[0])}.`);
const name = `v${Math.max(0, ...numbers) + 1}`;
const asked = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (asked !== undefined && asked !== name) {
  fail(`the version to cut is ${name} (the current documentation's number); "${asked}" was asked. Run it with no name, or with ${name}.`);
}
if (existsSync(join(ROOT, 'openapi/versions', name))) fail(`openapi/versions/${name} already exists.`);
const git = spawnSync('git', ['status', '--porcelain'], {cwd: ROOT, encoding: 'utf8'});
if (git.status === 0 && git.stdout.trim() !== '' && !process.argv.includes('--dirty')) {
  fail('the work tree has uncommitted changes; commit them first (or pass --dirty), so the cut can be reviewed and undone on its own.');
}

const docusaurus = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'docusaurus.cmd' : 'docusaurus');
function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {cwd: ROOT, stdio: 'inherit'});
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}; the cut is half done: undo it with git checkout . && git clean -fd.`);
}

// 1. The contracts.
const contractsOut = join(ROOT, 'openapi/versions', name);
mkdirSync(join(contractsOut, 'en'), {recursive: true});
for (const file of readdirSync(join(ROOT, 'openapi'))) {
  if (file.endsWith('.yaml')) cpSync(join(ROOT, 'openapi', file), join(contractsOut, file));
}
cpSync(join(ROOT, 'openapi/en'), join(contractsOut, 'en'), {recursive: true});
// ... and `npm run lint:api` lints them (redocly.yaml).
const redocly = readFileSync(join(ROOT, 'redocly.yaml'), 'utf8');
const lintEntries = REFERENCE_CHANNELS.map((id) => `  ${id}@${name}:\n    root: openapi/versions/${name}/${id}.yaml\n`).join('');
writeFileSync(join(ROOT, 'redocly.yaml'), redocly.replace(/^extends:/m, `${lintEntries}extends:`));
// The lint exceptions of the current contracts hold for their frozen copies too.
const ignoreFile = join(ROOT, '.redocly.lint-ignore.yaml');
if (existsSync(ignoreFile)) {
  const ignore = readFileSync(ignoreFile, 'utf8');
  const current = [...ignore.matchAll(/^openapi\/([a-z]+\.yaml):\n((?: .*\n?)*)/gm)];
  const copies = current.map(([, file, rules]) => `openapi/versions/${name}/${file}:\n${rules.endsWith('\n') ? rules : `${rules}\n`}`).join('');
  if (copies !== '') writeFileSync(ignoreFile, `${ignore.endsWith('\n') ? ignore : `${ignore}\n`}# The same exceptions in the contracts of version ${name}.\n${copies}`);
}

// 2. Every docs instance, with Docusaurus's own command.
for (const instance of INSTANCES) run(docusaurus, [instance.command, name]);

// 3. Links of the frozen pages stay in the frozen version.
const guideRoutes = readdirSync(join(ROOT, 'docs')).map((entry) => entry.replace(/\.mdx?$/, ''));
const routes = new Map([...guideRoutes.map((route) => [route, `${name}/${route}`]), ...REFERENCE_CHANNELS.map((id) => [id, `${id}/${name}`])]);
// A link that already names a version (/rest/v1/pse, to the older contract) is left as it is.
const linkPattern = new RegExp(`(\\]\\(|href=["']|to=["']|"href": ")/(${[...routes.keys()].join('|')})(/v[0-9]+(?=[/)#?"']))?(?=[/)#?"'])`, 'g');
function pointAtVersion(text) {
  return text
    .replace(linkPattern, (link, before, route, version) => (version === undefined ? `${before}/${routes.get(route)}` : link))
    .replace(/pathname:\/\/\/openapi\/(?!v[0-9]+\/)/g, `pathname:///openapi/${name}/`);
}
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
for (const instance of INSTANCES) {
  const copies = [join(ROOT, instance.versionedDir, `version-${name}`), join(ROOT, instance.i18nDir, `version-${name}`)];
  // 4. Generated reference pages are written by gen:api from the frozen contracts.
  for (const copy of copies) rmSync(join(copy, 'gen'), {recursive: true, force: true});
  const sidebars = join(ROOT, instance.sidebarsDir, `version-${name}-sidebars.json`);
  for (const file of [...copies.flatMap(filesUnder), sidebars].filter((f) => /\.(mdx?|json)$/.test(f) && existsSync(f))) {
    const text = readFileSync(file, 'utf8');
    const pointed = pointAtVersion(text);
    if (pointed !== text) writeFileSync(file, pointed);
  }
  // 4. Labels: the frozen version is called by its name, the current one by the next.
  const labels = [
    [join(ROOT, instance.i18nDir, `version-${name}.json`), name],
    [join(ROOT, instance.i18nDir, 'current.json'), `v${Number(name.slice(1)) + 1} (current)`],
  ];
  for (const [file, label] of labels) {
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json['version.label'] = {...json['version.label'], message: label};
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  }
}

// 5. Translation files in line with the new version (runs gen:api too).
run('npm', ['run', 'translations:write']);
// 6. The frozen English pages translate the frozen Spanish ones, whose links step 3 rewrote
// alike: each is marked up to date where its current twin was (scripts/translations/mark.ts).
run('npm', ['run', 'translations:mark', '--', '--version', name]);

console.log(`\nversion:cut: ${name} cut for the guides and ${REFERENCE_CHANNELS.join(', ')}.
Next: add what changed to the changelog (src/pages/versiones.mdx and i18n/en/docusaurus-plugin-content-pages/versiones.mdx), then \`npm test\`.
The current documentation is now v${Number(name.slice(1)) + 1}; edit docs/, reference/ and openapi/ as usual.`);
