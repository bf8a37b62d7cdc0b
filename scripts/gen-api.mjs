#!/usr/bin/env node
// `npm run gen:api`: regenerates the API reference from the contracts. Runs before
// every build, dev server and test run; its output is build output, ignored by git.
//
//  1. Bundles each contract of every version (the current one in openapi/, each
//     cut one in openapi/versions/<version>/) in Spanish and in English (English =
//     the Spanish contract with the overlays of en/ applied), puts the sandbox
//     first in its servers and this environment's values in it (API base URLs
//     and product name from core/config.ts), and writes it to static/openapi/
//     (static/openapi/<version>/ for a cut one): the files offered for download.
//  2. Runs docusaurus-plugin-openapi-docs (`docusaurus gen-api-docs all`) on
//     those contracts (from reference/.openapi/, with the example tabs named by
//     each example's x-label) into each version's folders (core/node/openapiVersions.ts).
//  3. Checks that every operation got its page in both languages, and lists the
//     Spanish texts that the English overlays do not translate yet.
//
// Runs with tsx, which lets this ES module read the TypeScript config module.
import {existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {spawnSync} from 'node:child_process';
import {stringify} from 'yaml';
import {dirname} from 'node:path';
import {CONTRACTS, CONTRACT_VERSIONS, LOCALES, ROOT, bundleContract} from './api/contracts.mjs';
import {versionedDownloadFile, versionedGeneratedDir, versionedPagesSource} from '../core/node/openapiVersions.ts';
import {ENV_DEFAULTS, loadPortalConfig} from '../core/config.ts';
import {applyEnvironment, withRequestExamples, withSandboxServers, labelExamples, pageKeysOf} from '../core/openapi/contracts.ts';
import {untranslatedTexts} from './api/translatable.ts';

function fail(message) {
  console.error(`\ngen:api failed: ${message}`);
  process.exit(1);
}

let portal;
try {
  portal = loadPortalConfig(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// The sandbox's entry in try-it's server list (SANDBOX=on), in each language.
const SANDBOX_SERVER = {
  es: 'Entorno de pruebas local del portal (simulador; vea /sandbox)',
  en: "The portal's local sandbox (a simulator; see /en/sandbox)",
};

// 1. Bundles of every version (contributing/versions.md; cut ones from
// openapi/versions/<version>/), with this environment's values. Every version
// tries its requests against the sandbox, which accepts the bodies of each.
const versionBundles = {};
try {
  mkdirSync(join(ROOT, 'reference/.openapi'), {recursive: true});
  for (const version of CONTRACT_VERSIONS) {
    versionBundles[version] = {};
    for (const {id} of CONTRACTS) {
      versionBundles[version][id] = {};
      for (const locale of LOCALES) {
        const document = applyEnvironment(withSandboxServers(await bundleContract(id, locale, {version}), portal, SANDBOX_SERVER[locale]), ENV_DEFAULTS, portal);
        versionBundles[version][id][locale] = document;
        // The download is the contract itself; the pages get example tabs named by x-label.
        const download = join(ROOT, 'static', versionedDownloadFile(id, locale, version));
        mkdirSync(dirname(download), {recursive: true});
        writeFileSync(download, stringify(document, {lineWidth: 0}), 'utf8');
        writeFileSync(join(ROOT, versionedPagesSource(id, locale, version)), JSON.stringify(labelExamples(withRequestExamples(document))), 'utf8');
      }
    }
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// 2. Pages. The plugin never overwrites a page, so old output goes first.
for (const {id} of CONTRACTS) {
  for (const locale of LOCALES) {
    for (const version of CONTRACT_VERSIONS) rmSync(join(ROOT, versionedGeneratedDir(id, locale, version)), {recursive: true, force: true});
  }
}
const docusaurus = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'docusaurus.cmd' : 'docusaurus');
// The generator plugin lives in a generation-only config (see scripts/api/generation.ts).
const run = spawnSync(docusaurus, ['gen-api-docs', 'all', '--plugin-id', 'openapi'], {
  cwd: ROOT,
  encoding: 'utf8',
  env: {...process.env, DOCUSAURUS_CLI_CONFIG: 'scripts/api/gen.config.ts'},
});
if (run.status !== 0) {
  fail(`docusaurus gen-api-docs exited with ${run.status ?? run.signal}:\n${run.stdout}\n${run.stderr}`);
}
// The plugin logs a page it cannot write and carries on: check the output instead.
if (/Failed to|Error:/.test(`${run.stdout}${run.stderr}`)) {
  fail(`docusaurus gen-api-docs reported a problem:\n${run.stdout}\n${run.stderr}`);
}

// 3. One page per operation, in both languages, in every version.
const missing = [];
let pages = 0;
for (const [version, byId] of Object.entries(versionBundles)) {
  for (const {id} of CONTRACTS) {
    for (const locale of LOCALES) {
      const dir = join(ROOT, versionedGeneratedDir(id, locale, version));
      const written = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.api.mdx')).length : 0;
      const expected = pageKeysOf(byId[id][locale]).length;
      pages += written;
      if (written !== expected) missing.push(`${versionedGeneratedDir(id, locale, version)}: ${written} pages for ${expected} operations`);
    }
  }
}
if (missing.length > 0) fail(`pages missing:\n  ${missing.join('\n  ')}`);

const untranslated = Object.entries(versionBundles).flatMap(([version, byId]) =>
  CONTRACTS.flatMap(({id}) =>
    untranslatedTexts(byId[id].es, byId[id].en).map((t) => `${id}${version === 'current' ? '' : ` ${version}`}: ${t.pointer} = ${JSON.stringify(t.spanish)}`),
  ),
);
console.log(`gen:api: ${pages} reference pages from ${CONTRACTS.length} contracts (versions: ${CONTRACT_VERSIONS.join(', ')}) in ${LOCALES.join(' and ')}.`);
if (untranslated.length > 0) {
  // A warning here, so a writer can preview a new text; `npm test` fails until it is translated.
  console.warn(`gen:api: ${untranslated.length} Spanish text(s) not translated by openapi/en/*.overlay.yaml yet:\n  ${untranslated.join('\n  ')}`);
}
