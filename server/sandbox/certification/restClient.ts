/**
 * The certification's check of a merchant's REST client. While it lasts
 * (SANDBOX_RULES.certification.rest.windowSeconds), the sandbox treats the
 * merchant's REST calls as a gateway having a bad day would: its tokens last
 * only `tokenSeconds`, and its first call (and any that comes before
 * Retry-After has passed) is answered 503 with `Retry-After`. At the end the
 * merchant's request log of that window says whether the client waited as
 * told, kept its retries bounded, and asked /autenticar for one new token
 * when its token expired. The trial's state is in the store: the merchant's
 * calls may reach any server.
 */
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import type {LogEntry} from '../merchants/requestLog';
import {unchanged, write, type SandboxStore, type StoreBackend} from '../store/contract';
import type {CheckResult} from './report';

export interface RestTrialState {
  readonly desde: number;
  readonly hasta: number;
  /** When the first 503 was served (ms), once it was. */
  readonly primer503?: number;
}

/** The trial's lengths and bounds (SANDBOX_RULES.certification.rest; tests make them short). */
export type RestTrialRules = {readonly [K in keyof typeof SANDBOX_RULES.certification.rest]: number};
const KEY = 'cliente-rest';

/** The hooks the REST routes call while a merchant's trial runs. */
export interface RestTrial {
  /** Whether a token issued at `iatSeconds` counts as expired now (a trial makes tokens short). */
  tokenExpired(terminal: string, iatSeconds: number): Promise<boolean>;
  /** Seconds of Retry-After when this call must be answered 503; null otherwise. */
  unavailable(terminal: string): Promise<number | null>;
  start(terminal: string): Promise<RestTrialState>;
  readonly rules: RestTrialRules;
}

export function createRestTrial(
  store: SandboxStore<RestTrialState>,
  backend: Pick<StoreBackend, 'commit'>,
  now: () => number = Date.now,
  RULES: RestTrialRules = SANDBOX_RULES.certification.rest,
): RestTrial {
  const active = async (terminal: string) => {
    const state = await store.get(terminal, KEY);
    return state !== undefined && now() >= state.desde && now() <= state.hasta ? state : undefined;
  };
  return {
    rules: RULES,
    async start(terminal) {
      const state: RestTrialState = {desde: now(), hasta: now() + RULES.windowSeconds * 1000};
      await store.put(terminal, KEY, state);
      return state;
    },
    async tokenExpired(terminal, iatSeconds) {
      const state = await active(terminal);
      return state !== undefined && now() / 1000 - iatSeconds >= RULES.tokenSeconds;
    },
    async unavailable(terminal) {
      const state = await active(terminal);
      if (state === undefined) return null;
      if (state.primer503 === undefined) {
        // The first call of the trial, whichever server takes it: served once.
        const taken = await backend.commit([write(store, terminal, KEY, {...state, primer503: now()})], {expect: [unchanged(store, terminal, KEY, state)]});
        return taken ? RULES.retryAfterSeconds : null;
      }
      // Before Retry-After has passed, every call is answered 503 again.
      return now() < state.primer503 + RULES.retryAfterSeconds * 1000 ? RULES.retryAfterSeconds : null;
    },
  };
}

const EXPIRED = /venci[oó]|expired/i;

/** The verdict on the calls of the trial's window (the merchant's request log, oldest first). */
export function judgeRestClient(
  entries: readonly LogEntry[],
  state: RestTrialState,
  RULES: RestTrialRules = SANDBOX_RULES.certification.rest,
): Pick<CheckResult, 'resultado' | 'motivo' | 'valores'> & {readonly ejemplo: LogEntry | undefined} {
  const inWindow = entries.filter((e) => e.canal === 'rest' && Date.parse(e.fecha) >= state.desde && Date.parse(e.fecha) <= state.hasta + 1000);
  const calls = inWindow.filter((e) => e.operacion !== 'autenticar');
  const fail = (motivo: string, ejemplo: LogEntry | undefined, valores: Record<string, string> = {}) => ({resultado: 'falla' as const, motivo, valores, ejemplo});
  if (calls.length === 0) return fail('restSinLlamadas', undefined);
  const unavailable = calls.filter((e) => e.estado === 503);
  const first503 = unavailable[0];
  if (first503 === undefined) return fail('restSin503', calls[0]);
  const after = calls.filter((e) => Date.parse(e.fecha) > Date.parse(first503.fecha) && e.estado !== 503);
  const firstOk = after[0];
  if (firstOk === undefined) return fail('restSin503', first503);
  // Waited: the first call that was not refused came after Retry-After (a quarter second of clock slack).
  const firstRetry = calls.find((e) => Date.parse(e.fecha) > Date.parse(first503.fecha));
  const waited = (Date.parse(firstRetry!.fecha) - Date.parse(first503.fecha)) / 1000;
  if (waited < RULES.retryAfterSeconds - 0.25) return fail('restNoEspero', firstRetry, {espera: String(RULES.retryAfterSeconds), segundos: waited.toFixed(1)});
  if (unavailable.length - 1 > RULES.maxRetries) return fail('restDemasiados', unavailable.at(-1), {veces: String(unavailable.length - 1), max: String(RULES.maxRetries)});
  // Renewed its token once it expired: after each refusal for an expired token, one /autenticar before the next call.
  const expired = calls.filter((e) => e.estado === 401 && EXPIRED.test(JSON.stringify(e.errores ?? '')));
  for (const refusal of expired) {
    const next = inWindow.filter((e) => Date.parse(e.fecha) > Date.parse(refusal.fecha));
    const nextCall = next.findIndex((e) => e.operacion !== 'autenticar');
    const renewals = (nextCall === -1 ? next : next.slice(0, nextCall)).filter((e) => e.operacion === 'autenticar').length;
    if (renewals === 0) return fail('restSinAutenticar', refusal);
    if (renewals > 1) return fail('restAutenticaDeMas', refusal, {veces: String(renewals)});
  }
  const renewedLater = inWindow.some((e) => e.operacion === 'autenticar' && Date.parse(e.fecha) >= state.desde + RULES.tokenSeconds * 1000);
  if (!renewedLater) return fail('restSinAutenticar', calls.at(-1));
  return {resultado: 'ok', motivo: 'ok', valores: {}, ejemplo: firstOk};
}
