// The OpenAPI contracts of the portal and how each one is bundled per language.
// Spanish is the source (openapi/<id>.yaml, plus the shared openapi/comunes.yaml);
// English is the same bundle with the English overlays of openapi/en/ applied
// (OpenAPI Overlay 1.0: each action targets a node of the bundled contract with
// a JSONPath and replaces its texts). Used by scripts/gen-api.ts (the pages and
// the downloads) and by the contract tests (through ./bundle-cli.mjs).
import {bundle, createConfig} from '@redocly/openapi-core';
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

/** The English overlays of a contract, applied in this order. */
export function overlaysOf(id, locale) {
  return locale === 'en' ? ['openapi/en/comunes.overlay.yaml', `openapi/en/${id}.overlay.yaml`] : [];
}

export class ContractError extends Error {
  name = 'ContractError';
}

/**
 * The contract `id` in `locale` as one document (shared components pulled in).
 * With `dereference`, every $ref is replaced by its target (for validators).
 * Throws a ContractError listing every bundling or overlay problem.
 */
export async function bundleContract(id, locale, {dereference = false} = {}) {
  const contract = CONTRACTS.find((c) => c.id === id);
  if (contract === undefined) {
    throw new ContractError(`Unknown contract "${id}"; known: ${CONTRACTS.map((c) => c.id).join(', ')}.`);
  }
  if (!LOCALES.includes(locale)) {
    throw new ContractError(`Unknown locale "${locale}"; known: ${LOCALES.join(', ')}.`);
  }
  // An empty configuration: linting is `npm run lint:api`'s job, bundling needs no rules.
  const config = await createConfig({});
  const result = await bundle({
    ref: join(ROOT, contract.file),
    config,
    dereference,
    overlays: overlaysOf(id, locale).map((file) => join(ROOT, file)),
  });
  const problems = result.problems.filter((p) => p.severity === 'error');
  if (problems.length > 0) {
    const where = (p) => p.location?.map((l) => `${relative(ROOT, l.source?.absoluteRef ?? '')}${l.pointer ?? ''}`).join(', ') ?? '';
    throw new ContractError(`${contract.file} (${locale}):\n${problems.map((p) => `  - ${p.message} ${where(p)}`).join('\n')}`);
  }
  return result.bundle.parsed;
}
