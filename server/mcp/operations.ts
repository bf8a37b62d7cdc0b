/**
 * The REST operations as assistants get them: from the bundled contracts the
 * site offers for download (build/openapi/<id>.yaml, <id>.en.yaml, and
 * build/openapi/<version>/ for a cut version; written by `npm run gen:api`
 * with this environment's servers, the sandbox first when it is on), every
 * $ref replaced by its target.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {REFERENCE_CHANNELS, downloadFile, isObject, operationsOf, requestPath, type Json, type JsonObject} from '../../core/openapi/contracts';
import type {Locale} from './pages';

export interface OperationInfo {
  readonly channel: string;
  readonly version: string;
  readonly locale: Locale;
  readonly operationId: string;
  readonly method: string;
  /** The documented path, with the fragment that names a payment request (/confirmacionTransaccionMedioPago#pse). */
  readonly path: string;
  readonly summary: string;
  /** The page's path on the portal (with /en for English). */
  readonly page: string;
  /** The first server of the operation (the sandbox's, relative to the portal, when the sandbox is on). */
  readonly server: string;
  /** The operation with every $ref replaced. */
  readonly operation: JsonObject;
}

/** The bundled contract file of a channel, locale and version, relative to the build. */
export function contractFile(channel: string, locale: Locale, version: string): string {
  const file = downloadFile(channel, locale);
  return version === 'current' ? file : file.replace(/^openapi\//, `openapi/${version}/`);
}

/** Replaces every local $ref (#/...) by its target; a reference cycle stays a $ref. */
export function dereference(document: JsonObject): JsonObject {
  const target = (ref: string): Json | undefined => {
    let node: Json | undefined = document;
    for (const raw of ref.replace(/^#\//, '').split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[key] : undefined;
    }
    return node;
  };
  const walk = (node: Json, seen: readonly string[]): Json => {
    if (Array.isArray(node)) return node.map((n) => walk(n, seen));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.includes(ref)) {
      const {$ref: _ref, ...siblings} = node;
      const resolved = target(ref);
      if (resolved === undefined) return node;
      const inner = walk(resolved, [...seen, ref]);
      return isObject(inner) && Object.keys(siblings).length > 0 ? {...inner, ...(walk(siblings, seen) as JsonObject)} : inner;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, seen)]));
  };
  return walk(document, []) as JsonObject;
}

function firstServer(...lists: (Json | undefined)[]): string {
  for (const list of lists) {
    if (Array.isArray(list) && isObject(list[0]) && typeof list[0].url === 'string') return list[0].url;
  }
  return '';
}

/** Every operation of every contract, locale and version found in the build. */
export function loadOperations(buildDir: string, versions: readonly string[]): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const version of versions) {
    for (const channel of REFERENCE_CHANNELS) {
      for (const locale of ['es', 'en'] as const) {
        const file = join(buildDir, contractFile(channel, locale, version));
        if (!existsSync(file)) continue;
        const document = dereference(parse(readFileSync(file, 'utf8')) as JsonObject);
        const paths = isObject(document.paths) ? document.paths : {};
        for (const {path, method, operation} of operationsOf(document)) {
          const item = paths[path];
          const key = typeof operation['x-page-key'] === 'string' ? operation['x-page-key'] : '';
          const prefix = `${locale === 'en' ? '/en' : ''}/${channel}${version === 'current' ? '' : `/${version}`}`;
          out.push({
            channel,
            version,
            locale,
            operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
            method: method.toUpperCase(),
            path,
            summary: typeof operation.summary === 'string' ? operation.summary : '',
            page: `${prefix}/${key}`,
            server: firstServer(operation.servers, isObject(item) ? item.servers : undefined, document.servers),
            operation,
          });
        }
      }
    }
  }
  return out;
}

/** The URL an operation is called at: the server (made absolute on `origin` when relative) and the path without its fragment. */
export function callUrl(op: Pick<OperationInfo, 'server' | 'path'>, origin: string): string {
  const server = op.server.startsWith('/') ? `${origin.replace(/\/+$/, '')}${op.server}` : op.server;
  return `${server.replace(/\/+$/, '')}${requestPath(op.path)}`;
}

/** The named request examples of an operation (JSON bodies), in contract order. */
export function requestExamples(operation: JsonObject): {name: string; value: Json}[] {
  const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined;
  const examples = isObject(body) && isObject(body.examples) ? body.examples : {};
  return Object.entries(examples).flatMap(([name, example]) => (isObject(example) && example.value !== undefined ? [{name, value: example.value}] : []));
}
