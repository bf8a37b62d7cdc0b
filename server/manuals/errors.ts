/**
 * How the utils API refuses a request: one JSON shape for every refusal (a
 * code, a Spanish sentence, and details), sent by `sendApiError`, and the
 * error handler that turns whatever went wrong while Fastify handled the
 * request into that shape.
 */
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';

/** The JSON error every refusal of the API has: a code, a Spanish sentence, and details. */
export interface ApiError {
  readonly error: string;
  readonly mensaje: string;
  readonly [detail: string]: unknown;
}

/**
 * A refusal decided by the API's own code (the body's schema, the body
 * parser, the recipients' limit): thrown, and answered as it is by
 * `apiErrorHandler`.
 */
export class ApiRefusal extends Error {
  override name = 'ApiRefusal';
  constructor(
    readonly status: number,
    readonly body: ApiError,
    /** Headers of the answer (Retry-After of a limit). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.mensaje);
  }
}

/** Every answer of the API is about one request: never cached. */
export const API_CACHE_CONTROL = 'no-store';

export function sendApiError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).header('cache-control', API_CACHE_CONTROL).type('application/json; charset=utf-8').send(body);
}

/** The answer for a path under the API base that names no operation (a hook or a handler). */
export async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendApiError(reply, 404, {error: 'NO_ENCONTRADO', mensaje: `No existe ${request.method} ${request.url.split('?')[0]}.`});
}

/** The error handler of the API's plugin (Fastify's setErrorHandler). */
export function apiErrorHandler(bodyLimit: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (error instanceof ApiRefusal) {
      return sendApiError(reply.headers(error.headers), error.status, error.body);
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendApiError(reply, 413, {error: 'CUERPO_DEMASIADO_GRANDE', mensaje: `El cuerpo supera ${bodyLimit} bytes.`, limite: bodyLimit});
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendApiError(reply, 400, {error: 'JSON_INVALIDO', mensaje: 'El cuerpo no es JSON válido.'});
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        // No content-type parser of the plugin takes this type (./json.ts): refused before the body is read.
        return sendApiError(reply, 415, {
          error: 'TIPO_DE_CONTENIDO',
          mensaje: 'Envíe el cuerpo como application/json.',
          recibido: request.headers['content-type'] ?? null,
        });
    }
    if (status === 429) {
      // @fastify/rate-limit; it has set Retry-After.
      return sendApiError(reply, 429, {
        error: 'DEMASIADAS_SOLICITUDES',
        mensaje: 'Demasiados envíos seguidos desde este equipo; espere un minuto.',
      });
    }
    if (status >= 400 && status < 500) {
      return sendApiError(reply, status, {error: 'SOLICITUD_INVALIDA', mensaje: 'La solicitud no es válida.'});
    }
    request.log.error({err: error}, 'unexpected error');
    return sendApiError(reply, 500, {error: 'ERROR_INTERNO', mensaje: 'Error inesperado del servidor.'});
  };
}
