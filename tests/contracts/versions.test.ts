/**
 * @jest-environment node
 */
// The contracts of each documentation version (contributing/versions.md): the current
// one (openapi/) documents the REST-style fields moneda and tipoDocumento; v1
// (openapi/versions/v1/) the previous contract, with the currency in Extra8 and
// the document-type code in Extra9. Card REST (tcrest) takes moneda and
// tipoDocumento in both. Every example of v1 matches its schema and the versions
// have the same operations, so a version switch always finds the same page.
import {DOCUMENT_TYPE_CODES, REST_CURRENCIES} from '../../core/data/enumerations';
import {isObject, operationsOf, pageKeysOf, requestPath, type Json, type JsonObject} from '../../core/openapi/contracts';
import {allVersions} from '../../core/node/openapiVersions';
import {LOCALES, ROOT, closed, loadBundles, makeAjv, type Bundles} from '../support/contracts';

let current: Bundles;
let v1: Bundles;
let v1Plain: Bundles;
beforeAll(() => {
  current = loadBundles(true);
  v1 = loadBundles(true, 'v1');
  v1Plain = loadBundles(false, 'v1');
}, 120_000);

/** Every property name reachable from `schema`, with the values its schemas allow. */
function properties(schema: Json, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (!isObject(schema)) return out;
  const values = (s: Json): string[] => (isObject(s) ? [...(Array.isArray(s.enum) ? s.enum.map(String) : []), ...(Array.isArray(s.allOf) ? s.allOf.flatMap(values) : [])] : []);
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const set = out.get(name) ?? new Set<string>();
      for (const v of values(child)) set.add(v);
      out.set(name, set);
      properties(child, out);
    }
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) properties(s, out);
  }
  return out;
}

/** The request bodies of the payment requests (/confirmacionTransaccionMedioPago#<method>). */
function paymentRequests(document: JsonObject): [string, Json][] {
  return operationsOf(document)
    .filter(({path}) => requestPath(path) === '/confirmacionTransaccionMedioPago')
    .map(({operation}) => {
      const body = operation.requestBody as JsonObject;
      return [String(operation['x-page-key']), ((body.content as JsonObject)['application/json'] as JsonObject).schema as Json];
    });
}

const documentCodes = DOCUMENT_TYPE_CODES.map((d) => String(d.code)).sort();
const currencies = [...REST_CURRENCIES].map(String).sort();

it('versions.json lists v1, the previous contract, after the current version', () => {
  const versions = allVersions(ROOT);
  expect(versions[0]).toBe('current');
  expect(versions).toContain('v1');
});

describe.each(LOCALES)('payment requests (%s)', (locale) => {
  it('v1 /rest takes the currency in Extra8 and the document type in Extra9, never moneda or tipoDocumento', () => {
    const requests = paymentRequests(v1.rest[locale]);
    expect(requests.map(([key]) => key)).toEqual(['referenciado', 'pse', 'pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente', 'pago-daviplata', 'pago-segunda-billetera']);
    for (const [key, schema] of requests) {
      const fields = properties(schema);
      expect({key, Extra8: [...(fields.get('Extra8') ?? [])].sort(), Extra9: [...(fields.get('Extra9') ?? [])].sort()}).toEqual({key, Extra8: currencies, Extra9: documentCodes});
      expect({key, moneda: fields.has('moneda'), tipoDocumento: fields.has('tipoDocumento')}).toEqual({key, moneda: false, tipoDocumento: false});
    }
  });

  it('the current /rest takes moneda and tipoDocumento, never Extra8 or Extra9', () => {
    const requests = paymentRequests(current.rest[locale]);
    expect(requests).toHaveLength(8);
    for (const [key, schema] of requests) {
      const fields = properties(schema);
      expect({key, moneda: [...(fields.get('moneda') ?? [])].sort(), tipoDocumento: [...(fields.get('tipoDocumento') ?? [])].sort()}).toEqual({
        key,
        moneda: currencies,
        tipoDocumento: documentCodes,
      });
      expect({key, Extra8: fields.has('Extra8'), Extra9: fields.has('Extra9')}).toEqual({key, Extra8: false, Extra9: false});
    }
  });

  it('card REST takes moneda and tipoDocumento in both versions', () => {
    for (const bundles of [current, v1]) {
      const requests = paymentRequests(bundles.tcrest[locale]);
      expect(requests.length).toBeGreaterThan(0);
      for (const [, schema] of requests) {
        const fields = properties(schema);
        expect([fields.has('moneda'), fields.has('tipoDocumento'), fields.has('Extra8'), fields.has('Extra9')]).toEqual([true, true, false, false]);
      }
    }
  });

  it('both versions have the same operations, so the version switch lands on the same page', () => {
    for (const id of ['rest', 'apirest', 'tcrest'] as const) {
      expect(pageKeysOf(v1[id][locale])).toEqual(pageKeysOf(current[id][locale]));
    }
  });
});

it('every example of the v1 payment requests matches its schema and uses Extra8 and Extra9', () => {
  const ajv = makeAjv();
  let checked = 0;
  for (const locale of LOCALES) {
    for (const {path, operation} of operationsOf(v1.rest[locale])) {
      if (requestPath(path) !== '/confirmacionTransaccionMedioPago') continue;
      const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
      const validate = ajv.compile(closed(media.schema as Json) as object);
      for (const [name, example] of Object.entries(media.examples as JsonObject)) {
        const value = (example as JsonObject).value as JsonObject;
        expect({name, valid: validate(value), errors: validate.errors ?? null}).toEqual({name, valid: true, errors: null});
        expect(Object.keys(value)).toEqual(expect.arrayContaining(['Extra8', 'Extra9']));
        expect(Object.keys(value)).not.toEqual(expect.arrayContaining(['moneda']));
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThanOrEqual(16);
  // The plain bundle keeps the examples by reference: none of them is left without a request.
  expect(Object.keys((v1Plain.rest.es.components as JsonObject).examples as JsonObject).some((k) => k.endsWith('Anterior'))).toBe(false);
});
