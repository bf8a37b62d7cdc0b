/**
 * The sandbox's SOAP web service: the operations of the WSDL
 * (static/soap/pagos.wsdl) answered by the `soap` package's server, on the
 * same state and flows as REST (../gateway/operations.ts). The WSDL is served at
 * SOAP_PATH?wsdl with its soap:address pointing at the sandbox.
 *
 * Requests are the WSDL's elements; the payment request is the previous
 * variant (Extra8, Extra9). Each is validated by the REST contract's schema of
 * the same operation (../contracts.ts) before it runs, and answered with a SOAP
 * Fault (4xx, soap:Client) that names the field when it is bad. XML that does
 * not parse or names no operation of the WSDL gets a 400 Fault before the
 * library sees it. Faults are in the caller's language (?lang=, else
 * Accept-Language); the operations' answers are the gateway's, in Spanish.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import * as soap from 'soap';
import {compileValidator, makeSandboxAjv, type ContractOperation, type Validator} from '../contracts';
import {
  consultaInfoToken,
  consultarEstadoTransaccion,
  eliminarRecurrenciaToken,
  listarBancos,
  pago,
  reversarTransaccionTarjeta,
  type Answer,
  type Body,
  type FlowContext,
} from '../gateway/operations';
import {paymentPageKey} from './rest';
import type {RequestLog} from '../merchants/requestLog';
import {apiSentence, errorMessage as m, errorText, type ErrorMessage} from '../words';
import {isUnavailable, RETRY_AFTER_SECONDS, sendUnavailable} from './errors';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import {requestLocale} from '../../locale';
import {negotiateLocale, type Locale} from '../../../core/locale';

/** Where the service answers, under the sandbox's prefix. */
export const SOAP_PATH = '/soap/ServicioPagos';
export const WSDL_FILE = join('static', 'soap', 'pagos.wsdl');

export interface SoapOptions {
  readonly flows: FlowContext;
  readonly operations: readonly ContractOperation[];
  /** The sandbox's base path (/sandbox), to write the public address into the WSDL (not named `prefix`: Fastify would apply it). */
  readonly publicBase: string;
  readonly projectDir?: string;
  /** Where each call is logged for the merchant whose token it carries. */
  readonly requestLog?: RequestLog;
}

/** The WSDL with its soap:address at `location`. */
export function sandboxWsdl(location: string, projectDir: string = process.cwd()): string {
  const xml = readFileSync(join(projectDir, WSDL_FILE), 'utf8');
  const replaced = xml.replace(/(<soap:address\s+location=")[^"]*(")/, `$1${location.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}$2`);
  if (replaced === xml && !xml.includes(`location="${location}"`)) throw new Error(`${WSDL_FILE}: no soap:address to point at the sandbox.`);
  return replaced;
}

interface Fault {
  readonly Fault: {readonly faultcode: string; readonly faultstring: string; readonly detail: {readonly registro: string}; readonly statusCode: number};
}

/** Every Fault names the request log, where the call is kept. */
const fault = (statusCode: number, faultstring: string): Fault => ({
  Fault: {faultcode: statusCode >= 500 ? 'soap:Server' : 'soap:Client', faultstring, detail: {registro: SANDBOX_PAGES.requestLog}, statusCode},
});

/** The first tokenSeguridad or accessToken anywhere in a parsed envelope's body. */
function findToken(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'tokenSeguridad' || key === 'accessToken') && typeof child === 'string') return child;
    const found = findToken(child);
    if (found !== '') return found;
  }
  return '';
}

/** Values of the status query's flags arrive as text from XML; the contract wants booleans. */
function booleans(body: Body): Body {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'true' ? true : v === 'false' ? false : v]));
}

/** Drops the attributes the XML parser keeps ($attributes, attributes) from a parsed element, deeply. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'attributes' && k !== '$attributes')
      .map(([k, v]) => [k, plain(v)]),
  );
}

export default async function soapService(app: FastifyInstance, {flows, operations, publicBase, projectDir, requestLog}: SoapOptions): Promise<void> {
  const ajv = makeSandboxAjv();
  const rest = (operationId: string): Validator => {
    const op = operations.find((o) => o.contract === 'rest' && o.operationId === operationId);
    if (op?.body === undefined) throw new Error(`sandbox soap: no REST contract for ${operationId}.`);
    return compileValidator(ajv, op.body);
  };
  const paymentValidators = new Map(
    operations.filter((o) => o.contract === 'rest' && o.path === '/confirmacionTransaccionMedioPago').map((o) => [o.pageKey, compileValidator(ajv, o.body ?? {})]),
  );

  /** One call: the flows' context and the Faults' sentences in the caller's language. */
  interface Call {
    readonly lang: Locale;
    readonly flows: FlowContext;
  }
  const refuse = (call: Call, status: number, message: ErrorMessage): Fault => fault(status, errorText(call.lang).say(message));

  /** Validates, runs, and turns a refusal into a Fault. */
  const run = async (call: Call, validator: Validator, body: Body, flow: (ctx: FlowContext, body: Body) => Promise<Answer>): Promise<unknown> => {
    const problems = validator(body);
    if (problems.length > 0) throw fault(400, problems.map((p) => errorText(call.lang).say(p.message)).join(' '));
    const answer = await flow(call.flows, body);
    if (answer.status >= 400) {
      const b = answer.body as Record<string, unknown>;
      const said = [b.Descripción, b.descripcionRespuesta, b.descripcion, b.mensaje].find((text) => typeof text === 'string');
      throw said === undefined ? refuse(call, answer.status, m('soap.refused')) : fault(answer.status, said);
    }
    return answer.body;
  };

  const payment = async (call: Call, body: Body): Promise<unknown> => {
    const pageKey = paymentPageKey(body);
    if (typeof pageKey !== 'string') throw refuse(call, 400, pageKey.message);
    const validator = paymentValidators.get(pageKey);
    if (validator === undefined) throw refuse(call, 400, m('soap.methodNotHere', {pageKey}));
    return run(call, validator, body, (ctx, b) => pago(ctx, pageKey, b, false));
  };

  const handlers: Record<string, (call: Call, body: Body) => Promise<unknown>> = {
    consultaInfoToken: (c, b) => run(c, rest('consultaInfoToken'), b, consultaInfoToken),
    reversarTransaccionTarjeta: (c, b) => run(c, rest('reversarTransaccionTarjeta'), b, reversarTransaccionTarjeta),
    consultarEstadoTransaccion: (c, b) => run(c, rest('consultarEstadoTransaccion'), booleans(b), consultarEstadoTransaccion),
    confirmacionTransaccionMedioPago: payment,
    listarBancos: async (c, b) => ({banco: await run(c, rest('listarBancos'), b, listarBancos)}),
    eliminarRecurrenciaToken: (c, b) => run(c, rest('eliminarRecurrenciaToken'), b, eliminarRecurrenciaToken),
    procesarGrupoCodigoBarras: async (c, b) => {
      const list = Array.isArray(b.pago) ? b.pago : b.pago === undefined ? [] : [b.pago];
      if (list.length === 0) throw refuse(c, 400, m('soap.pagoMissing'));
      const resultado: unknown[] = [];
      for (const p of list) resultado.push(await payment(c, p as Body));
      return {resultado};
    },
    // The sandbox simulates no client of the Si product: every query says so, with the documented "no information".
    consultaSaldoSi: async (c, b) => {
      await run(
        c,
        rest('consultarEstadoTransaccion'),
        {terminal: b.terminal, referencia: '-', codigoSeguimiento: '-', tokenSeguridad: b.tokenSeguridad},
        consultarEstadoTransaccion,
      );
      return {codigoRespuesta: '1', descripcionRespuesta: 'El sandbox no simula clientes del producto Si.'};
    },
  };

  /** The language of a call the library hands over: ?lang= of its URL, else its Accept-Language. */
  const callOf = (req: unknown): Call => {
    const raw = req as {url?: string; headers?: Record<string, string | string[] | undefined>} | undefined;
    const accept = raw?.headers?.['accept-language'];
    const lang = negotiateLocale(new URL(raw?.url ?? '/', 'http://sandbox.local').searchParams.get('lang'), typeof accept === 'string' ? accept : undefined);
    return {lang, flows: {...flows, lang}};
  };

  // The store down in the middle of an operation (the sandbox's gate caught it before otherwise): 503, as the gate answers.
  const service = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (args: unknown, _callback: unknown, _headers: unknown, req: unknown, res?: {setHeader(name: string, value: string): void}) => {
        const call = callOf(req);
        return handler(call, (plain(args) ?? {}) as Body).catch((error: unknown) => {
          if (!isUnavailable(error)) throw error;
          res?.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
          throw fault(503, apiSentence(call.lang, 'NO_DISPONIBLE'));
        });
      },
    ]),
  );

  const path = `${publicBase}${SOAP_PATH}`;
  const location = `${flows.siteUrl}${path}`;
  const wsdl = sandboxWsdl(location, projectDir);
  // The `soap` server mounted the way it mounts on Express: it hands us its request listener.
  let listener: ((req: unknown, res: unknown) => void) | undefined;
  const mount = {route: () => ({all: (handler: (req: unknown, res: unknown) => void) => (listener = handler)}), use: () => undefined};
  const server = await new Promise<soap.Server>((resolve, reject) => {
    const s: soap.Server = soap.listen(mount, {
      path,
      services: {ServicioPagos: {ServicioPagosSoap: service}},
      xml: wsdl,
      suppressStack: true,
      callback: (error?: Error | null) => (error ? reject(error) : resolve(s)),
    } as soap.IServerOptions);
  });

  // A parser of its own for the pre-check (the server's is private).
  const checker = new soap.WSDL(wsdl, location, {});
  await new Promise<void>((resolve, reject) => checker.onReady((error?: Error | null) => (error ? reject(error) : resolve())));
  void server;

  for (const type of ['text/xml', 'application/soap+xml']) {
    app.addContentTypeParser(type, {parseAs: 'buffer', bodyLimit: 1024 * 1024}, (_request, body, done) => done(null, body));
  }

  const soapFault = (request: FastifyRequest, reply: FastifyReply, message: ErrorMessage, status = 400) => {
    const faultstring = errorText(requestLocale(request)).say(message);
    return reply
      .code(status)
      .type('text/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>${status >= 500 ? 'soap:Server' : 'soap:Client'}</faultcode><faultstring>${faultstring.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</faultstring><detail><registro>${SANDBOX_PAGES.requestLog}</registro></detail></soap:Fault></soap:Body></soap:Envelope>`,
      );
  };

  /** The library writes the answer itself: keep what it writes, and log it once it is sent. */
  const logWhenSent = (reply: FastifyReply, terminal: string, comprobada: boolean, operation: string, cuerpo: unknown) => {
    const raw = reply.raw;
    const chunks: Buffer[] = [];
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    const end = raw.end.bind(raw) as (...args: unknown[]) => typeof raw;
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) chunks.push(Buffer.from(chunk));
    };
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof raw.write;
    raw.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk);
      return end(chunk, ...rest);
    }) as typeof raw.end;
    raw.once('finish', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = raw.statusCode;
      const faultstring = /<faultstring>([\s\S]*?)<\/faultstring>/.exec(answer)?.[1];
      const errores = status >= 400 || faultstring !== undefined ? {faultstring: faultstring ?? '', respuesta: answer.slice(0, 4096)} : null;
      requestLog
        ?.add(terminal, {canal: 'soap', operacion: operation, estado: status, errores, cuerpo, comprobada})
        .catch((error: unknown) => app.log.error(error, 'sandbox: request log'));
    });
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (listener === undefined) throw new Error('sandbox soap: the service did not mount.');
    if (request.method === 'POST') {
      const xml = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      let operation: string | undefined;
      let parsed: {Body?: Record<string, unknown>} | null = null;
      try {
        parsed = checker.xmlToObject(xml) as {Body?: Record<string, unknown>} | null;
        operation = Object.keys(parsed?.Body ?? {}).find((k) => k !== 'attributes');
      } catch {
        return soapFault(request, reply, m('soap.notEnvelope'));
      }
      if (operation === undefined || !(operation in handlers)) {
        return soapFault(request, reply, m('soap.noOperation', {operations: Object.keys(handlers).join(', ')}));
      }
      (request.raw as unknown as {body: Buffer}).body = request.body as Buffer;
      // Logged for the merchant the token was issued to; kept apart when its credentials have been rotated since (RequestLog).
      const issued = flows.tokens.issuedTo(findToken(parsed?.Body?.[operation]));
      if (issued !== undefined && requestLog !== undefined) {
        const proven = (await flows.merchants.credentialsId(issued.terminal)) === issued.cred;
        logWhenSent(reply, issued.terminal, proven, operation, plain(parsed?.Body?.[operation]));
      }
    } else if (!/^\?wsdl$/i.test(new URL(request.url, 'http://x').search)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(errorText(requestLocale(request)).text('soap.wsdlOrPost'));
    }
    reply.hijack();
    listener(request.raw, reply.raw);
  };
  app.get(SOAP_PATH, handle);
  app.post(SOAP_PATH, handle);
  app.setErrorHandler((error: {statusCode?: number; code?: string; message: string}, request, reply) => {
    if (isUnavailable(error)) return sendUnavailable(request, reply);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 415) return soapFault(request, reply, m('soap.sendXml'), 415);
    if (status === 413) return soapFault(request, reply, m('soap.tooLarge'), 413);
    if (status === 500) {
      request.log.error(error, 'sandbox soap: unexpected error');
      return soapFault(request, reply, m('api.ERROR_INTERNO'), 500);
    }
    return soapFault(request, reply, m('soap.invalid'), status);
  });
}
