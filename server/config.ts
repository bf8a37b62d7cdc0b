/**
 * The utils service's configuration, read from the environment once at start.
 * Every variable is optional and listed in .env.example; a malformed value
 * stops the server with a message that names the variable (and never prints
 * a password).
 */
import {resolve} from 'node:path';
import {loadPortalConfig, type Env, type PortalConfig} from '../core/config';
import {isValidMailbox} from './manuals/addresses';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The built site (docusaurus build output, with the manuals). */
  readonly buildDir: string;
  /** Public address of the portal, for the links in the messages. */
  readonly siteUrl: string;
  /** smtp:// or smtps:// URL of the mail server; null writes .eml files to outboxDir. */
  readonly smtpUrl: string | null;
  /** The sender of the messages, "Name <address>" or a bare address. */
  readonly mailFrom: string;
  readonly outboxDir: string;
  /** Honour X-Forwarded-* (behind a reverse proxy), for the client address of the rate limit. */
  readonly trustProxy: boolean;
  /** Requests to enviarManuales allowed per client and minute. */
  readonly rateLimitPerMinute: number;
  /** Requests to /mcp (the assistants' endpoint) allowed per client and minute. */
  readonly mcpRateLimitPerMinute: number;
  /**
   * The sandbox's per-address limits (new merchants an hour, calls a minute to its pages and
   * API): true, the default. False only for a load test (`npm run bench:sandbox`), where every
   * request comes from one address; never on a portal that others use.
   */
  readonly sandboxRateLimits: boolean;
  /** Path where the API lives: the path of UTILS_API_BASE (/api/utils by default). */
  readonly utilsPrefix: string;
  /** redis:// or rediss:// URL of the Redis that every server shares (the sandbox's state, the rate limits); null keeps them in memory. */
  readonly redisUrl: string | null;
  /** The sandbox's token signing secret (SANDBOX_SECRET); null: shared through Redis, or drawn at random without it. */
  readonly sandboxSecret: string | null;
  /** The site's own configuration (product, support address, API bases). */
  readonly portal: PortalConfig;
}

export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}

/** The variables this service reads on top of the site's (core/config.ts). */
export const SERVER_ENV_DEFAULTS = {
  PORT: '3000',
  HOST: 'localhost',
  OUTBOX_DIR: 'outbox',
  BUILD_DIR: 'build',
  TRUST_PROXY: 'false',
  MANUALS_RATE_LIMIT: '5',
  MCP_RATE_LIMIT: '120',
  SANDBOX_RATE_LIMITS: 'on',
} as const;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function integer(env: Env, name: keyof typeof SERVER_ENV_DEFAULTS, min: number, max: number): number {
  const text = value(env, name) ?? SERVER_ENV_DEFAULTS[name];
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < min || number > max) {
    throw new ServerConfigError(`${name} must be a whole number from ${min} to ${max}; got "${text}".`);
  }
  return number;
}

/** The URL without its password, for messages. */
function masked(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

function smtpUrl(env: Env): string | null {
  const text = value(env, 'SMTP_URL');
  if (text === undefined) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServerConfigError(`SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587; got "${masked(text)}".`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ServerConfigError(`SMTP_URL must start with smtp:// or smtps://; got "${masked(text)}".`);
  }
  if (url.hostname === '') {
    throw new ServerConfigError(`SMTP_URL must name the mail server's host; got "${masked(text)}".`);
  }
  return text;
}

function redisUrl(env: Env): string | null {
  const text = value(env, 'REDIS_URL');
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServerConfigError(`REDIS_URL must be a URL such as redis://:password@redis.example:6379; got "${masked(text)}".`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ServerConfigError(`REDIS_URL must start with redis:// or rediss:// (TLS); got "${masked(text)}".`);
  }
  if (url.hostname === '') {
    throw new ServerConfigError(`REDIS_URL must name the Redis host; got "${masked(text)}".`);
  }
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    throw new ServerConfigError(`REDIS_URL's path, when there is one, is the database number (/0 to /15); got "${masked(text)}".`);
  }
  return text;
}

/** At least this many characters in SANDBOX_SECRET. */
export const MIN_SANDBOX_SECRET = 32;

function sandboxSecret(env: Env): string | null {
  const text = value(env, 'SANDBOX_SECRET');
  if (text === undefined) return null;
  if (text.length < MIN_SANDBOX_SECRET) {
    throw new ServerConfigError(`SANDBOX_SECRET must be at least ${MIN_SANDBOX_SECRET} characters (for example the output of "openssl rand -base64 32"); it has ${text.length}.`);
  }
  return text;
}

function mailFrom(env: Env, portal: PortalConfig): string {
  const text = value(env, 'MAIL_FROM');
  if (text === undefined) {
    return `Integraciones ${portal.productName} <${portal.supportEmail}>`;
  }
  const named = /^([^<>"\r\n]*)<([^<>]+)>$/.exec(text);
  const address = named ? named[2]!.trim() : text;
  if (!isValidMailbox(address)) {
    throw new ServerConfigError(`MAIL_FROM must be an address, or "Name <address>"; got "${text}".`);
  }
  return text;
}

function siteUrl(env: Env, port: number): string {
  const text = value(env, 'SITE_URL') ?? `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServerConfigError(`SITE_URL must be an absolute http(s) URL; got "${text}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ServerConfigError(`SITE_URL must use http or https; got "${text}".`);
  }
  return text.replace(/\/+$/, '');
}

function flag(env: Env, name: 'TRUST_PROXY'): boolean {
  const text = (value(env, name) ?? SERVER_ENV_DEFAULTS[name]).toLowerCase();
  if (text !== 'true' && text !== 'false') {
    throw new ServerConfigError(`${name} must be "true" or "false"; got "${text}".`);
  }
  return text === 'true';
}

function onOff(env: Env, name: 'SANDBOX_RATE_LIMITS'): boolean {
  const text = (value(env, name) ?? SERVER_ENV_DEFAULTS[name]).toLowerCase();
  if (text !== 'on' && text !== 'off') {
    throw new ServerConfigError(`${name} must be "on" or "off"; got "${text}".`);
  }
  return text === 'on';
}

/** The path part of UTILS_API_BASE: the site posts there, so the API is mounted there. */
export function utilsPrefix(base: string): string {
  const path = base.startsWith('/') ? base : new URL(base).pathname;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function loadServerConfig(env: Env, projectDir: string = process.cwd()): ServerConfig {
  let portal: PortalConfig;
  try {
    portal = loadPortalConfig(env);
  } catch (error) {
    throw new ServerConfigError((error as Error).message);
  }
  const port = integer(env, 'PORT', 1, 65535);
  const prefix = utilsPrefix(portal.apiBases.utils);
  if (prefix === '/') {
    throw new ServerConfigError("UTILS_API_BASE must have a path of its own (such as /api/utils), apart from the site's pages.");
  }
  const smtp = smtpUrl(env);
  if (portal.production) {
    // Production mode (PORTAL_ENV=production): the outbox folder and the
    // localhost links are for a developer's machine, never for real users.
    if (smtp === null) {
      throw new ServerConfigError('PORTAL_ENV=production needs SMTP_URL: in production the manuals must really be sent, not written to the outbox folder.');
    }
    if (value(env, 'SITE_URL') === undefined) {
      throw new ServerConfigError('PORTAL_ENV=production needs SITE_URL, the public address of the portal, for the links in the messages.');
    }
  }
  const sandboxRateLimits = onOff(env, 'SANDBOX_RATE_LIMITS');
  if (portal.production && !sandboxRateLimits) {
    throw new ServerConfigError("SANDBOX_RATE_LIMITS=off is for load tests on a developer's machine; a production portal (PORTAL_ENV=production) keeps the sandbox's limits.");
  }
  return {
    port,
    host: value(env, 'HOST') ?? SERVER_ENV_DEFAULTS.HOST,
    buildDir: resolve(projectDir, value(env, 'BUILD_DIR') ?? SERVER_ENV_DEFAULTS.BUILD_DIR),
    siteUrl: siteUrl(env, port),
    smtpUrl: smtp,
    mailFrom: mailFrom(env, portal),
    outboxDir: resolve(projectDir, value(env, 'OUTBOX_DIR') ?? SERVER_ENV_DEFAULTS.OUTBOX_DIR),
    trustProxy: flag(env, 'TRUST_PROXY'),
    rateLimitPerMinute: integer(env, 'MANUALS_RATE_LIMIT', 1, 10000),
    mcpRateLimitPerMinute: integer(env, 'MCP_RATE_LIMIT', 1, 100000),
    sandboxRateLimits,
    utilsPrefix: prefix,
    redisUrl: redisUrl(env),
    sandboxSecret: sandboxSecret(env),
    portal,
  };
}
