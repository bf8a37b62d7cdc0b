/**
 * Shared helpers of the contract tests: the bundled contracts (through a child
 * process, since the bundler is an ES module) and a JSON Schema validator set
 * up for OpenAPI 3.1 schemas.
 */
import {execFileSync} from 'node:child_process';
import {join} from 'node:path';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {isObject, type Json, type JsonObject, type Locale} from '../../core/openapi/contracts';

export const ROOT = join(__dirname, '..', '..');
export const LOCALES: readonly Locale[] = ['es', 'en'];
export type Bundles = Record<'rest' | 'apirest' | 'tcrest', Record<Locale, JsonObject>>;

/** Every contract in both languages; `dereferenced` inlines every $ref; `version` names a cut version (v1). */
export function loadBundles(dereferenced: boolean, version = 'current'): Bundles {
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts/api/bundle-cli.mjs'), ...(dereferenced ? ['--dereferenced'] : []), '--version', version], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as Bundles;
}

/** A validator for OpenAPI 3.1 schemas: JSON Schema 2020-12 plus the OpenAPI and portal keywords. */
export function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({strict: true, strictTypes: false, strictRequired: false, allErrors: true});
  addFormats(ajv);
  // OpenAPI's own format for secrets: any string.
  ajv.addFormat('password', true);
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', 'x-enumDescriptions']) {
    ajv.addKeyword(keyword);
  }
  return ajv;
}

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * The schema with every object closed: an example may only use the properties
 * the schema declares (a misspelt field fails). Composition branches and
 * if/then/else stay open; the schema that composes them is closed, so
 * unevaluatedProperties sees every branch's properties.
 */
export function closed(schema: Json, branch = false): Json {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {...schema};
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((s) => closed(s, true));
  }
  for (const key of ['if', 'then', 'else'] as const) {
    if (schema[key] !== undefined) out[key] = closed(schema[key], true);
  }
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, closed(v)]));
  }
  if (schema.items !== undefined) out.items = closed(schema.items);
  const objectLike = schema.type === 'object' || isObject(schema.properties) || COMPOSITIONS.some((k) => Array.isArray(schema[k]));
  if (!branch && objectLike && schema.additionalProperties === undefined) {
    out.unevaluatedProperties = false;
  }
  return out;
}

export interface NamedExample {
  /** Where the example is: "<METHOD> <path> <request|response 200|parameter x> <name>". */
  readonly where: string;
  readonly schema: Json;
  readonly value: Json;
}

/** Every example of a dereferenced contract, with the schema it must satisfy. */
export function examplesOf(document: JsonObject): NamedExample[] {
  const out: NamedExample[] = [];
  const fromMedia = (where: string, media: Json): void => {
    if (!isObject(media) || media.schema === undefined) return;
    if (media.example !== undefined) out.push({where: `${where} example`, schema: media.schema, value: media.example});
    if (isObject(media.examples)) {
      for (const [name, example] of Object.entries(media.examples)) {
        if (isObject(example) && example.value !== undefined) out.push({where: `${where} ${name}`, schema: media.schema, value: example.value});
      }
    }
  };
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const here = `${method.toUpperCase()} ${path}`;
      for (const param of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (!isObject(param)) continue;
        if (param.example !== undefined) out.push({where: `${here} parameter ${String(param.name)}`, schema: param.schema ?? {}, value: param.example});
        if (isObject(param.examples)) {
          for (const [name, example] of Object.entries(param.examples)) {
            if (isObject(example)) out.push({where: `${here} parameter ${String(param.name)} ${name}`, schema: param.schema ?? {}, value: example.value ?? null});
          }
        }
      }
      const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      for (const [type, media] of Object.entries(body)) fromMedia(`${here} request ${type}`, media);
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        for (const [type, media] of Object.entries(content)) fromMedia(`${here} response ${status} ${type}`, media);
      }
    }
  }
  // JSON Schema `examples` (a list of values) of any schema in the contract.
  const walk = (node: Json, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (!isObject(node)) return;
    if (Array.isArray(node.examples) && (node.type !== undefined || node.properties !== undefined)) {
      node.examples.forEach((value, i) => out.push({where: `${where} examples[${i}]`, schema: node, value}));
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'examples' && k !== 'example') walk(v, `${where}/${k}`);
  };
  walk(document, '#');
  return out;
}

export function compile(ajv: Ajv2020, schema: Json): ValidateFunction {
  return ajv.compile(closed(schema) as object);
}
