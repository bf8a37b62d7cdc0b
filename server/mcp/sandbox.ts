/**
 * The sandbox as the assistants' tools use it: calls go to the portal's own
 * sandbox routes in-process (Fastify's inject), exactly as an integrator's
 * HTTP call would arrive, so the sandbox validates, answers and logs them
 * as its own.
 *
 * Who is calling: the MCP request's HTTP Basic `usuario:clave` (the
 * sandbox credentials of issue 42), passed through to the sandbox; without
 * them, the public demo merchant. The REST operations authenticate in their
 * body (usuario, clave, terminal -> tokenSeguridad), so sandbox_request puts
 * the caller's merchant there; the inbox and the request log are read with
 * the caller's Basic credentials, from the JSON the sandbox serves them
 * (GET /sandbox/notificaciones and /sandbox/registro with
 * `Accept: application/json`, issue 42's contract).
 */
import {SANDBOX_BASE} from '../../core/config';
import {isObject, requestPath, type Json, type JsonObject} from '../../core/openapi/contracts';
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

export type Inject = (request: {method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string}) => Promise<InjectAnswer>;

/** A tool failure the assistant can act on: the message says what to do. */
export class SandboxToolError extends Error {
  override name = 'SandboxToolError';
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

function json(answer: InjectAnswer): Json | undefined {
  if (!String(answer.headers['content-type'] ?? '').includes('json')) return undefined;
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
    private readonly demo: Omit<Merchant, 'demo'>,
    private readonly origin: string,
    private readonly operations: readonly OperationInfo[],
  ) {}

  /** The merchant the credentials name: the demo merchant without them; checked with the sandbox otherwise. */
  async merchant(credentials: Credentials | null): Promise<Merchant> {
    if (credentials === null || (credentials.usuario === this.demo.usuario && credentials.clave === this.demo.clave)) {
      return {...this.demo, demo: true};
    }
    const answer = await this.inject({method: 'GET', url: `${SANDBOX_BASE}/credenciales`, headers: {authorization: basic(credentials), accept: 'application/json'}});
    const body = json(answer);
    if (answer.statusCode === 200 && isObject(body) && typeof body.terminal === 'string') {
      return {...credentials, terminal: body.terminal, demo: body.publico === true};
    }
    if (answer.statusCode === 401) {
      throw new SandboxToolError('The sandbox does not know these credentials (usuario:clave in the MCP connection\'s Basic authorization): they may have been rotated, or the sandbox restarted. Get new ones on /sandbox, or connect without credentials to act as the public demo merchant.');
    }
    throw new SandboxToolError('This portal\'s sandbox has only the public demo merchant: connect without credentials (or with the demo merchant\'s).');
  }

  /** Calls a REST operation of the sandbox as `merchant`. */
  async request(op: OperationInfo, given: JsonObject | undefined, params: JsonObject | undefined, merchant: Merchant): Promise<SandboxResult> {
    const notes: string[] = [];
    const properties = this.bodyProperties(op);
    let body: JsonObject | undefined;
    if (op.method !== 'GET') {
      const example = requestExamples(op.operation)[0]?.value;
      if (given === undefined && !isObject(example)) throw new SandboxToolError(`${op.operationId} has no request example: give its body.`);
      body = given ?? {...(example as JsonObject)};
      if (given === undefined) notes.push(`No body given: sent the contract's first example of ${op.operationId}.`);
      // The caller's merchant, whatever the body says: the tool never acts as another one.
      for (const field of ['usuario', 'clave', 'terminal'] as const) {
        if (properties.has(field) && body[field] !== merchant[field]) {
          body = {...body, [field]: merchant[field]};
          if (given !== undefined && field in given && field !== 'clave') notes.push(`${field} set to your merchant's.`);
        }
      }
      if (properties.has('tokenSeguridad') && (given === undefined || typeof given.tokenSeguridad !== 'string' || given.tokenSeguridad === '')) {
        body = {...body, tokenSeguridad: await this.token(op, merchant)};
        notes.push('Authenticated first (autenticar) and put the tokenSeguridad it returned in the body.');
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
        return encodeURIComponent(String(value ?? ''));
      });
      if (missing.length > 0) throw new SandboxToolError(`${op.operationId} needs the path parameters ${missing.join(', ')} (in "params").`);
      headers.authorization = `Bearer ${await this.token(op, merchant)}`;
      notes.push('Authenticated first (autenticar) and sent its token as Authorization: Bearer.');
    } else {
      headers['content-type'] = 'application/json';
    }
    const answer = await this.inject({method: op.method === 'GET' ? 'GET' : 'POST', url: path, headers, ...(body === undefined ? {} : {payload: JSON.stringify(body)})});
    return {
      request: {method: op.method, url: `${this.origin}${path}`, ...(body === undefined ? {} : {body})},
      status: answer.statusCode,
      answer: json(answer) ?? answer.body,
      notes,
    };
  }

  /** The merchant's confirmations (newest first), or its request log, from the sandbox's JSON. */
  async records(kind: 'inbox' | 'log', merchant: Merchant, errorsOnly = false): Promise<Json> {
    const path = kind === 'inbox' ? `${SANDBOX_BASE}/notificaciones` : `${SANDBOX_BASE}/registro${errorsOnly ? '?errores=1' : ''}`;
    const answer = await this.inject({method: 'GET', url: path, headers: {authorization: basic(merchant), accept: 'application/json'}});
    const body = json(answer);
    const key = kind === 'inbox' ? 'notificaciones' : 'solicitudes';
    if (answer.statusCode === 200 && isObject(body) && Array.isArray(body[key])) return body;
    if (answer.statusCode === 401) throw new SandboxToolError('The sandbox refused these credentials (401): get new ones on /sandbox.');
    throw new SandboxToolError(
      kind === 'inbox'
        ? `This portal's sandbox does not serve its notifications inbox as JSON yet; read it in a browser at ${this.origin}${SANDBOX_BASE}/notificaciones?terminal=${encodeURIComponent(merchant.terminal)}.`
        : "This portal's sandbox does not keep a request log yet.",
    );
  }

  private bodyProperties(op: OperationInfo): Set<string> {
    const content = isObject(op.operation.requestBody) && isObject(op.operation.requestBody.content) ? op.operation.requestBody.content['application/json'] : undefined;
    const out = new Set<string>();
    const walk = (schema: Json | undefined): void => {
      if (!isObject(schema)) return;
      if (isObject(schema.properties)) Object.keys(schema.properties).forEach((k) => out.add(k));
      for (const key of ['allOf', 'oneOf', 'anyOf'] as const) (Array.isArray(schema[key]) ? (schema[key] as Json[]) : []).forEach(walk);
    };
    walk(isObject(content) ? content.schema : undefined);
    return out;
  }

  /** A tokenSeguridad for the merchant, from the autenticar operation that serves `op`'s channel. */
  private async token(op: OperationInfo, merchant: Merchant): Promise<string> {
    const auth = this.authOperation(op);
    if (auth === undefined) throw new SandboxToolError(`No autenticar operation for ${op.channel}.`);
    const answer = await this.inject({
      method: 'POST',
      url: sandboxPath(auth),
      headers: {'content-type': 'application/json', accept: 'application/json'},
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
