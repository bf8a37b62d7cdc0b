/**
 * Contract tests: every request example of the REST contracts is sent to the
 * sandbox (with a fresh tokenSeguridad instead of the example's fixed JWT) and
 * accepted: a 200 whose answer satisfies the operation's answer schema, with
 * no field the contract does not declare.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '..';
import {closeSchema, compileValidator, loadContractOperations, makeSandboxAjv, type Json} from '../contracts';
import {decryptField} from '../gateway/card';
import {SANDBOX_TEST_CARDS, TEST_CARD} from '../../../core/data/sandbox';
import {freshToken, sandboxApp} from '../../testSupport/sandbox';

// Starting the sandbox reads the contracts; the machine is shared and can be slow.
jest.setTimeout(60_000);

const operations = loadContractOperations();
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await sandboxApp();
  token = await freshToken(app);
});
afterAll(async () => app.close());

const withToken = (value: Json): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out = {...value};
  for (const key of ['tokenSeguridad', 'accessToken']) if (key in out) out[key] = token;
  return out;
};

const cases = operations.flatMap((op) => (op.method === 'GET' ? [{op, name: 'parameters', value: null as Json}] : op.examples.map((e) => ({op, name: e.name, value: e.value}))));

it('covers every operation of the three contracts', () => {
  expect(new Set(cases.map((c) => `${c.op.contract} ${c.op.operationId}`)).size).toBe(operations.length);
  expect(operations.length).toBeGreaterThanOrEqual(20);
});

it.each(cases.map((c) => [`${c.op.contract} ${c.op.operationId} ${c.name}`, c] as const))('accepts %s', async (_name, {op, value}) => {
  const url = `${SANDBOX_BASE}${op.base}${op.path}`;
  let answer;
  if (op.method === 'GET') {
    // The parameters' own examples; the token in Authorization.
    const params = {terminal: '4501', fecha_inicio: '2026-03-01', fecha_fin: '2026-03-15', pagina: '1'};
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: keyof typeof params) => params[name]);
    answer = await app.inject({method: 'GET', url: `${SANDBOX_BASE}${op.base}${path}`, headers: {authorization: token}});
  } else {
    answer = await app.inject({method: 'POST', url, payload: withToken(value) as object});
  }
  expect({status: answer.statusCode, body: answer.json()}).toEqual({status: 200, body: expect.anything()});
  const validate = compileValidator(makeSandboxAjv(), closeSchema(op.answer ?? {}));
  expect(validate(answer.json())).toEqual([]);
});

it('the contract examples carry card fields that decrypt to the approving test card of their brand', () => {
  const seen: string[] = [];
  for (const op of operations) {
    for (const example of op.examples) {
      const metodo = (example.value as {MetodoPago?: Record<string, string>}).MetodoPago;
      if (metodo?.campo1 === undefined || !/^[0-9a-f]{512}$/i.test(metodo.campo1)) continue;
      const card = SANDBOX_TEST_CARDS.find((c) => c.methodId === metodo.Id);
      expect(decryptField(metodo.campo1)).toBe(card?.approved);
      if (metodo.campo2 !== undefined) expect(decryptField(metodo.campo2)).toBe(TEST_CARD.cvc);
      expect(decryptField(metodo.campo3 ?? '')).toBe(TEST_CARD.expiryYear);
      expect(decryptField(metodo.campo4 ?? '')).toBe(TEST_CARD.expiryMonth);
      seen.push(`${op.contract} ${op.operationId} ${example.name}`);
    }
  }
  expect(seen.length).toBeGreaterThanOrEqual(8);
});
