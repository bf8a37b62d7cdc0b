/**
 * The portal's server: one Fastify instance made of encapsulated plugins,
 * each in its own folder with its own tests.
 *
 *   root              security headers on every answer (@fastify/helmet, ./site/headers.ts)
 *   ./site            the built site: pages, files, redirects, the 404 page, the XSRF cookie
 *   ./manuals         the utils API under UTILS_API_BASE: POST enviarManuales
 *   ./sandbox         the gateway sandbox under /sandbox, when SANDBOX=on
 *   ./mcp             the Model Context Protocol for coding assistants at /mcp, unless MCP=off
 *   /healthz, /readyz for a load balancer (./health.ts)
 *
 * With REDIS_URL, one Redis connection (./redis.ts) holds the sandbox's state
 * and the rate limits' counters, so any number of servers act as one.
 *
 * Each plugin keeps its parsers, hooks and error handling to itself: the
 * XSRF check, the JSON-only parser and the API's error answers apply under
 * the utils base only, never to the sandbox (which takes merchants'
 * cross-site form posts and server-to-server calls) or the site.
 */
import Fastify, {LogController, type FastifyInstance} from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type {ServerConfig} from './config';
import {rootAnswers} from './rootAnswers';
import health from './health';
import {connectRedis, closeRedis} from './redis';
import {redisBackend} from './sandbox/store/redis';
import manualsApi, {withLocalFallback} from './manuals';
import {loadManuals} from './manuals/library';
import {createMailer, type MailerOptions, type ManualsMailer} from './manuals/mailer';
import sandbox, {SANDBOX_BASE} from './sandbox';
import {unknownSandboxPath} from './sandbox/routes/errors';
import mcp, {MCP_PATH} from './mcp';
import {loadMcpContext} from './mcp/context';
import site from './site';
import {indexSite} from './site/build';
import {liveCodeCsp, securityHeaders} from './site/headers';
import {loadServerTexts} from './texts';
import {memoryBackend} from './sandbox/store/memory';

export interface AppOptions {
  readonly logger?: boolean;
  /** Replaces the mailer made from the config (tests of failures and deadlines). */
  readonly mailer?: ManualsMailer;
}

/** What the mailer needs from the configuration. */
export function mailerOptions(config: ServerConfig): MailerOptions {
  return {
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    mailFrom: config.mailFrom,
    siteUrl: config.siteUrl,
    supportEmail: config.portal.supportEmail,
  };
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  // Both throw, with what to run, when the build is missing: the server does not start.
  const index = indexSite(config.buildDir);
  // The server's words (core/data/labels, i18n/en/portal-labels), read once: a broken file stops it here.
  loadServerTexts();
  const manuals = loadManuals(config.buildDir);
  const isApi = (url: string) => url === config.utilsPrefix || url.startsWith(`${config.utilsPrefix}/`);
  const answers = rootAnswers([config.utilsPrefix, MCP_PATH]);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    // A line per API call, not one per page and asset.
    logController: new LogController({disableRequestLogging: (request) => !isApi(request.url)}),
    // A URL that does not decode, refused by the router before any plugin: in the project's words.
    frameworkErrors: answers.badUrl,
  });
  app.setErrorHandler(answers.error);
  const mailer = options.mailer ?? createMailer({...mailerOptions(config), log: (message, detail) => app.log.warn(detail ?? {}, message)});
  app.decorate('mailDescription', mailer.description);
  app.addHook('onClose', async () => mailer.close());

  const redis =
    config.redisUrl === null ? undefined : connectRedis(config.redisUrl, {warn: (detail, message) => app.log.warn(detail, message), info: (message) => app.log.info(message)});
  // Where the sandbox keeps its state and the manuals form counts its sends: Redis when the portal
  // has it (every server counts together), else this process's memory.
  const backend = redis === undefined ? memoryBackend() : redisBackend({client: redis});
  app.addHook('onClose', async () => {
    await backend.close();
    if (redis !== undefined) await closeRedis(redis);
  });

  await app.register(fastifyHelmet, securityHeaders(index, config.portal));
  await app.register(health, {checks: redis === undefined ? [] : [{name: 'redis', up: () => redis.status === 'ready' && backend.down().length === 0}]});
  await app.register(site, {
    buildDir: config.buildDir,
    index,
    liveCodeCsp: liveCodeCsp(index, config.portal),
    siteUrl: config.siteUrl,
    ...(config.portal.sandbox ? {notFoundElsewhere: unknownSandboxPath} : {}),
  });
  await app.register(manualsApi, {
    prefix: config.utilsPrefix,
    manuals,
    mailer,
    rateLimitPerMinute: config.rateLimitPerMinute,
    counters: redis === undefined ? backend : withLocalFallback(backend, memoryBackend()),
    ...(redis === undefined ? {} : {redis}),
  });
  if (config.portal.sandbox) {
    await app.register(sandbox, {
      prefix: SANDBOX_BASE,
      portal: config.portal,
      siteUrl: config.siteUrl,
      buildDir: config.buildDir,
      rateLimits: config.sandboxRateLimits,
      backend,
      ...(redis === undefined ? {} : {redis}),
      ...(config.sandboxSecret === null ? {} : {secret: config.sandboxSecret}),
    });
  }
  if (config.portal.mcp) {
    // Its sandbox tools call the sandbox's routes in-process, as an integrator's request would arrive.
    const context = loadMcpContext(config, (request) => app.inject(request));
    await app.register(mcp, {
      prefix: MCP_PATH,
      context,
      allowedOrigins: [new URL(config.siteUrl).origin],
      rateLimitPerMinute: config.mcpRateLimitPerMinute,
      ...(redis === undefined ? {} : {redis}),
    });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where messages go (SMTP host or outbox folder), for the start-up log. */
    mailDescription: string;
  }
}
