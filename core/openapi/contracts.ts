/**
 * Pure helpers around the OpenAPI contracts (openapi/*.yaml), shared by the
 * generator (scripts/gen-api.mjs) and the contract tests (tests/contracts/).
 */
import {SANDBOX_BASE, type EnvName, type PortalConfig} from '../config';

import type {Locale} from '../locale';

export type {Locale};
export type JsonObject = {[key: string]: Json};
export type Json = string | number | boolean | null | Json[] | JsonObject;

/** The API reference channels: one contract, one docs instance and one route each. */
export const REFERENCE_CHANNELS = ['rest', 'apirest', 'tcrest'] as const;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where the generated reference pages of contract `id` go, in `locale` (relative to the site). */
export function generatedDir(id: string, locale: Locale): string {
  return locale === 'es' ? `reference/${id}/gen` : `i18n/en/docusaurus-plugin-content-docs-${id}/current/gen`;
}

/** The bundled contract offered for download, relative to static/ (and to the site's root URL). */
export function downloadFile(id: string, locale: Locale): string {
  return locale === 'es' ? `openapi/${id}.yaml` : `openapi/${id}.en.yaml`;
}

/** The contract the page generator reads (example tabs already labelled), relative to the site. */
export function pagesSource(id: string, locale: Locale): string {
  return `reference/.openapi/${id}.${locale}.json`;
}

export interface Operation {
  readonly path: string;
  readonly method: string;
  readonly operation: JsonObject;
}

/** Every operation of a contract, in document order. */
export function operationsOf(document: JsonObject): Operation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? HTTP_METHODS.flatMap((method) => {
          const operation = item[method];
          return isObject(operation) ? [{path, method, operation}] : [];
        })
      : [],
  );
}

/** The page key (x-page-key) of every operation: the slug of its reference page. */
export function pageKeysOf(document: JsonObject): string[] {
  return operationsOf(document).map(({path, method, operation}) => {
    const key = operation['x-page-key'];
    if (typeof key !== 'string' || !/^[A-Za-z][A-Za-z0-9-]*$/.test(key)) {
      throw new Error(`${method.toUpperCase()} ${path} needs an x-page-key (letters, digits and dashes): the slug of its page.`);
    }
    return key;
  });
}

/** The path an operation is called at: a fragment only names a documented request and is never sent. */
export function requestPath(path: string): string {
  const hash = path.indexOf('#');
  return hash === -1 ? path : path.slice(0, hash);
}

/** The API base each contract server stands for, by its default value in ENV_DEFAULTS. */
const SERVER_BASES: readonly [EnvName, keyof PortalConfig['apiBases']][] = [
  ['CORE_API_BASE', 'core'],
  ['AUTH_API_BASE', 'auth'],
  ['REST_API_BASE', 'rest'],
  ['REST_V2_AUTH_API_BASE', 'restV2Auth'],
  ['WALLET_SIMULATOR_API_BASE', 'walletSimulator'],
];

/** Every servers[].url of a contract (document, path and operation level). */
export function serverUrlsOf(document: JsonObject): string[] {
  const urls = (servers: Json | undefined): string[] => (Array.isArray(servers) ? servers.flatMap((s) => (isObject(s) && typeof s.url === 'string' ? [s.url] : [])) : []);
  const paths = isObject(document.paths) ? document.paths : {};
  return [
    ...urls(document.servers),
    ...Object.values(paths).flatMap((item) => (isObject(item) ? [...urls(item.servers), ...HTTP_METHODS.flatMap((m) => (isObject(item[m]) ? urls(item[m].servers) : []))] : [])),
  ];
}

/**
 * The contract with this environment's values: each server URL (written in the
 * contract as the default of its base in ENV_DEFAULTS) becomes the configured
 * base, and serial{product} takes the configured product name. Throws when a
 * server URL is not one of the default bases, so contracts and config cannot drift.
 */
/**
 * The portal's sandbox as the first server of every `servers` list, when the
 * sandbox is on: `/sandbox` plus the path of the list's first documented
 * server (the sandbox mounts each operation there, server/sandbox/contracts.ts),
 * relative to the portal, so try-it calls the portal that serves the page.
 * The documented environments follow. `description` names it in the page's
 * language. Call it before applyEnvironment, on the contract's own URLs.
 */
export function withSandboxServers(document: JsonObject, portal: PortalConfig, description: string): JsonObject {
  if (!portal.sandbox) return document;
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const first = k === 'servers' && Array.isArray(v) && isObject(v[0]) && typeof v[0].url === 'string' ? v[0].url : null;
      out[k] = first === null ? walk(v) : [{url: `${SANDBOX_BASE}${new URL(first).pathname.replace(/\/+$/, '')}`, description}, ...(v as Json[])];
    }
    return out;
  };
  return walk(document) as JsonObject;
}

/** A sandbox server added by withSandboxServers (applyEnvironment leaves it as it is). */
function isSandboxServer(url: string): boolean {
  return url === SANDBOX_BASE || url.startsWith(`${SANDBOX_BASE}/`);
}

export function applyEnvironment(document: JsonObject, defaults: Readonly<Record<EnvName, string>>, portal: PortalConfig): JsonObject {
  const bases = new Map(SERVER_BASES.map(([env, key]) => [defaults[env], portal.apiBases[key]]));
  const serialDefault = `serial${defaults.PRODUCT_NAME}`;
  const serial = `serial${portal.productName}`;
  const walk = (value: Json, key: string | null): Json => {
    if (Array.isArray(value)) {
      return value.map((v) => walk(v, null));
    }
    if (!isObject(value)) {
      return value;
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'servers' && Array.isArray(v)) {
        out[k] = v.map((server) => {
          if (!isObject(server) || typeof server.url !== 'string') return server;
          if (isSandboxServer(server.url)) return server;
          const base = bases.get(server.url);
          if (base === undefined) {
            throw new Error(`Server URL ${server.url} is not the default of an API base in core/config.ts (${[...bases.keys()].join(', ')}).`);
          }
          return {...server, url: base};
        });
      } else {
        out[k === serialDefault && key !== 'required' ? serial : k] = walk(v, k);
      }
    }
    return out;
  };
  return walk(document, null) as JsonObject;
}

/**
 * Try-it's request body starts as the operation's first example, not as a
 * body made from the schema's types ("usuario": "string"): the theme's editor
 * fills itself from the schema's `example` (its sampleFromSchema reads it
 * first), so each request body schema gets its operation's first example
 * there. Not `examples`: the editor would add an untranslated "Example 1" tab
 * beside the contract's own named examples. Examples given by reference are
 * looked up in components.examples.
 */
export function withRequestExamples(document: JsonObject): JsonObject {
  const components = isObject(document.components) && isObject(document.components.examples) ? document.components.examples : {};
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const resolve = (schema: Json): Json => {
    const ref = isObject(schema) ? schema.$ref : undefined;
    return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? (schemas[ref.slice('#/components/schemas/'.length)] ?? schema) : schema;
  };
  // Whether an example is a body of this (object) schema: only its properties, all the required ones.
  const shape = (schema: Json): {properties: Set<string>; required: Set<string>} => {
    const target = resolve(schema);
    const out = {properties: new Set<string>(), required: new Set<string>()};
    if (!isObject(target)) return out;
    if (isObject(target.properties)) Object.keys(target.properties).forEach((key) => out.properties.add(key));
    if (Array.isArray(target.required)) target.required.forEach((key) => typeof key === 'string' && out.required.add(key));
    for (const part of Array.isArray(target.allOf) ? target.allOf : []) {
      const inner = shape(part);
      inner.properties.forEach((key) => out.properties.add(key));
      inner.required.forEach((key) => out.required.add(key));
    }
    return out;
  };
  const fits = (schema: Json, value: Json): boolean => {
    const {properties, required} = shape(schema);
    if (!isObject(value) || properties.size === 0) return false;
    return Object.keys(value).every((key) => properties.has(key)) && [...required].every((key) => key in value);
  };
  // The editor resolves a oneOf to its selected branch first (the first, until
  // the reader picks another), so each branch carries the first example that is
  // one of its bodies; the schema itself carries the operation's first example.
  // The editor also merges an allOf into one schema keeping only what its
  // parts say, so an allOf schema gets the example as one more part.
  const attach = (schema: JsonObject, value: Json): JsonObject => {
    if (schema.example !== undefined) return schema;
    const target = resolve(schema);
    return isObject(target) && Array.isArray(target.allOf) ? {allOf: [schema, {example: value}]} : {...schema, example: value};
  };
  const withExamples = (schema: JsonObject, first: Json, all: readonly Json[]): JsonObject => {
    if (!Array.isArray(schema.oneOf)) return attach(schema, first);
    const branches = schema.oneOf.map((branch) => {
      const own = all.find((value) => fits(branch, value));
      return isObject(branch) && own !== undefined ? attach(branch, own) : branch;
    });
    return {...schema, ...(schema.example === undefined ? {example: first} : {}), oneOf: branches};
  };
  const valueOf = (example: Json): Json | undefined => {
    if (!isObject(example)) return undefined;
    const ref = example.$ref;
    const target = typeof ref === 'string' && ref.startsWith('#/components/examples/') ? components[ref.slice('#/components/examples/'.length)] : example;
    return isObject(target) ? target.value : undefined;
  };
  const paths = isObject(document.paths) ? document.paths : {};
  const outPaths: JsonObject = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) {
      outPaths[path] = item;
      continue;
    }
    const outItem: JsonObject = {...item};
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation) || !isObject(operation.requestBody) || !isObject(operation.requestBody.content)) continue;
      const content: JsonObject = {};
      for (const [type, media] of Object.entries(operation.requestBody.content)) {
        const first = isObject(media) && isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
        const value = first === undefined ? undefined : valueOf(first);
        const values =
          isObject(media) && isObject(media.examples)
            ? Object.values(media.examples)
                .map(valueOf)
                .filter((v): v is Json => v !== undefined)
            : [];
        content[type] = isObject(media) && isObject(media.schema) && value !== undefined ? {...media, schema: withExamples(media.schema, value, values)} : media;
      }
      outItem[method] = {...operation, requestBody: {...operation.requestBody, content}};
    }
    outPaths[path] = outItem;
  }
  return {...document, paths: outPaths};
}

/**
 * The example tabs of the reference show each example's key: this names them
 * by the example's `x-label` instead (prose, translated like the summaries), so
 * a tab reads "Variante anterior" in Spanish and "Previous variant" in English.
 * Throws when two examples of one request or response share a label.
 */
export function labelExamples(document: JsonObject): JsonObject {
  const components = isObject(document.components) && isObject(document.components.examples) ? document.components.examples : {};
  const labelOf = (key: string, example: Json): string => {
    if (!isObject(example)) return key;
    const ref = example.$ref;
    const target = typeof ref === 'string' && ref.startsWith('#/components/examples/') ? components[ref.slice('#/components/examples/'.length)] : example;
    const label = isObject(target) ? target['x-label'] : undefined;
    return typeof label === 'string' && label.trim() !== '' ? label : key;
  };
  const walk = (value: Json, inComponents: boolean): Json => {
    if (Array.isArray(value)) return value.map((v) => walk(v, false));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'examples' && isObject(v) && !inComponents) {
        const labelled: JsonObject = {};
        for (const [key, example] of Object.entries(v)) {
          const label = labelOf(key, example);
          if (label in labelled) {
            throw new Error(`Two examples of one request or response are both labelled "${label}".`);
          }
          labelled[label] = example;
        }
        out[k] = labelled;
      } else {
        out[k] = walk(v, k === 'components');
      }
    }
    return out;
  };
  return walk(document, false) as JsonObject;
}
