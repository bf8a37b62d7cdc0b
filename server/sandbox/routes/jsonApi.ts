/**
 * The plumbing of the sandbox's own JSON API: credentials, inbox,
 * request log, events, settle and resend. Errors are `{codigo, mensaje,
 * registro}` in the request's language (Accept-Language es|en, Spanish by
 * default), never a 500 for bad input; the caller is a merchant named by HTTP
 * Basic `usuario:clave`.
 */
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import type {Merchant, Merchants} from '../merchants/merchants';
import {errorBody, errorMessage as m, errorText, type ApiErrorCode, type ErrorMessage} from '../words';
import {isUnavailable, sendUnavailable} from './errors';
import {requestLocale} from '../../locale';
import {type Locale} from '../../../core/locale';

export const API_BODY_LIMIT = 4 * 1024;

/** The per-address limit of every route of the API (besides its own, e.g. POST /credenciales's hourly one). */
export const API_RATE = {rateLimit: {max: SANDBOX_RULES.apiPerMinute, timeWindow: 60_000}} as const;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly codigo: ApiErrorCode,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Details after the message (a schema's problems), already in the reader's words. */
    readonly detail?: string,
  ) {
    super(codigo);
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const body = errorBody(requestLocale(request), error.codigo, error.detail);
  if (request.sandboxLog !== null) request.sandboxLog.errores = body;
  return reply.code(error.status).header('cache-control', 'no-store').send(body);
}

/** usuario and clave of an Authorization: Basic header; undefined when absent or malformed. */
export function basicCredentials(header: string | undefined): {usuario: string; clave: string} | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,400})\s*$/i.exec(header ?? '');
  if (match === null) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return {usuario: text.slice(0, colon), clave: text.slice(colon + 1)};
}

/** The merchant the request's Basic credentials name, or a 401 (a 429 after too many wrong passwords: Merchants.signIn). */
export async function requireMerchant(request: FastifyRequest, merchants: Merchants): Promise<Merchant> {
  const credentials = basicCredentials(request.headers.authorization);
  if (credentials === undefined) throw new ApiError(401, 'CREDENCIALES_INVALIDAS');
  const result = await merchants.signIn(credentials.usuario, credentials.clave, request.ip);
  if (result.kind === 'throttled') throw new ApiError(429, 'LIMITE_INTENTOS', {'retry-after': String(result.retryAfterSeconds)});
  if (result.kind === 'wrong') throw new ApiError(401, 'CREDENCIALES_INVALIDAS');
  return result.merchant;
}

/** One schema problem in the reader's words, naming the field; never the validator's own phrasing. */
function problemMessage(keyword: string, params: Record<string, unknown>, field: string): ErrorMessage {
  const subject = field === '' ? m('schema.subjectBody') : m('schema.subjectField', {field});
  const list = (values: unknown) => (Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(', ') : '');
  switch (keyword) {
    case 'required':
      return m('schema.required', {field});
    case 'additionalProperties':
      return m('schema.unknownFieldHere', {field});
    case 'maxProperties':
      return params.limit === 0 ? m('schema.noFields', {subject}) : m('schema.maxProperties', {subject, limit: String(params.limit)});
    case 'enum':
      return m('schema.enum', {subject, values: list(params.allowedValues)});
    case 'type':
      return m('schema.type', {subject, type: String(params.type)});
    case 'maxLength':
      return m('schema.maxLength', {subject, limit: String(params.limit)});
    case 'minLength':
      return m('schema.minLength', {subject});
    case 'pattern':
      return m('schema.patternUnnamed', {subject});
    case 'minimum':
    case 'maximum':
      return m(`schema.${keyword}`, {subject, limit: String(params.limit)});
    default:
      return m('schema.invalid', {subject});
  }
}

/** The schema problems of a request, in the reader's words and language. */
function schemaDetail(error: FastifyError, lang: Locale): string {
  return (error.validation ?? [])
    .map((item) => {
      const params = item.params;
      const base = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // Ajv names the field as a string; anything else names none.
      const name = [params.missingProperty, params.additionalProperty].find((value) => typeof value === 'string');
      const field = name === undefined ? base : base === '' ? name : `${base}.${name}`;
      const where = error.validationContext === 'body' || error.validationContext === undefined ? '' : `${error.validationContext}: `;
      return `${where}${errorText(lang).say(problemMessage(item.keyword, params, field))}`;
    })
    .join(' ');
}

/** JSON bodies (an empty body is an empty object: POST /credenciales needs none), and the API's error answers. */
export function jsonApi(app: FastifyInstance, bodyLimit = API_BODY_LIMIT): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', {parseAs: 'string', bodyLimit}, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'JSON_INVALIDO'), undefined);
    }
  });
  // A POST without a body (curl -X POST, fetch without one) is an empty object, which the schemas check.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method === 'POST') request.body = {};
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUnavailable(error)) return sendUnavailable(request, reply);
    if (error instanceof ApiError) return sendError(request, reply, error);
    if (error.validation !== undefined) return sendError(request, reply, new ApiError(400, 'SOLICITUD_INVALIDA', {}, schemaDetail(error, requestLocale(request))));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(request, reply, new ApiError(415, 'TIPO_NO_ADMITIDO'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, new ApiError(413, 'CUERPO_GRANDE'));
    if (error.statusCode === 429) {
      const retry = reply.getHeader('retry-after');
      return sendError(
        request,
        reply,
        new ApiError(429, request.routeOptions.config.rateLimitCode ?? 'LIMITE_SOLICITUDES', retry === undefined ? {} : {'retry-after': String(retry)}),
      );
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, new ApiError(error.statusCode, 'SOLICITUD_INVALIDA'));
    }
    request.log.error(error, 'sandbox API failed');
    return sendError(request, reply, new ApiError(500, 'ERROR_INTERNO'));
  });
}

/** True when the client asked for JSON (the inbox and the request log are pages otherwise). */
export const wantsJson = (request: FastifyRequest): boolean => /\bapplication\/json\b/i.test(request.headers.accept ?? '');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The code a rate-limited route answers with (LIMITE_CREDENCIALES for POST /credenciales). */
    rateLimitCode?: ApiErrorCode;
  }
}
