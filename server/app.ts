/**
 * The utils service: POST {utils base}/enviarManuales, and in production the
 * built site itself, with security headers and precompressed files.
 */
import Fastify, {LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest} from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type {ServerConfig} from './config';
import {collectScriptHashes, cspDirectives} from './csp';
import {loadManuals, manualFor, type Manual} from './manuals';
import {createMailer, type ManualsMailer} from './mailer';
import {indexSite, notFoundPage, registerSite} from './site';
import {validateManualsRequest} from './validation';
import {xsrfRefusal} from './xsrf';
import sandbox, {SANDBOX_BASE} from './sandbox';

/** 20 addresses of 254 characters fit in a twentieth of this. */
export const BODY_LIMIT = 16 * 1024;

export interface AppOptions {
  readonly logger?: boolean;
  /** Replaces the mailer made from the config (tests of failures). */
  readonly mailer?: ManualsMailer;
}

/** The JSON error every refusal of the API has: a code, a Spanish sentence, and details. */
export interface ApiError {
  readonly error: string;
  readonly mensaje: string;
  readonly [detail: string]: unknown;
}

function apiError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

/** application/json, with no charset or charset utf-8: anything else is refused before parsing. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) {
    return false;
  }
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  return type === 'application/json' && params.every((p) => p === '' || /^charset="?utf-8"?$/.test(p));
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const site = indexSite(config.buildDir);
  const manuals: readonly Manual[] = loadManuals(config.buildDir);
  const isApi = (request: {url: string}) => request.url === config.utilsPrefix || request.url.startsWith(`${config.utilsPrefix}/`);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    // A line per API call, not one per page and asset.
    logController: new LogController({disableRequestLogging: (request) => !isApi(request)}),
    bodyLimit: BODY_LIMIT,
  });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      mailFrom: config.mailFrom,
      siteUrl: config.siteUrl,
      supportEmail: config.portal.supportEmail,
      log: (message, detail) => app.log.warn(detail ?? {}, message),
    });
  app.decorate('mailDescription', mailer.description);
  app.addHook('onClose', async () => mailer.close());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {useDefaults: false, directives: cspDirectives(collectScriptHashes(site.htmlFiles), config.portal)},
    referrerPolicy: {policy: 'strict-origin-when-cross-origin'},
    frameguard: {action: 'deny'},
  });
  await app.register(fastifyRateLimit, {global: false});

  // Before anything is parsed: a state-changing request to the utils API needs the
  // XSRF header. (The sandbox takes merchants' cross-site form posts and
  // server-to-server calls, as the gateway does: no cookie convention there.)
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) {
      return undefined;
    }
    const refusal = xsrfRefusal(request);
    if (refusal !== null) {
      return apiError(reply, 403, refusal);
    }
    return undefined;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return apiError(reply, 429, {
        error: 'DEMASIADAS_SOLICITUDES',
        mensaje: 'Demasiados envíos seguidos desde este equipo; espere un minuto.',
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return apiError(reply, 413, {error: 'CUERPO_DEMASIADO_GRANDE', mensaje: `El cuerpo supera ${BODY_LIMIT} bytes.`, limite: BODY_LIMIT});
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return apiError(reply, 400, {error: 'JSON_INVALIDO', mensaje: 'El cuerpo no es JSON válido.'});
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return apiError(reply, 415, {error: 'TIPO_DE_CONTENIDO', mensaje: 'Envíe el cuerpo como application/json.'});
    }
    if (status >= 400 && status < 500) {
      return apiError(reply, status, {error: 'SOLICITUD_INVALIDA', mensaje: error.message});
    }
    request.log.error({err: error}, 'unexpected error');
    return apiError(reply, 500, {error: 'ERROR_INTERNO', mensaje: 'Error inesperado del servidor.'});
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request)) {
      return apiError(reply, 404, {error: 'NO_ENCONTRADO', mensaje: `No existe ${request.method} ${request.url.split('?')[0]}.`});
    }
    reply.code(404).header('cache-control', 'no-cache');
    return reply.sendFile(notFoundPage(site, request.url.split('?')[0] ?? '/').slice(1));
  });

  const route = `${config.utilsPrefix}/enviarManuales`;
  app.route({
    method: 'POST',
    url: route,
    bodyLimit: BODY_LIMIT,
    config: {
      rateLimit: {
        max: config.rateLimitPerMinute,
        timeWindow: 60_000,
      },
    },
    // Wrong content type: refused before the body is read.
    onRequest: async (request, reply) => {
      if (!isJsonContentType(request.headers['content-type'])) {
        return apiError(reply, 415, {
          error: 'TIPO_DE_CONTENIDO',
          mensaje: 'Envíe el cuerpo como application/json.',
          recibido: request.headers['content-type'] ?? null,
        });
      }
      return undefined;
    },
    handler: async (request, reply) => {
      const result = validateManualsRequest(request.body);
      if (!result.ok) {
        const {ok: _ok, ...body} = result;
        return apiError(reply, 400, body);
      }
      const manual = manualFor(manuals, request.headers['accept-language']);
      const outcome = await mailer.send(result.correos, manual);
      request.log.info({sent: outcome.enviados.length, failed: outcome.fallidos.length, locale: manual.locale}, 'manuals sent');
      if (outcome.fallidos.length > 0) {
        // Partial success is a failure: the answer says who got it and who did not.
        return apiError(reply, 502, {
          error: 'ENVIO_FALLIDO',
          mensaje:
            outcome.enviados.length === 0
              ? 'No se pudo enviar el manual a ningún correo.'
              : `Solo se envió a ${outcome.enviados.join(', ')}; falló para ${outcome.fallidos.map((f) => f.correo).join(', ')}.`,
          enviados: outcome.enviados,
          fallidos: outcome.fallidos,
        });
      }
      return reply.code(200).header('cache-control', 'no-store').send({enviados: outcome.enviados});
    },
  });
  // Other methods on the operation: say which one it takes.
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
    url: route,
    handler: async (_request, reply) =>
      apiError(reply.header('allow', 'POST'), 405, {error: 'METODO_NO_PERMITIDO', mensaje: 'Use POST.'}),
  });

  // Under the API base, unknown paths answer JSON, not the site's 404 page.
  app.all(`${config.utilsPrefix}/*`, async (request, reply) =>
    apiError(reply, 404, {error: 'NO_ENCONTRADO', mensaje: `No existe ${request.method} ${request.url.split('?')[0]}.`}),
  );

  if (config.portal.sandbox) {
    await app.register(sandbox, {prefix: SANDBOX_BASE, portal: config.portal, siteUrl: config.siteUrl});
  }

  await registerSite(app, config.buildDir, site);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where messages go (SMTP host or outbox folder), for the start-up log. */
    mailDescription: string;
  }
}
