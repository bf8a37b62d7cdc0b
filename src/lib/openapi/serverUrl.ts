/** The parts of a postman-collection Url that the code generators read. */
export interface RequestUrl {
  protocol?: string;
  host?: string[] | string;
  port?: string;
  path?: string[] | string;
}

/**
 * The theme's buildPostmanRequest puts the chosen server, a whole URL
 * ("http://localhost:3000/sandbox/core"), in the request URL's host and
 * clears its protocol. Generators that print the URL whole (curl, PHP, Java,
 * C#) do not mind; those that print its parts did: Python's http.client tab
 * read `http.client.HTTPSConnection("localhost", undefined)` and Node's
 * `require('https')` for an http server. This splits the server into
 * protocol, host, port and leading path segments; the URL's text (what try-it
 * sends, request.url.toString()) stays the same.
 */
export function splitServerUrl<U extends RequestUrl>(url: U): U {
  const first = Array.isArray(url.host) && url.host.length === 1 ? url.host[0] : undefined;
  if (typeof first !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(first)) return url;
  const server = new URL(first);
  const path = Array.isArray(url.path) ? url.path : url.path === undefined || url.path === '' ? [] : [url.path];
  url.protocol = server.protocol.replace(/:$/, '');
  url.host = [server.hostname];
  url.port = server.port === '' ? undefined : server.port;
  url.path = [...server.pathname.split('/').filter((segment) => segment !== ''), ...path];
  return url;
}
