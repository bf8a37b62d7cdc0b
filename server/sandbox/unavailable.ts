/**
 * The sandbox's answer while its store is down (Redis unreachable, issue 43):
 * 503 with Retry-After and a clear sentence in the request's language, in the
 * shape the caller reads: a SOAP Fault on the SOAP service, a page for a
 * browser, the API's JSON error `{codigo, mensaje, registro}` otherwise. The
 * rest of the portal (pages, search, downloads, the manuals form) does not
 * depend on the store and goes on serving.
 */
import type {FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_PAGES} from '../../core/data/sandbox';
import {escapeHtml, langOf, layout, sendPage} from './pages/layout';
import {errorBody, linksLine, TEXT} from './pages/text';
import {StoreUnavailableError} from './store';

/** Seconds a client is told to wait before it tries again. */
export const RETRY_AFTER_SECONDS = 5;

export const isUnavailable = (error: unknown): error is StoreUnavailableError => error instanceof StoreUnavailableError;

export function sendUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = langOf(request);
  const message = TEXT[lang].api.NO_DISPONIBLE;
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  // Nothing is written to the request log while the store is down.
  if (request.sandboxLog !== null) delete request.sandboxLog.terminal;
  const path = new URL(request.url, 'http://sandbox.local').pathname;
  // The SOAP service (./soap.ts, under /soap/) and any XML caller get a Fault.
  if (path.includes('/soap/') || /xml/i.test(String(request.headers['content-type'] ?? ''))) {
    return reply
      .type('text/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>${escapeHtml(message)}</faultstring><detail><registro>${SANDBOX_PAGES.requestLog}</registro></detail></soap:Fault></soap:Body></soap:Envelope>`,
      );
  }
  const accept = request.headers.accept ?? '';
  if (/\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept)) {
    const t = TEXT[lang];
    return sendPage(
      reply,
      503,
      layout({lang, title: t.unavailableTitle, body: `<p role="alert">${escapeHtml(message)}</p>`, notice: escapeHtml(t.notice), links: linksLine(lang)}),
    );
  }
  return reply.type('application/json; charset=utf-8').send(errorBody(lang, 'NO_DISPONIBLE'));
}
