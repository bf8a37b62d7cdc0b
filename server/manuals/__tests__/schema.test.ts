/**
 * The route schema of enviarManuales (server/manuals/schema.ts), the rules
 * it delegates to addresses.ts, and the JSON parser's nesting bound, on their
 * own: the same schema and Ajv the route compiles.
 */
import {MAX_ADDRESS_LENGTH} from '../addresses';
import {ApiRefusal} from '../errors';
import {nestsDeeperThan} from '../json';
import {createAjv, enviarManualesSchema, refusalFor} from '../schema';

const validate = createAjv().compile(enviarManualesSchema.body);

/** What the route answers for `body`: null when the schema takes it. */
function answer(body: unknown) {
  if (validate(body)) {
    return null;
  }
  const refusal = refusalFor(validate.errors ?? []);
  expect(refusal).toBeInstanceOf(ApiRefusal);
  expect(refusal.status).toBe(400);
  return refusal.body;
}

describe('the body schema', () => {
  it('takes a list of plain addresses and changes nothing in it', () => {
    const body = {correos: ['ana@empresa.co', 'ANA@empresa.co']};
    expect(answer(body)).toBeNull();
    expect(body).toEqual({correos: ['ana@empresa.co', 'ANA@empresa.co']});
  });

  it('neither coerces a value nor drops a field it does not know', () => {
    expect(answer({correos: 'ana@empresa.co'})).toMatchObject({error: 'CUERPO_INVALIDO', campos: ['correos']});
    expect(answer({correos: [7]})).toMatchObject({error: 'CORREOS_INVALIDOS', rechazados: [{indice: 0, correo: '7', motivo: 'NO_ES_TEXTO'}]});
    expect(answer({correos: ['a@uno.co'], otro: 1})).toMatchObject({error: 'CUERPO_INVALIDO', campos: ['otro']});
  });

  it.each([
    [null, 'CUERPO_INVALIDO'],
    ['texto', 'CUERPO_INVALIDO'],
    [[], 'CUERPO_INVALIDO'],
    [{}, 'CUERPO_INVALIDO'],
    [{correos: {}}, 'CUERPO_INVALIDO'],
    [{correos: []}, 'SIN_CORREOS'],
  ])('answers %p with %s', (body, error) => {
    expect(answer(body)).toMatchObject({error});
  });

  it("gives each bad entry one reason, the schema's own first, in the order of the list", () => {
    const long = `${'a'.repeat(MAX_ADDRESS_LENGTH)}@x.co`;
    expect(answer({correos: [long, 'bien@uno.co', null, 'Ana <a@uno.co>', `  ${'\n'.repeat(300)}`]})).toEqual({
      error: 'CORREOS_INVALIDOS',
      mensaje: `Correos no válidos: ${long.slice(0, 80)}…, null, Ana <a@uno.co>, ${`  ${'\n'.repeat(78)}`}…. Corrija cada uno (rechazados dice por qué).`,
      rechazados: [
        {indice: 0, correo: `${long.slice(0, 80)}…`, motivo: 'DEMASIADO_LARGO'},
        {indice: 2, correo: 'null', motivo: 'NO_ES_TEXTO'},
        {indice: 3, correo: 'Ana <a@uno.co>', motivo: 'NOMBRE_VISIBLE'},
        {indice: 4, correo: `  ${'\n'.repeat(78)}…`, motivo: 'DEMASIADO_LARGO'},
      ],
    });
  });
});

describe('the nesting bound of the JSON parser', () => {
  it.each([
    ['{"correos": ["a@uno.co"]}', 2, false],
    ['{"correos": [["a@uno.co"]]}', 2, true],
    ['{"correos": ["[[[[{{{{"]}', 2, false],
    ['{"correos": ["\\"[[[["]}', 2, false],
    ['{"a": "\\\\", "b": [[1]]}', 2, true],
  ])('%s deeper than %d: %p', (text, limit, deeper) => {
    expect(nestsDeeperThan(text, limit)).toBe(deeper);
  });
});
