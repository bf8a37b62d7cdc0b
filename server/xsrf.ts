/**
 * Server half of the XSRF convention (src/lib/xsrf.ts): page responses set a
 * random token in the XSRF-TOKEN cookie; a state-changing request is refused
 * (403) unless its X-XSRF-TOKEN header equals that cookie. As a second line,
 * a request whose Origin header names another host is refused too.
 */
import {randomBytes, timingSafeEqual} from 'node:crypto';
import type {FastifyReply, FastifyRequest} from 'fastify';
import {XSRF_COOKIE, XSRF_HEADER, XSRF_TOKEN_PATTERN, isSafeMethod, readCookie} from '../src/lib/xsrf';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function currentToken(request: FastifyRequest): string | null {
  const value = readCookie(request.headers.cookie ?? '', XSRF_COOKIE);
  return value !== null && XSRF_TOKEN_PATTERN.test(value) ? value : null;
}

/** Gives the page a token unless it already holds a good one (open tabs keep theirs). */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (currentToken(request) !== null) {
    return;
  }
  // Path=/ for every page; SameSite=Strict so no other site's request carries
  // it; not HttpOnly, since the page's script must read it (the convention).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${XSRF_COOKIE}=${newToken()}; Path=/; SameSite=Strict${secure}`);
}

export type XsrfRefusal = {readonly error: 'XSRF_INVALIDO' | 'ORIGEN_CRUZADO'; readonly mensaje: string};

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
      return {error: 'ORIGEN_CRUZADO', mensaje: 'La solicitud viene de otro sitio.'};
    }
  }
  const cookie = currentToken(request);
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (cookie === null || typeof header !== 'string' || header.length !== cookie.length) {
    return {error: 'XSRF_INVALIDO', mensaje: 'Falta el token XSRF o no coincide con la cookie: recargue la página.'};
  }
  if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) {
    return {error: 'XSRF_INVALIDO', mensaje: 'Falta el token XSRF o no coincide con la cookie: recargue la página.'};
  }
  return null;
}
