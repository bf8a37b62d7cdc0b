/**
 * @jest-environment node
 */
// Every example of every contract, in Spanish and in English, satisfies its
// schema, and uses only the fields the schema declares.
import {compile, examplesOf, loadBundles, makeAjv, LOCALES, type Bundles} from '../support/contracts';

let bundles: Bundles;
beforeAll(() => {
  bundles = loadBundles(true);
});

const CONTRACTS = ['rest', 'apirest', 'tcrest'] as const;

describe.each(CONTRACTS)('examples of the %s contract', (id) => {
  it.each(LOCALES)('validate against their schemas (%s)', (locale) => {
    const ajv = makeAjv();
    const examples = examplesOf(bundles[id][locale]);
    expect(examples.length).toBeGreaterThan(0);
    const failures = examples.flatMap(({where, schema, value}) => {
      const validate = compile(ajv, schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors, {separator: '; '})}`];
    });
    expect(failures).toEqual([]);
  });

  it('has a request and a response example for every operation', () => {
    const examples = examplesOf(bundles[id].es);
    const operations = Object.entries(bundles[id].es.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path} `),
    );
    for (const operation of operations) {
      const own = examples.filter((e) => e.where.startsWith(operation));
      const isGet = operation.startsWith('GET ');
      expect({operation, request: own.some((e) => / (request|parameter) /.test(e.where)) || isGet}).toEqual({operation, request: true});
      expect({operation, response: own.some((e) => / response 200 /.test(e.where))}).toEqual({operation, response: true});
    }
  });
});

describe('the example check itself', () => {
  const ajv = makeAjv();
  const schema = {
    type: 'object',
    required: ['Referencia'],
    properties: {Referencia: {type: 'string'}, Valortotal: {type: 'string', pattern: '^[0-9]+$'}, Fecha: {type: 'string', format: 'date'}},
  };

  it('rejects a misspelt field, a wrong pattern and a wrong date', () => {
    const validate = compile(ajv, schema);
    expect(validate({Referencia: 'A', Valortotl: '1'})).toBe(false);
    expect(validate({Referencia: 'A', Valortotal: '1.000'})).toBe(false);
    expect(validate({Referencia: 'A', Fecha: '2026-13-45'})).toBe(false);
    expect(validate({Referencia: 'A', Valortotal: '1000', Fecha: '2026-03-31'})).toBe(true);
  });

  it('sees the fields of every allOf part and of the oneOf branch that matches', () => {
    const composed = {
      oneOf: [
        {allOf: [schema, {type: 'object', required: ['tipoDocumento'], properties: {tipoDocumento: {enum: ['1', '2']}}}]},
        {allOf: [schema, {type: 'object', required: ['Extra9'], properties: {Extra9: {enum: ['1', '2']}}}]},
      ],
    };
    const validate = compile(ajv, composed);
    expect(validate({Referencia: 'A', tipoDocumento: '1'})).toBe(true);
    expect(validate({Referencia: 'A', Extra9: '2'})).toBe(true);
    // Both variants at once match both branches: oneOf refuses it.
    expect(validate({Referencia: 'A', tipoDocumento: '1', Extra9: '2'})).toBe(false);
    expect(validate({Referencia: 'A', tipoDocumento: '1', Otro: 'x'})).toBe(false);
  });
});
