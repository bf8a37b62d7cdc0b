// The OpenAPI contracts of the portal and how each one is bundled per language.
// Spanish is the source (openapi/<id>.yaml, plus the shared openapi/comunes.yaml);
// English is the same bundle with the English overlays of openapi/en/ applied
// (OpenAPI Overlay 1.0: each action targets a node of the bundled contract with
// a JSONPath and replaces its texts). Used by scripts/gen-api.ts (the pages and
// the downloads) and by the contract tests (through ./bundle-cli.mjs).
import {bundle, createConfig} from '@redocly/openapi-core';
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {dirname, join, relative} from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One contract per reference channel; `id` is also the docs-plugin instance and its route. */
export const CONTRACTS = [
  {id: 'rest', file: 'openapi/rest.yaml'},
  {id: 'apirest', file: 'openapi/apirest.yaml'},
  {id: 'tcrest', file: 'openapi/tcrest.yaml'},
];

export const LOCALES = ['es', 'en'];

/**
 * The versions of the reference, newest first: 'current' (openapi/) and every
 * version cut with `npm run version:cut` (versions.json, the docs plugin's own
 * list), whose contracts are frozen in openapi/versions/<version>/.
 */
export const CONTRACT_VERSIONS = ['current', ...(existsSync(join(ROOT, 'versions.json')) ? JSON.parse(readFileSync(join(ROOT, 'versions.json'), 'utf8')) : [])];

/** Where the contracts of `version` live, relative to the site: openapi/ or openapi/versions/<version>/. */
export function contractsDir(version = 'current') {
  if (!CONTRACT_VERSIONS.includes(version)) {
    throw new ContractError(`Unknown version "${version}"; known: ${CONTRACT_VERSIONS.join(', ')}.`);
  }
  return version === 'current' ? 'openapi' : `openapi/versions/${version}`;
}

/** The English overlays of a contract, applied in this order. */
export function overlaysOf(id, locale, version = 'current') {
  const dir = contractsDir(version);
  return locale === 'en' ? [`${dir}/en/comunes.overlay.yaml`, `${dir}/en/${id}.overlay.yaml`] : [];
}

export class ContractError extends Error {
  name = 'ContractError';
}

/**
 * The contract `id` in `locale` as one document (shared components pulled in).
 * With `dereference`, every $ref is replaced by its target (for validators).
 * Throws a ContractError listing every bundling or overlay problem.
 */
export async function bundleContract(id, locale, {dereference = false, version = 'current'} = {}) {
  const contract = CONTRACTS.find((c) => c.id === id);
  if (contract === undefined) {
    throw new ContractError(`Unknown contract "${id}"; known: ${CONTRACTS.map((c) => c.id).join(', ')}.`);
  }
  if (!LOCALES.includes(locale)) {
    throw new ContractError(`Unknown locale "${locale}"; known: ${LOCALES.join(', ')}.`);
  }
  const file = `${contractsDir(version)}/${id}.yaml`;
  // An empty configuration: linting is `npm run lint:api`'s job, bundling needs no rules.
  const config = await createConfig({});
  const result = await bundle({
    ref: join(ROOT, file),
    config,
    dereference,
    overlays: overlaysOf(id, locale, version).map((file) => join(ROOT, file)),
  });
  const problems = result.problems.filter((p) => p.severity === 'error');
  if (problems.length > 0) {
    const where = (p) => p.location?.map((l) => `${relative(ROOT, l.source?.absoluteRef ?? '')}${l.pointer ?? ''}`).join(', ') ?? '';
    throw new ContractError(`${file} (${locale}):\n${problems.map((p) => `  - ${p.message} ${where(p)}`).join('\n')}`);
  }
  return result.bundle.parsed;
}
