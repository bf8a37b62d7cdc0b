/**
 * @jest-environment node
 */
// The contracts agree with the facts of core/data and core/config.ts: payment
// method ids, document codes, currencies, result codes and states, page keys,
// server bases, limits. A fact changed on one side only fails here.
import {ENV_DEFAULTS, loadPortalConfig} from '../../core/config';
import {methodsOf, type PaymentGroup} from '../../core/data/paymentMethods';
import {DEFAULTS, DOCUMENT_TYPE_CODES, PERIOD, REST_CURRENCIES} from '../../core/data/enumerations';
import {APIREST_SIDEBAR, REST_SIDEBAR, REST_SIDEBAR_EXTRA, TCREST_SIDEBAR, type ApiSidebarEntry} from '../../core/data/apiSidebar';
import {
  BOOLEAN_ESTADO,
  BOOLEAN_ESTADO_OPERATIONS,
  BUTTON_FIELD_DATA_TYPES,
  BUTTON_FIELD_KINDS,
  BUTTON_LIMITS,
  CARD_VARIANT_RESPONSE_CODES,
  DELETE_DOCUMENT_TYPE,
  DELETE_TYPES,
  EMAIL_PAYMENT_OPERATION,
  ESTADO_CARD,
  ESTADO_REFERENCED_PSE,
  OPERATION_RESULT_CODES,
  PAYMENT_RESPONSE_CODES,
  PSE_PERSON_TYPES,
  RECONCILIATION_PAGE_SIZE,
  REJECTED_AUTHORIZATION_CODES,
} from '../../core/data/resultCodes';
import {CIPHERTEXT_HEX_LENGTH} from '../../core/data/encryption';
import {applyEnvironment, isObject, operationsOf, requestPath, serverUrlsOf, type Json, type JsonObject} from '../../core/openapi/contracts';
import {operationPageKeys} from '../../src/lib/apiSidebars';
import {loadBundles, type Bundles} from '../support/contracts';

let deref: Bundles;
let plain: Bundles;
beforeAll(() => {
  deref = loadBundles(true);
  plain = loadBundles(false);
});

/** The operation of a contract whose page key is `key`. */
function op(document: JsonObject, key: string): JsonObject {
  const found = operationsOf(document).find((o) => o.operation['x-page-key'] === key);
  if (found === undefined) throw new Error(`no operation with x-page-key ${key}`);
  return found.operation;
}

/** Every property schema named `name` reachable from `schema` (through compositions, properties and items). */
function propertySchemas(schema: Json, name: string): JsonObject[] {
  if (!isObject(schema)) return [];
  const out: JsonObject[] = [];
  if (isObject(schema.properties)) {
    const own = schema.properties[name];
    if (isObject(own)) out.push(own);
    for (const child of Object.values(schema.properties)) out.push(...propertySchemas(child, name));
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) out.push(...propertySchemas(s, name));
  }
  if (schema.items !== undefined) out.push(...propertySchemas(schema.items, name));
  return out;
}

/** The allowed values of a string schema: its enum, its const, or those of its allOf parts. */
function valuesOf(schema: JsonObject): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  if (Array.isArray(schema.allOf)) return schema.allOf.flatMap((s) => (isObject(s) ? valuesOf(s) : []));
  return [];
}

function requestSchema(operation: JsonObject): Json {
  const body = operation.requestBody as JsonObject;
  return ((body.content as JsonObject)['application/json'] as JsonObject).schema as Json;
}

function responseSchema(operation: JsonObject): Json {
  const ok = (operation.responses as JsonObject)['200'] as JsonObject;
  return ((ok.content as JsonObject)['application/json'] as JsonObject).schema as Json;
}

/** The distinct values every schema of `name` in `schema` allows (each occurrence must agree). */
function fieldValues(schema: Json, name: string): string[][] {
  return propertySchemas(schema, name).map((s) => [...new Set(valuesOf(s))].sort());
}

const ids = (...groups: PaymentGroup[]): string[] =>
  [
    ...new Set(
      groups
        .flatMap((g) =>
          methodsOf(g)
            .flatMap((m) => [m.demo, m.production])
            .filter((v): v is number => v !== null),
        )
        .map(String),
    ),
  ].sort();

const wallet = (variant: 'first' | 'second'): string[] => ids('wallet').filter((id) => methodsOf('wallet').find((m) => m.variant === variant)?.demo === Number(id));

const sorted = (values: readonly (string | number)[]): string[] => values.map(String).sort();

describe('payment-method ids', () => {
  const cases: [string, string[]][] = [
    ['referenciado', ids('referenced', 'barcode')],
    ['pse', ids('pse')],
    ['pago-tarjeta', ids('card')],
    ['creartoken', ids('card')],
    ['pagotoken', ids('card')],
    ['recurrente', ids('card')],
    ['pago-daviplata', wallet('first')],
    ['pago-segunda-billetera', wallet('second')],
    ['crearTokenTarjeta', ids('card')],
  ];

  it.each(cases)('MetodoPago.Id of /rest/%s are the ids of core/data/paymentMethods.ts', (key, expected) => {
    const metodo = propertySchemas(requestSchema(op(deref.rest.es, key)), 'MetodoPago');
    expect(metodo.length).toBeGreaterThan(0);
    for (const schema of metodo) {
      for (const values of fieldValues(schema, 'Id')) expect(values).toEqual(expected);
    }
  });

  it.each(['pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente'])('MetodoPago.Id of /tcrest/%s are the card ids', (key) => {
    for (const values of fieldValues(requestSchema(op(deref.tcrest.es, key)), 'Id')) expect(values).toEqual(ids('card'));
  });

  it('the PSE bank list takes the PSE ids', () => {
    expect(fieldValues(requestSchema(op(deref.rest.es, 'listar-bancos')), 'idMetodoPago')).toEqual([ids('pse')]);
  });
});

describe('enumerations', () => {
  const documentCodes = sorted(DOCUMENT_TYPE_CODES.map((d) => d.code));
  const paymentKeys = ['referenciado', 'pse', 'pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente', 'pago-daviplata', 'pago-segunda-billetera'];

  // The current contract documents the REST-style fields only; the previous variant (Extra8, Extra9)
  // is the contract of version v1 (tests/contracts/versions.test.ts).
  it.each(paymentKeys)('/rest/%s takes tipoDocumento and moneda, not Extra9 and Extra8', (key) => {
    const schema = requestSchema(op(deref.rest.es, key));
    expect(fieldValues(schema, 'tipoDocumento')).toEqual([documentCodes]);
    expect(fieldValues(schema, 'moneda')).toEqual([sorted(REST_CURRENCIES)]);
    expect(propertySchemas(schema, 'Extra8')).toEqual([]);
    expect(propertySchemas(schema, 'Extra9')).toEqual([]);
  });

  it.each(['pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente'])('/tcrest/%s uses only the REST-style fields moneda and tipoDocumento', (key) => {
    const schema = requestSchema(op(deref.tcrest.es, key));
    expect(fieldValues(schema, 'tipoDocumento')).toEqual([documentCodes]);
    expect(fieldValues(schema, 'moneda')).toEqual([sorted(REST_CURRENCIES)]);
    expect(propertySchemas(schema, 'Extra8')).toEqual([]);
    expect(propertySchemas(schema, 'Extra9')).toEqual([]);
  });

  it('every currency field defaults to the portal default and lists the REST currencies', () => {
    for (const [key, field] of [
      ['referenciado', 'moneda'],
      ['pse', 'moneda'],
      ['botonpago', 'tipoMoneda'],
      ['pago-correo', 'tipoMoneda'],
    ] as const) {
      const schemas = propertySchemas(requestSchema(op(deref.rest.es, key)), field);
      expect(schemas.length).toBeGreaterThan(0);
      for (const s of schemas) {
        expect(valuesOf(s).sort()).toEqual(sorted(REST_CURRENCIES));
        const defaults = [s.default, ...(Array.isArray(s.allOf) ? s.allOf.map((p) => (isObject(p) ? p.default : undefined)) : [])].filter((d) => d !== undefined);
        expect(defaults).toContain(DEFAULTS.tipoMoneda);
      }
    }
  });

  it('delete takes tipoBorrado 1 or 0 and tipoDocumento 0', () => {
    const schema = requestSchema(op(deref.rest.es, 'eliminar-recurrencia'));
    expect(fieldValues(schema, 'tipoBorrado')).toEqual([sorted(DELETE_TYPES.map((t) => t.code))]);
    expect(fieldValues(schema, 'tipoDocumento')).toEqual([[DELETE_DOCUMENT_TYPE]]);
  });

  it('PSE person type, button field types and the percentage limits match', () => {
    expect(fieldValues(requestSchema(op(deref.rest.es, 'pse')), 'campo3')).toEqual([sorted(PSE_PERSON_TYPES.map((t) => t.code))]);
    const button = requestSchema(op(deref.rest.es, 'botonpago'));
    expect(fieldValues(button, 'tipodato')).toEqual([sorted(BUTTON_FIELD_DATA_TYPES)]);
    expect(fieldValues(button, 'tipocampo')).toEqual([sorted(BUTTON_FIELD_KINDS)]);
    const [percentage] = propertySchemas(button, 'valorCobroPorcentual');
    expect({min: percentage?.minimum, max: percentage?.maximum}).toEqual({min: BUTTON_LIMITS.percentageMin, max: BUTTON_LIMITS.percentageMax});
  });
});

describe('result codes and states', () => {
  const codes = (list: readonly {code: string}[]): string[] => sorted(list.map((c) => c.code));

  it.each(['referenciado', 'pse', 'pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente', 'pago-daviplata', 'pago-segunda-billetera', 'finalizar-pago-daviplata'])(
    '/rest/%s answers CodigoRespuesta with the payment codes, each described',
    (key) => {
      const [schema, ...others] = propertySchemas(responseSchema(op(deref.rest.es, key)), 'CodigoRespuesta');
      expect(others).toEqual([]);
      expect(valuesOf(schema!).sort()).toEqual(codes(PAYMENT_RESPONSE_CODES));
      expect(Object.keys(schema!['x-enumDescriptions'] as JsonObject).sort()).toEqual(codes(PAYMENT_RESPONSE_CODES));
    },
  );

  it.each(['pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente'])('/tcrest/%s answers with the card variant of CodigoRespuesta', (key) => {
    const [schema] = propertySchemas(responseSchema(op(deref.tcrest.es, key)), 'CodigoRespuesta');
    expect(valuesOf(schema!).sort()).toEqual(codes(CARD_VARIANT_RESPONSE_CODES));
    const described = schema!['x-enumDescriptions'] as Record<string, string>;
    // 99 is the question validation and 2 the unexpected error in this variant.
    expect(described['99']).toMatch(/Cuestionario/);
    expect(described['2']).toMatch(/inesperado/);
  });

  it('estado lists the referenced/PSE and the card states', () => {
    for (const key of ['referenciado', 'pse']) {
      expect(fieldValues(responseSchema(op(deref.rest.es, key)), 'estado')).toEqual([sorted(ESTADO_REFERENCED_PSE)]);
    }
    for (const key of ['pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente', 'crearTokenTarjeta']) {
      expect(fieldValues(responseSchema(op(deref.rest.es, key)), 'estado')).toEqual([sorted(ESTADO_CARD)]);
    }
    expect(fieldValues(responseSchema(op(deref.tcrest.es, 'pago-tarjeta')), 'estado')).toEqual([sorted(ESTADO_CARD)]);
  });

  it.each(Object.entries(OPERATION_RESULT_CODES))('%s answers with its own codes', (operation, {field, codes: expected}) => {
    const found = operationsOf(deref.rest.es).find((o) => requestPath(o.path) === operation);
    expect(found).toBeDefined();
    expect(fieldValues(responseSchema(found!.operation), field)).toEqual([codes(expected)]);
  });

  it.each([...BOOLEAN_ESTADO_OPERATIONS])('%s answers estado "true" or "false"', (operation) => {
    const found = operationsOf(deref.rest.es).find((o) => requestPath(o.path) === operation);
    expect(fieldValues(responseSchema(found!.operation), 'estado')).toEqual([sorted(BOOLEAN_ESTADO)]);
  });

  it('numeroAutorizacion names the rejected authorization codes, and the card examples show them', () => {
    const schema = (plain.rest.es.components as JsonObject).schemas as JsonObject;
    const description = String((schema.NumeroAutorizacion as JsonObject).description);
    for (const {code} of REJECTED_AUTHORIZATION_CODES) {
      expect(description).toContain(`\`${code}\``);
    }
    for (const contract of [deref.rest.es, deref.tcrest.es]) {
      const rejected = JSON.stringify(op(contract, 'pago-tarjeta').responses);
      for (const {code} of REJECTED_AUTHORIZATION_CODES) expect(rejected).toContain(`"numeroAutorizacion":"${code}"`);
    }
  });
});

describe('formats and limits', () => {
  it('recurrence periods run from 1 to 364 and creating a token sends 0', () => {
    const schemas = propertySchemas(requestSchema(op(deref.rest.es, 'recurrente')), 'campo6');
    for (const s of schemas) {
      const re = new RegExp(String(s.pattern));
      expect([PERIOD.min, 30, PERIOD.max].every((n) => re.test(String(n)))).toBe(true);
      expect([0, PERIOD.max + 1, 1000].some((n) => re.test(String(n)))).toBe(false);
    }
    expect(fieldValues(requestSchema(op(deref.rest.es, 'creartoken')), 'campo6')).toEqual([[String(PERIOD.token)]]);
  });

  it('encrypted card fields are 512 hexadecimal characters', () => {
    const schemas = (plain.rest.es.components as JsonObject).schemas as JsonObject;
    expect((schemas.ValorCifrado as JsonObject).pattern).toBe(`^[0-9a-fA-F]{${CIPHERTEXT_HEX_LENGTH}}$`);
  });

  it('a reconciliation page holds at most 10 transactions', () => {
    const [transacciones] = propertySchemas(responseSchema(op(deref.apirest.es, 'transacciones-referencia')), 'transacciones');
    expect(transacciones?.maxItems).toBe(RECONCILIATION_PAGE_SIZE);
  });

  it('the reconciliation GET takes terminal, dates and page in the path and the token in Authorization', () => {
    const found = operationsOf(deref.apirest.es).find((o) => o.method === 'get');
    expect(found?.path).toBe('/conciliacion/{terminal}/{fecha_inicio}/{fecha_fin}/{pagina}');
    const params = found!.operation.parameters as JsonObject[];
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['terminal', 'path', true],
      ['fecha_inicio', 'path', true],
      ['fecha_fin', 'path', true],
      ['pagina', 'path', true],
    ]);
    const schemes = (deref.apirest.es.components as JsonObject).securitySchemes as JsonObject;
    const [requirement] = found!.operation.security as JsonObject[];
    const scheme = schemes[Object.keys(requirement!)[0]!] as JsonObject;
    expect({type: scheme.type, in: scheme.in, name: scheme.name}).toEqual({type: 'apiKey', in: 'header', name: 'Authorization'});
  });
});

describe('page keys and servers', () => {
  const byKey = (entries: readonly ApiSidebarEntry[]): Map<string, ApiSidebarEntry> =>
    new Map(
      entries.flatMap(function flat(e): [string, ApiSidebarEntry][] {
        return [[e.pageKey, e], ...(e.children ?? []).flatMap(flat)];
      }),
    );

  it.each([
    ['rest', [...REST_SIDEBAR, ...REST_SIDEBAR_EXTRA]],
    ['apirest', APIREST_SIDEBAR],
    ['tcrest', TCREST_SIDEBAR],
  ] as const)('every operation of %s has the page key, path, verb and title of its sidebar entry', (id, entries) => {
    const operations = operationsOf(plain[id].es);
    expect(operations.map((o) => String(o.operation['x-page-key'])).sort()).toEqual(operationPageKeys(entries).sort());
    const entriesByKey = byKey(entries);
    for (const {path, method, operation} of operations) {
      const entry = entriesByKey.get(String(operation['x-page-key']))!;
      expect({key: entry.pageKey, path: requestPath(path), verb: method, title: operation.summary}).toEqual({
        key: entry.pageKey,
        path: entry.operation,
        verb: entry.verb,
        title: entry.title,
      });
    }
  });

  it('the e-mail payment operation is at its documented path and page', () => {
    expect(requestPath(operationsOf(plain.rest.es).find((o) => o.operation['x-page-key'] === 'pago-correo')!.path)).toBe(EMAIL_PAYMENT_OPERATION);
  });

  it('every server is an API base of core/config.ts at its default', () => {
    const bases: string[] = [
      ENV_DEFAULTS.CORE_API_BASE,
      ENV_DEFAULTS.AUTH_API_BASE,
      ENV_DEFAULTS.REST_API_BASE,
      ENV_DEFAULTS.REST_V2_AUTH_API_BASE,
      ENV_DEFAULTS.WALLET_SIMULATOR_API_BASE,
    ];
    for (const id of ['rest', 'apirest', 'tcrest'] as const) {
      for (const url of serverUrlsOf(plain[id].es)) expect(bases).toContain(url);
    }
    expect(serverUrlsOf(plain.rest.es)[0]).toBe(ENV_DEFAULTS.CORE_API_BASE);
    expect(operationsOf(plain.rest.es).find((o) => o.path === '/autenticar')!.operation.servers).toEqual([expect.objectContaining({url: ENV_DEFAULTS.AUTH_API_BASE})]);
    expect(serverUrlsOf(plain.apirest.es)).toEqual([ENV_DEFAULTS.REST_API_BASE, ENV_DEFAULTS.REST_V2_AUTH_API_BASE]);
  });

  it('the generator puts the configured bases and product name in the contracts, and refuses unknown servers', () => {
    const portal = loadPortalConfig({CORE_API_BASE: 'https://pagos.example.co/core', AUTH_API_BASE: 'https://pagos.example.co/auth', PRODUCT_NAME: 'Pagos'});
    const applied = applyEnvironment(plain.rest.es, ENV_DEFAULTS, portal);
    expect(serverUrlsOf(applied)).toContain('https://pagos.example.co/core');
    expect(serverUrlsOf(applied)).toContain('https://pagos.example.co/auth');
    expect(JSON.stringify(applied)).toContain('"serialPagos"');
    expect(JSON.stringify(applied)).not.toContain(`"serial${ENV_DEFAULTS.PRODUCT_NAME}"`);
    const unknown = {...plain.rest.es, servers: [{url: 'https://other.example/api'}]};
    expect(() => applyEnvironment(unknown, ENV_DEFAULTS, loadPortalConfig({}))).toThrow(/is not the default of an API base/);
  });

  it('serial{product} of the referenced payment carries the default product name', () => {
    const [serial] = propertySchemas(responseSchema(op(deref.rest.es, 'referenciado')), `serial${ENV_DEFAULTS.PRODUCT_NAME}`);
    expect(serial).toBeDefined();
  });
});
