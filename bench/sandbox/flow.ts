/**
 * The integrator's flow that `npm run bench:sandbox` repeats on every
 * connection, as autocannon's `requests` chain (one context per iteration):
 * authenticate (the token goes into the context), pay (the answer's
 * CodigoSeguimiento goes into it), query the payment's status. The bodies are
 * those of samples/node/flujoRest.mjs, the documented REST flow; the card is
 * the sandbox's approving test Visa, encrypted once with the demo public key
 * (a client would encrypt each time; the server decrypts each time either way).
 *
 * Every payment the server accepted is recorded, so that after the run each
 * one can be looked for with a status query (`verify`), on the other server
 * when there are two.
 */
import {constants, publicEncrypt} from 'node:crypto';
import type autocannon from 'autocannon';
import {SANDBOX_BASE} from '../../core/config';
import {DEMO_PUBLIC_KEY_PEM} from '../../core/data/encryption';
import {SANDBOX_RULES, SANDBOX_TEST_CARDS, TEST_CARD} from '../../core/data/sandbox';
import type {PaymentKind} from './options';

/** Where the flow's operations are (the documented servers' paths under the sandbox: server/sandbox/README.md, "Pointing your own code at it"). */
export const PATHS = {
  credentials: `${SANDBOX_BASE}/credenciales`,
  authenticate: `${SANDBOX_BASE}/auth/autenticar`,
  payment: `${SANDBOX_BASE}/core/confirmacionTransaccionMedioPago`,
  status: `${SANDBOX_BASE}/core/consultarEstadoTransaccion`,
} as const;

export interface Merchant {
  readonly usuario: string;
  readonly clave: string;
  readonly terminal: string;
}

export interface AcceptedPayment {
  readonly merchant: number;
  readonly terminal: string;
  readonly referencia: string;
  readonly codigoSeguimiento: string;
  /** The server that accepted it. */
  readonly origin: string;
  /** The token that server issued for the payment (valid SANDBOX_RULES.tokenMinutes). */
  readonly token: string;
  readonly tokenAt: number;
}

export interface FlowStats {
  authenticated: number;
  authRefused: number;
  accepted: AcceptedPayment[];
  paymentsRefused: number;
  /** The flow's own status query found the payment it had just made. */
  statusFound: number;
  statusMissing: number;
  /** A refusal's first words, counted: what went wrong, if anything did. */
  readonly problems: Map<string, number>;
}

export const newStats = (): FlowStats => ({authenticated: 0, authRefused: 0, accepted: [], paymentsRefused: 0, statusFound: 0, statusMissing: 0, problems: new Map()});

/** The per-iteration context autocannon keeps for a connection (reset to {} at each new iteration). */
interface Context {
  merchant?: number;
  token?: string;
  tokenAt?: number;
  referencia?: string;
  codigoSeguimiento?: string;
  /** The server this connection talks to. */
  origin?: string;
}

/** What autocannon hands setupRequest: the request with the connection's target (origin) mixed in. */
type Outgoing = autocannon.Request & {readonly origin?: string};

/**
 * One request of the chain as autocannon runs it: setupRequest may answer null (autocannon then starts the
 * iteration again, its README says; @types/autocannon, written for version 7, says a request), and the
 * context is this flow's.
 */
interface Step {
  readonly setupRequest: (request: Outgoing, context: Context) => autocannon.Request | null;
  readonly onResponse: (status: number, body: string, context: Context) => void;
}

const VISA = SANDBOX_TEST_CARDS.find((card) => card.brand === 'visa') as (typeof SANDBOX_TEST_CARDS)[number];
const encrypt = (text: string) => publicEncrypt({key: DEMO_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(text)).toString('hex');

/** MetodoPago of each kind: the approving Visa (campo1..4 encrypted, campo5 instalments), or a referenced payment. */
export function paymentMethod(kind: PaymentKind): Record<string, string> {
  if (kind === 'referenced') return {Id: '42'};
  return {
    Id: VISA.methodId,
    campo1: encrypt(VISA.approved),
    campo2: encrypt(TEST_CARD.cvc),
    campo3: encrypt(TEST_CARD.expiryYear),
    campo4: encrypt(TEST_CARD.expiryMonth),
    campo5: '1',
  };
}

function parse(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function problem(stats: FlowStats, step: string, status: number, answer: Record<string, unknown>): void {
  const said = [answer.mensaje, answer.Descripción, answer.descripcionRespuesta, answer.codigo].find((value): value is string => typeof value === 'string');
  let key = `${step}: HTTP ${status}${said === undefined ? '' : ` ${said.slice(0, 90)}`}`;
  if (!stats.problems.has(key) && stats.problems.size >= 20) key = `${step}: other answers`;
  stats.problems.set(key, (stats.problems.get(key) ?? 0) + 1);
}

const json = (request: Outgoing, path: string, body: unknown): autocannon.Request => ({
  ...request,
  method: 'POST',
  path,
  headers: {...request.headers, 'content-type': 'application/json'},
  body: JSON.stringify(body),
});

/**
 * The three requests of one iteration. Each iteration takes the next merchant
 * of the pool (so no merchant holds more payments than the store keeps for
 * one), and `stats()` is read when each response arrives, so a new stats
 * object can be swapped in between the warm-up and the measurement.
 */
export function flowRequests(merchants: readonly Merchant[], kind: PaymentKind, stats: () => FlowStats, runId: string): autocannon.Request[] {
  const metodo = paymentMethod(kind);
  let next = 0;
  const steps: Step[] = [
    {
      setupRequest: (request: Outgoing, context: Context) => {
        const index = next++ % merchants.length;
        const m = merchants[index] as Merchant;
        context.merchant = index;
        return json(request, PATHS.authenticate, {usuario: m.usuario, clave: m.clave, terminal: m.terminal});
      },
      onResponse: (status: number, body: string, context: Context) => {
        const answer = parse(body);
        if (status === 200 && answer.codigoRespuesta === '0' && typeof answer.tokenSeguridad === 'string') {
          context.token = answer.tokenSeguridad;
          context.tokenAt = Date.now();
          stats().authenticated += 1;
        } else {
          stats().authRefused += 1;
          problem(stats(), 'autenticar', status, answer);
        }
      },
    },
    {
      // No token: autocannon starts the iteration again (counted in its `resets`).
      setupRequest: (request: Outgoing, context: Context) => {
        if (context.token === undefined || context.merchant === undefined) return null;
        const m = merchants[context.merchant] as Merchant;
        context.origin = request.origin ?? '';
        context.referencia = `BENCH-${runId}-${next}-${Math.random().toString(36).slice(2, 8)}`;
        return json(request, PATHS.payment, {
          MetodoPago: metodo,
          Referencia: context.referencia,
          Valortotal: '150000',
          Valorbase: '0',
          Valoriva: '0',
          Descripcion: 'Compra de prueba (bench:sandbox)',
          Correo: 'ana.perez@example.com',
          Nombre: 'Ana',
          Apellido: 'Pérez',
          Documento: '1020304050',
          tipoDocumento: '1',
          Terminal: m.terminal,
          tokenSeguridad: context.token,
        });
      },
      onResponse: (status: number, body: string, context: Context) => {
        const answer = parse(body);
        // Accepted: the payment was recorded (approved card, or a referenced payment waiting to be paid).
        const accepted = status === 200 && answer.CodigoRespuesta === '0' && typeof answer.CodigoSeguimiento === 'string';
        if (accepted && context.merchant !== undefined && context.referencia !== undefined && context.token !== undefined) {
          context.codigoSeguimiento = answer.CodigoSeguimiento as string;
          stats().accepted.push({
            merchant: context.merchant,
            terminal: (merchants[context.merchant] as Merchant).terminal,
            referencia: context.referencia,
            codigoSeguimiento: context.codigoSeguimiento,
            origin: context.origin ?? '',
            token: context.token,
            tokenAt: context.tokenAt ?? Date.now(),
          });
        } else {
          stats().paymentsRefused += 1;
          problem(stats(), 'pago', status, answer);
        }
      },
    },
    {
      setupRequest: (request: Outgoing, context: Context) => {
        if (context.codigoSeguimiento === undefined || context.merchant === undefined) return null;
        return json(request, PATHS.status, {
          terminal: (merchants[context.merchant] as Merchant).terminal,
          referencia: context.referencia,
          codigoSeguimiento: context.codigoSeguimiento,
          tokenSeguridad: context.token,
          estadoPago: true,
          valorTotal: true,
        });
      },
      onResponse: (status: number, body: string) => {
        const answer = parse(body);
        if (status === 200 && answer.codigoRespuesta === '0') stats().statusFound += 1;
        else {
          stats().statusMissing += 1;
          problem(stats(), 'consultarEstadoTransaccion', status, answer);
        }
      },
    },
  ];
  return steps as unknown as autocannon.Request[];
}

export interface Verification {
  readonly checked: number;
  readonly found: number;
  /** Status queries that refused the token the accepting server had issued (not shared between servers). */
  readonly tokensRefused: number;
  /** Payments whose merchant could not authenticate on the checking server (merchants not shared). */
  readonly merchantUnknown: number;
}

/**
 * Looks for every accepted payment with a status query on `checkOn(payment)`
 * (the other server when there are two), with the token the accepting server
 * issued; a refused token is replaced by one the checking server issues, so a
 * token that is not shared is told apart from a payment that is not found.
 */
export async function verify(
  payments: readonly AcceptedPayment[],
  merchants: readonly Merchant[],
  checkOn: (payment: AcceptedPayment) => string,
  parallel = 16,
): Promise<Verification> {
  const post = async (origin: string, path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
    return {status: response.status, answer: parse(await response.text())};
  };
  const fresh = new Map<string, Promise<string | undefined>>();
  const tokenOn = (origin: string, index: number) => {
    const key = `${origin} ${index}`;
    let token = fresh.get(key);
    if (token === undefined) {
      const m = merchants[index] as Merchant;
      token = post(origin, PATHS.authenticate, {usuario: m.usuario, clave: m.clave, terminal: m.terminal}).then(({answer}) =>
        answer.codigoRespuesta === '0' && typeof answer.tokenSeguridad === 'string' ? answer.tokenSeguridad : undefined,
      );
      fresh.set(key, token);
    }
    return token;
  };
  let found = 0;
  let tokensRefused = 0;
  let merchantUnknown = 0;
  // A token a minute short of its expiry is not worth trying.
  const usable = (p: AcceptedPayment) => Date.now() - p.tokenAt < (SANDBOX_RULES.tokenMinutes - 1) * 60_000;
  const check = async (p: AcceptedPayment) => {
    const origin = checkOn(p);
    const query = (token: string) =>
      post(origin, PATHS.status, {terminal: p.terminal, referencia: p.referencia, codigoSeguimiento: p.codigoSeguimiento, tokenSeguridad: token, estadoPago: true});
    let result = usable(p) ? await query(p.token) : undefined;
    if (result?.status === 401) tokensRefused += 1;
    if (result === undefined || result.status === 401) {
      const token = await tokenOn(origin, p.merchant);
      if (token === undefined) {
        merchantUnknown += 1;
        return;
      }
      result = await query(token);
    }
    if (result.status === 200 && result.answer.codigoRespuesta === '0') found += 1;
  };
  let cursor = 0;
  await Promise.all(
    Array.from({length: Math.min(parallel, payments.length)}, async () => {
      while (cursor < payments.length) await check(payments[cursor++] as AcceptedPayment);
    }),
  );
  return {checked: payments.length, found, tokensRefused, merchantUnknown};
}
