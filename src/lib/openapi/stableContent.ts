import {memo, type ComponentType} from 'react';

/**
 * A docs page's MDX content as the docs plugin hands it to the page: the
 * component, with the module's other exports (metadata, frontMatter, toc...)
 * set on it.
 */
export type LoadedContent = ComponentType & {readonly frontMatter?: Readonly<Record<string, unknown>>};

/**
 * The API theme's frontMatter.api: the operation, which
 * docusaurus-plugin-openapi-docs writes as JSON (scripts/api/generation:
 * disableCompression), so the front matter holds it as an object. Null when
 * it is not that.
 */
export function operationOf(api: unknown): object | null {
  return typeof api === 'object' && api !== null && !Array.isArray(api) ? api : null;
}

/**
 * The operation with its relative servers (the portal's sandbox, /sandbox/...)
 * made absolute on the portal the reader is on: try-it calls it, and its code
 * samples show a URL that works when copied (curl needs a host). Only in the
 * browser: the server-rendered page never shows a server.
 */
export function withOrigin(operation: object, origin: string): object {
  const servers = (operation as {servers?: unknown}).servers;
  if (!Array.isArray(servers)) return operation;
  return {
    ...operation,
    servers: servers.map((server: unknown) => {
      const url = (server as {url?: unknown} | null)?.url;
      return typeof url === 'string' && url.startsWith('/') ? {...(server as object), url: `${origin}${url}`} : server;
    }),
  };
}

interface OperationShape {
  readonly path?: unknown;
  readonly method?: unknown;
  readonly summary?: unknown;
  readonly postman?: unknown;
  readonly requestBody?: {readonly content?: Readonly<Record<string, unknown>>};
  readonly responses?: Readonly<Record<string, {readonly content?: Readonly<Record<string, unknown>>}>>;
}

/**
 * The request that try-it sends and its code samples start from (a Postman
 * request), for operations the API plugin left without one. The plugin pairs
 * its Postman collection with the pages by path, and a documented path with
 * a fragment (/confirmacionTransaccionMedioPago#tarjeta: one operation, a page
 * per payment method) matches none, so those pages sent a bodiless GET to the
 * server's root. The request goes to the path without its fragment, which is
 * never sent (the contract says so).
 */
export function withPostmanRequest(operation: object): object {
  const {path, method, summary, postman, requestBody, responses} = operation as OperationShape;
  if (postman !== undefined || typeof path !== 'string' || typeof method !== 'string') return operation;
  const bare = path.includes('#') ? path.slice(0, path.indexOf('#')) : path;
  const segments = bare.split('/').filter((segment) => segment !== '');
  const contentType = Object.keys(requestBody?.content ?? {})[0];
  const accept = Object.entries(responses ?? {})
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))[0];
  return {
    ...operation,
    postman: {
      name: typeof summary === 'string' ? summary : bare,
      url: {
        path: segments.map((segment) => segment.replace(/^\{(.+)\}$/, ':$1')),
        host: ['{{baseUrl}}'],
        query: [],
        variable: segments.filter((segment) => /^\{.+\}$/.test(segment)).map((segment) => ({key: segment.slice(1, -1), value: ''})),
      },
      header: [...(contentType === undefined ? [] : [{key: 'Content-Type', value: contentType}]), ...(accept === undefined ? [] : [{key: 'Accept', value: accept}])],
      method: method.toUpperCase(),
      ...(contentType === undefined ? {} : {body: {mode: 'raw', raw: '', options: {raw: {language: contentType.includes('json') ? 'json' : 'text'}}}}),
    },
  };
}

const stableContents = new WeakMap<LoadedContent, LoadedContent>();

/**
 * The page's MDX content as the theme's ApiItem is given it (src/theme/ApiItem):
 * the same module (metadata, front matter, table of contents), with two
 * differences.
 *
 * - The component is memoised. The theme's ApiItem draws twice as the page
 *   starts: once as the server did, then again when it learns it runs in a
 *   browser, with a new request-panel store. The second time it drew the
 *   whole page body again for nothing; now only what reads the store or the
 *   browser flag draws again.
 * - frontMatter.api is the operation with the two changes below. The theme
 *   tries to inflate it as gzipped base64 on each render and keeps an api
 *   that does not decode as it was given (its fallback for operations
 *   written uncompressed), so it uses this object.
 *
 * - An operation the API plugin left without a Postman request gets one
 *   (withPostmanRequest), and in the browser relative servers are made
 *   absolute (withOrigin).
 *
 * The same content always gives back the same object, so React keeps the page.
 */
export function stableContent<C extends LoadedContent>(content: C): C {
  const known = stableContents.get(content);
  if (known !== undefined) return known as C;
  const found = operationOf(content.frontMatter?.api);
  const requested = found === null ? null : withPostmanRequest(found);
  const operation = requested === null || typeof window === 'undefined' ? requested : withOrigin(requested, window.location.origin);
  const frontMatter = operation === null ? content.frontMatter : {...content.frontMatter, api: operation};
  const stable = Object.assign(memo(content), content, {frontMatter}) as unknown as C;
  stableContents.set(content, stable);
  return stable;
}
