/**
 * The sandbox's routes and request schemas, read from the OpenAPI contracts
 * (openapi/*.yaml, OpenAPI 3.1): nothing about an operation's input is written
 * twice. Each operation is served at SANDBOX_BASE + the path of its documented
 * server (https://demo.pasarela.example/core -> /sandbox/core) + its path
 * (the `#fragment` that names a payment request is dropped, as the contract
 * says). Bodies are validated by Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1) with every object closed, so a misspelt field is named.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import {parse} from 'yaml';
import {CONTRACTS_DIR} from './merchants/demoMerchant';
import {errorMessage as m, type ErrorMessage} from './words';
import {versionsOf} from '../../core/node/docsVersions';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type JsonObject = {[key: string]: Json};

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contracts the sandbox serves (the SOAP one is the WSDL, see soap.ts). */
export const SANDBOX_CONTRACTS = ['rest', 'apirest', 'tcrest'] as const;
export type ContractId = (typeof SANDBOX_CONTRACTS)[number];

export interface ContractOperation {
  readonly contract: ContractId;
  readonly operationId: string;
  /** x-page-key: which documented request this is (pse, pago-tarjeta, ...). */
  readonly pageKey: string;
  readonly method: 'GET' | 'POST';
  /** The documented server's path, e.g. /core or /v2/auth. */
  readonly base: string;
  /** The operation's path without its fragment, in OpenAPI form (/conciliacion/{terminal}/...). */
  readonly path: string;
  /** The request body's schema (dereferenced), when the operation has a body. */
  readonly body?: Json;
  /** The path parameters' schemas, when the operation has them. */
  readonly params?: {readonly [name: string]: Json};
  /** The request examples of the contract (for the contract tests). */
  readonly examples: readonly {readonly name: string; readonly value: Json}[];
  /** The 200 answer's schema (dereferenced). */
  readonly answer?: Json;
  /** The 200 answer's examples. */
  readonly answerExamples: readonly {readonly name: string; readonly value: Json}[];
}

/** Reads a contract file and resolves every $ref (to this or another file of openapi/). */
function loader(dir: string) {
  const files = new Map<string, JsonObject>();
  const file = (name: string): JsonObject => {
    let document = files.get(name);
    if (document === undefined) {
      document = parse(readFileSync(join(dir, name), 'utf8')) as JsonObject;
      files.set(name, document);
    }
    return document;
  };
  const pointer = (document: JsonObject, fragment: string, ref: string): Json => {
    let node: Json = document;
    for (const raw of fragment.replace(/^\//, '').split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(node) || !(key in node)) throw new Error(`${CONTRACTS_DIR}: $ref ${ref} does not resolve.`);
      node = node[key] as Json;
    }
    return node;
  };
  // A $ref target is resolved once and shared (the result is only read).
  const memo = new Map<string, Json>();
  const resolve = (node: Json, current: string, seen: readonly string[]): Json => {
    if (Array.isArray(node)) return node.map((n) => resolve(n, current, seen));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const [target = '', fragment = ''] = node.$ref.split('#');
      const name = target === '' ? current : target.replace(/^\.\//, '');
      const key = `${name}#${fragment}`;
      if (seen.includes(key)) throw new Error(`${CONTRACTS_DIR}: $ref cycle through ${key}; the sandbox needs acyclic schemas.`);
      const {$ref: _ref, ...siblings} = node;
      let resolved = memo.get(key);
      if (resolved === undefined) {
        resolved = resolve(pointer(file(name), fragment, node.$ref), name, [...seen, key]);
        memo.set(key, resolved);
      }
      return Object.keys(siblings).length > 0 && isObject(resolved) ? {...resolved, ...(resolve(siblings, current, seen) as JsonObject)} : resolved;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, current, seen)]));
  };
  return {file, resolve};
}

const serverPath = (servers: Json | undefined, where: string): string | undefined => {
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const first = servers[0];
  if (!isObject(first) || typeof first.url !== 'string') throw new Error(`${where}: a server without url.`);
  return new URL(first.url).pathname.replace(/\/+$/, '');
};

/**
 * Every operation of the REST contracts, as the sandbox serves it: the current
 * contracts (`projectDir`/openapi) joined with every cut version's
 * (openapi/versions/<version>/, contributing/versions.md). The versions share their
 * routes; where a version's request body differs (v1's Extra8 and Extra9),
 * the operation accepts one of them (a oneOf, newest first), so an integrator
 * on either version of the docs gets an answer. Examples are named by version.
 */
export function loadContractOperations(projectDir: string = process.cwd()): ContractOperation[] {
  const [current = [], ...older] = contractVersionDirs(projectDir).map(({version, dir}) => loadVersionOperations(join(projectDir, dir), version));
  return current.map((op) => {
    const same = older.flatMap((ops) => ops.filter((o) => o.contract === op.contract && o.operationId === op.operationId && o.method === op.method && o.path === op.path));
    const bodies = [op.body, ...same.map((o) => o.body)].filter((b): b is Json => b !== undefined);
    const shapes = bodies.map((b) => JSON.stringify(shapeOf(b)));
    const distinct = bodies.filter((_b, i) => shapes.indexOf(shapes[i] as string) === i);
    return {
      ...op,
      ...(distinct.length > 1 ? {body: {oneOf: distinct}} : {}),
      examples: [...op.examples, ...same.flatMap((o) => o.examples)],
    };
  });
}

/** Keywords that describe a schema without changing what it accepts. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'deprecated', 'externalDocs']);

/** What a schema accepts: the schema without its annotations (a version's reworded description is the same body). */
function shapeOf(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(shapeOf);
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
      .map(([key, value]) => [key, key === 'properties' && isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)])) : shapeOf(value)]),
  );
}

/** The contracts folder of every version, the current one first. */
function contractVersionDirs(projectDir: string): {version: string; dir: string}[] {
  return [{version: 'current', dir: CONTRACTS_DIR}, ...versionsOf('default', projectDir).map((version) => ({version, dir: join(CONTRACTS_DIR, 'versions', version)}))];
}

/** The operations of one version's contracts, read from `dir`; examples of a cut version are named "<version>/<name>". */
function loadVersionOperations(dir: string, version: string): ContractOperation[] {
  const {file, resolve} = loader(dir);
  const out: ContractOperation[] = [];
  for (const contract of SANDBOX_CONTRACTS) {
    const name = `${contract}.yaml`;
    const document = file(name);
    const rootBase = serverPath(document.servers, name);
    for (const [rawPath, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
      if (!isObject(item)) continue;
      for (const method of ['get', 'post'] as const) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const where = `${name} ${method.toUpperCase()} ${rawPath}`;
        const base = serverPath(operation.servers, where) ?? serverPath(item.servers, where) ?? rootBase;
        if (base === undefined) throw new Error(`${where}: no server.`);
        const text = (field: 'operationId' | 'x-page-key'): string => {
          const value = operation[field];
          if (typeof value !== 'string') throw new Error(`${where}: no ${field}.`);
          return value;
        };
        const media = (container: Json | undefined): JsonObject | undefined => {
          const content = isObject(container) ? container.content : undefined;
          const json = isObject(content) ? content['application/json'] : undefined;
          return isObject(json) ? (resolve(json, name, []) as JsonObject) : undefined;
        };
        const request = media(operation.requestBody);
        const ok = media(isObject(operation.responses) ? operation.responses['200'] : undefined);
        const params: Record<string, Json> = {};
        const examples: {name: string; value: Json}[] = [];
        for (const raw of Array.isArray(operation.parameters) ? operation.parameters : []) {
          const param = resolve(raw, name, []);
          if (isObject(param) && param.in === 'path' && typeof param.name === 'string') params[param.name] = param.schema ?? {};
        }
        const examplesOf = (m: JsonObject | undefined) =>
          Object.entries(m !== undefined && isObject(m.examples) ? m.examples : {}).flatMap(([exampleName, example]) =>
            isObject(example) && example.value !== undefined ? [{name: version === 'current' ? exampleName : `${version}/${exampleName}`, value: example.value}] : [],
          );
        examples.push(...examplesOf(request));
        out.push({
          contract,
          operationId: text('operationId'),
          pageKey: text('x-page-key'),
          method: method === 'get' ? 'GET' : 'POST',
          base,
          path: rawPath.split('#')[0] as string,
          ...(request?.schema !== undefined ? {body: request.schema} : {}),
          ...(Object.keys(params).length > 0 ? {params} : {}),
          examples,
          ...(ok?.schema !== undefined ? {answer: ok.schema} : {}),
          answerExamples: examplesOf(ok),
        });
      }
    }
  }
  return out;
}

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * The schema with every object closed (unevaluatedProperties: false) at the
 * level that composes it, so a field no branch declares is refused by name.
 */
export function closeSchema(schema: Json, branch = false): Json {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {...schema};
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((s) => closeSchema(s, true));
  }
  for (const key of ['if', 'then', 'else'] as const) {
    if (schema[key] !== undefined) out[key] = closeSchema(schema[key], true);
  }
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, closeSchema(v)]));
  }
  if (schema.items !== undefined) out.items = closeSchema(schema.items);
  const objectLike = schema.type === 'object' || isObject(schema.properties) || COMPOSITIONS.some((k) => Array.isArray(schema[k]));
  if (!branch && objectLike && schema.additionalProperties === undefined) out.unevaluatedProperties = false;
  return out;
}

/** The Ajv instance of the sandbox: JSON Schema 2020-12 with OpenAPI's keywords, no coercion. */
export function makeSandboxAjv(coerceTypes = false): Ajv2020 {
  // Bodies are JSON and are never coerced; path parameters are text, so `coerceTypes` reads "1" as 1.
  const ajv = new Ajv2020({strict: true, strictTypes: false, strictRequired: false, allErrors: true, coerceTypes, useDefaults: false});
  const formats: Record<string, RegExp | true> = {
    date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
    email: /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/,
    uri: /^https?:\/\/[^\s/?#]+[^\s]*$/i,
    password: true,
  };
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', 'x-enumDescriptions', 'x-label']) ajv.addKeyword(keyword);
  return ajv;
}

export interface SchemaProblem {
  /** The field, as a dotted path from the body (MetodoPago.campo1), or the body itself. */
  readonly field: string;
  /** Its sentence, said in the caller's language when the refusal is sent (../texts.ts). */
  readonly message: ErrorMessage;
}

const fieldOf = (error: ErrorObject): string => {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
  const params = error.params as Record<string, unknown>;
  const child = (name: unknown) => (path === '' ? String(name) : `${path}.${String(name)}`);
  if (error.keyword === 'required') return child(params.missingProperty);
  if (error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties') {
    return child(params.unevaluatedProperty ?? params.additionalProperty);
  }
  return path;
};

const FORMATS: Readonly<Record<string, ErrorMessage>> = {date: m('schema.formats.date'), email: m('schema.formats.email'), uri: m('schema.formats.uri')};

/** One sentence per problem, naming the field (topic sandboxErrors, `schema`). */
function describe(error: ErrorObject, field: string): ErrorMessage {
  const params = error.params as Record<string, unknown>;
  const subject = field === '' ? m('schema.subjectBody') : m('schema.subjectField', {field});
  switch (error.keyword) {
    case 'required':
      return m('schema.required', {field});
    case 'unevaluatedProperties':
    case 'additionalProperties':
      return m('schema.unknownField', {field});
    case 'type':
      return m('schema.type', {subject, type: String(params.type)});
    case 'enum':
      return m('schema.enum', {subject, values: (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')});
    case 'const':
      return m('schema.const', {subject, value: JSON.stringify(params.allowedValue)});
    case 'pattern':
      return m('schema.pattern', {subject, pattern: String(params.pattern)});
    case 'format':
      return m('schema.format', {subject, format: FORMATS[String(params.format)] ?? m('schema.formats.other', {format: String(params.format)})});
    case 'maxLength':
      return params.limit === 0 ? m('schema.unused', {subject}) : m('schema.maxLength', {subject, limit: String(params.limit)});
    case 'minLength':
      return m('schema.minLength', {subject});
    case 'minimum':
    case 'maximum':
      return m(`schema.${error.keyword}`, {subject, limit: String(params.limit)});
    case 'maxItems':
      return m('schema.maxItems', {subject, limit: String(params.limit)});
    default:
      return m('schema.invalid', {subject});
  }
}

/** Keywords that only say "a branch failed": their branches' own errors say why. */
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if', 'allOf', 'not']);

export interface Validator {
  (value: unknown): SchemaProblem[];
}

/**
 * Compiles a contract schema. For a oneOf of variants (REST / previous), the
 * problems reported are those of the variant the body comes closest to, or a
 * sentence saying that the body matches two variants at once.
 */
export function compileValidator(ajv: Ajv2020, schema: Json): Validator {
  // Compiled on first use: the sandbox starts fast, and an operation nobody calls costs nothing.
  let compiled: Validator | undefined;
  return (value) => (compiled ??= compileNow(ajv, schema))(value);
}

function compileNow(ajv: Ajv2020, schema: Json): Validator {
  const closed = closeSchema(schema);
  const whole = ajv.compile(closed as object);
  const branches: ValidateFunction[] | null = isObject(schema) && Array.isArray(schema.oneOf) ? schema.oneOf.map((b) => ajv.compile(closeSchema(b) as object)) : null;
  // The same branches open: a body that two of them accept mixes two variants.
  const openBranches: ValidateFunction[] | null = isObject(schema) && Array.isArray(schema.oneOf) ? schema.oneOf.map((b) => ajv.compile(b as object)) : null;
  const problemsOf = (errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] => {
    const seen = new Set<string>();
    const out: SchemaProblem[] = [];
    for (const error of errors ?? []) {
      if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
      const field = fieldOf(error);
      const message = describe(error, field);
      const key = JSON.stringify(message);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({field, message});
    }
    return out;
  };
  return (value) => {
    if (whole(value)) return [];
    if (branches !== null && openBranches !== null) {
      const results = branches.map((validate) => (validate(value) ? [] : problemsOf(validate.errors)));
      if (openBranches.filter((validate) => validate(value)).length > 1) {
        return [{field: '', message: m('schema.mixedVariants')}];
      }
      const best = results.reduce((a, b) => (b.length < a.length ? b : a));
      if (best.length > 0) return best;
    }
    const problems = problemsOf(whole.errors);
    return problems.length > 0 ? problems : [{field: '', message: m('schema.notContract')}];
  };
}
