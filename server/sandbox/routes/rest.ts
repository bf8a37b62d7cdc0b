/**
 * The sandbox's REST APIs: every operation of the rest, apirest and tcrest
 * contracts, at SANDBOX_BASE + its documented server's path + its path. The
 * route schemas are the contracts' own, compiled by this plugin's validator
 * compiler (../contracts.ts); a bad body, a body that does not parse or a bad
 * token gets a 4xx in the operation's answer shape, never a 500, in the
 * caller's language (?lang=, else Accept-Language).
 */
import {isUnavailable, sendUnavailable} from './errors';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {ContractOperation, Json, SchemaProblem, Validator} from '../contracts';
import {compileValidator, makeSandboxAjv} from '../contracts';
import {DEMO_METHOD_IDS, paymentMethodById} from '../../../core/data/paymentMethods';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import {errorMessage as m, errorText, type ErrorMessage} from '../words';
import {
  PAYMENT_OPERATION_IDS,
  autenticar,
  consultaInfoToken,
  consultarEstadoTransaccion,
  consultarTransacciones,
  crearBotonPago,
  crearTokenTarjeta,
  eliminarRecurrenciaToken,
  enviarPagoCorreo,
  finalizaPagoDaviplata,
  listarBancos,
  pago,
  refusal,
  reversarTransaccionTarjeta,
  type Answer,
  type Body,
  type FlowContext,
  type OperationId,
} from '../gateway/operations';
import {requestLocale} from '../../locale';

export interface RestOptions {
  readonly flows: FlowContext;
  readonly operations: readonly ContractOperation[];
}

/** The token a REST call carries (body or Authorization header), for the request log. */
export function callToken(body: unknown, authorization: string | undefined): string {
  const b = typeof body === 'object' && body !== null ? (body as Body) : {};
  for (const name of ['tokenSeguridad', 'accessToken']) if (typeof b[name] === 'string' && b[name] !== '') return b[name];
  return (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
}

/** Where every sandbox error answer points: the caller's request log. */
const REQUEST_LOG_PATH = SANDBOX_PAGES.requestLog;

interface RouteConfig {
  readonly operation: OperationId;
  readonly cardVariant: boolean;
}

/** A validation failure, with every problem named (the error handler answers it in the caller's language). */
class BodyProblems extends Error {
  readonly statusCode = 400;
  constructor(readonly problems: readonly SchemaProblem[]) {
    super(problems.map((p) => p.message.id).join(' '));
  }
}

/** The documented payment request a /confirmacionTransaccionMedioPago body is, from its MetodoPago. */
export function paymentPageKey(body: unknown): string | SchemaProblem {
  const metodo = typeof body === 'object' && body !== null ? (body as Body).MetodoPago : undefined;
  if (typeof metodo !== 'object' || metodo === null) return {field: 'MetodoPago', message: m('rest.metodoPagoMissing')};
  const given = metodo as Body;
  const id = typeof given.Id === 'string' ? given.Id : '';
  const method = paymentMethodById(id);
  if (method === undefined) {
    return {field: 'MetodoPago.Id', message: m('rest.metodoPagoUnknown', {id, demo: DEMO_METHOD_IDS.join(', ')})};
  }
  const filled = (name: string) => typeof given[name] === 'string' && given[name] !== '';
  switch (method.group) {
    case 'referenced':
    case 'barcode':
      return 'referenciado';
    case 'pse':
      return 'pse';
    case 'wallet':
      return method.variant === 'first' ? 'pago-daviplata' : 'pago-segunda-billetera';
    case 'card':
      if (filled('campo7')) return 'pagotoken';
      if (given.campo6 === '0') return 'creartoken';
      if (filled('campo6') || filled('campo8')) return 'recurrente';
      return 'pago-tarjeta';
  }
}

const OPERATIONS: Record<string, OperationId> = {
  autenticar: 'autenticar',
  consultarEstadoTransaccion: 'consultarEstadoTransaccion',
  consultaInfoToken: 'consultaInfoToken',
  eliminarRecurrenciaToken: 'eliminarRecurrenciaToken',
  reversarTransaccionTarjeta: 'reversarTransaccionTarjeta',
  listarBancos: 'listarBancos',
  crearBotonPago: 'crearBotonPago',
  crearTokenTarjeta: 'crearTokenTarjeta',
  finalizaPagoDaviplata: 'finalizaPagoDaviplata',
  enviarPagoCorreo: 'enviarPagoCorreo',
  consultarTransacciones: 'consultarTransacciones',
  ...Object.fromEntries(PAYMENT_OPERATION_IDS.map((id) => [id, 'pago' as const])),
};

/** Fastify's path syntax for an OpenAPI path: {name} -> :name. */
const routePath = (op: ContractOperation) => `${op.base}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;

/** A marker schema: the validator compiler looks the route's validator up by it. */
interface CompiledMarker {
  readonly 'x-sandbox-validator': number;
}

export default async function rest(app: FastifyInstance, {flows, operations}: RestOptions): Promise<void> {
  const ajv = makeSandboxAjv();
  const paramsAjv = makeSandboxAjv(true);
  const validators: Validator[] = [];
  const marker = (validator: Validator): CompiledMarker => ({'x-sandbox-validator': validators.push(validator) - 1});

  // The APIs take JSON only: text is an unsupported media type here (415), not a string body.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(({schema}) => {
    const index = (schema as Partial<CompiledMarker>)['x-sandbox-validator'];
    const validator = index === undefined ? undefined : validators[index];
    if (validator === undefined) throw new Error('sandbox: a route schema without its contract validator');
    return (value: unknown) => {
      const problems = validator(value);
      return problems.length === 0 ? {value} : {error: new BodyProblems(problems)};
    };
  });

  // Every call is logged for the merchant it names: the token's terminal (expired or not), or the
  // usuario that signs in. A wrong password or a token of rotated credentials proves nobody: such a
  // call is kept apart, marked (RequestLog). A call that names nobody is in nobody's log.
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config as Partial<RouteConfig>;
    if (request.sandboxLog === null || config.operation === undefined) return payload;
    let terminal: string | undefined;
    let proven = false;
    if (config.operation === 'autenticar') {
      const usuario = (request.body as Body | undefined)?.usuario;
      terminal = typeof usuario === 'string' ? (await flows.merchants.byUsuario(usuario))?.terminal : undefined;
      proven = reply.statusCode === 200 && typeof payload === 'string' && /"codigoRespuesta":"0"/.test(payload);
    } else {
      const issued = flows.tokens.issuedTo(callToken(request.body, request.headers.authorization));
      terminal = issued?.terminal;
      proven = issued !== undefined && (await flows.merchants.credentialsId(issued.terminal)) === issued.cred;
    }
    if (terminal !== undefined) {
      request.sandboxLog.terminal = terminal;
      request.sandboxLog.canal = 'rest';
      request.sandboxLog.comprobada = proven;
      const pageKey = config.operation === 'pago' ? paymentPageKey(request.body) : undefined;
      request.sandboxLog.operacion = config.operation === 'pago' ? `confirmacionTransaccionMedioPago${typeof pageKey === 'string' ? ` (${pageKey})` : ''}` : config.operation;
      request.sandboxLog.cuerpo = request.method === 'GET' ? request.params : request.body;
    }
    return payload;
  });

  // A certification's trial of the merchant's REST client answers 503 with Retry-After, as a gateway
  // having a bad moment would: the first call of the trial and any that comes before Retry-After.
  app.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config as Partial<RouteConfig>;
    if (flows.restTrial === undefined || config.operation === undefined || config.operation === 'autenticar') return undefined;
    const issued = flows.tokens.issuedTo(callToken(request.body, request.headers.authorization));
    const wait = issued === undefined ? null : await flows.restTrial.unavailable(issued.terminal);
    if (wait === null) return undefined;
    const message = `El servicio no está disponible por un momento: reintente después de ${wait} s (cabecera Retry-After).`;
    return reply
      .code(503)
      .header('retry-after', String(wait))
      .send(withLog(503, refusal(config.operation, message, [{field: '', message}], config.cardVariant ?? false)));
  });

  /** A 4xx answer also names the request log, where the call is kept. */
  const withLog = (status: number, body: unknown): unknown =>
    status >= 400 && typeof body === 'object' && body !== null && !Array.isArray(body) ? {...body, registro: REQUEST_LOG_PATH} : body;

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config as Partial<RouteConfig>;
    const operation = config.operation ?? 'autenticar';
    const cardVariant = config.cardVariant ?? false;
    if (isUnavailable(error)) return sendUnavailable(request, reply);
    const t = errorText(requestLocale(request));
    if (error instanceof BodyProblems) {
      const problems = error.problems.map((p) => ({field: p.field, message: t.say(p.message)}));
      return reply.code(400).send(withLog(400, refusal(operation, problems.map((p) => p.message).join(' '), problems, cardVariant)));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error, 'sandbox: unexpected error');
    const sentence: ErrorMessage =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? m('rest.bodyNotJson')
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? m('rest.bodyTooLarge')
          : status === 500
            ? m('api.ERROR_INTERNO')
            : m('rest.invalidJson');
    const message = t.say(sentence);
    const code = status === 500 ? 500 : status === 415 || status === 413 ? status : 400;
    return reply.code(code).send(withLog(code, refusal(operation, message, [{field: '', message}], cardVariant)));
  });

  // One route per method and path; the payment requests share theirs.
  const routes = new Map<string, ContractOperation[]>();
  for (const op of operations) {
    const key = `${op.method} ${routePath(op)}`;
    routes.set(key, [...(routes.get(key) ?? []), op]);
  }

  /** The flows' context for one call: its refusals in the caller's language. */
  const inLanguage = (request: FastifyRequest): FlowContext => ({...flows, lang: requestLocale(request)});

  const send = (reply: FastifyReply, answer: Answer) =>
    reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .send(withLog(answer.status, answer.body));

  for (const [key, ops] of routes) {
    const first = ops[0] as ContractOperation;
    const operation = OPERATIONS[first.operationId];
    if (operation === undefined) throw new Error(`sandbox: no flow for the contract operation ${first.operationId} (${key}).`);
    const cardVariant = first.contract === 'tcrest';
    const config: RouteConfig = {operation, cardVariant};
    const url = routePath(first);

    if (first.method === 'GET') {
      const params = first.params ?? {};
      const paramsSchema: Json = {type: 'object', required: Object.keys(params), properties: params};
      app.get(url, {config, schema: {params: marker(compileValidator(paramsAjv, paramsSchema))}}, async (request, reply) => {
        const p = request.params as {terminal: string; fecha_inicio: string; fecha_fin: string; pagina: number};
        return send(reply, await consultarTransacciones(inLanguage(request), p, request.headers.authorization));
      });
      continue;
    }

    if (operation === 'pago') {
      const byKey = new Map(ops.map((op) => [op.pageKey, compileValidator(ajv, op.body ?? {})]));
      const validator: Validator = (value) => {
        const pageKey = paymentPageKey(value);
        if (typeof pageKey !== 'string') return [pageKey];
        const validate = byKey.get(pageKey);
        if (validate === undefined) {
          return [{field: 'MetodoPago.Id', message: m('rest.methodNotHere', {accepted: [...byKey.keys()].join(', ')})}];
        }
        return validate(value);
      };
      app.post(url, {config, schema: {body: marker(validator)}}, async (request, reply) => {
        const body = request.body as Body;
        return send(reply, await pago(inLanguage(request), paymentPageKey(body) as string, body, cardVariant));
      });
      continue;
    }

    const handlers: Partial<Record<OperationId, (ctx: FlowContext, body: Body, address: string) => Promise<Answer>>> = {
      autenticar,
      consultarEstadoTransaccion,
      consultaInfoToken,
      eliminarRecurrenciaToken,
      reversarTransaccionTarjeta,
      listarBancos,
      crearBotonPago,
      crearTokenTarjeta,
      finalizaPagoDaviplata,
      enviarPagoCorreo,
    };
    const handler = handlers[operation];
    if (handler === undefined) throw new Error(`sandbox: no handler for ${operation}.`);
    app.post(url, {config, schema: {body: marker(compileValidator(ajv, first.body ?? {}))}}, async (request, reply) =>
      send(reply, await handler(inLanguage(request), request.body as Body, request.ip)),
    );
  }
}
