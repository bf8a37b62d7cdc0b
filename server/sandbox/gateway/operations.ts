/**
 * What each gateway operation does in the sandbox, whatever the transport
 * (REST in ../routes/rest.ts, SOAP in ../routes/soap.ts): spec.md's rules and result codes,
 * and the sandbox's own rules where spec.md is silent (core/data/sandbox.ts,
 * written down in src/pages/sandbox/_api.mdx). Bodies reach these functions
 * already validated against the contract; what a schema cannot say (a token's
 * signature, a card that decrypts, a demo method id) is checked here, and
 * refused with a 4xx in the operation's own answer shape, in the caller's
 * language (FlowContext.lang; the topic sandboxErrors). The gateway's own
 * answers (a 200 with its codigoRespuesta and message) stay in Spanish, as
 * the gateway words them (src/pages/sandbox/_api.mdx says so).
 */
import {randomInt} from 'node:crypto';
import {RECONCILIATION_PAGE_SIZE, REJECTED_AUTHORIZATION_CODES} from '../../../core/data/resultCodes';
import {PAYMENT_METHODS, paymentMethodById, type PaymentMethod} from '../../../core/data/paymentMethods';
import {COLOMBIAN_MOBILE, SANDBOX_FRANCHISES, SANDBOX_RULES, SANDBOX_WALLET_PHONES} from '../../../core/data/sandbox';
import {TIME_ZONE_OFFSET} from '../../../core/data/enumerations';
import {readCard} from './card';
import {restoreExampleRecords} from './examples';
import type {RestTrial} from '../certification/restClient';
import {TOKEN_REFUSALS, type TokenCheck, type TokenIssuer} from '../merchants/tokens';
import {errorMessage as m, errorText, type ErrorMessage} from '../words';
import type {Merchants} from '../merchants/merchants';
import {GLOBAL, newId, type Buyer, type PaymentLink, type SandboxState, type Transaction, type TransactionGroup} from './records';
import {write, type Write} from '../store/contract';
import {type Locale} from '../../../core/locale';

export type Body = Record<string, unknown>;

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Headers of the answer besides the body's (Retry-After of a throttled sign-in). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FlowContext {
  readonly state: SandboxState;
  readonly tokens: TokenIssuer;
  readonly merchants: Merchants;
  /** Public address of the portal, without a trailing slash. */
  readonly siteUrl: string;
  /** The sandbox's base path (/sandbox). */
  readonly base: string;
  /** serial{product} of the referenced payment's answer. */
  readonly serialField: string;
  /** The PSE banks (codigoBanco, nombreBanco) that /listarBancos answers. */
  readonly banks: readonly {readonly codigoBanco: string; readonly nombreBanco: string}[];
  /** A certification's trial of the merchant's REST client (short tokens, a 503): ../certification/restClient.ts. */
  readonly restTrial?: RestTrial;
  /** The caller's language, for the sandbox's own refusals (4xx); Spanish when absent. */
  readonly lang?: Locale;
}

/** The operations the sandbox answers, by the contracts' operationId. */
export type OperationId =
  | 'autenticar'
  | 'pago'
  | 'consultarEstadoTransaccion'
  | 'consultaInfoToken'
  | 'eliminarRecurrenciaToken'
  | 'reversarTransaccionTarjeta'
  | 'listarBancos'
  | 'crearBotonPago'
  | 'crearTokenTarjeta'
  | 'finalizaPagoDaviplata'
  | 'enviarPagoCorreo'
  | 'consultarTransacciones';

/** The operation ids of the contracts that are one payment request each (all go to `pago`). */
export const PAYMENT_OPERATION_IDS = [
  'pagoReferenciado',
  'pagoPse',
  'pagoTarjeta',
  'pagoCreandoToken',
  'pagoToken',
  'pagoRecurrente',
  'pagoPrimeraBilletera',
  'pagoSegundaBilletera',
] as const;

/**
 * The body of a refusal, in the shape of the operation's own answer, with the
 * problems listed (field and sentence) in `errores`. `cardVariant` is the card
 * REST API, where the unexpected error is "2" (its "99" is the questionnaire).
 */
export function refusal(operation: OperationId, message: string, problems: readonly {field: string; message: string}[] = [], cardVariant = false): Body {
  const errores = problems.length > 0 ? {errores: problems.map((p) => ({campo: p.field, mensaje: p.message}))} : {};
  switch (operation) {
    case 'autenticar':
      return {codigoRespuesta: '99', mensaje: message, ...errores};
    case 'pago':
    case 'crearTokenTarjeta':
    case 'finalizaPagoDaviplata':
      return {CodigoRespuesta: cardVariant ? '2' : '99', Descripción: message, estado: 'FALLIDA', ...errores};
    case 'consultarEstadoTransaccion':
      return {codigoRespuesta: '99', descripcionRespuesta: message, ...errores};
    case 'consultaInfoToken':
    case 'crearBotonPago':
      return {estado: '99', descripcion: message, ...errores};
    case 'eliminarRecurrenciaToken':
    case 'reversarTransaccionTarjeta':
    case 'enviarPagoCorreo':
      return {mensaje: message, estado: 'false', ...errores};
    case 'listarBancos':
      return {mensaje: message, ...errores};
    case 'consultarTransacciones':
      return {mensaje: message, status: '400', transacciones: [], ...errores};
  }
}

/** A refusal's sentence in the caller's language. */
const say = (ctx: FlowContext, message: ErrorMessage): string => errorText(ctx.lang ?? 'es').say(message);

const bad = (ctx: FlowContext, operation: OperationId, field: string, message: ErrorMessage, cardVariant = false): Answer => {
  const text = say(ctx, message);
  return {status: 400, body: refusal(operation, text, [{field, message: text}], cardVariant)};
};

/** The demo ids of the payment methods of `group` (every group when absent), as a refusal names them. */
const demoIds = (group?: PaymentMethod['group']): string =>
  PAYMENT_METHODS.filter((p) => group === undefined || p.group === group)
    .flatMap((p) => (p.demo === null ? [] : [String(p.demo)]))
    .join(', ');

const text = (body: Body, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** The token of the body (or header), checked for signature, expiry, terminal, and that the merchant has not rotated its credentials since. */
export async function checkToken(ctx: FlowContext, operation: OperationId, token: string, terminal: string, field: string, cardVariant = false): Promise<Answer | null> {
  const verified = ctx.tokens.verify(token, terminal);
  let check: TokenCheck = verified.ok && (await ctx.merchants.credentialsId(terminal)) !== verified.claims.cred ? {ok: false, reason: 'revoked'} : verified;
  // During a certification's trial of the REST client its tokens last less (they expire as they would).
  if (check.ok && (await ctx.restTrial?.tokenExpired(terminal, check.claims.iat)) === true) check = {ok: false, reason: 'expired'};
  if (check.ok) return null;
  const message = say(ctx, m(TOKEN_REFUSALS[check.reason], {minutes: SANDBOX_RULES.tokenMinutes}));
  return {status: 401, body: refusal(operation, message, [{field, message}], cardVariant)};
}

// --- Authentication ---------------------------------------------------------

/** A sign-in from `address` (the client's): throttled per usuario and per address (Merchants.signIn). */
export async function autenticar(ctx: FlowContext, body: Body, address: string): Promise<Answer> {
  const result = await ctx.merchants.signIn(text(body, 'usuario'), text(body, 'clave'), address);
  if (result.kind === 'throttled') {
    const message = say(ctx, m('flows.signInThrottled', {seconds: result.retryAfterSeconds}));
    return {status: 429, headers: {'retry-after': String(result.retryAfterSeconds)}, body: {codigoRespuesta: '1', mensaje: message}};
  }
  const merchant = result.kind === 'ok' ? result.merchant : undefined;
  if (merchant === undefined || merchant.terminal !== text(body, 'terminal')) {
    return {status: 200, body: {codigoRespuesta: '1', mensaje: 'Usuario, clave o terminal no válidos.'}};
  }
  return {status: 200, body: {codigoRespuesta: '0', mensaje: 'Autenticación exitosa', tokenSeguridad: ctx.tokens.issue(merchant.terminal, merchant.cred)}};
}

// --- Payments ---------------------------------------------------------------

const methodOf = (id: string): PaymentMethod | undefined => paymentMethodById(id);

/** Dates and times in the gateway's time zone (UTC-05:00, spec §9). */
export function localDateTime(ms: number): {date: string; time: string} {
  const [sign, hours = '0', minutes = '0'] = /^([+-])(\d\d):(\d\d)$/.exec(TIME_ZONE_OFFSET)?.slice(1) ?? ['-', '05', '00'];
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  const iso = new Date(ms + offset).toISOString();
  return {date: iso.slice(0, 10), time: iso.slice(11, 19)};
}

const authorization = () => String(randomInt(100000, 1000000));

function rejectedAuthorization(brand: string): string {
  const key = brand === 'mastercard' ? 'mastercard' : brand;
  return REJECTED_AUTHORIZATION_CODES.find((c) => (c.brands as readonly string[]).includes(key))?.code ?? '00000';
}

function paymentAnswer(ctx: FlowContext, t: Transaction, extra: Body = {}): Body {
  return {
    CodigoRespuesta: t.codigoRespuesta,
    CodigoSeguimiento: t.codigoSeguimiento,
    Descripción: t.descripcionRespuesta,
    estado: stateWord(t),
    numeroAutorizacion: t.numeroAutorizacion,
    numeroTransaccion: t.numeroTransaccion,
    referencia: t.referencia,
    valor: t.valor,
    tokenTarjeta: t.tokenTarjeta ?? '',
    ...extra,
  };
}

/** The `estado` word of a payment answer. */
function stateWord(t: Transaction): string {
  if (t.status === 'pending') return 'PENDIENTE';
  if (t.status === 'rejected') return 'RECHAZADA';
  if (t.status === 'reversed') return 'REVERSADA';
  return t.group === 'card' || t.group === 'wallet1' || t.group === 'wallet2' ? 'OK' : 'APROBADA';
}

/**
 * /confirmacionTransaccionMedioPago: `pageKey` is the documented request the
 * body matched (see rest.ts), which decides the flow.
 */
export async function pago(ctx: FlowContext, pageKey: string, body: Body, cardVariant: boolean): Promise<Answer> {
  const metodo = (body.MetodoPago ?? {}) as Body;
  const id = text(metodo, 'Id');
  const method = methodOf(id);
  if (method === undefined) return bad(ctx, 'pago', 'MetodoPago.Id', m('flows.unknownMethod', {id, demo: demoIds()}), cardVariant);
  if (String(method.demo) !== id) {
    const sentence = method.demo === null ? m('flows.productionMethodNoDemo', {id}) : m('flows.productionMethod', {id, demo: method.demo});
    return bad(ctx, 'pago', 'MetodoPago.Id', sentence, cardVariant);
  }
  const terminal = text(body, 'Terminal');
  const refused = await checkToken(ctx, 'pago', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad', cardVariant);
  if (refused !== null) return refused;
  if (Number(text(body, 'Valortotal')) <= 0) return bad(ctx, 'pago', 'Valortotal', m('flows.valorTotal'), cardVariant);
  if (pageKey === 'pagotoken') await restoreExampleRecords(ctx, 'pagoToken', body);

  const group: TransactionGroup = method.group === 'wallet' ? (method.variant === 'first' ? 'wallet1' : 'wallet2') : method.group;
  const buyer: Buyer = {
    documento: text(body, 'Documento'),
    tipoDocumento: text(body, 'tipoDocumento') || text(body, 'Extra9'),
    nombre: text(body, 'Nombre'),
    apellido: text(body, 'Apellido'),
    correo: text(body, 'Correo'),
    telefono: text(body, 'Telefono'),
    celular: text(body, 'Celular'),
    direccion: text(body, 'Direccion'),
  };
  const base: Transaction = {
    terminal,
    ...(await ctx.state.nextNumbers(terminal)),
    referencia: text(body, 'Referencia'),
    group,
    methodId: id,
    valor: text(body, 'Valortotal'),
    valorBase: text(body, 'Valorbase'),
    valorIva: text(body, 'Valoriva'),
    moneda: text(body, 'moneda') || text(body, 'Extra8') || 'COP',
    descripcion: text(body, 'Descripcion'),
    buyer,
    extras: Array.from({length: 9}, (_, i) => text(body, `Extra${i + 1}`)),
    createdAt: ctx.state.now(),
    status: 'pending',
    codigoRespuesta: '0',
    numeroAutorizacion: '',
    descripcionRespuesta: '',
    razonRechazo: '',
    ...(text(body, 'FechaVcm') !== '' ? {expiresOn: text(body, 'FechaVcm')} : {}),
  };
  const save = (t: Transaction) => ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  const saved = (t: Transaction) => write(ctx.state.transactions, terminal, t.codigoSeguimiento, t);

  switch (group) {
    case 'referenced':
    case 'barcode': {
      const t: Transaction = {
        ...base,
        descripcionRespuesta: group === 'barcode' ? 'Código de barras creado' : 'Pago referenciado creado',
        serial: String(randomInt(1_000_000_000, 10_000_000_000)).padStart(10, '0'),
      };
      await ctx.state.commit([saved(t), write(ctx.state.pointers, GLOBAL, `serial:${t.serial}`, {terminal, codigoSeguimiento: t.codigoSeguimiento})]);
      return {status: 200, body: paymentAnswer(ctx, t, {[ctx.serialField]: t.serial})};
    }
    case 'pse': {
      const pointer = newId();
      const t: Transaction = {
        ...base,
        descripcionRespuesta: 'Transacción PSE creada',
        bank: {code: text(metodo, 'campo1'), name: text(metodo, 'campo2'), returnUrl: text(metodo, 'campo4')},
      };
      if (!ctx.banks.some((b) => b.codigoBanco === t.bank?.code && b.codigoBanco !== '0')) {
        return bad(ctx, 'pago', 'MetodoPago.campo1', m('flows.pseBank', {code: t.bank?.code ?? ''}), cardVariant);
      }
      await ctx.state.commit([saved(t), write(ctx.state.pointers, GLOBAL, `banco:${pointer}`, {terminal, codigoSeguimiento: t.codigoSeguimiento})]);
      return {status: 200, body: paymentAnswer(ctx, t, {urlBanco: `${ctx.siteUrl}${ctx.base}/banco/${pointer}`})};
    }
    case 'wallet1': {
      const otp = String(randomInt(0, 10 ** SANDBOX_RULES.otpDigits)).padStart(SANDBOX_RULES.otpDigits, '0');
      const t: Transaction = {...base, codigoRespuesta: '2', numeroAutorizacion: otp, otp, otpAttempts: 0, descripcionRespuesta: 'Transacción pendiente de confirmación con OTP'};
      await save(t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    case 'wallet2': {
      const phone = buyer.celular;
      let t: Transaction;
      if (phone === SANDBOX_WALLET_PHONES.accountMissing || !COLOMBIAN_MOBILE.test(phone)) {
        t = {...base, status: 'rejected', codigoRespuesta: '1', descripcionRespuesta: 'La cuenta de la billetera no existe', razonRechazo: 'La cuenta de la billetera no existe'};
      } else if (phone === SANDBOX_WALLET_PHONES.accountBlocked) {
        t = {
          ...base,
          status: 'rejected',
          codigoRespuesta: '1',
          descripcionRespuesta: 'La cuenta de la billetera está bloqueada',
          razonRechazo: 'La cuenta de la billetera está bloqueada',
        };
      } else {
        t = {...base, codigoRespuesta: '2', descripcionRespuesta: 'Acepte el pago en la aplicación de la billetera'};
      }
      await save(t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    case 'card':
      return cardPayment(ctx, pageKey, metodo, base, cardVariant);
  }
}

async function cardPayment(ctx: FlowContext, pageKey: string, metodo: Body, base: Transaction, cardVariant: boolean): Promise<Answer> {
  const terminal = base.terminal;
  const cuotas = text(metodo, 'campo5');
  let brand: string;
  let last4: string;
  let approves: boolean;
  if (pageKey === 'pagotoken') {
    const token = await ctx.state.tokens.get(terminal, text(metodo, 'campo7'));
    // An unknown or foreign token is the gateway's rejection, not a malformed request.
    const problem =
      token === undefined
        ? 'El token no existe en esta terminal (o fue borrado)'
        : token.documento !== base.buyer.documento
          ? 'El token no pertenece al documento del comprador'
          : token.methodId !== base.methodId
            ? `El token es de una tarjeta del medio ${token.methodId}`
            : null;
    if (token === undefined || problem !== null) {
      const t: Transaction = {...base, status: 'rejected', codigoRespuesta: '1', numeroAutorizacion: '', descripcionRespuesta: problem ?? '', razonRechazo: problem ?? ''};
      await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    ({brand, last4} = token);
    approves = true;
  } else {
    const reading = readCard(base.methodId, metodo, true);
    if (!reading.ok) return bad(ctx, 'pago', reading.field, reading.message, cardVariant);
    brand = reading.facts.card.brand;
    last4 = reading.facts.last4;
    approves = reading.facts.approves;
  }
  const t: Transaction = approves
    ? {
        ...base,
        status: 'approved',
        paidAt: ctx.state.now(),
        codigoRespuesta: '0',
        numeroAutorizacion: authorization(),
        descripcionRespuesta: 'Transacción aprobada',
        card: {brand, last4, cuotas},
      }
    : {
        ...base,
        status: 'rejected',
        codigoRespuesta: '1',
        numeroAutorizacion: rejectedAuthorization(brand),
        descripcionRespuesta: 'Transacción rechazada por la entidad',
        razonRechazo: 'Tarjeta rechazada por la entidad',
        card: {brand, last4, cuotas},
      };
  // The payment and the token or recurrence it creates: one commit.
  const writes: Write[] = [];
  if (approves && pageKey === 'creartoken') {
    t.tokenTarjeta = newId();
    writes.push(write(ctx.state.tokens, terminal, t.tokenTarjeta, {token: t.tokenTarjeta, terminal, documento: base.buyer.documento, brand, methodId: base.methodId, last4}));
  }
  if (approves && pageKey === 'recurrente') {
    // A rejected first charge creates no recurrence (spec §4).
    writes.push(
      write(ctx.state.recurrences, terminal, `${base.buyer.documento}:${last4}`, {
        terminal,
        documento: base.buyer.documento,
        last4,
        periodo: text(metodo, 'campo6'),
        cobros: text(metodo, 'campo8'),
        codigoSeguimiento: t.codigoSeguimiento,
      }),
    );
  }
  await ctx.state.commit([...writes, write(ctx.state.transactions, terminal, t.codigoSeguimiento, t)]);
  return {status: 200, body: paymentAnswer(ctx, t)};
}

/** How a pending payment can be settled (the simulated bank and pay point pages, the inbox's "settle"). */
export const SETTLEMENTS = ['aprobada', 'rechazada', 'expirada'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/**
 * A pending payment settled (PSE, referenced or barcode, wallets, a pending
 * purchase of the purchase page): approved, rejected, or expired (rejected,
 * saying it expired unpaid). Pure: the caller commits it with its
 * confirmation (../confirmations.ts). A transaction that is not pending comes
 * back unchanged.
 */
export function settledTransaction(before: Transaction, outcome: Settlement, now: number): Transaction {
  if (before.status !== 'pending') return before;
  const {otp: _otp, ...t} = before;
  if (outcome === 'aprobada') {
    return {...t, status: 'approved', codigoRespuesta: '0', paidAt: now, numeroAutorizacion: authorization(), descripcionRespuesta: 'Transacción aprobada'};
  }
  const why = outcome === 'expirada' ? 'El pago venció sin completarse' : undefined;
  return {
    ...t,
    status: 'rejected',
    codigoRespuesta: '1',
    numeroAutorizacion: '',
    descripcionRespuesta: why ?? 'Transacción rechazada por el banco',
    razonRechazo: why ?? 'El comprador o el banco rechazó el pago',
  };
}

export async function finalizaPagoDaviplata(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'finalizaPagoDaviplata', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'finalizaPagoDaviplata', body);
  const codigo = text(body, 'codigoSeguimiento');
  const t = await ctx.state.transactions.get(terminal, codigo);
  if (t === undefined || t.group !== 'wallet1') {
    return {
      status: 200,
      body: {
        CodigoRespuesta: '1',
        CodigoSeguimiento: codigo,
        Descripción: 'No hay un pago con la primera billetera con ese codigoSeguimiento en la terminal.',
        estado: 'RECHAZADA',
      },
    };
  }
  if (t.status !== 'pending') {
    return {status: 200, body: {...paymentAnswer(ctx, t), Descripción: `El pago ya no está pendiente: ${t.descripcionRespuesta}.`}};
  }
  if (text(body, 'codigoOTP') !== t.otp) {
    t.otpAttempts = (t.otpAttempts ?? 0) + 1;
    const left = SANDBOX_RULES.otpAttempts - t.otpAttempts;
    if (left <= 0) {
      t.status = 'rejected';
      t.codigoRespuesta = '1';
      t.descripcionRespuesta = 'El código OTP no es válido; se agotaron los intentos';
      t.razonRechazo = t.descripcionRespuesta;
      t.numeroAutorizacion = '';
    }
    await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
    // While attempts are left the payment is still pending (code 2): the buyer may type the OTP again.
    const {numeroAutorizacion: _otp, ...answer} = paymentAnswer(ctx, t);
    const attemptsLeft = left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`;
    return {status: 200, body: left > 0 ? {...answer, Descripción: `El código OTP no es válido: ${attemptsLeft}.`} : answer};
  }
  t.status = 'approved';
  t.codigoRespuesta = '0';
  t.paidAt = ctx.state.now();
  t.numeroAutorizacion = authorization();
  t.descripcionRespuesta = 'Transacción aprobada';
  delete t.otp;
  await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  return {status: 200, body: paymentAnswer(ctx, t)};
}

// --- Queries ----------------------------------------------------------------

const STATUS_WORDS = {approved: 'Aprobada', rejected: 'Rechazada', pending: 'Pendiente', reversed: 'Reversada'} as const;

function methodName(t: Transaction): string {
  if (t.card !== undefined) return SANDBOX_FRANCHISES[t.card.brand as keyof typeof SANDBOX_FRANCHISES] ?? t.card.brand;
  return {referenced: 'Pago referenciado', barcode: 'Código de barras', pse: 'PSE', wallet1: 'Primera billetera', wallet2: 'Segunda billetera', card: 'Tarjeta'}[t.group];
}

/** Every value the status query can ask for, from a transaction. */
function statusValues(t: Transaction): Record<string, string> {
  const paid = t.paidAt !== undefined ? localDateTime(t.paidAt) : {date: '', time: ''};
  const approved = t.status === 'approved';
  const values: Record<string, string> = {
    serialfacturacion: t.serial ?? '',
    idfactura: t.referencia,
    metodoDePago: methodName(t),
    banco: t.bank?.name ?? '',
    valorPagado: approved ? t.valor : '0',
    valorIva: t.valorIva,
    valorBase: t.valorBase,
    valorTotal: t.valor,
    valorReteiva: '0',
    valorReteica: '0',
    valorRetefuente: '0',
    descripcion: t.descripcion,
    descripcion2: '',
    detalle: t.descripcionRespuesta,
    fechaPago: paid.date,
    fechaPagopse: t.group === 'pse' ? paid.date : '',
    horaPago: paid.time,
    transaccionConfirmada: approved ? 'true' : 'false',
    codigoAutorizacion: t.numeroAutorizacion,
    numeroCoutas: t.card?.cuotas ?? '',
    documentoComprador: t.buyer.documento,
    nombreComprador: t.buyer.nombre,
    apellidoComprador: t.buyer.apellido,
    correoComprador: t.buyer.correo,
    telefonoComprador: t.buyer.telefono,
    celularComprador: t.buyer.celular,
    direccionComprador: t.buyer.direccion,
    estadoPago: STATUS_WORDS[t.status],
    razonRechazo: t.razonRechazo,
    numeroTransaccion: t.numeroTransaccion,
    paisemisor: t.card !== undefined ? 'CO' : '',
    valorComisionbancaria: '0',
    valorDepositoBanco: approved ? t.valor : '0',
    bancoRecaudador: t.bank?.name ?? '',
    codigoTransaccion: t.codigoSeguimiento,
  };
  t.extras.forEach((value, i) => (values[`campoextra${i + 1}`] = value));
  return values;
}

export async function consultarEstadoTransaccion(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'consultarEstadoTransaccion', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'consultarEstadoTransaccion', body);
  const t = await ctx.state.transactions.get(terminal, text(body, 'codigoSeguimiento'));
  if (t === undefined || t.referencia !== text(body, 'referencia')) {
    return {status: 200, body: {codigoRespuesta: '1', descripcionRespuesta: 'No se encontró información de la transacción'}};
  }
  const values = statusValues(t);
  const asked = Object.fromEntries(Object.entries(values).filter(([flag]) => body[flag] === true));
  return {status: 200, body: {codigoRespuesta: '0', descripcionRespuesta: 'Consulta exitosa', ...asked}};
}

export async function consultaInfoToken(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'consultaInfoToken', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'consultaInfoToken', body);
  const token = await ctx.state.tokens.get(terminal, text(body, 'tokenTarjeta'));
  if (token === undefined) return {status: 200, body: {estado: '99', descripcion: 'El token no existe en esta terminal'}};
  if (token.documento !== text(body, 'documentoCliente')) return {status: 200, body: {estado: '99', descripcion: 'El token no corresponde al documento del cliente'}};
  return {
    status: 200,
    body: {
      franquicia: SANDBOX_FRANCHISES[token.brand as keyof typeof SANDBOX_FRANCHISES] ?? token.brand,
      ultimosNumeros: token.last4,
      estado: '0',
      descripcion: 'Consulta exitosa',
    },
  };
}

export async function eliminarRecurrenciaToken(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'eliminarRecurrenciaToken', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'eliminarRecurrenciaToken', body);
  const documento = text(body, 'identificacion');
  const last4 = text(body, 'ultimosDigitos');
  if (text(body, 'tipoBorrado') === '1') {
    const done = await ctx.state.recurrences.delete(terminal, `${documento}:${last4}`);
    return {status: 200, body: done ? {mensaje: 'Recurrencia eliminada', estado: 'true'} : {mensaje: 'No se encontró una recurrencia con esos datos', estado: 'false'}};
  }
  const matches = (await ctx.state.tokens.list(terminal)).filter((t) => t.documento === documento && t.last4 === last4);
  for (const token of matches) await ctx.state.tokens.delete(terminal, token.token);
  return {status: 200, body: matches.length > 0 ? {mensaje: 'Token eliminado', estado: 'true'} : {mensaje: 'No se encontró una tarjeta con esos datos', estado: 'false'}};
}

export async function reversarTransaccionTarjeta(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'reversarTransaccionTarjeta', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'reversarTransaccionTarjeta', body);
  const t = await ctx.state.transactions.get(terminal, text(body, 'codigoSeguimiento'));
  const no = (mensaje: string): Answer => ({status: 200, body: {mensaje, estado: 'false'}});
  if (t === undefined) return no('No se encontró la transacción');
  if (t.group !== 'card') return no('Solo se reversan transacciones con tarjeta');
  if (t.status === 'reversed') return no('La transacción ya estaba reversada');
  if (t.status !== 'approved') return no('Solo se reversan transacciones aprobadas');
  if (t.referencia !== text(body, 'referencia') || t.numeroAutorizacion !== text(body, 'codigoAutorizacion') || Number(t.valor) !== Number(text(body, 'valorTotal'))) {
    return no('La referencia, la autorización o el valor no corresponden a la transacción');
  }
  t.status = 'reversed';
  t.codigoRespuesta = '4';
  t.descripcionRespuesta = 'Transacción reversada';
  await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  return {status: 200, body: {mensaje: 'Transacción reversada', estado: 'true'}};
}

export async function listarBancos(ctx: FlowContext, body: Body): Promise<Answer> {
  const id = text(body, 'idMetodoPago');
  const method = methodOf(id);
  if (method === undefined || String(method.demo) !== id) {
    return bad(ctx, 'listarBancos', 'idMetodoPago', m('flows.pseProduction', {id, demo: demoIds('pse')}));
  }
  const refused = await checkToken(ctx, 'listarBancos', text(body, 'accessToken'), text(body, 'terminal'), 'accessToken');
  if (refused !== null) return refused;
  return {status: 200, body: ctx.banks};
}

export async function crearBotonPago(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'crearBotonPago', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const variable = body.usaValorVariable === true;
  if (variable && Number(text(body, 'montoMinimo')) > Number(text(body, 'montoMaximo'))) {
    return bad(ctx, 'crearBotonPago', 'montoMinimo', m('flows.montoMinimo'));
  }
  if (body.usaFechaVencimiento === true && text(body, 'fechaVencimiento') === '') {
    return bad(ctx, 'crearBotonPago', 'fechaVencimiento', m('flows.fechaVencimiento'));
  }
  const id = newId();
  const link: PaymentLink = {
    id,
    terminal,
    kind: 'button',
    nombre: text(body, 'nombreBoton'),
    descripcion: text(body, 'descripcion'),
    moneda: text(body, 'tipoMoneda') || 'COP',
    ...(variable ? {montoMinimo: text(body, 'montoMinimo'), montoMaximo: text(body, 'montoMaximo')} : {valor: text(body, 'valorTotal')}),
  };
  await ctx.state.commit([write(ctx.state.links, terminal, id, link), write(ctx.state.pointers, GLOBAL, `enlace:${id}`, {terminal, codigoSeguimiento: id})]);
  return {status: 200, body: {estado: '0', descripcion: 'Botón creado', idBoton: id, urlBoton: `${ctx.siteUrl}${ctx.base}/enlace/${id}`}};
}

export async function enviarPagoCorreo(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'enviarPagoCorreo', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const id = newId();
  const link: PaymentLink = {
    id,
    terminal,
    kind: 'email',
    nombre: text(body, 'descripcion'),
    descripcion: text(body, 'descripcion'),
    moneda: text(body, 'tipoMoneda') || 'COP',
    valor: text(body, 'valor'),
    correo: text(body, 'correoDestinatario'),
  };
  await ctx.state.commit([write(ctx.state.links, terminal, id, link), write(ctx.state.pointers, GLOBAL, `enlace:${id}`, {terminal, codigoSeguimiento: id})]);
  // The sandbox sends no e-mail: the link is the answer.
  return {status: 200, body: {mensaje: `${ctx.siteUrl}${ctx.base}/enlace/${id}`, estado: 'true'}};
}

export async function crearTokenTarjeta(ctx: FlowContext, body: Body): Promise<Answer> {
  const metodo = (body.MetodoPago ?? {}) as Body;
  const id = text(metodo, 'Id');
  const method = methodOf(id);
  if (method === undefined || String(method.demo) !== id) {
    return bad(ctx, 'crearTokenTarjeta', 'MetodoPago.Id', m('flows.cardProduction', {id, demo: demoIds('card')}));
  }
  const terminal = text(body, 'Terminal');
  const refused = await checkToken(ctx, 'crearTokenTarjeta', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const reading = readCard(id, metodo, false);
  if (!reading.ok) return bad(ctx, 'crearTokenTarjeta', reading.field, reading.message);
  if (!reading.facts.approves) return {status: 200, body: {CodigoRespuesta: '1', Descripción: 'La tarjeta fue rechazada', estado: 'RECHAZADA'}};
  const token = newId();
  await ctx.state.tokens.put(terminal, token, {token, terminal, documento: text(body, 'Documento'), brand: reading.facts.card.brand, methodId: id, last4: reading.facts.last4});
  return {status: 200, body: {CodigoRespuesta: '0', Descripción: 'Token creado', estado: 'OK', tokenTarjeta: token}};
}

/** GET /conciliacion/{terminal}/{fecha_inicio}/{fecha_fin}/{pagina}, the token in Authorization. */
export async function consultarTransacciones(
  ctx: FlowContext,
  params: {terminal: string; fecha_inicio: string; fecha_fin: string; pagina: number},
  authorizationHeader: string | undefined,
): Promise<Answer> {
  const token = (authorizationHeader ?? '').replace(/^Bearer\s+/i, '').trim();
  if (token === '') {
    const message = say(ctx, m('flows.authorizationMissing'));
    return {status: 401, body: {...refusal('consultarTransacciones', message, [{field: 'Authorization', message}]), status: '401'}};
  }
  const refused = await checkToken(ctx, 'consultarTransacciones', token, params.terminal, 'Authorization');
  if (refused !== null) return {status: 401, body: {...(refused.body as Body), status: '401'}};
  if (params.fecha_fin < params.fecha_inicio) return bad(ctx, 'consultarTransacciones', 'fecha_fin', m('flows.fechaFin'));
  const inRange = (await ctx.state.transactions.list(params.terminal)).filter((t) => {
    const day = localDateTime(t.createdAt).date;
    return day >= params.fecha_inicio && day <= params.fecha_fin;
  });
  const page = inRange.slice((params.pagina - 1) * RECONCILIATION_PAGE_SIZE, params.pagina * RECONCILIATION_PAGE_SIZE);
  const transacciones = page.map((t) => {
    // The payment's date and time, as the status query gives them: none for a payment that was never paid.
    const when = t.paidAt !== undefined ? localDateTime(t.paidAt) : {date: '', time: ''};
    return {
      referencia: t.referencia,
      codigoSeguimiento: t.codigoSeguimiento,
      numeroTransaccion: t.numeroTransaccion,
      metodoDePago: methodName(t),
      valorTotal: t.valor,
      estadoPago: STATUS_WORDS[t.status],
      fechaPago: when.date,
      horaPago: when.time,
      codigoAutorizacion: t.numeroAutorizacion,
    };
  });
  const mensaje = transacciones.length > 0 ? `Página ${params.pagina}: ${transacciones.length} de ${inRange.length} transacciones` : 'No hay transacciones en esta página';
  return {status: 200, body: {mensaje, status: '200', transacciones}};
}
