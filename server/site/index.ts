/**
 * The built site as a Fastify plugin: GET and HEAD of every page and file
 * the build made (./build.ts decides), the redirects, the locale's 404 page
 * for any path nobody else answers, and the XSRF cookie on every page.
 * Precompressed copies (.br, .gz) go to clients that accept them.
 *
 * Encapsulated: @fastify/static and @fastify/cookie are registered inside it,
 * for these routes only. Its not-found handler is the server's, for every
 * path outside the plugins with a prefix of their own (the utils API answers
 * its own 404s in JSON). The security headers are not here: they must reach
 * every answer of the server, so the app registers them at its root
 * (./headers.ts).
 */
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {ensureXsrfCookie} from '../xsrf';
import {cacheControlFor, decide, notFoundPage, type SiteIndex} from './build';

export interface SitePluginOptions {
  /** The build output (BUILD_DIR). */
  readonly buildDir: string;
  /** Its index (indexSite(buildDir)), made once by the caller, who also hashes its pages for the CSP. */
  readonly index: SiteIndex;
  /** The Content-Security-Policy of the pages with live code (index.liveCodePages), replacing the site's there. */
  readonly liveCodeCsp?: string;
  /** The portal's public address (SITE_URL): under https its cookies are Secure. */
  readonly siteUrl?: string;
  /**
   * Asked before the site answers a GET with its 404 page: another part of the server (the sandbox)
   * may answer a path of its own in its own shape; null lets the site answer.
   */
  readonly notFoundElsewhere?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;
}

export default async function site(app: FastifyInstance, {buildDir, index, liveCodeCsp, siteUrl, notFoundElsewhere}: SitePluginOptions): Promise<void> {
  const publicHttps = siteUrl?.startsWith('https:') ?? false;
  await app.register(fastifyCookie);
  await app.register(fastifyStatic, {
    root: buildDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
  });

  const send = (request: FastifyRequest, reply: FastifyReply, file: string, status: number) => {
    if (file.endsWith('.html')) {
      ensureXsrfCookie(request, reply, publicHttps);
      if (liveCodeCsp !== undefined && index.liveCodePages?.has(file) === true) {
        reply.header('content-security-policy', liveCodeCsp);
      }
    }
    reply.code(status).header('cache-control', cacheControlFor(file));
    return reply.sendFile(file.slice(1));
  };

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const decision = decide(index, request.url);
    switch (decision.kind) {
      case 'redirect':
        return reply.redirect(decision.location, decision.status);
      case 'file':
        return send(request, reply, decision.file, 200);
      case 'notFound':
        return notFoundElsewhere?.(request, reply) ?? send(request, reply, decision.file, 404);
    }
  };

  app.route({method: ['GET', 'HEAD'], url: '/*', handler: answer});
  app.route({method: ['GET', 'HEAD'], url: '/', handler: answer});
  // Other methods on the site's paths, and paths under a prefix that has no handler of its own.
  app.setNotFoundHandler((request, reply) => send(request, reply, notFoundPage(index, request.url.split('?')[0] ?? '/'), 404));
}
