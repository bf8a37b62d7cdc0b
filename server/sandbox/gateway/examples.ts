/**
 * The records the contracts' example requests name, held for the
 * public demo merchant so that every example of the API reference runs as
 * shown, every time, by anyone, in any order: the approved card payment that
 * the status query and the reversal name, the card tokens of the token query
 * and of the payment by token, the recurrence and the token that the deletion
 * examples remove, and the first-wallet payment waiting for the example's OTP.
 *
 * Everything is read from the contracts (every contract and version, through
 * ../contracts.ts): the identifying fields from the example request itself, the
 * rest of the record from the payment example the docs show making it (found
 * by its Referencia, or by the CodigoSeguimiento or tokenTarjeta of a payment
 * answer example), with the card read from that example's encrypted fields.
 *
 * The sandbox's rule (written on its rules page, src/pages/sandbox/_api.mdx):
 * on the demo merchant, a request whose identifying fields equal an example's
 * puts that example's records back in their example state just before the
 * operation runs, so a reversal or a deletion of an example record works again
 * on the next call. Integrators' own merchants are untouched.
 */
import {PAYMENT_METHODS, paymentMethodById, type PaymentMethod} from '../../../core/data/paymentMethods';
import {SANDBOX_TEST_CARDS} from '../../../core/data/sandbox';
import {decryptField} from './card';
import {loadContractOperations, type ContractOperation, type Json, type JsonObject} from '../contracts';
import type {Merchants} from '../merchants/merchants';
import type {CardToken, Recurrence, SandboxState, Transaction, TransactionGroup} from './records';

/** A request body as the flows receive it (./operations.ts). */
type Body = Record<string, unknown>;

/** What restoring needs of a flow's context (./operations.ts's FlowContext has it). */
export interface ExampleContext {
  readonly state: SandboxState;
  readonly merchants: Pick<Merchants, 'demo'>;
}

/** The operations whose example requests name a record made earlier. */
export type ExampleOperation =
  'consultarEstadoTransaccion' | 'reversarTransaccionTarjeta' | 'consultaInfoToken' | 'pagoToken' | 'eliminarRecurrenciaToken' | 'finalizaPagoDaviplata';

/**
 * The fields (dotted paths in the body) that name the record, per operation:
 * a request is an example's when each of them equals the example's exactly.
 */
export const IDENTIFYING_FIELDS: Readonly<Record<ExampleOperation, readonly string[]>> = {
  consultarEstadoTransaccion: ['codigoSeguimiento', 'referencia'],
  reversarTransaccionTarjeta: ['codigoSeguimiento', 'referencia', 'codigoAutorizacion', 'valorTotal'],
  consultaInfoToken: ['tokenTarjeta', 'documentoCliente'],
  pagoToken: ['MetodoPago.campo7', 'MetodoPago.Id', 'Documento'],
  // tipoBorrado says which record: "1" the recurrence, "0" the card's tokens.
  eliminarRecurrenciaToken: ['tipoBorrado', 'identificacion', 'ultimosDigitos'],
  finalizaPagoDaviplata: ['codigoSeguimiento', 'codigoOTP'],
};

/** The records in their example state; a transaction's createdAt (and paidAt) are the moment it is put back. */
export interface ExampleRecords {
  readonly transactions: readonly Transaction[];
  readonly tokens: readonly CardToken[];
  readonly recurrences: readonly Recurrence[];
}

/** One example request of the contracts, and the records it names, in their example state. */
export interface ExampleRequest {
  readonly operation: ExampleOperation;
  /** Where it is written: contract and example name ("tcrest v1/reverso"). */
  readonly example: string;
  /** The identifying fields and the example's values. */
  readonly fields: Readonly<Record<string, string>>;
  readonly records: ExampleRecords;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text at a dotted path of a body, or undefined when it is not text. */
function textAt(body: Json | Body | undefined, path: string): string | undefined {
  let node: unknown = body;
  for (const key of path.split('.')) node = typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const isExampleOperation = (id: string): id is ExampleOperation => id in IDENTIFYING_FIELDS;

/** The recurrence's key in its store (the one flows.ts uses for pagoRecurrente). */
export const recurrenceKey = (r: Pick<Recurrence, 'documento' | 'last4'>): string => `${r.documento}:${r.last4}`;

const methodOf = (id: string): PaymentMethod | undefined => paymentMethodById(id, 'demo');
const groupOf = (method: PaymentMethod): TransactionGroup => (method.group === 'wallet' ? (method.variant === 'first' ? 'wallet1' : 'wallet2') : method.group);
/** The sandbox's demo method of a group, for a record no payment example describes. */
const demoMethod = (test: (m: PaymentMethod) => boolean): string => String(PAYMENT_METHODS.find((m) => m.demo !== null && test(m))?.demo ?? '');

/** Example card numbers already decrypted (RSA in JavaScript is slow): ciphertext -> number ('' when it does not decrypt). */
const decrypted = new Map<string, string>();
function cardNumber(encrypted: string): string {
  let number = decrypted.get(encrypted);
  if (number === undefined) decrypted.set(encrypted, (number = decryptField(encrypted)?.trim() ?? ''));
  return number;
}

/**
 * A card as the sandbox keeps it (brand, last 4 digits): the test card the example's encrypted
 * campo1 holds, or the method's approving test card when the example carries none.
 */
function cardOf(methodId: string, metodo: Json | undefined): {brand: string; last4: string} | undefined {
  const encrypted = textAt(metodo, 'campo1');
  const number = encrypted === undefined ? undefined : cardNumber(encrypted);
  const test = SANDBOX_TEST_CARDS.find((c) => c.methodId === methodId && (number === undefined || c.approved === number || c.rejected === number));
  if (test === undefined) return undefined;
  return {brand: test.brand, last4: (number ?? test.approved).slice(-4)};
}

/**
 * Derives every example request of the operations above, with its records, for
 * the merchant `terminal`. Throws when two examples give one record two values
 * (the contracts contradict themselves).
 */
export function deriveExampleRequests(operations: readonly ContractOperation[], terminal: string): ExampleRequest[] {
  const requests = operations.flatMap((op) => (isExampleOperation(op.operationId) ? op.examples.map((e) => ({op, operation: op.operationId as ExampleOperation, ...e})) : []));
  // The payment examples (request and 200 answers) that tell how a named record was made.
  const payments = operations.flatMap((op) => op.examples.map((e) => e.value)).filter((v) => isObject(v) && isObject(v.MetodoPago));
  const answers = operations.flatMap((op) => (op.path === '/confirmacionTransaccionMedioPago' ? op.answerExamples.map((e) => e.value) : []));
  const paymentOf = (referencia: string | undefined, valor?: string): Json | undefined =>
    referencia === undefined
      ? undefined
      : (payments.find((p) => textAt(p, 'Referencia') === referencia && (valor === undefined || textAt(p, 'Valortotal') === valor)) ??
        payments.find((p) => textAt(p, 'Referencia') === referencia));

  const agree = (what: string, a: string | undefined, b: string | undefined): string | undefined => {
    if (a !== undefined && b !== undefined && a !== b) throw new Error(`sandbox examples: the contracts' examples give ${what} two values, ${a} and ${b}.`);
    return a ?? b;
  };

  // --- Transactions, by CodigoSeguimiento ------------------------------------
  interface Named {
    referencia?: string;
    valor?: string;
    autorizacion?: string;
    otp?: string;
  }
  const named = new Map<string, Named>();
  for (const r of requests) {
    const codigo = textAt(r.value, 'codigoSeguimiento');
    if (codigo === undefined || !['consultarEstadoTransaccion', 'reversarTransaccionTarjeta', 'finalizaPagoDaviplata'].includes(r.operation)) continue;
    const n = named.get(codigo) ?? {};
    const what = (field: string) => `${field} of the transaction ${codigo}`;
    n.referencia = agree(what('referencia'), n.referencia, textAt(r.value, 'referencia'));
    n.valor = agree(what('valorTotal'), n.valor, textAt(r.value, 'valorTotal'));
    n.autorizacion = agree(what('codigoAutorizacion'), n.autorizacion, textAt(r.value, 'codigoAutorizacion'));
    n.otp = agree(what('codigoOTP'), n.otp, textAt(r.value, 'codigoOTP'));
    named.set(codigo, n);
  }
  const transactions = new Map<string, Transaction>();
  for (const [codigo, n] of named) {
    const answer = answers.find((a) => textAt(a, 'CodigoSeguimiento') === codigo && ['0', '2'].includes(textAt(a, 'CodigoRespuesta') ?? ''));
    const referencia = n.referencia ?? textAt(answer, 'referencia') ?? '';
    const valor = n.valor ?? textAt(answer, 'valor');
    const payment = paymentOf(referencia, valor);
    const text = (name: string) => textAt(payment, name) ?? '';
    const fallback = n.otp !== undefined ? demoMethod((m) => m.group === 'wallet' && m.variant === 'first') : demoMethod((m) => m.group === 'card');
    const methodId = textAt(payment, 'MetodoPago.Id') ?? fallback;
    const method = methodOf(methodId);
    const group = method === undefined ? 'card' : groupOf(method);
    const card = group === 'card' ? cardOf(methodId, isObject(payment) ? payment.MetodoPago : undefined) : undefined;
    const pending = n.otp !== undefined;
    transactions.set(codigo, {
      terminal,
      codigoSeguimiento: codigo,
      numeroTransaccion: textAt(answer, 'numeroTransaccion') ?? '',
      referencia,
      group,
      methodId,
      valor: valor ?? text('Valortotal'),
      valorBase: text('Valorbase'),
      valorIva: text('Valoriva'),
      moneda: text('moneda') || text('Extra8') || 'COP',
      descripcion: text('Descripcion'),
      buyer: {
        documento: text('Documento'),
        tipoDocumento: text('tipoDocumento') || text('Extra9'),
        nombre: text('Nombre'),
        apellido: text('Apellido'),
        correo: text('Correo'),
        telefono: text('Telefono'),
        celular: text('Celular'),
        direccion: text('Direccion'),
      },
      extras: Array.from({length: 9}, (_, i) => text(`Extra${i + 1}`)),
      createdAt: 0,
      status: pending ? 'pending' : 'approved',
      codigoRespuesta: pending ? '2' : '0',
      // A pending first-wallet payment shows its OTP as its authorization, as flows.ts answers it.
      numeroAutorizacion: pending ? (n.otp ?? '') : (n.autorizacion ?? (textAt(answer, 'CodigoRespuesta') === '0' ? textAt(answer, 'numeroAutorizacion') : undefined) ?? ''),
      descripcionRespuesta: pending ? 'Transacción pendiente de confirmación con OTP' : 'Transacción aprobada',
      razonRechazo: '',
      ...(card !== undefined ? {card: {...card, cuotas: textAt(payment, 'MetodoPago.campo5') ?? ''}} : {}),
      ...(pending ? {otp: n.otp, otpAttempts: 0} : {}),
    });
  }

  // --- Card tokens, by token -------------------------------------------------
  const namedTokens = new Map<string, {documento?: string; methodId?: string}>();
  for (const r of requests) {
    const isInfo = r.operation === 'consultaInfoToken';
    if (!isInfo && r.operation !== 'pagoToken') continue;
    const id = textAt(r.value, isInfo ? 'tokenTarjeta' : 'MetodoPago.campo7');
    if (id === undefined) continue;
    const n = namedTokens.get(id) ?? {};
    n.documento = agree(`the documento of the card token ${id}`, n.documento, textAt(r.value, isInfo ? 'documentoCliente' : 'Documento'));
    n.methodId = agree(`the medio of the card token ${id}`, n.methodId, isInfo ? undefined : textAt(r.value, 'MetodoPago.Id'));
    namedTokens.set(id, n);
  }
  const tokens = new Map<string, CardToken>();
  for (const [id, n] of namedTokens) {
    // The payment that made the token: an answer example that returned it, whose request carries the card.
    const making = answers
      .filter((a) => textAt(a, 'tokenTarjeta') === id)
      .map((a) => paymentOf(textAt(a, 'referencia'), textAt(a, 'valor')))
      .find((p) => textAt(p, 'MetodoPago.campo1') !== undefined);
    const methodId = n.methodId ?? textAt(making, 'MetodoPago.Id') ?? demoMethod((m) => m.group === 'card');
    const card = cardOf(methodId, textAt(making, 'MetodoPago.Id') === methodId && isObject(making) ? making.MetodoPago : undefined);
    tokens.set(id, {token: id, terminal, documento: n.documento ?? '', brand: card?.brand ?? '', methodId, last4: card?.last4 ?? ''});
  }

  // --- The records of each example request -------------------------------------
  return requests.flatMap((r): ExampleRequest[] => {
    const fields: Record<string, string> = {};
    for (const path of IDENTIFYING_FIELDS[r.operation]) {
      const value = textAt(r.value, path);
      if (value === undefined) return [];
      fields[path] = value;
    }
    const none: ExampleRecords = {transactions: [], tokens: [], recurrences: []};
    const example = `${r.op.contract} ${r.name}`;
    const of = (records: Partial<ExampleRecords>): ExampleRequest => ({operation: r.operation, example, fields, records: {...none, ...records}});
    switch (r.operation) {
      case 'consultarEstadoTransaccion':
      case 'reversarTransaccionTarjeta':
      case 'finalizaPagoDaviplata':
        return [of({transactions: [transactions.get(fields.codigoSeguimiento as string) as Transaction]})];
      case 'consultaInfoToken':
        return [of({tokens: [tokens.get(fields.tokenTarjeta as string) as CardToken]})];
      case 'pagoToken':
        return [of({tokens: [tokens.get(fields['MetodoPago.campo7'] as string) as CardToken]})];
      case 'eliminarRecurrenciaToken':
        return [of(deletable(fields, tokens, payments, answers, terminal))];
    }
  });
}

/** What a deletion example removes: the recurrence (tipoBorrado "1") or the card's tokens ("0"). */
function deletable(
  fields: Readonly<Record<string, string>>,
  tokens: ReadonlyMap<string, CardToken>,
  payments: readonly Json[],
  answers: readonly Json[],
  terminal: string,
): Partial<ExampleRecords> {
  const documento = fields.identificacion ?? '';
  const last4 = fields.ultimosDigitos ?? '';
  const methodByLast4 = SANDBOX_TEST_CARDS.find((c) => c.approved.endsWith(last4))?.methodId ?? demoMethod((m) => m.group === 'card');
  if (fields.tipoBorrado === '0') {
    const same = [...tokens.values()].filter((t) => t.documento === documento && t.last4 === last4);
    if (same.length > 0) return {tokens: same};
    const card = cardOf(methodByLast4, undefined);
    return {tokens: [{token: `ejemplo-${documento}-${last4}`, terminal, documento, brand: card?.brand ?? '', methodId: methodByLast4, last4}]};
  }
  if (fields.tipoBorrado !== '1') return {};
  // The recurring payment example of this buyer and card, for the period and the number of charges.
  // A recurring payment, as rest.ts tells it: no token in campo7, a period (campo6 other than "0", which makes a token) or a number of charges (campo8).
  const filled = (p: Json, path: string) => (textAt(p, path) ?? '') !== '';
  const recurring = payments.find(
    (p) =>
      textAt(p, 'Documento') === documento &&
      !filled(p, 'MetodoPago.campo7') &&
      textAt(p, 'MetodoPago.campo6') !== '0' &&
      (filled(p, 'MetodoPago.campo6') || filled(p, 'MetodoPago.campo8')) &&
      cardOf(textAt(p, 'MetodoPago.Id') ?? '', isObject(p) ? p.MetodoPago : undefined)?.last4 === last4,
  );
  const answer = answers.find((a) => textAt(a, 'referencia') === textAt(recurring, 'Referencia') && textAt(a, 'CodigoRespuesta') === '0');
  return {
    recurrences: [
      {
        terminal,
        documento,
        last4,
        periodo: textAt(recurring, 'MetodoPago.campo6') ?? '',
        cobros: textAt(recurring, 'MetodoPago.campo8') ?? '',
        codigoSeguimiento: textAt(answer, 'CodigoSeguimiento') ?? '',
      },
    ],
  };
}

let derived: {readonly terminal: string; readonly requests: readonly ExampleRequest[]} | undefined;

/** The example requests of the contracts in the folder the server runs in, for the demo merchant (read once). */
export function exampleRequests(terminal: string): readonly ExampleRequest[] {
  if (derived?.terminal !== terminal) derived = {terminal, requests: deriveExampleRequests(loadContractOperations(), terminal)};
  return derived.requests;
}

/**
 * The sandbox's rule for the demo merchant: when `body` names an example's
 * record (its identifying fields equal that example's), the record is put back
 * in its example state before `operation` looks it up. Any other merchant, and
 * any other body, changes nothing.
 */
export async function restoreExampleRecords(ctx: ExampleContext, operation: ExampleOperation, body: Body): Promise<void> {
  const demo = ctx.merchants.demo.terminal;
  if ((textAt(body, 'terminal') ?? textAt(body, 'Terminal')) !== demo) return;
  for (const request of exampleRequests(demo)) {
    if (request.operation !== operation || !Object.entries(request.fields).every(([path, value]) => textAt(body, path) === value)) continue;
    const now = ctx.state.now();
    for (const t of request.records.transactions) {
      await ctx.state.transactions.put(demo, t.codigoSeguimiento, {...t, createdAt: now, ...(t.status === 'approved' ? {paidAt: now} : {})});
    }
    for (const t of request.records.tokens) await ctx.state.tokens.put(demo, t.token, t);
    for (const r of request.records.recurrences) await ctx.state.recurrences.put(demo, recurrenceKey(r), r);
  }
}
