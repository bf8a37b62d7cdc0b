/**
 * Health checks for a load balancer or an orchestrator, outside every prefix:
 *
 *   GET /healthz   200 {"status":"ok"} while the process is alive (liveness)
 *   GET /readyz    200 {"status":"ok"} when it can serve everything; 503
 *                  {"status":"unavailable","down":["redis"]} naming each dependency that is down
 *
 * Neither is cached, logged per request or rate-limited. While the server
 * drains (SIGTERM) Fastify answers 503 to any request that still arrives.
 */
import type {FastifyInstance} from 'fastify';

export interface HealthCheck {
  /** What is named in `down` ("redis"). */
  readonly name: string;
  /** True when the dependency can serve now (a cheap, local check: no round trip). */
  readonly up: () => boolean;
}

export interface HealthOptions {
  readonly checks: readonly HealthCheck[];
}

export default async function health(app: FastifyInstance, {checks}: HealthOptions): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/healthz',
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({status: 'ok'}),
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/readyz',
    handler: async (_request, reply) => {
      const down = checks.filter((check) => !check.up()).map((check) => check.name);
      reply.header('cache-control', 'no-store');
      return down.length === 0 ? reply.send({status: 'ok'}) : reply.code(503).send({status: 'unavailable', down});
    },
  });
}
