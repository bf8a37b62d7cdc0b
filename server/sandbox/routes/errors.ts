/**
 * How the sandbox refuses a request outside any route's own answer shape, in
 * the shape the caller reads and the request's language: a SOAP Fault for a
 * SOAP caller (the service lives under /soap/; any XML body), a page for a
 * browser, the API's JSON error `{codigo, mensaje, registro}` otherwise.
 *
 * - While the store is down (Redis unreachable): 503 with Retry-After. The
 *   rest of the portal (pages, search, downloads, the manuals form) does not
 *   depend on the store and goes on serving.
 * - A path under the sandbox that no route answers, or a URL that is not one.
 */
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_BASE} from '../../../core/config';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import {layout, sendPage, linksLine} from '../pages/layout';
import {apiSentence, errorBody, pageText, type ApiErrorCode} from '../words';
import {StoreUnavailableError} from '../store/contract';
import {escapeHtml} from '../../../core/texts';
import {requestLocale} from '../../locale';

/** Seconds a client is told to wait before it tries again. */
export const RETRY_AFTER_SECONDS = 5;

export const isUnavailable = (error: unknown): error is StoreUnavailableError => error instanceof StoreUnavailableError;

/** Whom the answer is for: a SOAP client, a browser, or a JSON client (the default). */
export function callerShape(request: FastifyRequest): 'soap' | 'page' | 'json' {
  const path = new URL(request.url, 'http://sandbox.local').pathname;
  const type = String(request.headers['content-type'] ?? '');
  if (path.includes('/soap/') || /xml/i.test(type) || request.headers.soapaction !== undefined) return 'soap';
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept) ? 'page' : 'json';
}

/** The title of a page a browser gets for a refusal outside any page of the sandbox's own. */
type RefusalTitle = 'unavailableTitle' | 'unknownPathTitle' | 'requestRefusedTitle';

/** Sends `codigo`'s sentence with `status` in the caller's shape (callerShape) and language. */
export function sendInShape(request: FastifyRequest, reply: FastifyReply, status: number, codigo: ApiErrorCode, title: RefusalTitle): FastifyReply {
  const lang = requestLocale(request);
  const message = apiSentence(lang, codigo);
  reply.code(status).header('cache-control', 'no-store');
  switch (callerShape(request)) {
    case 'soap':
      return reply
        .type('text/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>${status >= 500 ? 'soap:Server' : 'soap:Client'}</faultcode><faultstring>${escapeHtml(message)}</faultstring><detail><registro>${SANDBOX_PAGES.requestLog}</registro></detail></soap:Fault></soap:Body></soap:Envelope>`,
        );
    case 'page': {
      const t = pageText(lang);
      return sendPage(
        reply,
        status,
        layout({lang, title: t.text(title), body: `<p role="alert">${apiSentence(lang, codigo, 'html')}</p>`, notice: t.html('notice'), links: linksLine(lang)}),
      );
    }
    case 'json':
      return reply.type('application/json; charset=utf-8').send(errorBody(lang, codigo));
  }
}

export function sendUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Nothing is written to the request log while the store is down.
  if (request.sandboxLog !== null && request.sandboxLog !== undefined) delete request.sandboxLog.terminal;
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendInShape(request, reply, 503, 'NO_DISPONIBLE', 'unavailableTitle');
}

/** A path under the sandbox that nothing answers (any method). */
export const sendUnknownPath = (request: FastifyRequest, reply: FastifyReply): FastifyReply => sendInShape(request, reply, 404, 'RUTA_DESCONOCIDA', 'unknownPathTitle');

/**
 * For the site's 404 of a GET: a path under the sandbox asked by a JSON or SOAP client gets the
 * sandbox's answer in its shape; a browser gets the site's 404 page (null: the site answers).
 */
export function unknownSandboxPath(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const path = new URL(request.url, 'http://sandbox.local').pathname;
  if (!path.startsWith(`${SANDBOX_BASE}/`) || callerShape(request) === 'page') return null;
  return sendUnknownPath(request, reply);
}

/** A URL that does not decode (a % that encodes nothing), under the sandbox. */
export const sendBadUrl = (request: FastifyRequest, reply: FastifyReply): FastifyReply => sendInShape(request, reply, 400, 'URL_INVALIDA', 'requestRefusedTitle');

/**
 * What reaches the sandbox's root without a handler of its own (a body that does not parse on a
 * path nobody answers, a store that went down mid-request): answered in the caller's shape, in the
 * sandbox's words, never with the framework's.
 */
export function sandboxErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isUnavailable(error)) return sendUnavailable(request, reply);
  if (request.is404) return sendUnknownPath(request, reply);
  const refused = (status: number, codigo: ApiErrorCode) => sendInShape(request, reply, status, codigo, 'requestRefusedTitle');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return refused(415, 'TIPO_NO_ADMITIDO');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refused(413, 'CUERPO_GRANDE');
  if (error.statusCode === 429) return refused(429, 'LIMITE_SOLICITUDES');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return refused(400, 'SOLICITUD_INVALIDA');
  request.log.error(error, 'sandbox: unexpected error');
  return refused(500, 'ERROR_INTERNO');
}
