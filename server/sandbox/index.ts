/**
 * The gateway sandbox: the portal's simulator of the gateway, mounted under
 * SANDBOX_BASE (/sandbox) by the portal's own server when the portal config
 * says so (SANDBOX, on by default). It is not the gateway: it follows the gateway's
 * documents, and where they are silent its own rules page says what it decided.
 *
 * Split by job: rules (./rules, pure), views (./pages: one layout,
 * texts from core/data/labels and i18n/en/portal-labels), thin route plugins (./routes, ./routes/rest.ts, ./routes/soap.ts,
 * ./routes/counterparts.ts), and one place that makes the shared parts (./wiring.ts: stores,
 * merchants, inbox, notifier, events, request log). Every part is an
 * encapsulated Fastify plugin under the prefix; the request log's hooks are
 * here, so every channel's calls land in the caller's log.
 *
 * State lives in one backend (./store/contract.ts): memory, or Redis with REDIS_URL
 * (./store/redis.ts). While it is down every sandbox request answers 503 with
 * Retry-After (./routes/errors.ts), checked here before any route runs; the
 * sandbox serves again by itself when the backend is back.
 */
import type {FastifyInstance, FastifyPluginAsync} from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import {rateLimitStore} from '../rateLimit';
import {jsonApi} from './routes/jsonApi';
import bank from './routes/counterparts';
import type {SandboxOptions, SandboxPartOptions} from './wiring';
import {createSandboxParts} from './wiring';
import {isErrorAnswer, type Channel} from './merchants/requestLog';
import rest from './routes/rest';
import credentialRoutes from './routes/credentials';
import downloadRoutes from './downloads/routes';
import eventRoutes from './routes/events';
import inboxRoutes from './routes/inbox';
import purchaseRoutes from './routes/purchase';
import requestLogRoutes from './routes/requestLog';
import soapService from './routes/soap';
import certificationRoutes from './certification/routes';
import {isUnavailable, sandboxErrorHandler, sendUnavailable, sendUnknownPath} from './routes/errors';

import {SANDBOX_BASE} from '../../core/config';

export {SANDBOX_BASE};

export type {SandboxOptions, SandboxPartOptions} from './wiring';
export {createSandboxParts} from './wiring';
export {memoryBackend} from './store/memory';

/** What a request tells the request log (filled by the route that knows whose call it is). */
export interface SandboxLogContext {
  terminal?: string;
  canal?: Channel;
  operacion?: string;
  cuerpo?: unknown;
  /** The errors as the client got them, when the route knows them better than the answer's body. */
  errores?: unknown;
  /** The JSON answer as sent. */
  answer?: string;
  /** False when the call named the merchant without proving to be it (kept apart in its log: RequestLog.add). */
  comprobada?: boolean;
}

/** The REST APIs, from the contracts (./routes/rest.ts). */
const restApis: FastifyPluginAsync<SandboxPartOptions> = async (app, {parts}) => {
  await app.register(rest, {flows: parts.flows, operations: parts.operations});
};

/** The simulated bank, pay point and payment-link pages (./routes/counterparts.ts). */
const simulatorPages: FastifyPluginAsync<SandboxPartOptions> = async (app, {parts}) => {
  await app.register(bank, {parts});
};

/** The SOAP web service, on the WSDL (./routes/soap.ts). */
const soapApi: FastifyPluginAsync<SandboxPartOptions> = async (app, {parts}) => {
  await app.register(soapService, {flows: parts.flows, operations: parts.operations, publicBase: SANDBOX_BASE, requestLog: parts.requestLog});
};

/** The sandbox's own JSON API and downloads: JSON bodies and `{codigo, mensaje, registro}` errors. */
const sandboxApi: FastifyPluginAsync<SandboxPartOptions> = async (app, options) => {
  jsonApi(app);
  for (const part of [credentialRoutes, inboxRoutes, requestLogRoutes, eventRoutes, downloadRoutes]) {
    await app.register(part, options);
  }
};

/** The parts of the sandbox, each a plugin of its own under the prefix. */
const PARTS: readonly FastifyPluginAsync<SandboxPartOptions>[] = [
  restApis,
  simulatorPages,
  soapApi,
  // The POST channel: purchase page, response URL, the sandbox's receiver (./routes/purchase.ts).
  purchaseRoutes,
  sandboxApi,
  // The certification of an integrator's endpoints: its runs, reports and the listener's deliveries.
  certificationRoutes,
];

export default async function sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const parts = options.parts ?? createSandboxParts(options);
  // The prefix Fastify received for this plugin must not reach the parts (it would apply twice).
  const {prefix: _prefix, ...own} = options as SandboxOptions & {prefix?: string};

  // The request log: a route says whose call it is (request.sandboxLog.terminal); the answer is kept once sent.
  app.decorateRequest('sandboxLog', null);
  app.addHook('onRequest', async (request) => {
    request.sandboxLog = {};
  });
  // The store first: while it is down, 503 + Retry-After, before any route or rate limit runs.
  app.addHook('onRequest', async (request, reply) => {
    if (parts.backend.down().length > 0) return sendUnavailable(request, reply);
    try {
      await parts.ready();
    } catch (error) {
      if (isUnavailable(error)) return sendUnavailable(request, reply);
      throw error;
    }
    return undefined;
  });
  // What a part without its own error handler (the simulated bank's pages) throws, and errors of paths nobody answers.
  app.setErrorHandler(sandboxErrorHandler);
  // A path under the sandbox that no route answers, in the caller's shape (JSON, SOAP Fault, page).
  // A GET or HEAD reaches the site first (its pages under /sandbox, their Markdown twins): the site
  // asks `unknownSandboxPath` before it answers with its 404 page.
  app.setNotFoundHandler(sendUnknownPath);

  // Limits per client address; in Redis too when the portal has it, so every server counts together.
  // SANDBOX_RATE_LIMITS=off (a load test from one address) exempts every request; the routes keep their limits' settings.
  await app.register(fastifyRateLimit, {global: false, ...rateLimitStore(options.redis, 'sandbox'), ...(options.rateLimits === false ? {allowList: () => true} : {})});
  app.addHook('onSend', async (request, reply, payload) => {
    const log = request.sandboxLog;
    // Kept whoever the caller turns out to be: a route's own onSend hook (REST) may say so after this one.
    if (log !== null && typeof payload === 'string' && payload.length <= 64 * 1024 && /json/.test(String(reply.getHeader('content-type') ?? ''))) log.answer = payload;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const log = request.sandboxLog;
    if (log?.terminal === undefined) return;
    let answer: unknown = null;
    try {
      answer = log.answer === undefined ? null : JSON.parse(log.answer);
    } catch {
      answer = null;
    }
    const errores = log.errores ?? (isErrorAnswer(reply.statusCode, answer) ? answer : null);
    try {
      await parts.requestLog.add(log.terminal, {
        canal: log.canal ?? 'sandbox',
        operacion: log.operacion ?? request.routeOptions.url ?? '',
        estado: reply.statusCode,
        errores,
        cuerpo: log.cuerpo ?? null,
        comprobada: log.comprobada ?? true,
      });
    } catch (error) {
      request.log.error(error, 'sandbox: the request log failed');
    }
  });

  for (const part of PARTS) {
    await app.register(part, {...own, parts});
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request tells the caller's request log; null outside the sandbox. */
    sandboxLog: SandboxLogContext | null;
  }
}
