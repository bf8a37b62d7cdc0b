/**
 * The notifications inbox: every confirmation the sandbox sent or received,
 * per merchant (its terminal), newest first, so a person without a server sees
 * exactly what the gateway would POST (the POST channel's guide,
 * docs/vpost/integracion.mdx, describes it). Each confirmation the sandbox itself sends is also an event of
 * the merchant (./events.ts) for the event stream.
 *
 * Entries live in a bounded store (../store/contract.ts): per merchant, by count and
 * age. An entry and its event are written in one commit. A payment is
 * recorded together with its confirmation "queued" (`queue`, one commit with
 * the payment's records); the delivery then replaces that entry with its
 * outcome, so a payment is never kept without its confirmation, and one whose
 * delivery was cut short (a server stopped) shows as queued, to be resent.
 * The routes are ../routes/inbox.ts.
 */
import {randomUUID} from 'node:crypto';
import {responseSignature} from '../../../core/signatures';
import type {EventHub} from './events';
import type {Merchants} from '../merchants/merchants';
import {pageText} from '../words';
import {escapeHtml} from '../../../core/texts';
import {write, type SandboxStore, type StoreBackend, type Write} from '../store/contract';
import {type Locale} from '../../../core/locale';
import {memoryBackend} from '../store/memory';

export type DeliveryReason =
  | 'EN_COLA'
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

export type DeliveryStatus = 'en-cola' | 'entregada' | 'respuesta-error' | 'rechazada' | 'fallida';

/** The outcome of a confirmation recorded with its payment and not sent yet. */
export const QUEUED: DeliveryOutcome = {status: 'en-cola', reason: 'EN_COLA', params: {}};

export interface DeliveryOutcome {
  /** en-cola: recorded with its payment, not sent yet; entregada: 2xx or stored; respuesta-error: answered non-2xx (3xx not followed); rechazada: never sent; fallida: network. */
  readonly status: DeliveryStatus;
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

/** What a new entry is made of; `id` replaces that entry (a queued one, now delivered). */
export type NewInboxEntry = Omit<InboxEntry, 'id' | 'at' | 'firma'> & {readonly id?: string};

export interface Inbox {
  /** Records the entry (and, when the sandbox sent it, its event) in one commit. */
  record(entry: NewInboxEntry): Promise<InboxEntry>;
  /** A queued entry for a confirmation about to be sent, to commit with the payment's records. */
  queue(entry: Omit<NewInboxEntry, 'outcome' | 'id'>): Promise<{readonly entry: InboxEntry; readonly write: Write}>;
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
  /** The backend of `store` (commits); this process's memory when absent. */
  readonly backend?: StoreBackend;
  readonly merchants: Merchants;
  readonly productName: string;
  /** Confirmations the sandbox sends become events of the merchant. */
  readonly events?: EventHub;
  readonly now?: () => number;
}

export function createInbox({store, backend = memoryBackend(), merchants, productName, events, now = Date.now}: InboxOptions): Inbox {
  const firmaName = `firma${productName}`;
  const checkFirma = async (terminal: string, fields: Readonly<Record<string, string>>): Promise<FirmaCheck> => {
    const received = fields[firmaName];
    if (received === undefined || received === '') return 'ausente';
    const merchant = await merchants.byTerminal(terminal);
    if (merchant === undefined) return 'terminal-desconocida';
    const expected = responseSignature(merchant.llave, fields.codigoFactura ?? '', fields.valorFactura ?? '', fields.codigoAutorizacion ?? '');
    return received.toLowerCase() === expected ? 'valida' : 'invalida';
  };
  const make = async (entry: NewInboxEntry): Promise<InboxEntry> => ({
    ...entry,
    id: entry.id ?? randomUUID(),
    at: new Date(now()).toISOString(),
    firma: await checkFirma(entry.terminal, entry.fields),
  });
  return {
    firmaName,
    checkFirma,
    async record(entry) {
      const full = await make(entry);
      const writes = [write(store, full.terminal, full.id, full)];
      if (events === undefined || entry.source === RECEIVED_SOURCE) {
        await backend.commit(writes);
        return full;
      }
      const event = await events.prepare(full.terminal, {url: full.destination, cuerpo: full.fields, id: full.id});
      await backend.commit([...writes, event.write], {publish: event.publish});
      return full;
    },
    async queue(entry) {
      const full = await make({...entry, outcome: QUEUED});
      return {entry: full, write: write(store, full.terminal, full.id, full)};
    },
    async list(terminal) {
      return (await store.list(terminal)).reverse();
    },
    get(terminal, id) {
      return store.get(terminal, id);
    },
  };
}

const FIRMA_TEXT = {valida: 'firma.valid', invalida: 'firma.invalid', ausente: 'firma.missing', 'terminal-desconocida': 'firma.unknownTerminal'} as const;

/** What a firma check found, as plain text (JSON) or for a page. */
export function firmaSentence(lang: Locale, check: FirmaCheck, name: string, form: 'text' | 'html' = 'text'): string {
  return pageText(lang)[form](FIRMA_TEXT[check], {name});
}

/** A delivery's state and why, as plain text (JSON) or for a page: "Falló (HTTP 500): ...". */
export function outcomeSentence(lang: Locale, outcome: DeliveryOutcome, form: 'text' | 'html' = 'text'): string {
  const t = pageText(lang);
  const id = `reasons.${outcome.reason}`;
  const params = {...outcome.params};
  if (outcome.reason === 'REDIRECCION_NO_SEGUIDA' && (params.location ?? '') === '') params.location = t.text('noLocation');
  const reason = t.has(id) ? t[form](id, params) : form === 'html' ? escapeHtml(outcome.reason) : outcome.reason;
  const status = outcome.httpStatus === undefined ? '' : ` (HTTP ${outcome.httpStatus})`;
  return `${t[form](`delivery.${outcome.status}`)}${status}: ${reason}`;
}

/** An inbox entry as the JSON API answers it (the inbox's contract on the rules page, src/pages/sandbox/_api.mdx). */
export function inboxEntryJson(entry: InboxEntry, lang: Locale, firmaName: string): Record<string, unknown> {
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
