/**
 * The portal's Redis connection (REDIS_URL, redis:// or rediss://, with a
 * password when it has one), shared by the sandbox's state
 * (./sandbox/store/redis.ts) and the rate limits of the manuals API, the
 * sandbox and the assistants' endpoint (@fastify/rate-limit's `redis`).
 *
 * Built to fail fast and heal by itself: a command sent while Redis is
 * unreachable fails at once (no offline queue, one retry, a command timeout),
 * so a request never hangs on it: the sandbox answers 503 and every other
 * part of the portal goes on. ioredis keeps reconnecting (at most every 2 s),
 * and the sandbox serves again as soon as the connection is ready.
 */
import {Redis} from 'ioredis';

/** How long one command may take before it counts as Redis being down. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

export interface RedisLog {
  warn(detail: object, message: string): void;
  info(message: string): void;
}

export function connectRedis(url: string, log?: RedisLog): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 5000,
    // Closing a connection that is already broken does not wait for it.
    disconnectTimeout: 200,
    // Reconnect for ever, soon at first and then every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    // The sandbox's commands are Lua scripts of its own (./sandbox/store/redisScript.ts), loaded again after a restart of Redis.
    enableReadyCheck: true,
  });
  // ioredis emits an error on every failed attempt: one line when the state changes.
  let state: 'starting' | 'up' | 'down' = 'starting';
  client.on('ready', () => {
    if (state !== 'up') log?.info(`Redis: connected to ${maskedRedisUrl(url)}`);
    state = 'up';
  });
  client.on('error', (error: Error) => {
    if (state !== 'down') log?.warn({err: error.message}, `Redis: ${maskedRedisUrl(url)} is unreachable; the sandbox answers 503 until it is back`);
    state = 'down';
  });
  return client;
}

/** The URL without its password, for messages. */
export function maskedRedisUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/** Closes the connection: politely (QUIT) when Redis answers, at once otherwise. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
  client.disconnect();
}
