/**
 * Cross-site request forgery protection by cookie + header, the convention of
 * the old Angular portal: the utils service sets a random token in
 * the XSRF-TOKEN cookie, and the page copies it into the X-XSRF-TOKEN header of
 * every state-changing request to its own origin. A page on another site can
 * neither read the cookie nor set the header, so the server refuses (403) any
 * such request whose header does not match the cookie.
 *
 * Pure: the names and the token's form are shared by the site
 * (src/lib/http.ts) and the server (server/xsrf.ts). `readCookie` is the
 * site's, for `document.cookie`; the server reads the Cookie header with
 * @fastify/cookie.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Methods that change nothing, so they need no token (as in Angular). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token the server issues: 32 random bytes in base64url (43 characters). */
export const XSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isSafeMethod(method: string | undefined): boolean {
  return SAFE_METHODS.has((method ?? 'GET').toUpperCase());
}

/** The value of one cookie in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) {
      continue;
    }
    if (part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/**
 * Whether a request to `url`, made from a page at `pageUrl`, stays on the
 * page's origin. Angular sends the header only for relative URLs; an absolute
 * URL of the same origin (a configured utils base such as
 * https://portal.example/api/utils) is the same thing, so it gets the header
 * too. The token never goes to another origin.
 */
export function isSameOrigin(url: string, pageUrl: string): boolean {
  if (url.startsWith('//')) {
    return new URL(url, pageUrl).origin === new URL(pageUrl).origin;
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    return true;
  }
  try {
    return new URL(url).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/** The header to add to a request, or null when none is due. */
export function xsrfHeaderFor(method: string | undefined, url: string, pageUrl: string, cookies: string): string | null {
  if (isSafeMethod(method) || !isSameOrigin(url, pageUrl)) {
    return null;
  }
  return readCookie(cookies, XSRF_COOKIE);
}
