/**
 * What each English overlay of the API contracts (openapi/en/*.overlay.yaml,
 * and each cut version's) was translated from. Every action carries, beside
 * its `update` (the English texts), an `x-translated-from` of the same shape
 * holding the Spanish texts they translate, as the contract had them when the
 * translation was made (an Overlay "x-" extension: the bundler ignores it). So
 * a translator reads the Spanish beside the English, and when a writer changes
 * a Spanish text, the check names the overlay, the place and the text before
 * and after. The texts are short, so the overlay keeps them whole, unlike the
 * pages, which record hashes (./blocks.ts).
 *
 * Pure: the bundled Spanish contracts are given (./api.ts loads them).
 */
import {isDocument, isMap, isScalar, isSeq, parseDocument, stringify} from 'yaml';
import {isObject, type Json, type JsonObject} from '../../core/openapi/contracts';
import {at} from '../api/translatable';

export const RECORD_KEY = 'x-translated-from';

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON Pointer of a JSONPath made of names and indices ($.a.b['c'][0]), the only form the overlays use. */
export function pointerOfTarget(path: string): string {
  if (!path.startsWith('$')) throw new Error(`"${path}" is not a JSONPath`);
  const re = /\.([A-Za-z_][A-Za-z0-9_-]*)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/gy;
  re.lastIndex = 1;
  const keys: string[] = [];
  while (re.lastIndex < path.length) {
    const m = re.exec(path);
    if (m === null) throw new Error(`"${path}" uses JSONPath beyond names and indices; keep overlay targets simple`);
    keys.push(m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!));
  }
  return keys.map((k) => `/${escape(k)}`).join('');
}

/** Every text (string) of an update, with its JSON Pointer relative to the action's target. */
export function textsOf(update: Json, pointer = ''): {pointer: string; text: string}[] {
  if (typeof update === 'string') return [{pointer, text: update}];
  if (Array.isArray(update)) return update.flatMap((v, i) => textsOf(v, `${pointer}/${i}`));
  if (isObject(update)) return Object.entries(update).flatMap(([k, v]) => textsOf(v, `${pointer}/${escape(k)}`));
  return [];
}

/** One English text of an overlay, with the Spanish it records and the Spanish the contracts have now. */
export interface OverlayText {
  /** Index of the action in `actions`. */
  readonly action: number;
  readonly target: string;
  /** Pointer relative to the target ("/description", "/properties/Referencia/description"). */
  readonly place: string;
  /** Pointer in the bundled contract. */
  readonly pointer: string;
  readonly english: string;
  /** The Spanish text the overlay records, if any. */
  readonly recorded: string | undefined;
  /** The Spanish text of the contracts now, if they have one there. */
  readonly spanish: string | undefined;
}

/** The Spanish contract (of those the overlay applies to) that has the target, or the first. */
function spanishAt(bundles: readonly JsonObject[], pointer: string): Json | undefined {
  for (const bundle of bundles) {
    const value = at(bundle, pointer);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Every English text of an overlay, given the bundled Spanish contracts it applies to. */
export function overlayTexts(overlay: JsonObject, spanish: readonly JsonObject[]): OverlayText[] {
  const actions = Array.isArray(overlay.actions) ? overlay.actions : [];
  return actions.flatMap((action, index) => {
    if (!isObject(action) || typeof action.target !== 'string' || action.update === undefined) return [];
    const target = action.target;
    const base = pointerOfTarget(target);
    const record = action[RECORD_KEY];
    return textsOf(action.update).map(({pointer, text}) => {
      const recorded = record === undefined ? undefined : pointer === '' ? record : at(record, pointer);
      const now = spanishAt(spanish, base + pointer);
      return {
        action: index,
        target,
        place: pointer,
        pointer: base + pointer,
        english: text,
        recorded: typeof recorded === 'string' ? recorded : undefined,
        spanish: typeof now === 'string' ? now : undefined,
      };
    });
  });
}

/** Whether a text's English is behind its Spanish: the recorded Spanish differs from the contract's, or none is recorded. */
export const isOutdated = (text: OverlayText): boolean => text.spanish !== undefined && text.recorded !== text.spanish;

const quote = (text: string | undefined): string => (text === undefined ? '(nothing)' : JSON.stringify(text.length > 160 ? `${text.slice(0, 157)}...` : text));

/** An outdated text as a line a translator acts on. */
export function describeOverlayChange(file: string, text: OverlayText): string {
  const where = `${file}: ${text.target}${text.place === '' ? '' : ` ${text.place.slice(1)}`}`;
  if (text.recorded === undefined) return `${where}: records no Spanish text (${RECORD_KEY}); the Spanish is now ${quote(text.spanish)}`;
  return `${where}: the Spanish changed from ${quote(text.recorded)} to ${quote(text.spanish)}; the English says ${quote(text.english)}`;
}

/** The record of one action: its update's shape with the Spanish texts in place of the English ones. */
function recordOf(update: Json, base: string, spanish: readonly JsonObject[]): Json | undefined {
  if (typeof update === 'string') {
    const now = spanishAt(spanish, base);
    return typeof now === 'string' ? now : undefined;
  }
  if (!isObject(update)) return undefined;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(update)) {
    const child = recordOf(value, `${base}/${escape(key)}`, spanish);
    if (child !== undefined) out[key] = child;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The overlay's text with every action's record set to the Spanish texts the
 * contracts have now (the translation is marked up to date). Only the records
 * change: every other line of the file stays as the translator wrote it.
 */
export function markOverlay(text: string, spanish: readonly JsonObject[]): string {
  const doc = parseDocument(text);
  if (!isDocument(doc) || doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('\n'));
  const actions = doc.get('actions');
  if (!isSeq(actions)) return text;
  const edits: {from: number; to: number; insert: string}[] = [];
  // Quote keys such as '200' the way the file does.
  const singleQuote = !/^\s*"[^"\n]*":/m.test(text);
  for (const map of actions.items) {
    if (!isMap(map)) continue;
    const json = map.toJSON() as JsonObject;
    if (typeof json.target !== 'string' || json.update === undefined) continue;
    const record = recordOf(json.update, pointerOfTarget(json.target), spanish);
    const pairs = map.items;
    const firstKey = pairs[0]?.key;
    if (!isScalar(firstKey) || firstKey.range === undefined || firstKey.range === null) continue;
    const lineStart = text.lastIndexOf('\n', firstKey.range[0] - 1) + 1;
    const indent = ' '.repeat(firstKey.range[0] - lineStart);
    const rendered =
      record === undefined
        ? ''
        : stringify({[RECORD_KEY]: record}, {lineWidth: 0, singleQuote})
            .trimEnd()
            .split('\n')
            .map((line) => (line === '' ? line : indent + line))
            .join('\n') + '\n';
    const existing = pairs.find((pair) => isScalar(pair.key) && pair.key.value === RECORD_KEY);
    if (existing !== undefined) {
      const key = existing.key as {range: [number, number, number]};
      const value = existing.value as {range?: [number, number, number]} | null;
      const from = text.lastIndexOf('\n', key.range[0] - 1) + 1;
      let to = value?.range?.[2] ?? key.range[2];
      if (text[to - 1] !== '\n') to = text.indexOf('\n', to) + 1 || text.length;
      edits.push({from, to, insert: rendered});
    } else {
      // Right after the action's last value (comments that follow it stay after the record).
      let insertAt = map.range?.[1] ?? text.length;
      if (text[insertAt - 1] !== '\n') insertAt = text.indexOf('\n', insertAt) + 1 || text.length;
      edits.push({from: insertAt, to: insertAt, insert: rendered});
    }
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, edit.from) + edit.insert + out.slice(edit.to);
  return out;
}
