/**
 * Server half of the XSRF convention (core/xsrf.ts): page responses set a
 * random token in the XSRF-TOKEN cookie; a state-changing request to the
 * utils API is refused (403) unless its X-XSRF-TOKEN header equals that
 * cookie. As a second line, a request whose Origin header names another host
 * is refused too.
 *
 * Cookies are read and written by @fastify/cookie, which the plugins that
 * use these functions register (server/site, server/manuals). The cookie is
 * not signed: what protects the API is that another site can neither read it
 * nor send the header (a custom header needs a CORS preflight this server
 * never grants), with SameSite=Strict and the Origin check besides; a
 * signature would add a secret to manage and protect nothing more.
 */
import {randomBytes, timingSafeEqual} from 'node:crypto';
import type {FastifyReply, FastifyRequest} from 'fastify';
// For the types of request.cookies and reply.setCookie.
import type {} from '@fastify/cookie';
import {XSRF_COOKIE, XSRF_HEADER, XSRF_TOKEN_PATTERN, isSafeMethod} from '../core/xsrf';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function currentToken(request: FastifyRequest): string | null {
  const value = request.cookies[XSRF_COOKIE];
  return value !== undefined && XSRF_TOKEN_PATTERN.test(value) ? value : null;
}

/**
 * Gives the page a token unless it already holds a good one (open tabs keep theirs).
 * `publicHttps`: the portal's public address (SITE_URL) is https, so browsers reach it over
 * HTTPS even when this server hears plain HTTP from a proxy that it does not trust (TRUST_PROXY off).
 */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, publicHttps = false): void {
  if (currentToken(request) !== null) {
    return;
  }
  // Path=/ for every page; SameSite=Strict so no other site's request carries
  // it; Secure whenever the browser came over HTTPS; not HttpOnly, since the
  // page's script must read it (the convention).
  const secure = publicHttps || request.protocol === 'https';
  reply.setCookie(XSRF_COOKIE, newToken(), {path: '/', sameSite: 'strict', secure, httpOnly: false});
}

/** Why a request is refused: its code, and its sentence in the topic `server` (core/data/labels/server.json). */
export type XsrfRefusal = {readonly error: 'XSRF_INVALIDO'; readonly sentence: 'xsrf.missing'} | {readonly error: 'ORIGEN_CRUZADO'; readonly sentence: 'xsrf.crossOrigin'};

const MISSING: XsrfRefusal = {error: 'XSRF_INVALIDO', sentence: 'xsrf.missing'};

/** Why a request must be refused, or null when it may go on. */
export function xsrfRefusal(request: FastifyRequest): XsrfRefusal | null {
  if (isSafeMethod(request.method)) {
    return null;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    let same: boolean;
    try {
      // Both through URL, so that "localhost:80" and "localhost" compare equal.
      same = new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      same = false;
    }
    if (!same) {
      return {error: 'ORIGEN_CRUZADO', sentence: 'xsrf.crossOrigin'};
    }
  }
  const cookie = currentToken(request);
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (cookie === null || typeof header !== 'string' || header.length !== cookie.length) {
    return MISSING;
  }
  return timingSafeEqual(Buffer.from(header), Buffer.from(cookie)) ? null : MISSING;
}
