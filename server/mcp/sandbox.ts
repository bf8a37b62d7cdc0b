/**
 * The sandbox as the assistants' tools use it: calls go to the portal's own
 * sandbox routes in-process (Fastify's inject), exactly as an integrator's
 * HTTP call would arrive, so the sandbox validates, answers and logs them
 * as its own.
 *
 * Who is calling: the MCP request's HTTP Basic `usuario:clave` (the
 * sandbox credentials), passed through to the sandbox; without
 * them, the public demo merchant. The REST operations authenticate in their
 * body (usuario, clave, terminal -> tokenSeguridad), so sandbox_request puts
 * the caller's merchant there; the inbox and the request log are read with
 * the caller's Basic credentials, from the JSON the sandbox serves them
 * (GET /sandbox/notificaciones and /sandbox/registro with
 * `Accept: application/json`, as the rules page's API section describes). The credentials are
 * checked by the sandbox itself (GET /sandbox/credenciales), so the tools
 * know exactly the merchants it knows.
 *
 * Every in-process call carries the MCP caller's address and language: the
 * sandbox's limits per address count each caller, not the portal's own
 * loopback, and its messages come in the language asked.
 */
import {SANDBOX_BASE} from '../../core/config';
import {isObject, requestPath, type Json, type JsonObject} from '../../core/openapi/contracts';
import type {DemoMerchant} from '../sandbox/merchants/demoMerchant';
import {requestExamples, type OperationInfo} from './operations';

export interface Credentials {
  readonly usuario: string;
  readonly clave: string;
}

export interface Merchant extends Credentials {
  readonly terminal: string;
  /** True for the public demo merchant (its records are everyone's). */
  readonly demo: boolean;
}

export interface InjectAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, unknown>>;
  readonly body: string;
}

export type Inject = (request: {method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string; remoteAddress?: string}) => Promise<InjectAnswer>;

/** Who is on the other end of the MCP request, besides their credentials. */
export interface CallerContext {
  /** The MCP client's address: the sandbox's per-address limits apply to it. */
  readonly address?: string;
  /** The language of the sandbox's messages (Accept-Language); Spanish by default. */
  readonly lang?: 'es' | 'en';
}

/** The JSON-RPC error code of credentials the portal refuses (malformed at the door, or unknown to the sandbox). */
export const CREDENTIALS_REFUSED = -32001;

/** The body fields that name the merchant: always the caller's. */
const MERCHANT_FIELDS = ['usuario', 'clave', 'terminal'] as const;

/** The body fields that carry the token of autenticar. */
const TOKEN_FIELDS = ['tokenSeguridad', 'accessToken'] as const;

/** A tool failure the assistant can act on: the message says what to do. */
export class SandboxToolError extends Error {
  override name = 'SandboxToolError';
}

/** The sandbox does not know the connection's credentials: the whole connection is wrong, not one call. */
export class SandboxCredentialsError extends SandboxToolError {
  override name = 'SandboxCredentialsError';
}

/** The Basic credentials of an Authorization header; null without one; throws on a malformed one. */
export function basicCredentials(header: string | undefined): Credentials | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (match === null) throw new Error('Authorization must be HTTP Basic with your sandbox credentials (usuario:clave), or absent for the public demo merchant.');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) throw new Error('The Basic credentials must be usuario:clave, both non-empty.');
  return {usuario: decoded.slice(0, colon), clave: decoded.slice(colon + 1)};
}

function basic(credentials: Credentials): string {
  return `Basic ${Buffer.from(`${credentials.usuario}:${credentials.clave}`, 'utf8').toString('base64')}`;
}

/** The sandbox's own error sentence (`{codigo, mensaje}`), when it gave one. */
function sandboxMessage(answer: InjectAnswer): string {
  const body = json(answer);
  if (isObject(body) && typeof body.mensaje === 'string') return `${body.mensaje}${typeof body.codigo === 'string' ? ` (${body.codigo})` : ''}`;
  return `HTTP ${answer.statusCode}`;
}

function json(answer: InjectAnswer): Json | undefined {
  const type = answer.headers['content-type'];
  if (!(typeof type === 'string' && type.includes('json'))) return undefined;
  try {
    return JSON.parse(answer.body) as Json;
  } catch {
    return undefined;
  }
}

/** The path the sandbox serves an operation at: its sandbox server, or /sandbox + its documented server's path. */
export function sandboxPath(op: Pick<OperationInfo, 'server' | 'path'>): string {
  const server = op.server.startsWith(SANDBOX_BASE) ? op.server : `${SANDBOX_BASE}${new URL(op.server, 'http://x').pathname}`;
  return `${server.replace(/\/+$/, '')}${requestPath(op.path)}`;
}

export interface SandboxResult {
  readonly request: {readonly method: string; readonly url: string; readonly body?: Json};
  readonly status: number;
  readonly answer: Json | string;
  /** What the tool did on its own (authenticated first, filled the merchant's fields). */
  readonly notes: readonly string[];
}

export class SandboxGateway {
  constructor(
    private readonly inject: Inject,
    private readonly demo: DemoMerchant,
    private readonly origin: string,
    private readonly operations: readonly OperationInfo[],
  ) {}

  /** Headers and address every in-process call of this caller carries. */
  private from(caller: CallerContext, headers: Record<string, string>): {headers: Record<string, string>; remoteAddress?: string} {
    return {headers: {...headers, 'accept-language': caller.lang ?? 'es'}, ...(caller.address === undefined ? {} : {remoteAddress: caller.address})};
  }

  /**
   * The merchant the credentials name: the demo merchant without them; the
   * sandbox's own answer to GET /sandbox/credenciales otherwise.
   */
  async merchant(credentials: Credentials | null, caller: CallerContext = {}): Promise<Merchant> {
    if (credentials === null || (credentials.usuario === this.demo.usuario && credentials.clave === this.demo.clave)) {
      return {usuario: this.demo.usuario, clave: this.demo.clave, terminal: this.demo.terminal, demo: true};
    }
    const answer = await this.inject({method: 'GET', url: `${SANDBOX_BASE}/credenciales`, ...this.from(caller, {authorization: basic(credentials), accept: 'application/json'})});
    const body = json(answer);
    if (answer.statusCode === 200 && isObject(body) && typeof body.terminal === 'string') {
      return {...credentials, terminal: body.terminal, demo: body.publico === true};
    }
    if (answer.statusCode === 401) {
      throw new SandboxCredentialsError(
        `The sandbox does not know the credentials of this MCP connection (usuario "${credentials.usuario}" with its clave, HTTP Basic): they may have been rotated, have expired, or the sandbox restarted. ` +
          `Create new ones with POST ${this.origin}${SANDBOX_BASE}/credenciales (or on ${this.origin}${SANDBOX_BASE}) and put them in the connection's Authorization header, or connect without credentials to act as the public demo merchant.`,
      );
    }
    throw new SandboxToolError(`The sandbox could not check these credentials: ${sandboxMessage(answer)}.`);
  }

  /** Calls a REST operation of the sandbox as `merchant`. */
  async request(op: OperationInfo, given: JsonObject | undefined, params: JsonObject | undefined, merchant: Merchant, caller: CallerContext = {}): Promise<SandboxResult> {
    const notes: string[] = [];
    const properties = this.bodyProperties(op);
    let body: JsonObject | undefined;
    if (op.method !== 'GET') {
      const example = requestExamples(op.operation)[0]?.value;
      if (given === undefined && !isObject(example)) throw new SandboxToolError(`${op.operationId} has no request example: give its body.`);
      body = given ?? {...(example as JsonObject)};
      if (given === undefined) notes.push(`No body given: sent the contract's first example of ${op.operationId}.`);
      // The caller's merchant, whatever the body says: the tool never acts as another one. The
      // contracts spell these fields either way (autenticar's terminal, the card payment's Terminal).
      for (const field of properties) {
        const own = MERCHANT_FIELDS.find((name) => name === field.toLowerCase());
        if (own !== undefined && body[field] !== merchant[own]) {
          body = {...body, [field]: merchant[own]};
          if (given !== undefined && field in given && own !== 'clave') notes.push(`${field} set to your merchant's.`);
        }
      }
      // The token field is tokenSeguridad, or accessToken in listarBancos. One the caller gave is kept,
      // unless it is the contract example's placeholder (an assistant often sends the example as it is).
      const placeholders = new Set(requestExamples(op.operation).flatMap(({value}) => (isObject(value) ? TOKEN_FIELDS.map((f) => value[f]) : [])));
      for (const field of TOKEN_FIELDS) {
        if (properties.has(field) && (given === undefined || typeof given[field] !== 'string' || given[field] === '' || placeholders.has(given[field]))) {
          body = {...body, [field]: await this.token(op, merchant, caller)};
          notes.push(`Authenticated first (autenticar) and put the tokenSeguridad it returned in the body${field === 'tokenSeguridad' ? '' : ` (as ${field})`}.`);
        }
      }
    }
    let path = sandboxPath(op);
    const headers: Record<string, string> = {accept: 'application/json'};
    if (op.method === 'GET') {
      const values: JsonObject = {...(params ?? given ?? {}), ...(path.includes('{terminal}') ? {terminal: merchant.terminal} : {})};
      const missing: string[] = [];
      path = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const value = values[name];
        if (value === undefined || value === null || value === '') missing.push(name);
        return encodeURIComponent(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
      });
      if (missing.length > 0) throw new SandboxToolError(`${op.operationId} needs the path parameters ${missing.join(', ')} (in "params").`);
      headers.authorization = `Bearer ${await this.token(op, merchant, caller)}`;
      notes.push('Authenticated first (autenticar) and sent its token as Authorization: Bearer.');
    } else {
      headers['content-type'] = 'application/json';
    }
    const answer = await this.inject({
      method: op.method === 'GET' ? 'GET' : 'POST',
      url: path,
      ...this.from(caller, headers),
      ...(body === undefined ? {} : {payload: JSON.stringify(body)}),
    });
    return {
      request: {method: op.method, url: `${this.origin}${path}`, ...(body === undefined ? {} : {body})},
      status: answer.statusCode,
      answer: json(answer) ?? answer.body,
      notes,
    };
  }

  /** The merchant's confirmations (newest first), or its request log, as the sandbox's JSON serves them to that merchant. */
  async records(kind: 'inbox' | 'log', merchant: Merchant, errorsOnly = false, caller: CallerContext = {}): Promise<JsonObject> {
    const path = kind === 'inbox' ? `${SANDBOX_BASE}/notificaciones` : `${SANDBOX_BASE}/registro${errorsOnly ? '?errores=1' : ''}`;
    const answer = await this.inject({method: 'GET', url: path, ...this.from(caller, {authorization: basic(merchant), accept: 'application/json'})});
    const body = json(answer);
    const key = kind === 'inbox' ? 'notificaciones' : 'solicitudes';
    if (answer.statusCode === 200 && isObject(body) && Array.isArray(body[key])) return body;
    if (answer.statusCode === 401) {
      throw new SandboxCredentialsError(`The sandbox refused these credentials (401, ${sandboxMessage(answer)}): get new ones on ${this.origin}${SANDBOX_BASE}.`);
    }
    const what = kind === 'inbox' ? 'inbox' : 'request log';
    if (answer.statusCode === 200)
      throw new SandboxToolError(`The sandbox's ${what} did not answer its JSON (${path} with Accept: application/json); read it in a browser at ${this.origin}${path}.`);
    throw new SandboxToolError(`The sandbox refused to read the ${what}: ${sandboxMessage(answer)}.`);
  }

  /**
   * Starts a certification of the merchant's endpoints (POST /sandbox/certificaciones), as the sandbox page's
   * form does; the sandbox refuses the demo merchant, whose key is public.
   */
  async certify(merchant: Merchant, request: JsonObject, caller: CallerContext = {}): Promise<JsonObject> {
    const answer = await this.inject({
      method: 'POST',
      url: `${SANDBOX_BASE}/certificaciones`,
      ...this.from(caller, {authorization: basic(merchant), accept: 'application/json', 'content-type': 'application/json'}),
      payload: JSON.stringify(request),
    });
    const body = json(answer);
    if (answer.statusCode === 202 && isObject(body)) return body;
    if (answer.statusCode === 401)
      throw new SandboxCredentialsError(`The sandbox refused these credentials (401, ${sandboxMessage(answer)}): get new ones on ${this.origin}${SANDBOX_BASE}.`);
    throw new SandboxToolError(`The sandbox did not start the certification: ${sandboxMessage(answer)}.`);
  }

  /** One certification's report (anyone with its id reads it), or without an id the merchant's list of them. */
  async certification(merchant: Merchant, id: string | undefined, caller: CallerContext = {}): Promise<JsonObject> {
    const url = id === undefined ? `${SANDBOX_BASE}/certificaciones` : `${SANDBOX_BASE}/certificaciones/${encodeURIComponent(id)}`;
    const answer = await this.inject({method: 'GET', url, ...this.from(caller, {authorization: basic(merchant), accept: 'application/json'})});
    const body = json(answer);
    if (answer.statusCode === 200 && isObject(body)) return body;
    if (answer.statusCode === 401)
      throw new SandboxCredentialsError(`The sandbox refused these credentials (401, ${sandboxMessage(answer)}): get new ones on ${this.origin}${SANDBOX_BASE}.`);
    if (answer.statusCode === 404)
      throw new SandboxToolError(`No certification ${id ?? ''}: it was revoked, is older than the sandbox keeps, or the id is wrong. Without an id the tool lists yours.`);
    throw new SandboxToolError(`The sandbox did not answer the certification: ${sandboxMessage(answer)}.`);
  }

  private bodyProperties(op: OperationInfo): Set<string> {
    const content = isObject(op.operation.requestBody) && isObject(op.operation.requestBody.content) ? op.operation.requestBody.content['application/json'] : undefined;
    const out = new Set<string>();
    const walk = (schema: Json | undefined): void => {
      if (!isObject(schema)) return;
      if (isObject(schema.properties)) Object.keys(schema.properties).forEach((k) => out.add(k));
      for (const key of ['allOf', 'oneOf', 'anyOf'] as const) (Array.isArray(schema[key]) ? schema[key] : []).forEach(walk);
    };
    walk(isObject(content) ? content.schema : undefined);
    return out;
  }

  /** A tokenSeguridad for the merchant, from the autenticar operation that serves `op`'s channel. */
  private async token(op: OperationInfo, merchant: Merchant, caller: CallerContext): Promise<string> {
    const auth = this.authOperation(op);
    if (auth === undefined) throw new SandboxToolError(`No autenticar operation for ${op.channel}.`);
    const answer = await this.inject({
      method: 'POST',
      url: sandboxPath(auth),
      ...this.from(caller, {'content-type': 'application/json', accept: 'application/json'}),
      payload: JSON.stringify({usuario: merchant.usuario, clave: merchant.clave, terminal: merchant.terminal}),
    });
    const body = json(answer);
    if (answer.statusCode === 200 && isObject(body) && typeof body.tokenSeguridad === 'string') return body.tokenSeguridad;
    throw new SandboxToolError(`autenticar failed (${answer.statusCode}): ${answer.body.slice(0, 300)}`);
  }

  private authOperation(op: OperationInfo): OperationInfo | undefined {
    const same = (o: OperationInfo) => o.operationId === 'autenticar' && o.version === op.version && o.locale === op.locale;
    return this.operations.find((o) => same(o) && o.channel === op.channel) ?? this.operations.find(same);
  }

  /** The absolute URL an integrator calls the operation at in the sandbox. */
  sandboxUrl(op: OperationInfo): string {
    return `${this.origin}${sandboxPath(op)}`;
  }
}
