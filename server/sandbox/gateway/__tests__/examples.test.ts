/**
 * The records the contracts' example requests name (../examples.ts):
 * derived from the contracts of every version, held for the demo merchant and put back
 * in their example state whenever a request names them, so that every example runs
 * again and again; another merchant, or a body that differs in one identifying field,
 * finds nothing.
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_TEST_CARDS} from '../../../../core/data/sandbox';
import {SANDBOX_BASE} from '../..';
import {loadContractOperations, type ContractOperation, type Json, type JsonObject} from '../../contracts';
import {IDENTIFYING_FIELDS, deriveExampleRequests, type ExampleOperation} from '../examples';
import {MERCHANT, freshToken, newMerchant, sandboxApp, tokenOf} from '../../../testSupport/sandbox';

// Starting the sandbox reads the contracts; the machine is shared and can be slow.
jest.setTimeout(120_000);

const OPERATIONS = loadContractOperations();
const EXAMPLE_OPERATIONS = Object.keys(IDENTIFYING_FIELDS) as ExampleOperation[];

/** Each operation's answer when it finds the record, and when it does not (its documented "not found"). */
const OUTCOME: Readonly<Record<ExampleOperation, {readonly field: string; readonly found: string; readonly missing: string}>> = {
  consultarEstadoTransaccion: {field: 'codigoRespuesta', found: '0', missing: '1'},
  reversarTransaccionTarjeta: {field: 'estado', found: 'true', missing: 'false'},
  consultaInfoToken: {field: 'estado', found: '0', missing: '99'},
  pagoToken: {field: 'CodigoRespuesta', found: '0', missing: '1'},
  eliminarRecurrenciaToken: {field: 'estado', found: 'true', missing: 'false'},
  finalizaPagoDaviplata: {field: 'CodigoRespuesta', found: '0', missing: '1'},
};

interface Example {
  readonly op: ContractOperation;
  readonly operation: ExampleOperation;
  readonly name: string;
  readonly value: JsonObject;
}

/** Every example request of the six operations, in every contract and version. */
const EXAMPLES: readonly Example[] = OPERATIONS.flatMap((op) =>
  (EXAMPLE_OPERATIONS as string[]).includes(op.operationId)
    ? op.examples.map((e) => ({op, operation: op.operationId as ExampleOperation, name: e.name, value: e.value as JsonObject}))
    : [],
);

const at = (body: Json, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);

/** The example with another value at `path`. */
function withField(body: JsonObject, path: string, value: string): JsonObject {
  const copy = structuredClone(body);
  const keys = path.split('.');
  const last = keys.pop() as string;
  (keys.reduce<JsonObject>((node, key) => node[key] as JsonObject, copy) as Record<string, Json>)[last] = value;
  return copy;
}

/** Sends an example with a merchant's terminal and token; answers its outcome field's value. */
async function send(app: FastifyInstance, example: Example, token: string, terminal = MERCHANT.terminal, body: JsonObject = example.value): Promise<string> {
  const terminalField = 'Terminal' in body ? 'Terminal' : 'terminal';
  const payload = {...body, [terminalField]: terminal, tokenSeguridad: token};
  const answer = await app.inject({method: 'POST', url: `${SANDBOX_BASE}${example.op.base}${example.op.path}`, payload});
  if (answer.statusCode !== 200) throw new Error(`${label(example)} answered ${answer.statusCode} ${answer.body}`);
  return String(answer.json<Record<string, unknown>>()[OUTCOME[example.operation].field]);
}

const label = (e: Example) => `${e.op.contract} ${e.operation} ${e.name}`;

describe('the records, derived from the contracts', () => {
  const requests = deriveExampleRequests(OPERATIONS, MERCHANT.terminal);
  const recordsOf = (e: Example) => {
    const found = requests.find((r) => r.operation === e.operation && r.example === `${e.op.contract} ${e.name}`);
    if (found === undefined) throw new Error(`no records for ${label(e)}`);
    return found.records;
  };

  it('covers every example of the six operations, in every contract and both versions', () => {
    for (const operation of EXAMPLE_OPERATIONS) expect(EXAMPLES.filter((e) => e.operation === operation).length).toBeGreaterThan(0);
    expect(EXAMPLES.some((e) => e.name.startsWith('v1/'))).toBe(true);
    expect(requests.map((r) => `${r.operation} ${r.example}`).sort()).toEqual(EXAMPLES.map((e) => `${e.operation} ${e.op.contract} ${e.name}`).sort());
    for (const r of requests) {
      const all = [...r.records.transactions, ...r.records.tokens, ...r.records.recurrences];
      expect(all.length).toBeGreaterThan(0);
      for (const record of all) expect(record.terminal).toBe(MERCHANT.terminal);
    }
  });

  it("holds an approved card payment with the reversal's and the status query's identifying values, made by the card payment example", () => {
    for (const e of EXAMPLES.filter((x) => x.operation === 'reversarTransaccionTarjeta' || x.operation === 'consultarEstadoTransaccion')) {
      const [t, ...more] = recordsOf(e).transactions;
      expect(more).toEqual([]);
      expect(t).toMatchObject({codigoSeguimiento: e.value.codigoSeguimiento, referencia: e.value.referencia, status: 'approved', group: 'card'});
      if (e.operation === 'reversarTransaccionTarjeta') expect(t).toMatchObject({numeroAutorizacion: e.value.codigoAutorizacion, valor: e.value.valorTotal});
      // The card payment example of that Referencia: its buyer, method and card.
      const payment = OPERATIONS.flatMap((op) => op.examples.map((x) => x.value as JsonObject)).find((v) => v.MetodoPago !== undefined && v.Referencia === t!.referencia);
      expect(payment).toBeDefined();
      expect(t).toMatchObject({methodId: at(payment!, 'MetodoPago.Id'), buyer: {documento: payment!.Documento}, card: {cuotas: at(payment!, 'MetodoPago.campo5')}});
      expect(t!.card?.last4).toMatch(/^\d{4}$/);
    }
  });

  it("holds the card tokens of the token query and the payment by token, of the example's buyer and medio", () => {
    for (const e of EXAMPLES.filter((x) => x.operation === 'consultaInfoToken')) {
      expect(recordsOf(e).tokens).toEqual([expect.objectContaining({token: e.value.tokenTarjeta, documento: e.value.documentoCliente, last4: expect.stringMatching(/^\d{4}$/)})]);
    }
    for (const e of EXAMPLES.filter((x) => x.operation === 'pagoToken')) {
      expect(recordsOf(e).tokens).toEqual([
        expect.objectContaining({token: at(e.value, 'MetodoPago.campo7'), documento: e.value.Documento, methodId: at(e.value, 'MetodoPago.Id')}),
      ]);
    }
  });

  it('holds what each deletion example removes: the recurrence ("1") or the tokens of the card ("0")', () => {
    const kinds = new Set<string>();
    for (const e of EXAMPLES.filter((x) => x.operation === 'eliminarRecurrenciaToken')) {
      const records = recordsOf(e);
      const card = {documento: e.value.identificacion, last4: e.value.ultimosDigitos};
      kinds.add(String(e.value.tipoBorrado));
      if (e.value.tipoBorrado === '1') expect(records).toEqual({transactions: [], tokens: [], recurrences: [expect.objectContaining(card)]});
      else expect(records.tokens.length > 0 && records.tokens.every((t) => t.documento === card.documento && t.last4 === card.last4)).toBe(true);
    }
    expect([...kinds].sort()).toEqual(['0', '1']);
  });

  it("holds a first-wallet payment waiting for the example's OTP", () => {
    for (const e of EXAMPLES.filter((x) => x.operation === 'finalizaPagoDaviplata')) {
      expect(recordsOf(e).transactions).toEqual([
        expect.objectContaining({codigoSeguimiento: e.value.codigoSeguimiento, group: 'wallet1', status: 'pending', otp: e.value.codigoOTP}),
      ]);
    }
  });

  it('refuses contracts whose examples give one record two values', () => {
    const consulta = OPERATIONS.find((op) => op.operationId === 'consultarEstadoTransaccion')!;
    const [first] = consulta.examples;
    const other = {name: 'otra', value: {...(first!.value as JsonObject), referencia: 'OTRA'}};
    expect(() => deriveExampleRequests([{...consulta, examples: [first!, other]}], MERCHANT.terminal)).toThrow(/referencia of the transaction .* two values/);
  });
});

describe('on the demo merchant', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await sandboxApp();
    token = await freshToken(app);
  });
  afterAll(async () => app.close());

  it('a reversal of the example works twice in a row, and the status query then finds the payment approved again', async () => {
    const reversal = EXAMPLES.find((e) => e.operation === 'reversarTransaccionTarjeta')!;
    expect(await send(app, reversal, token)).toBe('true');
    expect(await send(app, reversal, token)).toBe('true');
    const query = EXAMPLES.find((e) => e.operation === 'consultarEstadoTransaccion' && e.value.codigoSeguimiento === reversal.value.codigoSeguimiento)!;
    const answer = await app.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}${query.op.base}${query.op.path}`,
      payload: {...query.value, tokenSeguridad: token, estadoPago: true, valorTotal: true, codigoAutorizacion: true},
    });
    expect(answer.json()).toMatchObject({
      codigoRespuesta: '0',
      estadoPago: 'Aprobada',
      valorTotal: reversal.value.valorTotal,
      codigoAutorizacion: reversal.value.codigoAutorizacion,
    });
  });

  it('every example of every contract and version succeeds, run twice over in order and then in reverse', async () => {
    const outcomes: string[] = [];
    for (const e of [...EXAMPLES, ...EXAMPLES, ...[...EXAMPLES].reverse()]) outcomes.push(`${label(e)}: ${await send(app, e, token)}`);
    expect(outcomes).toEqual([...EXAMPLES, ...EXAMPLES, ...[...EXAMPLES].reverse()].map((e) => `${label(e)}: ${OUTCOME[e.operation].found}`));
  });
});

describe("the examples' records are the demo merchant's only", () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await sandboxApp();
    token = await freshToken(app);
  });
  afterAll(async () => app.close());

  /**
   * The example's value at `path` changed: another test card's medio for MetodoPago.Id, otherwise the
   * last character (a digit to the next, a hexadecimal letter to the next one), so the body stays valid.
   */
  const changed = (path: string, value: string): string => {
    if (path === 'MetodoPago.Id') return SANDBOX_TEST_CARDS.find((c) => c.methodId !== value)!.methodId;
    const last = value.slice(-1);
    const next = /\d/.test(last) ? String((Number(last) + 1) % 10) : /[a-f]/i.test(last) ? (last.toLowerCase() === 'f' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1)) : 'a';
    return `${value.slice(0, -1)}${next}`;
  };

  it('a body that differs from the example in one identifying field finds nothing', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const e of EXAMPLES) {
      // tipoBorrado says which kind of record the deletion removes, not which record: "0" and "1" are both examples.
      for (const path of IDENTIFYING_FIELDS[e.operation].filter((p) => p !== 'tipoBorrado')) {
        const value = changed(path, String(at(e.value, path)));
        outcomes.push(`${label(e)} ${path}=${value}: ${await send(app, e, token, MERCHANT.terminal, withField(e.value, path, value))}`);
        expected.push(`${label(e)} ${path}=${value}: ${OUTCOME[e.operation].missing}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it("the same ids on another merchant's terminal stay not found, before and after the demo merchant runs them", async () => {
    const other = await newMerchant(app);
    const otherToken = await tokenOf(app, other);
    const missing = EXAMPLES.map((e) => `${label(e)}: ${OUTCOME[e.operation].missing}`);
    const run = async () => {
      const outcomes: string[] = [];
      for (const e of EXAMPLES) outcomes.push(`${label(e)}: ${await send(app, e, otherToken, other.terminal)}`);
      return outcomes;
    };
    expect(await run()).toEqual(missing);
    for (const e of EXAMPLES) await send(app, e, token);
    expect(await run()).toEqual(missing);
  });
});
