/** A bare Fastify app with the sandbox under /sandbox, for the sandbox tests. */
import Fastify, {type FastifyInstance} from 'fastify';
import sandbox, {SANDBOX_BASE, type SandboxOptions} from '../sandbox';
import {loadDemoMerchant} from '../sandbox/merchants/demoMerchant';
import type {StoreLimits} from '../sandbox/store/contract';
import {loadPortalConfig, type Env} from '../../core/config';

export const SITE_URL = 'http://portal.test';
export const MERCHANT = loadDemoMerchant();

/** The sandbox under SANDBOX_BASE as the server mounts it, on its own; `env` is the portal's configuration (none by default). */
export async function sandboxApp(options: Partial<SandboxOptions> & {limits?: StoreLimits; env?: Env} = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sandbox, {prefix: SANDBOX_BASE, portal: loadPortalConfig(options.env ?? {}), siteUrl: SITE_URL, ...options});
  await app.ready();
  return app;
}

/** The sandbox listening on a free loopback port, its siteUrl its own address (confirmations to itself, downloads naming it). */
export async function listeningSandboxApp(options: Partial<SandboxOptions> = {}): Promise<{app: FastifyInstance; base: string}> {
  const port = await freePortOf();
  const base = `http://127.0.0.1:${port}`;
  const app = await sandboxApp({siteUrl: base, ...options});
  await app.listen({port, host: '127.0.0.1'});
  return {app, base};
}

/** A fresh tokenSeguridad of the demo merchant. */
export async function freshToken(app: FastifyInstance, url = `${SANDBOX_BASE}/auth/autenticar`): Promise<string> {
  const answer = await app.inject({method: 'POST', url, payload: {usuario: MERCHANT.usuario, clave: MERCHANT.clave, terminal: MERCHANT.terminal}});
  const token = answer.json<{tokenSeguridad?: string}>().tokenSeguridad;
  if (answer.statusCode !== 200 || typeof token !== 'string') throw new Error(`autenticar answered ${answer.statusCode} ${answer.body}`);
  return token;
}

/** A port nobody listens on now (for an app whose siteUrl must be its own address). */
export {freePort} from './freePort';
import {freePort as freePortOf} from './freePort';

/** Credentials as the sandbox issues them. */
export interface TestCredentials {
  readonly usuario: string;
  readonly clave: string;
  readonly terminal: string;
  readonly llave: string;
}

/** The Authorization header of HTTP Basic. */
export const basic = (c: {usuario: string; clave: string}): string => `Basic ${Buffer.from(`${c.usuario}:${c.clave}`).toString('base64')}`;

/** Headers of a JSON client of the sandbox's API with these credentials. */
export const asJson = (c: {usuario: string; clave: string}, lang = 'es'): Record<string, string> => ({
  accept: 'application/json',
  authorization: basic(c),
  'accept-language': lang,
});

/** A new merchant (POST /sandbox/credenciales), from its own address so the hourly limit does not interfere. */
export async function newMerchant(app: FastifyInstance, address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): Promise<TestCredentials> {
  const answer = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/credenciales`, remoteAddress: address});
  if (answer.statusCode !== 201) throw new Error(`credenciales answered ${answer.statusCode} ${answer.body}`);
  return answer.json<TestCredentials>();
}

/** A fresh tokenSeguridad of any merchant. */
export async function tokenOf(app: FastifyInstance, c: TestCredentials): Promise<string> {
  const answer = await app.inject({method: 'POST', url: `${SANDBOX_BASE}/auth/autenticar`, payload: {usuario: c.usuario, clave: c.clave, terminal: c.terminal}});
  const token = answer.json<{tokenSeguridad?: string}>().tokenSeguridad;
  if (typeof token !== 'string') throw new Error(`autenticar answered ${answer.statusCode} ${answer.body}`);
  return token;
}
