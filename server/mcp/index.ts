/**
 * The portal for coding assistants: the Model Context Protocol at MCP_PATH
 * (/mcp), Streamable HTTP, stateless (each POST carries its own JSON-RPC
 * messages and gets JSON back), on the docs of the build, the contracts, the
 * signatures and, when the sandbox is on, the caller's sandbox (./server.ts).
 *
 * Safe by construction:
 *  - the docs tools only read what the server read at start;
 *  - a request from a browser page must come from the portal's own origin
 *    (SITE_URL) or from loopback: DNS rebinding cannot turn a stranger's
 *    page into a client (the MCP specification asks servers to check Origin);
 *    clients that are not browsers send no Origin;
 *  - bodies up to BODY_LIMIT; RATE_LIMIT_PER_MINUTE requests per address;
 *  - a bad argument is a JSON-RPC error that says what to send, never a 500;
 *  - it serves JSON only under /mcp and changes no page of the site.
 */
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type {Redis} from 'ioredis';
import {rateLimitStore} from '../rateLimit';
import {basicCredentials, CREDENTIALS_REFUSED, type Credentials} from './sandbox';
import type {McpContext} from './context';

export {MCP_PATH} from '../../core/config';

export const BODY_LIMIT = 256 * 1024;
export const RATE_LIMIT_PER_MINUTE = 120;

export interface McpOptions {
  readonly context: McpContext;
  /** Origins allowed besides loopback (the portal's own, from SITE_URL). */
  readonly allowedOrigins: readonly string[];
  readonly rateLimitPerMinute?: number;
  /** The portal's Redis (REDIS_URL): the limit is counted there, across every server. */
  readonly redis?: Redis;
}

/** Loopback: the portal opened on the integrator's own machine. */
const LOOPBACK = /^https?:\/\/(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  return LOOPBACK.test(origin) || allowed.includes(origin.toLowerCase());
}

/**
 * The SDK and the tools, loaded with the first MCP request: the SDK takes
 * about a second and a half to load on a busy machine, which the portal's
 * start (and every server test) need not wait for.
 */
type Sdk = {
  readonly tools: typeof import('./server');
  readonly transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
};
let sdk: Sdk | undefined;
function loadSdk(): Sdk {
  // The SDK loads on the first MCP request, not at start-up: a synchronous require() of the compiled CommonJS.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy load, see above
  sdk ??= {tools: require('./server') as Sdk['tools'], transport: require('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js') as Sdk['transport']};
  return sdk;
}

/** A JSON-RPC error answer outside any call (no id known). */
function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).type('application/json').send({jsonrpc: '2.0', error: {code, message}, id: null});
}

/** The Fastify request as the Web Request the SDK's transport takes (its body already parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return new Request(`http://mcp.local${request.url}`, {method: request.method, headers});
}

export default async function mcp(app: FastifyInstance, options: McpOptions): Promise<void> {
  const allowed = options.allowedOrigins.map((o) => o.toLowerCase());
  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(options.redis, 'mcp'),
    // Thrown to the error handler below, which answers it as a JSON-RPC error.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: at most ${context.max} a minute from one address; try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) app.log.error(error, 'mcp: unexpected error');
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `The request body is larger than ${BODY_LIMIT} bytes.`
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'The body must be JSON-RPC in JSON (Content-Type: application/json).'
          : status === 429
            ? error.message
            : status === 500
              ? 'Internal error of the MCP server.'
              : 'The body is not valid JSON: check its quotes, commas and braces.';
    return rpcError(reply, status, status === 500 ? -32603 : -32700, message);
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!originAllowed(origin, allowed)) {
      return rpcError(reply, 403, -32000, `Origin ${origin} may not use this MCP server: only the portal's own pages (${allowed.join(', ')}) and loopback.`);
    }
  });

  app.post('', {bodyLimit: BODY_LIMIT, config: {rateLimit: {max: options.rateLimitPerMinute ?? RATE_LIMIT_PER_MINUTE, timeWindow: 60_000}}}, async (request, reply) => {
    let caller: Credentials | null;
    try {
      caller = basicCredentials(request.headers.authorization);
    } catch (error) {
      return rpcError(reply, 401, CREDENTIALS_REFUSED, (error as Error).message);
    }
    const {
      tools: {createMcpServer},
      transport: {WebStandardStreamableHTTPServerTransport},
    } = loadSdk();
    const server = createMcpServer(options.context, caller, {address: request.ip});
    const transport = new WebStandardStreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(webRequest(request), {parsedBody: request.body});
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(response.body === null ? '' : Buffer.from(await response.arrayBuffer()));
    } finally {
      await transport.close();
      await server.close();
    }
  });

  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return rpcError(reply, 405, -32000, 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to it.');
  };
  app.route({method: ['GET', 'DELETE', 'PUT', 'PATCH'], url: '', handler: notAllowed});
}
