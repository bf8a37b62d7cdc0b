/**
 * The API reference's texts in English: for each contract in each version,
 * which Spanish texts the English overlays do not translate (missing) and
 * which they translate from a Spanish text that has changed since (outdated,
 * ./overlays.ts). Bundles the contracts with scripts/api/contracts.mjs, an ES
 * module: run under tsx (the translation scripts), not Jest (which runs
 * `translations:status --json` instead).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../../core/openapi/contracts';
import {CONTRACT_VERSIONS, CONTRACTS, bundleContract, overlaysOf} from '../api/contracts.mjs';
import {SAME_IN_BOTH_LANGUAGES, proseTexts, untranslatedTexts} from '../api/translatable';
import {describeOverlayChange, isOutdated, overlayTexts, type OverlayText} from './overlays';
import {allPages, allStrings, type PageStatus, type State, type StringStatus} from './inventory';

export interface ApiText {
  /** "rest", "rest v1": as `translations:missing` names a contract. */
  readonly contract: string;
  readonly id: string;
  readonly version: string;
  readonly pointer: string;
  readonly spanish: string;
  readonly state: State;
}

export interface OverlayFile {
  /** Relative to the root. */
  readonly file: string;
  readonly version: string;
  /** The contracts it applies to. */
  readonly contracts: readonly string[];
}

/** Every overlay file of every version, with the contracts it applies to (in the order they are applied). */
export function overlayFiles(): OverlayFile[] {
  return (CONTRACT_VERSIONS as string[]).flatMap((version) => {
    const byFile = new Map<string, string[]>();
    for (const {id} of CONTRACTS) for (const file of overlaysOf(id, 'en', version)) byFile.set(file, [...(byFile.get(file) ?? []), id]);
    return [...byFile].map(([file, contracts]) => ({file, version, contracts}));
  });
}

export interface ApiInventory {
  readonly texts: ApiText[];
  /** Per overlay file, its outdated texts, each described for a translator. */
  readonly overlays: {readonly file: string; readonly version: string; readonly outdated: string[]}[];
}

/** The Spanish and English bundles of every contract of `version`. */
async function bundlesOf(version: string): Promise<Record<string, {es: JsonObject; en: JsonObject}>> {
  const out: Record<string, {es: JsonObject; en: JsonObject}> = {};
  for (const {id} of CONTRACTS) {
    out[id] = {es: (await bundleContract(id, 'es', {version})) as JsonObject, en: (await bundleContract(id, 'en', {version})) as JsonObject};
  }
  return out;
}

const readOverlay = (root: string, file: string): JsonObject => parse(readFileSync(join(root, file), 'utf8')) as JsonObject;

/** The state of every API text and every overlay's outdated texts. */
export async function apiInventory(root: string): Promise<ApiInventory> {
  const texts: ApiText[] = [];
  const overlays: ApiInventory['overlays'] = [];
  const files = overlayFiles();
  for (const version of CONTRACT_VERSIONS as string[]) {
    const bundles = await bundlesOf(version);
    for (const {id} of CONTRACTS) {
      const {es, en} = bundles[id]!;
      const contract = version === 'current' ? id : `${id} ${version}`;
      const missing = new Set(untranslatedTexts(es, en).map((t) => t.pointer));
      // The overlay text that translates each place, the contract's own overlay last (it wins).
      const translation = new Map<string, OverlayText>();
      for (const file of overlaysOf(id, 'en', version)) for (const text of overlayTexts(readOverlay(root, file), [es])) translation.set(text.pointer, text);
      for (const {pointer, spanish} of proseTexts(es)) {
        if (SAME_IN_BOTH_LANGUAGES.has(spanish)) continue;
        const by = translation.get(pointer);
        const state = missing.has(pointer) ? 'missing' : by !== undefined && isOutdated(by) ? 'outdated' : 'current';
        texts.push({contract, id, version, pointer, spanish, state});
      }
    }
    for (const {file, contracts} of files.filter((f) => f.version === version)) {
      const outdated = overlayTexts(
        readOverlay(root, file),
        contracts.map((id) => bundles[id]!.es),
      ).filter(isOutdated);
      overlays.push({file, version, outdated: outdated.map((text) => describeOverlayChange(file, text))});
    }
  }
  return {texts, overlays};
}

/** The bundled Spanish contracts an overlay applies to (for marking it). */
export async function spanishFor(overlay: OverlayFile): Promise<JsonObject[]> {
  return Promise.all(overlay.contracts.map(async (id) => (await bundleContract(id, 'es', {version: overlay.version})) as JsonObject));
}

/** Everything there is to translate, with its state: what `collect` takes stock of. */
export interface Inventory {
  readonly pages: PageStatus[];
  readonly strings: StringStatus[];
  readonly api: ApiInventory;
}

/** Pages, UI strings and API texts, each with its state. */
export async function collect(root: string): Promise<Inventory> {
  return {pages: allPages(root), strings: allStrings(root), api: await apiInventory(root)};
}
