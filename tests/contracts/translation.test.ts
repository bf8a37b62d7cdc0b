/**
 * @jest-environment node
 */
// The English reference is English: every text of the Spanish contracts has an
// English counterpart in openapi/en/*.overlay.yaml, and no overlay action points
// at something the contracts no longer have.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {isObject, operationsOf, type Json, type JsonObject} from '../../core/openapi/contracts';
import {SAME_IN_BOTH_LANGUAGES, at, proseTexts, untranslatedTexts} from '../../scripts/api/translatable';
import {pointerOfTarget as pointerOf} from '../../scripts/translations/overlays';
import {ROOT, loadBundles, type Bundles} from '../support/contracts';

let bundles: Bundles;
beforeAll(() => {
  bundles = loadBundles(false);
});

const CONTRACTS = ['rest', 'apirest', 'tcrest'] as const;

describe.each(CONTRACTS)('the English %s contract', (id) => {
  it('translates every title, summary, description, example label and enum description', () => {
    expect(untranslatedTexts(bundles[id].es, bundles[id].en).map((t) => `${t.pointer} = ${t.spanish}`)).toEqual([]);
  });

  it('has the same structure as the Spanish one: only texts differ', () => {
    const strip = (node: Json): Json => {
      if (Array.isArray(node)) return node.map(strip);
      if (!isObject(node)) return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          ['title', 'summary', 'description', 'x-label', 'x-enumDescriptions'].includes(k) && (typeof v === 'string' || k === 'x-enumDescriptions') ? '' : strip(v),
        ]),
      );
    };
    expect(strip(bundles[id].en)).toEqual(strip(bundles[id].es));
  });

  it('carries translations, not copies, of the texts that are the same in both languages only when they are names', () => {
    const texts = proseTexts(bundles[id].es);
    expect(texts.length).toBeGreaterThan(10);
    const same = texts.filter((t) => at(bundles[id].en, t.pointer) === t.spanish).map((t) => t.spanish);
    for (const text of same) expect(SAME_IN_BOTH_LANGUAGES.has(text)).toBe(true);
  });

  it('titles each operation in English as its English sidebar label', () => {
    const labels = JSON.parse(readFileSync(join(ROOT, `i18n/en/docusaurus-plugin-content-docs-${id}/current.json`), 'utf8')) as Record<string, {message?: string}>;
    const english = operationsOf(bundles[id].en);
    const titles = operationsOf(bundles[id].es).map(({path, method, operation}) => {
      const label = labels[`sidebar.${id}.doc.${String(operation.summary)}`]?.message;
      const summary = english.find((o) => o.path === path && o.method === method)?.operation.summary;
      return {path, label, summary};
    });
    expect(titles.filter((t) => t.label === undefined || t.label !== t.summary)).toEqual([]);
  });
});

describe('the English overlays', () => {
  const dir = join(ROOT, 'openapi/en');
  const files = readdirSync(dir).filter((f) => f.endsWith('.overlay.yaml'));

  it('exist for the shared components and for each contract', () => {
    expect(files.sort()).toEqual(['apirest.overlay.yaml', 'comunes.overlay.yaml', 'rest.overlay.yaml', 'tcrest.overlay.yaml']);
  });

  it.each(files)('%s: every action targets a node of the contracts it applies to', (file) => {
    const overlay = parse(readFileSync(join(dir, file), 'utf8')) as JsonObject;
    expect(overlay.overlay).toMatch(/^1\.[0-2]\.\d+$/);
    const targets = (file === 'comunes.overlay.yaml' ? CONTRACTS : [file.replace('.overlay.yaml', '') as (typeof CONTRACTS)[number]]).map((c) => bundles[c].es);
    const stale = (overlay.actions as JsonObject[]).map((action) => String(action.target)).filter((target) => targets.every((doc) => at(doc, pointerOf(target)) === undefined));
    expect(stale).toEqual([]);
  });
});
