/**
 * Where @fastify/rate-limit counts: in Redis when the portal has REDIS_URL
 * (every server counts together), in the process otherwise. While Redis is
 * unreachable a limit is skipped rather than failing the request: the manuals
 * form and the assistants' endpoint keep serving (the sandbox answers 503
 * before its limits run).
 */
import type {Redis} from 'ioredis';

/** The key prefix of the rate limits' counters in Redis. */
export const RATE_LIMIT_PREFIX = 'integraciones:limite:';

export function rateLimitStore(redis: Redis | undefined, part: 'manuales' | 'sandbox' | 'mcp'): {redis?: Redis; nameSpace?: string; skipOnError?: boolean} {
  return redis === undefined ? {} : {redis, nameSpace: `${RATE_LIMIT_PREFIX}${part}:`, skipOnError: true};
}
