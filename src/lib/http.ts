/**
 * The one fetch helper of the site: every request the site makes goes through
 * `http()`, so every state-changing request to the portal's own origin carries
 * the X-XSRF-TOKEN header read from the XSRF-TOKEN cookie (core/xsrf.ts).
 */
import {XSRF_HEADER, xsrfHeaderFor} from '../../core/xsrf';

/** What the helper needs from the browser; tests pass their own. */
export interface HttpEnvironment {
  readonly fetch: typeof globalThis.fetch;
  /** Address of the current page, against which relative URLs resolve. */
  readonly pageUrl: () => string;
  /** The page's cookies, as `document.cookie` gives them. */
  readonly cookies: () => string;
}

export type HttpClient = (url: string, init?: RequestInit) => Promise<Response>;

export function createHttp(env: HttpEnvironment): HttpClient {
  return (url, init = {}) => {
    const headers = new Headers(init.headers);
    const token = xsrfHeaderFor(init.method, url, env.pageUrl(), env.cookies());
    if (token !== null && !headers.has(XSRF_HEADER)) {
      headers.set(XSRF_HEADER, token);
    }
    // The cookie-based protection needs the cookies of the portal's origin.
    return env.fetch(url, {credentials: 'same-origin', ...init, headers});
  };
}

function browserEnvironment(): HttpEnvironment {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    pageUrl: () => globalThis.location.href,
    cookies: () => globalThis.document.cookie,
  };
}

/** fetch() for the browser, with the XSRF header (see createHttp). */
export const http: HttpClient = (url, init) => createHttp(browserEnvironment())(url, init);

/** POSTs `body` as JSON through `client` (the browser helper by default). */
export function postJson(url: string, body: unknown, init: RequestInit = {}, client: HttpClient = http): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  if (!headers.has('Accept')) {
    headers.set('Accept', 'application/json');
  }
  return client(url, {...init, method: 'POST', headers, body: JSON.stringify(body)});
}

/** Joins a configured base (relative or absolute, no trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
