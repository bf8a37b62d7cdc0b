/**
 * Runs a certification: sends each check's requests (./suite.ts) to the
 * integrator's endpoints, directly (the notifier's rules: where the sandbox
 * may post, time and size bounds) or through escuchar.mjs on the
 * integrator's computer (an event the listener carries out and reports back),
 * judges each check, and keeps the run in the store after every check, so a
 * reader on any server follows it. A run whose listener stops reporting ends
 * as incomplete, never as passed.
 */
import type {EventHub} from '../confirmations/events';
import type {Notifier} from '../confirmations/notifier';
import type {SandboxStore, StoreBackend} from '../store/contract';
import type {CheckResult, Run} from './report';
import {buildSuite, type Check, type Received, type Sent, type Step} from './suite';
import {SANDBOX_RULES} from '../../../core/data/sandbox';

/** A run stopped before its end: why, in the texts' `incomplete` keys. */
export class Incomplete extends Error {
  override name = 'Incomplete';
  constructor(
    readonly motivo: string,
    readonly valores: Readonly<Record<string, string>> = {},
  ) {
    super(motivo);
  }
}

/** How a run reaches the integrator's endpoints. */
export interface Transport {
  /** The requests of a step, in order: one after the other, or all at once. */
  send(step: Step): Promise<Received[]>;
  /** Where a request went, for the report's curl line. */
  urlOf(sent: Sent): string;
}

const withQuery = (url: string, query: string | undefined) => (query === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`);

/** Posts from the server, under the notifier's rules. */
export function directTransport(notifier: Notifier, endpoints: Run['endpoints']): Transport {
  const urlOf = (sent: Sent) => withQuery(sent.destino === 'retorno' ? (endpoints.urlRespuesta ?? '') : endpoints.urlConfirmacion, sent.query);
  const one = async (sent: Sent): Promise<Received> => {
    const {outcome, ms} = await notifier.probe(urlOf(sent), sent.cuerpo);
    return outcome.httpStatus === undefined
      ? {estado: null, ms, cuerpo: '', error: `${outcome.reason}${Object.keys(outcome.params).length > 0 ? ` ${JSON.stringify(outcome.params)}` : ''}`}
      : {estado: outcome.httpStatus, ms, cuerpo: outcome.answer ?? ''};
  };
  return {
    urlOf,
    async send(step) {
      if (step.juntos) return Promise.all(step.envios.map(one));
      const out: Received[] = [];
      for (const sent of step.envios) out.push(await one(sent));
      return out;
    },
  };
}

/** What escuchar.mjs reported of one request. */
export interface Delivery extends Received {
  readonly paso: number;
}

export interface ListenerDeps {
  readonly events: EventHub;
  readonly deliveries: SandboxStore<Delivery>;
  readonly backend: Pick<StoreBackend, 'subscribe'>;
  readonly waitMs?: number;
}

/** The backend's channel on which a reported delivery is announced to the server running the run. */
export const DELIVERIES_CHANNEL = 'certificaciones-entregas';
export const deliveryKey = (id: string, paso: number) => `${id}:${paso}`;

/** Through escuchar.mjs: each request an event of the merchant's stream; the listener reports what came back. */
export function listenerTransport(deps: ListenerDeps, run: Pick<Run, 'id' | 'terminal' | 'endpoints'>): Transport {
  const waitMs = deps.waitMs ?? SANDBOX_RULES.certification.listenerWaitMs;
  let paso = 0;
  const awaitDelivery = (n: number) =>
    new Promise<Received>((resolve, reject) => {
      let done = false;
      const finish = (error: Error | null, value?: Received) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        unsubscribe();
        if (error === null) resolve(value!);
        else reject(error);
      };
      const look = () =>
        deps.deliveries.get(run.terminal, deliveryKey(run.id, n)).then(
          (found) => found !== undefined && finish(null, {estado: found.estado, ms: found.ms, cuerpo: found.cuerpo, ...(found.error === undefined ? {} : {error: found.error})}),
          () => undefined,
        );
      const unsubscribe = deps.backend.subscribe(DELIVERIES_CHANNEL, (message) => {
        const m = message as {id?: unknown; paso?: unknown};
        if (m.id === run.id && m.paso === n) void look();
      });
      // The announcement is the fast path; a look now and then covers one that was missed.
      const poll = setInterval(() => void look(), 1000);
      const timer = setTimeout(() => finish(new Incomplete('escuchar', {paso: String(n), ms: String(waitMs)})), waitMs);
      void look();
    });
  const one = async (sent: Sent): Promise<Received> => {
    const n = ++paso;
    const waiting = awaitDelivery(n);
    await deps.events.signal(run.terminal, {certificacion: run.id, paso: n, destino: sent.destino, cuerpo: sent.cuerpo, ...(sent.query === undefined ? {} : {query: sent.query})});
    return waiting;
  };
  return {
    urlOf: (sent) => withQuery(sent.destino === 'retorno' ? (run.endpoints.urlRespuesta ?? '') : run.endpoints.urlConfirmacion, sent.query),
    async send(step) {
      if (step.juntos) return Promise.all(step.envios.map(one));
      const out: Received[] = [];
      for (const sent of step.envios) out.push(await one(sent));
      return out;
    },
  };
}

/** The bounds of what a check keeps of an answer (a return page is judged whole, kept short). */
const EXCERPT = 300;

export function resultOf(check: Check, verdict: ReturnType<Check['judge']>, transport: Transport): CheckResult {
  const {sent, received} = verdict.ejemplo;
  return {
    nombre: check.nombre,
    resultado: verdict.resultado,
    motivo: verdict.motivo,
    valores: verdict.valores ?? {},
    solicitud: {destino: sent.destino, url: transport.urlOf(sent), cuerpo: sent.cuerpo, caso: sent.caso},
    respuesta: {
      estado: received?.estado ?? null,
      ms: received?.ms ?? 0,
      extracto: (received?.cuerpo ?? '').replace(/\s+/g, ' ').trim().slice(0, EXCERPT),
      ...(received?.error === undefined ? {} : {error: received.error}),
    },
  };
}

export interface RunDeps {
  readonly save: (run: Run) => Promise<void>;
  readonly transport: Transport;
  readonly llave: string;
  readonly firmaName: string;
  readonly now?: () => number;
  /** The REST client's check, when the run asked for it: started with the run, judged at its end. */
  readonly restCheck?: () => Promise<CheckResult>;
  readonly log?: (error: unknown) => void;
}

/** Runs every check and keeps the run after each; resolves when it has ended (passed, failed or incomplete). */
export async function runCertification(run: Run, deps: RunDeps): Promise<Run> {
  const now = deps.now ?? Date.now;
  const checks = buildSuite({id: run.id, llave: deps.llave, firmaName: deps.firmaName, retorno: run.endpoints.urlRespuesta !== undefined});
  const restResult = deps.restCheck?.();
  // A run that outlasts its check for a while is still alive: its server says so.
  const alive = setInterval(() => {
    run.vivo = now();
    void deps.save(run).catch(() => undefined);
  }, 10_000);
  alive.unref();
  try {
    for (const check of checks) {
      const results: Received[][] = [];
      for (const step of check.pasos) results.push(await deps.transport.send(step));
      run.pruebas.push(resultOf(check, check.judge(results), deps.transport));
      run.vivo = now();
      await deps.save(run);
    }
    if (restResult !== undefined) run.pruebas.push(await restResult);
    run.estado = run.pruebas.every((p) => p.resultado === 'ok') ? 'aprobada' : 'fallida';
  } catch (error) {
    run.estado = 'incompleta';
    run.incompleta = error instanceof Incomplete ? {motivo: error.motivo, valores: error.valores} : {motivo: 'servidor', valores: {}};
    if (!(error instanceof Incomplete)) deps.log?.(error);
  } finally {
    clearInterval(alive);
  }
  run.vivo = now();
  await deps.save(run);
  return run;
}
