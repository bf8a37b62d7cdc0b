/**
 * How the utils API refuses a request: one JSON shape for every refusal (a
 * code, a sentence in the caller's language, and details), sent by
 * `sendApiError`, and the error handler that turns whatever went wrong while
 * Fastify handled the request into that shape. The sentences are the topic
 * `server` (`manuals`, `xsrf`) of core/data/labels, English in
 * i18n/en/portal-labels (../texts.ts); the language is the request's
 * (`?lang=`, else Accept-Language, which the manuals form sets to its page's).
 */
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';
import {ENVIAR_MANUALES} from '../../core/manualsApi';
import type {Locale} from '../../core/locale';
import {requestLocale} from '../locale';
import {textsOf, type Message} from '../texts';
import {FIELD} from './addresses';

/** The JSON error every refusal of the API has: a code, a sentence, and details. */
export interface ApiError {
  readonly error: string;
  readonly mensaje: string;
  readonly [detail: string]: unknown;
}

/** A refusal's sentence, said in the caller's language when it is sent. */
export type ApiSentence = Message<'server'>;

/**
 * A refusal decided by the API's own code (the body's schema, the body
 * parser, the recipients' limit, the XSRF check): thrown, or sent, and
 * answered in the caller's language by `sendApiError`.
 */
export class ApiRefusal extends Error {
  override name = 'ApiRefusal';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly sentence: ApiSentence,
    /** Fields of the answer besides `error` and `mensaje`. */
    readonly details: Readonly<Record<string, unknown>> = {},
    /** Headers of the answer (Retry-After of a limit). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(error);
  }

  /** The answer's body in `lang`. */
  bodyIn(lang: Locale): ApiError {
    return {error: this.error, mensaje: textsOf('server', lang).say(this.sentence), ...this.details};
  }

  /** The answer's body in Spanish, the portal's default language. */
  get body(): ApiError {
    return this.bodyIn('es');
  }
}

/** Every answer of the API is about one request: never cached. */
export const API_CACHE_CONTROL = 'no-store';

export function sendApiError(request: FastifyRequest, reply: FastifyReply, refusal: ApiRefusal): FastifyReply {
  return reply
    .headers(refusal.headers)
    .code(refusal.status)
    .header('cache-control', API_CACHE_CONTROL)
    .type('application/json; charset=utf-8')
    .send(refusal.bodyIn(requestLocale(request)));
}

/** The answer for a path under the API base `prefix` that names no operation (a hook or a handler). */
export function notFound(prefix: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = request.url.split('?')[0] ?? '';
    const values = {method: request.method, path, operation: `${prefix}/${ENVIAR_MANUALES}`};
    return sendApiError(request, reply, new ApiRefusal(404, 'NO_ENCONTRADO', {id: 'manuals.notFound', values}));
  };
}

/** The error handler of the API's plugin (Fastify's setErrorHandler). */
export function apiErrorHandler(bodyLimit: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const refuse = (status: number, code: string, sentence: ApiSentence, details: Readonly<Record<string, unknown>> = {}) =>
      sendApiError(request, reply, new ApiRefusal(status, code, sentence, details));
    if (error instanceof ApiRefusal) {
      return sendApiError(request, reply, error);
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return refuse(413, 'CUERPO_DEMASIADO_GRANDE', {id: 'manuals.bodyTooLarge', values: {limit: bodyLimit}}, {limite: bodyLimit});
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return refuse(400, 'JSON_INVALIDO', {id: 'manuals.invalidJson', values: {field: FIELD}});
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        // No content-type parser of the plugin takes this type (./json.ts): refused before the body is read.
        return refuse(415, 'TIPO_DE_CONTENIDO', {id: 'manuals.contentType'}, {recibido: request.headers['content-type'] ?? null});
    }
    if (status === 429) {
      // @fastify/rate-limit; it has set Retry-After.
      return refuse(429, 'DEMASIADAS_SOLICITUDES', {id: 'manuals.tooManyRequests'});
    }
    if (status >= 400 && status < 500) {
      return refuse(status, 'SOLICITUD_INVALIDA', {id: 'manuals.invalidRequest', values: {field: FIELD}});
    }
    request.log.error({err: error}, 'unexpected error');
    return refuse(500, 'ERROR_INTERNO', {id: 'manuals.unexpected'});
  };
}
