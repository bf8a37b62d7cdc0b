/**
 * What every operation of the sandbox shares, whatever the transport (REST in
 * ../../routes/rest.ts, SOAP in ../../routes/soap.ts): the body and answer
 * types, the context (stores, merchants, tokens, the caller's language), the
 * operation ids of the contracts, and the refusals. Bodies reach the
 * operations already validated against the contract; what a schema cannot say
 * (a token's signature, a card that decrypts, a demo method id) is checked by
 * the operation and refused with a 4xx in its own answer shape, in the
 * caller's language (FlowContext.lang; the topic sandboxErrors). The gateway's
 * own answers (a 200 with its codigoRespuesta and message) stay in Spanish, as
 * the gateway words them; the sandbox's rules page (src/pages/sandbox/_api.mdx)
 * says so, and says what the sandbox decided where the gateway's documents
 * are silent (core/data/sandbox.ts).
 */
import {PAYMENT_METHODS, type PaymentMethod} from '../../../../core/data/paymentMethods';
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import type {RestTrial} from '../../certification/restClient';
import {TOKEN_REFUSALS, type TokenCheck, type TokenIssuer} from '../../merchants/tokens';
import {errorMessage as m, errorText, type ErrorMessage} from '../../words';
import type {Merchants} from '../../merchants/merchants';
import type {SandboxState} from '../records';
import type {Locale} from '../../../../core/locale';
import {TIME_ZONE_OFFSET} from '../../../../core/data/enumerations';

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
export const say = (ctx: FlowContext, message: ErrorMessage): string => errorText(ctx.lang ?? 'es').say(message);

export const bad = (ctx: FlowContext, operation: OperationId, field: string, message: ErrorMessage, cardVariant = false): Answer => {
  const text = say(ctx, message);
  return {status: 400, body: refusal(operation, text, [{field, message: text}], cardVariant)};
};

/** The demo ids of the payment methods of `group` (every group when absent), as a refusal names them. */
export const demoIds = (group?: PaymentMethod['group']): string =>
  PAYMENT_METHODS.filter((p) => group === undefined || p.group === group)
    .flatMap((p) => (p.demo === null ? [] : [String(p.demo)]))
    .join(', ');

export const text = (body: Body, name: string): string => {
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

/** Dates and times in the gateway's time zone (UTC-05:00, core/data/enumerations.ts). */
export function localDateTime(ms: number): {date: string; time: string} {
  const [sign, hours = '0', minutes = '0'] = /^([+-])(\d\d):(\d\d)$/.exec(TIME_ZONE_OFFSET)?.slice(1) ?? ['-', '05', '00'];
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  const iso = new Date(ms + offset).toISOString();
  return {date: iso.slice(0, 10), time: iso.slice(11, 19)};
}
