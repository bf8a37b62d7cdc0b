/**
 * The merchants' events (issue 42): every confirmation the sandbox sends for a
 * merchant is also an event of that merchant, which the event stream
 * (GET /sandbox/eventos, ./routes/events.ts) passes on and escuchar.mjs
 * forwards to the integrator's laptop.
 *
 * The last SANDBOX_RULES.events.replay events of each merchant are kept in a
 * store (./store.ts) so that a client that reconnects with Last-Event-ID gets
 * what it missed. Ids are increasing numbers (microseconds of the clock, or
 * one more than the last): a restart keeps them increasing. Subscribers and
 * the count of open streams are this process's (a shared store brings its own
 * publish/subscribe, issue 43).
 */
import {SANDBOX_RULES} from '../../core/data/sandbox';
import type {SandboxStore} from './store';

export interface ConfirmationEventData {
  /** Where the confirmation went (the merchant's confirmation URL or the sandbox's receiver). */
  readonly url: string;
  /** The signed variables, in the order they are posted. */
  readonly cuerpo: Readonly<Record<string, string>>;
  /** The inbox entry's id. */
  readonly id: string;
}

export interface SandboxEvent {
  readonly id: string;
  readonly type: 'confirmacion';
  readonly data: ConfirmationEventData;
}

export interface EventHub {
  publish(terminal: string, data: ConfirmationEventData): Promise<SandboxEvent>;
  /** The kept events after `lastEventId`, oldest first; none when the id is not one of ours (garbage: from now). */
  replay(terminal: string, lastEventId: string | undefined): Promise<SandboxEvent[]>;
  /** Calls `listener` with each new event of the merchant until the returned function is called. */
  subscribe(terminal: string, listener: (event: SandboxEvent) => void): () => void;
  /** Takes one of the merchant's stream places; undefined when all SANDBOX_RULES.events.streamsPerMerchant are taken. */
  openStream(terminal: string): (() => void) | undefined;
}

/** An event id: the decimal digits the hub writes. */
export const EVENT_ID = /^\d{1,16}$/;

export function createEventHub(store: SandboxStore<SandboxEvent>, now: () => number = Date.now, limits = SANDBOX_RULES.events): EventHub {
  const listeners = new Map<string, Set<(event: SandboxEvent) => void>>();
  const streams = new Map<string, number>();
  let last = 0;
  const nextId = () => {
    last = Math.max(now() * 1000, last + 1);
    return String(last);
  };
  return {
    async publish(terminal, data) {
      const event: SandboxEvent = {id: nextId(), type: 'confirmacion', data};
      await store.put(terminal, event.id, event);
      for (const listener of listeners.get(terminal) ?? []) listener(event);
      return event;
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
    openStream(terminal) {
      const open = streams.get(terminal) ?? 0;
      if (open >= limits.streamsPerMerchant) return undefined;
      streams.set(terminal, open + 1);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        const left = (streams.get(terminal) ?? 1) - 1;
        if (left <= 0) streams.delete(terminal);
        else streams.set(terminal, left);
      };
    },
  };
}
