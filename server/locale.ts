/**
 * The language of a request's answer, for every route of the server: `?lang=`
 * when the request names one, else the client's Accept-Language
 * (core/locale.ts ranks it), Spanish by default.
 */
import type {FastifyRequest} from 'fastify';
import {negotiateLocale, type Locale} from '../core/locale';

export function requestLocale(request: FastifyRequest): Locale {
  return negotiateLocale((request.query as {lang?: unknown} | undefined)?.lang, request.headers['accept-language']);
}
