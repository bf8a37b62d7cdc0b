/**
 * The notifications inbox: every confirmation the sandbox sent or received,
 * per merchant (its terminal), newest first, so a person without a server sees
 * exactly what the gateway would POST (spec §3 "Return and confirmation
 * responses"). Each confirmation the sandbox itself sends is also an event of
 * the merchant (./events.ts) for the event stream.
 *
 * Entries live in a bounded store (./store.ts): per merchant, by count and
 * age. The routes are ./routes/notifications.ts.
 */
import {randomUUID} from 'node:crypto';
import {responseSignature} from '../../core/signatures';
import type {EventHub} from './events';
import type {Merchants} from './merchants';
import type {Lang} from './pages/layout';
import {TEXT} from './pages/text';
import type {SandboxStore} from './store';

export type DeliveryReason =
  | 'RECEPTOR'
  | 'RECIBIDA'
  | 'OK'
  | 'HTTP_ERROR'
  | 'REDIRECCION_NO_SEGUIDA'
  | 'TIEMPO_AGOTADO'
  | 'CONEXION'
  | 'URL_LARGA'
  | 'URL_INVALIDA'
  | 'ESQUEMA'
  | 'CREDENCIALES'
  | 'DNS'
  | 'DIRECCION_PROHIBIDA'
  | 'LOOPBACK_NO_LOCAL'
  | 'DIRECCION_PRIVADA'
  | 'HOST_NO_PERMITIDO'
  | 'CUERPO_GRANDE'
  | 'LIMITE';

export interface DeliveryOutcome {
  /** entregada: 2xx or stored; respuesta-error: answered non-2xx (3xx not followed); rechazada: never sent; fallida: network. */
  readonly status: 'entregada' | 'respuesta-error' | 'rechazada' | 'fallida';
  readonly reason: DeliveryReason;
  readonly params: Readonly<Record<string, string>>;
  readonly httpStatus?: number;
  /** The first bytes of the merchant's answer. */
  readonly answer?: string;
  readonly answerCut?: boolean;
}

/** The check of firma{product} against the terminal key. */
export type FirmaCheck = 'valida' | 'invalida' | 'ausente' | 'terminal-desconocida';

export interface InboxEntry {
  readonly id: string;
  /** ISO time of the attempt. */
  readonly at: string;
  readonly terminal: string;
  /** The URL it went (or would have gone) to. */
  readonly destination: string;
  readonly source: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly firma: FirmaCheck;
  readonly outcome: DeliveryOutcome;
  /** The transaction (codigoSeguimiento) it confirms, when the sandbox knows it. */
  readonly transaction?: string;
}

/** Where a confirmation came from that is not an event: what the receiver got from outside. */
export const RECEIVED_SOURCE = 'receptor';

export interface Inbox {
  record(entry: Omit<InboxEntry, 'id' | 'at' | 'firma'>): Promise<InboxEntry>;
  /** Newest first. */
  list(terminal: string): Promise<InboxEntry[]>;
  get(terminal: string, id: string): Promise<InboxEntry | undefined>;
  /** The firma{product} variable's name. */
  readonly firmaName: string;
  /** How firma{product} of these fields compares with the terminal's key. */
  checkFirma(terminal: string, fields: Readonly<Record<string, string>>): Promise<FirmaCheck>;
}

export interface InboxOptions {
  readonly store: SandboxStore<InboxEntry>;
  readonly merchants: Merchants;
  readonly productName: string;
  /** Confirmations the sandbox sends become events of the merchant. */
  readonly events?: EventHub;
  readonly now?: () => number;
}

export function createInbox({store, merchants, productName, events, now = Date.now}: InboxOptions): Inbox {
  const firmaName = `firma${productName}`;
  const checkFirma = async (terminal: string, fields: Readonly<Record<string, string>>): Promise<FirmaCheck> => {
    const received = fields[firmaName];
    if (received === undefined || received === '') return 'ausente';
    const merchant = await merchants.byTerminal(terminal);
    if (merchant === undefined) return 'terminal-desconocida';
    const expected = responseSignature(merchant.llave, fields.codigoFactura ?? '', fields.valorFactura ?? '', fields.codigoAutorizacion ?? '');
    return received.toLowerCase() === expected ? 'valida' : 'invalida';
  };
  return {
    firmaName,
    checkFirma,
    async record(entry) {
      const full: InboxEntry = {...entry, id: randomUUID(), at: new Date(now()).toISOString(), firma: await checkFirma(entry.terminal, entry.fields)};
      await store.put(entry.terminal, full.id, full);
      if (events !== undefined && entry.source !== RECEIVED_SOURCE) {
        await events.publish(entry.terminal, {url: full.destination, cuerpo: full.fields, id: full.id});
      }
      return full;
    },
    async list(terminal) {
      return (await store.list(terminal)).reverse();
    },
    get(terminal, id) {
      return store.get(terminal, id);
    },
  };
}

export function firmaSentence(lang: Lang, check: FirmaCheck, name: string): string {
  const t = TEXT[lang];
  switch (check) {
    case 'valida':
      return t.firmaValid(name);
    case 'invalida':
      return t.firmaInvalid(name);
    case 'ausente':
      return t.firmaMissing(name);
    case 'terminal-desconocida':
      return t.firmaUnknownTerminal(name);
  }
}

export function outcomeSentence(lang: Lang, outcome: DeliveryOutcome): string {
  const t = TEXT[lang];
  const reason = t.reasons[outcome.reason]?.(outcome.params) ?? outcome.reason;
  const status = outcome.httpStatus === undefined ? '' : ` (HTTP ${outcome.httpStatus})`;
  return `${t.status[outcome.status]}${status}: ${reason}`;
}

/** An inbox entry as the JSON API answers it (the contract of issue 42). */
export function inboxEntryJson(entry: InboxEntry, lang: Lang, firmaName: string): Record<string, unknown> {
  return {
    id: entry.id,
    fecha: entry.at,
    terminal: entry.terminal,
    url: entry.destination,
    origen: entry.source,
    estado: entry.outcome.status,
    motivo: outcomeSentence(lang, entry.outcome),
    ...(entry.outcome.httpStatus === undefined ? {} : {httpStatus: entry.outcome.httpStatus}),
    ...(entry.outcome.answer === undefined ? {} : {respuesta: entry.outcome.answer}),
    cuerpo: entry.fields,
    firma: entry.firma,
    firmaValida: entry.firma === 'valida',
    firmaTexto: firmaSentence(lang, entry.firma, firmaName),
    ...(entry.transaction === undefined ? {} : {transaccion: entry.transaction}),
  };
}
