/**
 * An API reference page as Markdown, made from the contract (not from the
 * page's HTML): what an assistant, or a person with only this file, needs to
 * make the call. The method and the full URL on every server of the operation
 * (the portal's sandbox first when it is on, then the gateway's documented
 * environments), the headers and path parameters, the request fields as a
 * table (name, type, required, description, allowed values), the request
 * examples with a curl line, each response with its fields and examples, and
 * the result codes. The words around the contract's own texts come from
 * `texts` (Spanish in REFERENCE_MARKDOWN_TEXTS, English in the translation
 * file of the plugin that writes these pages, plugins/llms-txt).
 *
 * Pure: the caller reads the bundled contract (static/openapi/, as `npm run
 * gen:api` writes it, with this environment's servers) and writes the file.
 */
import {isObject, requestPath, type Json, type JsonObject} from './contracts';

/** The words of the page that are not the contract's, with their Spanish text (`{name}` is filled in). */
export const REFERENCE_MARKDOWN_TEXTS = {
  'reference.md.call': 'Llamada',
  'reference.md.method': 'Método',
  'reference.md.server': 'Servidor',
  'reference.md.url': 'URL',
  'reference.md.production': 'Producción: se activa por solicitud a soporte ({email}), cuando sus pruebas estén completas.',
  'reference.md.headers': 'Cabeceras',
  'reference.md.contentType': 'El cuerpo de la solicitud, en JSON.',
  'reference.md.pathParameters': 'Parámetros de la ruta',
  'reference.md.requestBody': 'Campos de la solicitud',
  'reference.md.noBody': 'Sin cuerpo.',
  'reference.md.column.name': 'Campo',
  'reference.md.column.type': 'Tipo',
  'reference.md.column.required': 'Obligatorio',
  'reference.md.column.description': 'Descripción',
  'reference.md.column.values': 'Valores permitidos',
  'reference.md.yes': 'sí',
  'reference.md.no': 'no',
  'reference.md.conditional': 'Obligatorios cuando `{field}` es `{value}`: {then}. Si no: {else}.',
  'reference.md.arrayOf': 'lista de {type}',
  'reference.md.value.empty': 'vacío',
  'reference.md.value.notEmpty': 'no vacío',
  'reference.md.value.pattern': 'patrón `{pattern}`',
  'reference.md.value.minLength': 'al menos {n} caracteres',
  'reference.md.value.maxLength': 'hasta {n} caracteres',
  'reference.md.value.minimum': 'desde {n}',
  'reference.md.value.maximum': 'hasta {n}',
  'reference.md.value.maxItems': 'hasta {n} elementos',
  'reference.md.value.default': 'por defecto `{value}`',
  'reference.md.value.only': 'solo `{value}`',
  'reference.md.requestExamples': 'Ejemplo de solicitud',
  'reference.md.curl': 'La misma solicitud con curl, al primer servidor:',
  'reference.md.responses': 'Respuestas',
  'reference.md.responseFields': 'Campos de la respuesta',
  'reference.md.responseExamples': 'Ejemplos de respuesta',
  'reference.md.resultCodes': 'Códigos de resultado',
  'reference.md.httpStatus': 'Estado HTTP `{status}`: {description}',
  'reference.md.fieldValues': '`{field}`',
  'reference.md.column.value': 'Valor',
  'reference.md.column.meaning': 'Significado',
  'reference.md.valuesPage': 'Todos los códigos, estados y enumeraciones: [tabla de valores]({url}).',
  'reference.md.contract': 'Contrato OpenAPI de esta operación: [{file}]({url}) (`{operationId}`).',
} as const;

export type ReferenceMarkdownTexts = Readonly<Record<keyof typeof REFERENCE_MARKDOWN_TEXTS, string>>;

export interface OperationMarkdownInput {
  /** The bundled contract (local $refs only), with this environment's servers. */
  readonly document: JsonObject;
  /** The documented path, with the fragment that names a payment request. */
  readonly path: string;
  readonly method: string;
  readonly operation: JsonObject;
  readonly texts: ReferenceMarkdownTexts;
  /** The portal's address (SITE_URL, no trailing slash): relative servers (the sandbox) are on it. */
  readonly siteUrl: string;
  /** Where the table of values is, absolute. */
  readonly valuesPageUrl: string;
  /** The contract's download, absolute. */
  readonly contractUrl: string;
  readonly supportEmail: string;
}

const fill = (text: string, values: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A table cell: one line, with its pipes escaped. */
const cell = (text: string): string =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

const table = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [`| ${header.map(cell).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');

/** A value as text: a string as it is, anything else as JSON. */
const text = (value: Json | undefined): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

const code = (value: Json): string => `\`${text(value)}\``;

/** What x-enumDescriptions says a value means, or null. */
const meaningOf = (meanings: JsonObject, value: Json): string | null => {
  const meaning = meanings[text(value)];
  return typeof meaning === 'string' ? meaning : null;
};

/** Follows local $refs (#/components/...), keeping a reference's siblings over its target's keys. */
function resolver(document: JsonObject): (node: Json | undefined) => JsonObject {
  const target = (ref: string): Json | undefined => {
    let node: Json | undefined = document;
    for (const raw of ref.replace(/^#\//, '').split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[key] : undefined;
    }
    return node;
  };
  const resolve = (node: Json | undefined, seen: readonly string[] = []): JsonObject => {
    if (!isObject(node)) return {};
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    if (!ref.startsWith('#/') || seen.includes(ref)) throw new Error(`Cannot resolve ${ref} in the contract.`);
    const {$ref: _ref, ...siblings} = node;
    return {...resolve(target(ref), [...seen, ref]), ...siblings};
  };
  return resolve;
}

/** A schema with its allOf parts merged in: properties and required lists joined, its own keys last. */
interface Merged {
  readonly schema: JsonObject;
  readonly properties: [string, JsonObject][];
  readonly required: Set<string>;
  readonly conditions: JsonObject[];
}

function merger(resolve: (node: Json | undefined) => JsonObject): (node: Json | undefined) => Merged {
  const merge = (node: Json | undefined): Merged => {
    const own = resolve(node);
    let schema: JsonObject = {};
    const properties = new Map<string, JsonObject>();
    const required = new Set<string>();
    const conditions: JsonObject[] = [];
    for (const part of Array.isArray(own.allOf) ? own.allOf : []) {
      const inner = merge(part);
      schema = {...schema, ...inner.schema};
      inner.properties.forEach(([name, value]) => properties.set(name, value));
      inner.required.forEach((name) => required.add(name));
      conditions.push(...inner.conditions);
    }
    const {allOf: _allOf, ...rest} = own;
    schema = {...schema, ...rest};
    if (isObject(own.properties)) for (const [name, value] of Object.entries(own.properties)) properties.set(name, resolve(value));
    if (Array.isArray(own.required)) own.required.forEach((name) => typeof name === 'string' && required.add(name));
    if (isObject(own.if)) conditions.push(own);
    return {schema, properties: [...properties], required, conditions};
  };
  return merge;
}

interface FieldRow {
  readonly name: string;
  readonly schema: JsonObject;
  readonly required: boolean;
}

/** The type column: `string (email)`, `integer`, `lista de object`. */
function typeOf(schema: JsonObject, merge: (node: Json | undefined) => Merged, texts: ReferenceMarkdownTexts): string {
  const type = Array.isArray(schema.type) ? schema.type.map(text).join(' | ') : typeof schema.type === 'string' ? schema.type : isObject(schema.properties) ? 'object' : '';
  if (type === 'array') return fill(texts['reference.md.arrayOf'], {type: typeOf(merge(schema.items).schema, merge, texts) || 'any'});
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** The allowed-values column: the enumeration with its meanings, the constant, the pattern, the bounds, the default. */
function valuesOf(schema: JsonObject, texts: ReferenceMarkdownTexts): string {
  const parts: string[] = [];
  const meanings = isObject(schema['x-enumDescriptions']) ? schema['x-enumDescriptions'] : {};
  if (Array.isArray(schema.enum)) {
    // A meaning's closing period goes: the values are separated by semicolons.
    parts.push(
      schema.enum
        .map((value) => {
          const meaning = meaningOf(meanings, value);
          return meaning === null ? code(value) : `${code(value)}: ${meaning.replace(/\.$/, '')}`;
        })
        .join('; '),
    );
  }
  if (schema.const !== undefined) parts.push(fill(texts['reference.md.value.only'], {value: typeof schema.const === 'string' ? schema.const : JSON.stringify(schema.const)}));
  if (schema.maxLength === 0) parts.push(texts['reference.md.value.empty']);
  else {
    if (schema.minLength === 1) parts.push(texts['reference.md.value.notEmpty']);
    else if (typeof schema.minLength === 'number' && schema.minLength > 1) parts.push(fill(texts['reference.md.value.minLength'], {n: schema.minLength}));
    if (typeof schema.maxLength === 'number') parts.push(fill(texts['reference.md.value.maxLength'], {n: schema.maxLength}));
  }
  if (typeof schema.pattern === 'string') parts.push(fill(texts['reference.md.value.pattern'], {pattern: schema.pattern}));
  if (typeof schema.minimum === 'number') parts.push(fill(texts['reference.md.value.minimum'], {n: schema.minimum}));
  if (typeof schema.maximum === 'number') parts.push(fill(texts['reference.md.value.maximum'], {n: schema.maximum}));
  if (typeof schema.maxItems === 'number') parts.push(fill(texts['reference.md.value.maxItems'], {n: schema.maxItems}));
  if (schema.default !== undefined)
    parts.push(fill(texts['reference.md.value.default'], {value: typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default)}));
  return parts.join('; ');
}

/** The description column: the field's own words, else its type's title. */
const describe = (schema: JsonObject): string => (typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : '');

/** Every field of an object schema, nested ones as `MetodoPago.Id` and list items as `transacciones[].referencia`. */
function fieldsOf(node: Json | undefined, merge: (node: Json | undefined) => Merged, prefix = ''): {rows: FieldRow[]; conditions: {prefix: string; condition: JsonObject}[]} {
  const merged = merge(node);
  const rows: FieldRow[] = [];
  const conditions = merged.conditions.map((condition) => ({prefix, condition}));
  for (const [name, value] of merged.properties) {
    const field = merge(value);
    rows.push({name: `${prefix}${name}`, schema: field.schema, required: merged.required.has(name)});
    const items = field.schema.type === 'array' ? merge(field.schema.items) : null;
    if (field.properties.length > 0) {
      const inner = fieldsOf(value, merge, `${prefix}${name}.`);
      rows.push(...inner.rows);
      conditions.push(...inner.conditions);
    } else if (items !== null && items.properties.length > 0) {
      const inner = fieldsOf(field.schema.items, merge, `${prefix}${name}[].`);
      rows.push(...inner.rows);
      conditions.push(...inner.conditions);
    }
  }
  return {rows, conditions};
}

function fieldTable(rows: readonly FieldRow[], merge: (node: Json | undefined) => Merged, texts: ReferenceMarkdownTexts): string {
  return table(
    [
      texts['reference.md.column.name'],
      texts['reference.md.column.type'],
      texts['reference.md.column.required'],
      texts['reference.md.column.description'],
      texts['reference.md.column.values'],
    ],
    rows.map((row) => [
      `\`${row.name}\``,
      typeOf(row.schema, merge, texts),
      row.required ? texts['reference.md.yes'] : texts['reference.md.no'],
      describe(row.schema),
      valuesOf(row.schema, texts),
    ]),
  );
}

/** "Required when `usaValorVariable` is `true`: ..." for an if/then/else on one constant. */
function conditionNote(prefix: string, schema: JsonObject, texts: ReferenceMarkdownTexts): string | null {
  const test = isObject(schema.if) && isObject(schema.if.properties) ? Object.entries(schema.if.properties)[0] : undefined;
  if (test === undefined || !isObject(test[1]) || test[1].const === undefined) return null;
  const list = (branch: Json | undefined) =>
    isObject(branch) && Array.isArray(branch.required) && branch.required.length > 0 ? branch.required.map((name) => `\`${prefix}${text(name)}\``).join(', ') : '—';
  return fill(texts['reference.md.conditional'], {
    field: `${prefix}${test[0]}`,
    value: typeof test[1].const === 'string' ? test[1].const : JSON.stringify(test[1].const),
    then: list(schema.then),
    else: list(schema.else),
  });
}

interface Example {
  readonly title: string;
  readonly value: Json;
}

function examplesOf(media: JsonObject, resolve: (node: Json | undefined) => JsonObject): Example[] {
  const examples = isObject(media.examples) ? media.examples : {};
  return Object.entries(examples).flatMap(([key, example]) => {
    const resolved = resolve(example);
    if (resolved.value === undefined) return [];
    const title = typeof resolved.summary === 'string' ? resolved.summary : typeof resolved['x-label'] === 'string' ? resolved['x-label'] : key;
    return [{title, value: resolved.value}];
  });
}

const jsonBlock = (value: Json): string => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** A shell word in single quotes. */
const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Every enumerated field of a response with the meaning of each value: the result codes. */
function resultCodes(node: Json | undefined, merge: (node: Json | undefined) => Merged, texts: ReferenceMarkdownTexts): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (schema: Json | undefined, prefix: string) => {
    const merged = merge(schema);
    if (merged.schema.type === 'array') {
      walk(merged.schema.items, prefix === '' ? '[].' : `${prefix.replace(/\.$/, '')}[].`);
      return;
    }
    for (const [name, value] of merged.properties) {
      const field = merge(value);
      const meanings = field.schema['x-enumDescriptions'];
      if (Array.isArray(field.schema.enum) && isObject(meanings)) {
        const key = `${prefix}${name}\0${JSON.stringify(field.schema.enum)}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(
            [
              fill(texts['reference.md.fieldValues'], {field: `${prefix}${name}`}),
              '',
              table(
                [texts['reference.md.column.value'], texts['reference.md.column.meaning']],
                field.schema.enum.map((value) => [code(value), meaningOf(meanings, value) ?? '']),
              ),
            ].join('\n'),
          );
        }
      }
      if (field.properties.length > 0 || field.schema.type === 'array') walk(value, `${prefix}${name}.`);
    }
  };
  walk(node, '');
  return out;
}

/** The operation's servers, nearest first (operation, path item, document), each URL absolute. */
function serversOf(input: OperationMarkdownInput): {description: string; url: string}[] {
  const item = isObject(input.document.paths) ? input.document.paths[input.path] : undefined;
  const lists = [input.operation.servers, isObject(item) ? item.servers : undefined, input.document.servers];
  const list = lists.find((l) => Array.isArray(l) && l.length > 0);
  return (Array.isArray(list) ? list : []).flatMap((server) => {
    if (!isObject(server) || typeof server.url !== 'string') return [];
    const base = server.url.startsWith('/') ? `${input.siteUrl}${server.url}` : server.url;
    return [{description: typeof server.description === 'string' ? server.description : '', url: `${base.replace(/\/+$/, '')}${requestPath(input.path)}`}];
  });
}

/** The operation as a Markdown page. */
export function operationMarkdown(input: OperationMarkdownInput): string {
  const {document, operation, texts} = input;
  const resolve = resolver(document);
  const merge = merger(resolve);
  const method = input.method.toUpperCase();
  const out: string[] = [];
  const summary = typeof operation.summary === 'string' ? operation.summary : text(operation.operationId ?? input.path);
  out.push(`# ${summary}`, '');
  if (typeof operation.description === 'string') out.push(operation.description.trim(), '');

  // The call: method and full URL on each server.
  const servers = serversOf(input);
  out.push(`## ${texts['reference.md.call']}`, '', `${texts['reference.md.method']}: \`${method}\``, '');
  out.push(
    table(
      [texts['reference.md.server'], texts['reference.md.url']],
      servers.map((server) => [server.description, `\`${server.url}\``]),
    ),
    '',
  );
  out.push(fill(texts['reference.md.production'], {email: input.supportEmail}), '');

  // Headers: the JSON body's type and any security scheme sent in a header.
  const body = isObject(operation.requestBody) ? resolve(operation.requestBody) : null;
  const media = body !== null && isObject(body.content) && isObject(body.content['application/json']) ? body.content['application/json'] : null;
  const headers: {name: string; value: string; row: string[]}[] = [];
  if (media !== null) {
    headers.push({
      name: 'Content-Type',
      value: 'application/json',
      row: ['`Content-Type`', 'string', texts['reference.md.yes'], texts['reference.md.contentType'], '`application/json`'],
    });
  }
  const security = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const schemes = isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {};
  for (const requirement of security) {
    for (const name of isObject(requirement) ? Object.keys(requirement) : []) {
      const scheme = resolve(schemes[name]);
      if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
        headers.push({name: scheme.name, value: `<${name}>`, row: [`\`${scheme.name}\``, 'string', texts['reference.md.yes'], describe(scheme), '']});
      }
    }
  }
  if (headers.length > 0) {
    out.push(
      `### ${texts['reference.md.headers']}`,
      '',
      table(
        [
          texts['reference.md.column.name'],
          texts['reference.md.column.type'],
          texts['reference.md.column.required'],
          texts['reference.md.column.description'],
          texts['reference.md.column.values'],
        ],
        headers.map((header) => header.row),
      ),
      '',
    );
  }

  // Path parameters.
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => resolve(p)).filter((p) => p.in === 'path');
  if (parameters.length > 0) {
    const rows = parameters.map((p) => {
      const schema = merge(p.schema).schema;
      const values = [valuesOf(schema, texts), p.example === undefined ? '' : `${code(p.example)}`].filter((v) => v !== '').join('; ');
      return [
        `\`${text(p.name)}\``,
        typeOf(schema, merge, texts),
        p.required === true ? texts['reference.md.yes'] : texts['reference.md.no'],
        typeof p.description === 'string' ? p.description : describe(schema),
        values,
      ];
    });
    out.push(
      `### ${texts['reference.md.pathParameters']}`,
      '',
      table(
        [
          texts['reference.md.column.name'],
          texts['reference.md.column.type'],
          texts['reference.md.column.required'],
          texts['reference.md.column.description'],
          texts['reference.md.column.values'],
        ],
        rows,
      ),
      '',
    );
  }

  // The request body's fields.
  out.push(`### ${texts['reference.md.requestBody']}`, '');
  if (media === null) {
    out.push(texts['reference.md.noBody'], '');
  } else {
    const {rows, conditions} = fieldsOf(media.schema, merge);
    out.push(fieldTable(rows, merge, texts), '');
    for (const {prefix, condition} of conditions) {
      const note = conditionNote(prefix, condition, texts);
      if (note !== null) out.push(note, '');
    }
  }

  // Request examples, and the first one as a curl command against the first server.
  const requestExamples = media === null ? [] : examplesOf(media, resolve);
  const pathExample = (url: string) =>
    parameters.reduce((done, p) => (p.example === undefined ? done : done.replace(`{${text(p.name)}}`, encodeURIComponent(text(p.example)))), url);
  out.push(`### ${texts['reference.md.requestExamples']}`, '');
  for (const example of requestExamples) out.push(`${example.title}:`, '', jsonBlock(example.value), '');
  const first = servers[0];
  if (first !== undefined) {
    const lines = [`curl -X ${method} ${shellQuote(pathExample(first.url))}`];
    for (const header of headers) lines.push(`  -H ${shellQuote(`${header.name}: ${header.value}`)}`);
    if (requestExamples[0] !== undefined) lines.push(`  -d ${shellQuote(JSON.stringify(requestExamples[0].value))}`);
    out.push(texts['reference.md.curl'], '', '```bash', lines.join(' \\\n'), '```', '');
  }

  // Responses: each status with its fields and examples; then the result codes.
  const responses = isObject(operation.responses) ? operation.responses : {};
  out.push(`## ${texts['reference.md.responses']}`, '');
  const codes: string[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolve(raw);
    const description = typeof response.description === 'string' ? response.description : '';
    out.push(`### ${status}`, '', description, '');
    codes.push(`- ${fill(texts['reference.md.httpStatus'], {status, description})}`);
    const answer = isObject(response.content) && isObject(response.content['application/json']) ? response.content['application/json'] : null;
    if (answer === null) continue;
    const merged = merge(answer.schema);
    const {rows} = merged.schema.type === 'array' ? fieldsOf(merged.schema.items, merge, '[].') : fieldsOf(answer.schema, merge);
    if (rows.length > 0) out.push(`#### ${texts['reference.md.responseFields']}`, '', fieldTable(rows, merge, texts), '');
    const examples = examplesOf(answer, resolve);
    if (examples.length > 0) {
      out.push(`#### ${texts['reference.md.responseExamples']}`, '');
      for (const example of examples) out.push(`${example.title}:`, '', jsonBlock(example.value), '');
    }
    codes.push(...resultCodes(answer.schema, merge, texts).map((block) => `\n${block}`));
  }
  out.push(`## ${texts['reference.md.resultCodes']}`, '', ...codes, '', fill(texts['reference.md.valuesPage'], {url: input.valuesPageUrl}), '');
  out.push(
    fill(texts['reference.md.contract'], {
      file: input.contractUrl.replace(/^.*\//, ''),
      url: input.contractUrl,
      operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
    }),
    '',
  );
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
