/**
 * The merchants' events: every confirmation the sandbox sends for a
 * merchant is also an event of that merchant, which the event stream
 * (GET /sandbox/eventos, ../routes/events.ts) passes on and escuchar.mjs
 * forwards to the integrator's laptop.
 *
 * The last SANDBOX_RULES.events.replay events of each merchant are kept in a
 * store (../store/contract.ts) so that a client that reconnects with Last-Event-ID gets
 * what it missed. Ids are increasing numbers (microseconds of the clock, or
 * one more than the last), drawn from one sequence of the backend, so they
 * keep increasing across restarts and servers. An event is stored and
 * published in one commit; with Redis the publication reaches the streams open
 * on every server (publish/subscribe), and the count of open streams per
 * merchant is shared too (leases that lapse if a server dies).
 */
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {write, type CommitOptions, type Lease, type SandboxStore, type StoreBackend, type Write} from '../store/contract';

export interface ConfirmationEventData {
  /** Where the confirmation went (the merchant's confirmation URL or the sandbox's receiver). */
  readonly url: string;
  /** The signed variables, in the order they are posted. */
  readonly cuerpo: Readonly<Record<string, string>>;
  /** The inbox entry's id. */
  readonly id: string;
}

/**
 * A request of a certification run for escuchar.mjs to make on the integrator's computer (its
 * handler, its return page) and report back: published to the open streams, never kept for replay
 * (a listener that reconnects must not make an old run's requests again).
 */
export interface CertificationEventData {
  /** The run's id (/sandbox/certificaciones/<id>). */
  readonly certificacion: string;
  /** The request's number in the run: the listener reports under it. */
  readonly paso: number;
  readonly destino: 'confirmacion' | 'retorno';
  readonly cuerpo: Readonly<Record<string, string>>;
  readonly query?: string;
}

export type SandboxEvent =
  | {readonly id: string; readonly type: 'confirmacion'; readonly data: ConfirmationEventData}
  | {readonly id: string; readonly type: 'certificacion'; readonly data: CertificationEventData};

/** An event ready to be committed with other records (the inbox entry it tells of). */
export interface PreparedEvent {
  readonly event: SandboxEvent;
  readonly write: Write;
  readonly publish: NonNullable<CommitOptions['publish']>;
}

export interface EventHub {
  publish(terminal: string, data: ConfirmationEventData): Promise<SandboxEvent>;
  /** A new event, its record and its publication, for a commit that also writes what it tells of. */
  prepare(terminal: string, data: ConfirmationEventData): Promise<PreparedEvent>;
  /** Publishes a certification's request to the merchant's open streams, on every server, without keeping it. */
  signal(terminal: string, data: CertificationEventData): Promise<SandboxEvent>;
  /** The kept events after `lastEventId`, oldest first; none when the id is not one of ours (garbage: from now). */
  replay(terminal: string, lastEventId: string | undefined): Promise<SandboxEvent[]>;
  /** Calls `listener` with each new event of the merchant (published on any server) until the returned function is called. */
  subscribe(terminal: string, listener: (event: SandboxEvent) => void): () => void;
  /** Takes one of the merchant's stream places for `ttlMs` (renew it); undefined when all SANDBOX_RULES.events.streamsPerMerchant are taken. */
  openStream(terminal: string, ttlMs: number): Promise<Lease | undefined>;
}

/** An event id: the decimal digits the hub writes. */
export const EVENT_ID = /^\d{1,16}$/;

/** The backend's channel of the merchants' events. */
const CHANNEL = 'eventos';

export function createEventHub(backend: StoreBackend, store: SandboxStore<SandboxEvent>, now: () => number = Date.now, limits = SANDBOX_RULES.events): EventHub {
  const listeners = new Map<string, Set<(event: SandboxEvent) => void>>();
  backend.subscribe(CHANNEL, (message) => {
    const {terminal, event} = message as {terminal?: unknown; event?: SandboxEvent};
    if (typeof terminal !== 'string' || event === undefined) return;
    for (const listener of [...(listeners.get(terminal) ?? [])]) listener(event);
  });
  const prepare = async (terminal: string, data: ConfirmationEventData): Promise<PreparedEvent> => {
    const id = await backend.sequence(CHANNEL, {floor: now() * 1000});
    const event: SandboxEvent = {id: String(id), type: 'confirmacion', data};
    return {event, write: write(store, terminal, event.id, event), publish: {channel: CHANNEL, message: {terminal, event}}};
  };
  return {
    prepare,
    async signal(terminal, data) {
      const event: SandboxEvent = {id: String(await backend.sequence(CHANNEL, {floor: now() * 1000})), type: 'certificacion', data};
      await backend.publish(CHANNEL, {terminal, event});
      return event;
    },
    async publish(terminal, data) {
      const prepared = await prepare(terminal, data);
      await backend.commit([prepared.write], {publish: prepared.publish});
      return prepared.event;
    },
    async replay(terminal, lastEventId) {
      if (lastEventId === undefined || !EVENT_ID.test(lastEventId.trim())) return [];
      const after = Number(lastEventId.trim());
      return (await store.list(terminal)).filter((event) => Number(event.id) > after).slice(-limits.replay);
    },
    subscribe(terminal, listener) {
      let set = listeners.get(terminal);
      if (set === undefined) {
        set = new Set();
        listeners.set(terminal, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(terminal);
      };
    },
    openStream(terminal, ttlMs) {
      return backend.lease('flujos', terminal, limits.streamsPerMerchant, ttlMs);
    },
  };
}
