/** A bare Fastify app with the sandbox under /sandbox, for the sandbox tests. */
import Fastify, {type FastifyInstance} from 'fastify';
import sandbox, {SANDBOX_BASE} from '../sandbox';
import {loadDemoMerchant} from '../sandbox/merchant';
import type {StoreLimits} from '../sandbox/store';
import {loadPortalConfig} from '../../src/lib/config';

export const SITE_URL = 'http://portal.test';
export const MERCHANT = loadDemoMerchant();

export async function sandboxApp(options: {now?: () => number; limits?: StoreLimits; siteUrl?: string} = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sandbox, {prefix: SANDBOX_BASE, portal: loadPortalConfig({}), siteUrl: SITE_URL, ...options});
  await app.ready();
  return app;
}

/** A fresh tokenSeguridad of the demo merchant. */
export async function freshToken(app: FastifyInstance, url = `${SANDBOX_BASE}/auth/autenticar`): Promise<string> {
  const answer = await app.inject({method: 'POST', url, payload: {usuario: MERCHANT.usuario, clave: MERCHANT.clave, terminal: MERCHANT.terminal}});
  const token = answer.json<{tokenSeguridad?: string}>().tokenSeguridad;
  if (answer.statusCode !== 200 || typeof token !== 'string') throw new Error(`autenticar answered ${answer.statusCode} ${answer.body}`);
  return token;
}

/** A port nobody listens on now (for an app whose siteUrl must be its own address). */
export async function freePort(): Promise<number> {
  const {createServer} = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
