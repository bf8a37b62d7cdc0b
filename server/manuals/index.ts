/**
 * The utils API as a Fastify plugin, registered under the utils base (the
 * path of UTILS_API_BASE, /api/utils by default):
 *
 *   POST /enviarManuales   sends the manual to a list of addresses
 *   other methods on it    405 with Allow: POST
 *   any other path         404, in JSON
 *
 * Encapsulated (a plain plugin, not fastify-plugin): its content-type parser
 * (JSON in UTF-8 only, ./json.ts), its Ajv (./schema.ts), its error handler
 * (./errors.ts), its cookie parsing, rate limit and XSRF check apply to these
 * routes only. The site and the sandbox keep their own.
 */
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type {Redis} from 'ioredis';
import {ENVIAR_MANUALES, MANUALS_SEND_LIMITS} from '../../core/manualsApi';
import {rateLimitStore} from '../rateLimit';
import {xsrfRefusal} from '../xsrf';
import {MAX_RECIPIENTS, distinct} from './addresses';
import {API_CACHE_CONTROL, ApiRefusal, apiErrorHandler, notFound, sendApiError} from './errors';
import {acceptJsonOnly} from './json';
import {manualFor, type Manual} from './library';
import type {ManualsMailer} from './mailer';
import {createAjv, enviarManualesSchema, refusalFor} from './schema';

/** 20 addresses of 254 characters fit in a twentieth of this. */
export const BODY_LIMIT = 16 * 1024;

/** The bounds of the form (core/manualsApi.ts), counted on every server alike when the portal has Redis. */
export const SEND_LIMITS = MANUALS_SEND_LIMITS;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Where the sends are counted: a sliding window per key (the portal's store backend, memory or Redis). */
export interface SendCounters {
  /** Counts `weight` more events of `key`; false, with nothing counted, when they would make more than `max`. */
  allow(name: string, key: string, max: number, windowMs: number, weight?: number): Promise<boolean>;
  /** The events of `key` in the window now, and the milliseconds until the oldest leaves it. */
  usage(name: string, key: string, windowMs: number): Promise<{readonly count: number; readonly retryAfterMs: number}>;
}
/** The rate limit's window: MANUALS_RATE_LIMIT requests per client in this time. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface ManualsPluginOptions {
  /** The manuals the build made, the default locale's first (loadManuals, ./library.ts). */
  readonly manuals: readonly Manual[];
  /** Sends the messages (createMailer, ./mailer.ts); closing it is the caller's. */
  readonly mailer: ManualsMailer;
  /** Requests to enviarManuales allowed per client and minute (MANUALS_RATE_LIMIT). */
  readonly rateLimitPerMinute: number;
  /** The portal's Redis (REDIS_URL): the limit is counted there, across every server. */
  readonly redis?: Redis;
  /** Where the recipients per address and per recipient are counted (SEND_LIMITS). */
  readonly counters: SendCounters;
}

interface EnviarManuales {
  Body: {readonly correos: readonly string[]};
}

async function methodNotAllowed(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendApiError(request, reply, new ApiRefusal(405, 'METODO_NO_PERMITIDO', {id: 'manuals.methodNotAllowed'}, {}, {allow: 'POST'}));
}

/**
 * `shared`, or this process's own `local` counts while `shared` cannot answer (Redis unreachable):
 * the form keeps serving, each server within the bounds on its own, rather than failing or
 * sending without any bound.
 */
export function withLocalFallback(shared: SendCounters, local: SendCounters): SendCounters {
  return {
    allow: (...args) => shared.allow(...args).catch(() => local.allow(...args)),
    usage: (...args) => shared.usage(...args).catch(() => local.usage(...args)),
  };
}

const retryAfter = (ms: number) => ({'retry-after': String(Math.max(1, Math.ceil(ms / 1000)))});

/**
 * Counts this request's recipients against SEND_LIMITS, or refuses it (429 with Retry-After) with
 * nothing counted and nothing sent. Looked at first, then taken: a request that another takes the
 * last places from in between is refused too, so the bounds hold under concurrency.
 */
async function takeSendLimits(counters: SendCounters, address: string, correos: readonly string[]): Promise<void> {
  const recipients = correos.map((correo) => correo.toLowerCase());
  const {perAddressPerHour, perRecipientPerDay} = SEND_LIMITS;
  const fromAddress = await counters.usage('manuales-direccion', address, HOUR_MS);
  if (fromAddress.count + recipients.length > perAddressPerHour) {
    throw new ApiRefusal(
      429,
      'LIMITE_DIRECCION',
      {id: 'manuals.limitAddress', values: {max: perAddressPerHour, count: fromAddress.count}},
      {limite: perAddressPerHour, cantidad: fromAddress.count},
      retryAfter(fromAddress.retryAfterMs),
    );
  }
  const used = await Promise.all(recipients.map((r) => counters.usage('manuales-destinatario', r, DAY_MS)));
  const full = correos.filter((_, i) => used[i]!.count >= perRecipientPerDay);
  const refuseRecipients = (which: readonly string[], waitMs: number) =>
    new ApiRefusal(
      429,
      'LIMITE_DESTINATARIO',
      {id: 'manuals.limitRecipient', values: {max: perRecipientPerDay, emails: which.join(', ')}},
      {limite: perRecipientPerDay, correos: which},
      retryAfter(waitMs),
    );
  if (full.length > 0) throw refuseRecipients(full, Math.max(...used.filter((u) => u.count >= perRecipientPerDay).map((u) => u.retryAfterMs)));
  if (!(await counters.allow('manuales-direccion', address, perAddressPerHour, HOUR_MS, recipients.length))) {
    throw new ApiRefusal(429, 'LIMITE_DIRECCION', {id: 'manuals.limitAddressFull', values: {max: perAddressPerHour}}, {limite: perAddressPerHour}, retryAfter(HOUR_MS));
  }
  const taken = await Promise.all(recipients.map((r) => counters.allow('manuales-destinatario', r, perRecipientPerDay, DAY_MS)));
  const lost = correos.filter((_, i) => !taken[i]);
  if (lost.length > 0) throw refuseRecipients(lost, DAY_MS);
}

export default async function manualsApi(app: FastifyInstance, options: ManualsPluginOptions): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {global: false, ...rateLimitStore(options.redis, 'manuales')});
  acceptJsonOnly(app);
  const ajv = createAjv();
  app.setValidatorCompiler(({schema}) => ajv.compile(schema));
  app.setErrorHandler(apiErrorHandler(BODY_LIMIT));

  // Answered in onRequest, before the body is read or the XSRF token checked
  // (the handler, the same function, is never reached).
  const path = `/${ENVIAR_MANUALES}`;
  const allMethods = app.supportedMethods;
  app.route({method: allMethods.filter((m) => m !== 'POST'), url: path, onRequest: methodNotAllowed, handler: methodNotAllowed});
  const unknown = notFound(app.prefix);
  for (const url of ['/', '/*']) {
    app.route({method: allMethods, url, onRequest: unknown, handler: unknown});
  }

  // The operations that change something, in a context of their own with the XSRF check.
  await app.register(async (operations) => {
    operations.addHook('onRequest', async (request, reply) => {
      const refusal = xsrfRefusal(request);
      return refusal === null ? undefined : sendApiError(request, reply, new ApiRefusal(403, refusal.error, {id: refusal.sentence}));
    });

    operations.route<EnviarManuales>({
      method: 'POST',
      url: path,
      bodyLimit: BODY_LIMIT,
      schema: enviarManualesSchema,
      schemaErrorFormatter: (errors) => refusalFor(errors),
      config: {rateLimit: {max: options.rateLimitPerMinute, timeWindow: RATE_LIMIT_WINDOW_MS}},
      handler: async (request, reply) => {
        // The schema has checked every entry; what is left is the count of distinct addresses.
        const correos = distinct(request.body.correos);
        if (correos.length > MAX_RECIPIENTS) {
          throw new ApiRefusal(
            400,
            'DEMASIADOS_CORREOS',
            {id: 'manuals.tooManyEmails', values: {max: MAX_RECIPIENTS, count: correos.length}},
            {limite: MAX_RECIPIENTS, cantidad: correos.length},
          );
        }
        await takeSendLimits(options.counters, request.ip, correos);
        const manual = manualFor(options.manuals, request.headers['accept-language']);
        const outcome = await options.mailer.send(correos, manual);
        request.log.info({sent: outcome.enviados.length, failed: outcome.fallidos.length, locale: manual.locale}, 'manuals sent');
        if (outcome.fallidos.length > 0) {
          // Partial success is a failure: the answer says who got it and who did not.
          const sentence =
            outcome.enviados.length === 0
              ? {id: 'manuals.sendFailedAll' as const}
              : {id: 'manuals.sendFailedSome' as const, values: {sent: outcome.enviados.join(', '), failed: outcome.fallidos.map((f) => f.correo).join(', ')}};
          return sendApiError(request, reply, new ApiRefusal(502, 'ENVIO_FALLIDO', sentence, {enviados: outcome.enviados, fallidos: outcome.fallidos}));
        }
        return reply.code(200).header('cache-control', API_CACHE_CONTROL).send({enviados: outcome.enviados});
      },
    });
  });
}
