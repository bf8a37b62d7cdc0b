/**
 * The server's own answers to what reaches its root without a plugin's: a
 * URL that does not decode (`/%zz`, refused by the router before any plugin
 * sees the request), and an error no plugin handled (a body that does not
 * parse on a page's path, say). In the project's words and the caller's
 * language and shape, never the framework's codes and sentences: under the
 * sandbox, the sandbox's own answer (JSON, SOAP Fault or page); under the
 * utils API and /mcp, or for a JSON client, JSON; elsewhere a short page.
 */
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';
import {negotiateLocale} from '../core/locale';
import {textsOf} from './texts';
import {SANDBOX_BASE} from './sandbox';
import {sandboxErrorHandler, sendBadUrl} from './sandbox/routes/errors';

type Refusal = 'URL_INVALIDA' | 'SOLICITUD_INVALIDA' | 'TIPO_NO_ADMITIDO' | 'CUERPO_GRANDE' | 'ERROR_INTERNO';

const STATUS: Readonly<Record<Refusal, number>> = {URL_INVALIDA: 400, SOLICITUD_INVALIDA: 400, TIPO_NO_ADMITIDO: 415, CUERPO_GRANDE: 413, ERROR_INTERNO: 500};

const underSandbox = (path: string) => path === SANDBOX_BASE || path.startsWith(`${SANDBOX_BASE}/`) || path.startsWith(`${SANDBOX_BASE}?`);

export function rootAnswers(jsonPrefixes: readonly string[]) {
  const send = (request: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply => {
    const path = request.raw.url ?? '';
    const lang = negotiateLocale(undefined, request.headers['accept-language']);
    // The topic `server` (core/data/labels/server.json, English in i18n/en/portal-labels).
    const t = textsOf('server', lang);
    const mensaje = t.text(`root.${refusal}`);
    reply.code(STATUS[refusal]).header('cache-control', 'no-store');
    if (jsonPrefixes.some((prefix) => path.startsWith(prefix)) || /\bapplication\/json\b/i.test(request.headers.accept ?? '')) {
      return reply.type('application/json; charset=utf-8').send({error: refusal, mensaje});
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${STATUS[refusal]}</title></head><body><h1>${STATUS[refusal]}</h1><p>${t.html(`root.${refusal}`)}</p><p><a href="/">/</a></p></body></html>`,
      );
  };
  return {
    /** Fastify's `frameworkErrors`: the router's refusal of a URL. */
    badUrl: (_error: Error, request: FastifyRequest, reply: FastifyReply): void => {
      if (underSandbox(request.raw.url ?? '')) sendBadUrl(request, reply);
      else send(request, reply, 'URL_INVALIDA');
    },
    /** The root's error handler. */
    error: (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
      if (underSandbox(request.raw.url ?? '')) return sandboxErrorHandler(error, request, reply);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(request, reply, 'TIPO_NO_ADMITIDO');
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(request, reply, 'CUERPO_GRANDE');
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return send(request, reply, 'SOLICITUD_INVALIDA');
      request.log.error(error, 'unexpected error');
      return send(request, reply, 'ERROR_INTERNO');
    },
  };
}
