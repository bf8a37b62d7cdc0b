/**
 * The English translation as numbers and lists: what `npm run translations:status`
 * prints and what `npm run translations:missing` lists, from one inventory
 * (./inventory.ts, ./api.ts), so the two always agree. Pure: Jest runs it too.
 */
import {pageSets, type State} from './inventory';
import type {ApiText, Inventory} from './api';

export interface Row {
  /** "pages" (a docs instance in a version, or src/pages), "ui" (an i18n/en JSON file), "api" (a contract's texts in a version). */
  readonly kind: 'pages' | 'ui' | 'api';
  /** "default@current", "pages", "i18n/en/code.json", "rest@v1" ... */
  readonly id: string;
  readonly total: number;
  readonly missing: number;
  readonly outdated: number;
  readonly upToDate: number;
  /** Each count as a percentage of the total, rounded to one decimal (0 when there is nothing to translate). */
  readonly percent: {readonly missing: number; readonly outdated: number; readonly upToDate: number};
}

function row(kind: Row['kind'], id: string, states: readonly State[]): Row {
  const count = (state: State) => states.filter((s) => s === state).length;
  const total = states.length;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
  const [missing, outdated, upToDate] = [count('missing'), count('outdated'), count('current')];
  return {kind, id, total, missing, outdated, upToDate, percent: {missing: pct(missing), outdated: pct(outdated), upToDate: pct(upToDate)}};
}

/** One row per page set, per i18n/en JSON file and per contract and version. */
export function rows(root: string, inventory: Inventory): Row[] {
  const pages = pageSets(root).map((set) =>
    row(
      'pages',
      set.id,
      inventory.pages.filter((p) => p.set.id === set.id).map((p) => p.state),
    ),
  );
  const files = [...new Set(inventory.strings.map((s) => s.file))];
  const ui = files.map((file) =>
    row(
      'ui',
      file,
      inventory.strings.filter((s) => s.file === file).map((s) => s.state),
    ),
  );
  const contracts = [...new Set(inventory.api.texts.map((t) => `${t.id}@${t.version}`))];
  const api = contracts.map((id) =>
    row(
      'api',
      id,
      inventory.api.texts.filter((t) => `${t.id}@${t.version}` === id).map((t) => t.state),
    ),
  );
  return [...pages, ...ui, ...api];
}

export function totals(all: readonly Row[]): Row {
  const states: State[] = all.flatMap((r) => [
    ...Array<State>(r.missing).fill('missing'),
    ...Array<State>(r.outdated).fill('outdated'),
    ...Array<State>(r.upToDate).fill('current'),
  ]);
  return row('pages', 'all', states);
}

const apiLine = (t: ApiText) => `openapi  ${t.contract}: ${t.pointer} = ${JSON.stringify(t.spanish)}`;

/** What English still lacks, one line each: the list of `npm run translations:missing`. */
export function missingLines(inventory: Inventory): string[] {
  return [
    ...inventory.pages.filter((p) => p.state === 'missing').map((p) => `page     ${p.english} (from ${p.spanish})`),
    ...inventory.strings.filter((s) => s.state === 'missing').map((s) => `string   ${s.file}: ${s.id} = ${JSON.stringify(s.message)}`),
    ...inventory.api.texts.filter((t) => t.state === 'missing').map(apiLine),
  ];
}

/** What English has but translates from an older Spanish: each file with its changes. */
export function outdatedEntries(inventory: Inventory): {file: string; changes: string[]}[] {
  return [
    ...inventory.pages.filter((p) => p.state === 'outdated').map((p) => ({file: p.english, changes: [...p.changes]})),
    ...[...new Set(inventory.strings.filter((s) => s.state === 'outdated').map((s) => s.file))].map((file) => ({
      file,
      changes: inventory.strings
        .filter((s) => s.file === file && s.state === 'outdated')
        .map((s) => `${s.id}: the Spanish changed from ${JSON.stringify(s.change?.recorded)} to ${JSON.stringify(s.change?.now)}`),
    })),
    ...inventory.api.overlays.filter((o) => o.outdated.length > 0).map((o) => ({file: o.file, changes: o.outdated})),
  ];
}
