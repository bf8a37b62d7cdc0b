/**
 * The notifications inbox: every confirmation the sandbox sent or received,
 * per terminal, newest first, so a person without a server sees exactly what
 * the gateway would POST (spec §3 "Return and confirmation responses").
 *
 *   GET  /notificaciones            the inbox page (?terminal=, default the demo terminal; ?lang=es|en)
 *   POST /notificaciones/receptor   the sandbox's own confirmation URL: stores what is posted, for the
 *                                   demo merchant's terminal (the only one it knows, so strangers cannot
 *                                   fill the store with terminals of their own)
 *
 * Entries live in a bounded store (./store.ts): per terminal, by count and age.
 */
import {randomUUID} from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import {responseSignature} from '../../core/signatures';
import type {DemoMerchant} from './merchant';
import {escapeHtml, fieldTable, layout, pickLang, sendPage, SANDBOX_PATHS, type Lang} from './pages/layout';
import {linksLine, TEXT} from './pages/text';
import {FORM_BODY_SCHEMA} from './purchaseForm';
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
}

export interface Inbox {
  record(entry: Omit<InboxEntry, 'id' | 'at' | 'firma'>): InboxEntry;
  /** Newest first. */
  list(terminal: string): InboxEntry[];
  /** The firma{product} variable's name. */
  readonly firmaName: string;
  /** How firma{product} of these fields compares with the terminal's key. */
  checkFirma(terminal: string, fields: Readonly<Record<string, string>>): FirmaCheck;
}

export function createInbox(store: SandboxStore<InboxEntry>, merchant: DemoMerchant, productName: string, now: () => number = Date.now): Inbox {
  const firmaName = `firma${productName}`;
  const checkFirma = (terminal: string, fields: Readonly<Record<string, string>>): FirmaCheck => {
    const received = fields[firmaName];
    if (received === undefined || received === '') return 'ausente';
    if (terminal !== merchant.terminal) return 'terminal-desconocida';
    const expected = responseSignature(merchant.llave, fields.codigoFactura ?? '', fields.valorFactura ?? '', fields.codigoAutorizacion ?? '');
    return received.toLowerCase() === expected ? 'valida' : 'invalida';
  };
  return {
    firmaName,
    checkFirma,
    record(entry) {
      const full: InboxEntry = {...entry, id: randomUUID(), at: new Date(now()).toISOString(), firma: checkFirma(entry.terminal, entry.fields)};
      store.put(entry.terminal, full.id, full);
      return full;
    },
    list(terminal) {
      return store.list(terminal).reverse();
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

/** A terminal id in a query: letters, digits and hyphens. */
export const TERMINAL_PATTERN = '^[A-Za-z0-9-]{1,32}$';

export function renderInbox(lang: Lang, terminal: string, entries: readonly InboxEntry[], inbox: Inbox, receiverUrl: string): string {
  const t = TEXT[lang];
  const items = entries.map((entry, index) => {
    const n = entries.length - index;
    const answer =
      entry.outcome.answer === undefined || entry.outcome.answer === ''
        ? ''
        : `<p><strong>${escapeHtml(t.answer)}:</strong> <code>${escapeHtml(entry.outcome.answer.slice(0, 500))}</code>${entry.outcome.answerCut === true ? ` ${escapeHtml(t.answerCut)}` : ''}</p>`;
    return `<article aria-labelledby="n-${escapeHtml(entry.id)}">
<h2 id="n-${escapeHtml(entry.id)}">${escapeHtml(t.entryHeading(n, entry.at))}</h2>
<p><strong>${escapeHtml(t.source)}:</strong> ${escapeHtml(t.sources[entry.source] ?? entry.source)}</p>
<p><strong>${escapeHtml(t.destination)}:</strong> <code>${escapeHtml(entry.destination)}</code></p>
<p class="banner ${entry.outcome.status === 'entregada' ? 'ok' : 'refused'}"><strong>${escapeHtml(t.result)}:</strong> ${escapeHtml(outcomeSentence(lang, entry.outcome))}</p>
<p class="banner ${entry.firma === 'valida' ? 'ok' : 'refused'}">${escapeHtml(firmaSentence(lang, entry.firma, inbox.firmaName))}</p>
${answer}
${fieldTable(entry.fields, {name: t.variable, value: t.value})}
</article>`;
  });
  const body = `<p>${escapeHtml(t.inboxIntro(terminal, receiverUrl))}</p>
<form method="get" action="${SANDBOX_PATHS.inbox}">
<label for="terminal">${escapeHtml(t.inboxTerminal)}</label>
<input type="text" id="terminal" name="terminal" value="${escapeHtml(terminal)}" pattern="[A-Za-z0-9\\-]{1,32}" required>
${lang === 'en' ? '<input type="hidden" name="lang" value="en">' : ''}
<button type="submit">${escapeHtml(t.inboxShow)}</button>
</form>
${items.length === 0 ? `<p>${escapeHtml(t.inboxEmpty)}</p>` : items.join('\n')}`;
  return layout({lang, title: t.inboxTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)});
}

export interface InboxRoutesOptions {
  readonly inbox: Inbox;
  readonly merchant: DemoMerchant;
  readonly receiverUrl: string;
  /** Posts to the receiver allowed per client and minute. */
  readonly receiverPerMinute: number;
  /** Views of the inbox allowed per client and minute. */
  readonly inboxPerMinute: number;
}

interface InboxQuery {
  Querystring: {terminal?: string; lang?: 'es' | 'en'};
}
interface ReceiverPost {
  Body: Record<string, string>;
}

/** The inbox's routes; the form parser and error handler are the caller's (./purchase.ts). */
export function inboxRoutes(app: FastifyInstance, options: InboxRoutesOptions): void {
  const {inbox, merchant} = options;
  app.get<InboxQuery>('/notificaciones', {
    schema: {
      querystring: {
        type: 'object',
        properties: {terminal: {type: 'string', pattern: TERMINAL_PATTERN}, lang: {type: 'string', enum: ['es', 'en']}},
        additionalProperties: false,
      },
    },
    config: {rateLimit: {max: options.inboxPerMinute, timeWindow: 60_000}},
    handler: async (request, reply) => {
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      const terminal = request.query.terminal ?? merchant.terminal;
      return sendPage(reply, 200, renderInbox(lang, terminal, inbox.list(terminal), inbox, options.receiverUrl));
    },
  });

  app.post<ReceiverPost>('/notificaciones/receptor', {
    schema: {body: FORM_BODY_SCHEMA},
    config: {rateLimit: {max: options.receiverPerMinute, timeWindow: 60_000}},
    handler: async (request, reply) => {
      inbox.record({terminal: merchant.terminal, destination: options.receiverUrl, source: 'receptor', fields: request.body, outcome: {status: 'entregada', reason: 'RECIBIDA', params: {from: request.ip}}});
      return reply.code(200).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('OK');
    },
  });
}
