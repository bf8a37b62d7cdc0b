/**
 * The browser's calls to the sandbox's JSON API (server/sandbox/README.md): create,
 * check and rotate credentials, read the inbox and the request log, resend and
 * settle, and download the Postman files. Each call that reads or changes a
 * merchant's records sends its `usuario:clave` with HTTP Basic in a header,
 * never in the address. Every answer becomes a typed result, so the screens
 * say what happened instead of throwing.
 */
import {http, type HttpClient} from './http';
import {SANDBOX_BASE} from '@site/core/config';
import {basicAuthorization, parseCredentials, type SandboxCredentials} from './sandboxCredentials';

/** Where the sandbox's JSON API answers. */
export const SANDBOX_API = {
  credentials: `${SANDBOX_BASE}/credenciales`,
  rotate: `${SANDBOX_BASE}/credenciales/rotar`,
  inbox: `${SANDBOX_BASE}/notificaciones`,
  resend: (id: string): string => `${SANDBOX_BASE}/notificaciones/${encodeURIComponent(id)}/reenviar`,
  settle: (id: string): string => `${SANDBOX_BASE}/transacciones/${encodeURIComponent(id)}/liquidar`,
  log: `${SANDBOX_BASE}/registro`,
  listener: `${SANDBOX_BASE}/escuchar.mjs`,
  postmanCollection: `${SANDBOX_BASE}/postman/coleccion.json`,
  postmanEnvironment: `${SANDBOX_BASE}/postman/entorno.json`,
  certifications: `${SANDBOX_BASE}/certificaciones`,
  certification: (id: string): string => `${SANDBOX_BASE}/certificaciones/${encodeURIComponent(id)}`,
} as const;

export type SandboxFailure =
  /** No answer: the network, or the server is down. */
  | {readonly kind: 'network'}
  /** The sandbox does not know these credentials (rotated, or forgotten by a restart in memory mode). */
  | {readonly kind: 'unauthorized'; readonly message?: string}
  /** Too many requests; `retryAfter` in seconds when the server said. */
  | {readonly kind: 'tooMany'; readonly retryAfter?: number; readonly message?: string}
  /** Another answer: status, and the sandbox's own `{codigo, mensaje}` when it sent one. */
  | {readonly kind: 'http'; readonly status: number; readonly codigo?: string; readonly message?: string};

export type SandboxResult<T> = {readonly ok: true; readonly value: T} | {readonly ok: false; readonly failure: SandboxFailure};

/** What the options of every call share: the fetch helper (tests pass their own) and the page's language. */
export interface CallOptions {
  readonly client?: HttpClient;
  /** es or en: the sandbox answers its errors in the request's language. */
  readonly locale?: string;
}

function headersFor(credentials: Pick<SandboxCredentials, 'usuario' | 'clave'> | null, locale: string | undefined, json: boolean): Headers {
  const headers = new Headers({Accept: 'application/json'});
  if (locale !== undefined) headers.set('Accept-Language', locale);
  if (credentials !== null) headers.set('Authorization', basicAuthorization(credentials));
  if (json) headers.set('Content-Type', 'application/json');
  return headers;
}

async function failureOf(response: Response): Promise<SandboxFailure> {
  let codigo: string | undefined;
  let message: string | undefined;
  try {
    const body = (await response.json()) as {codigo?: unknown; mensaje?: unknown};
    if (typeof body.codigo === 'string' || typeof body.codigo === 'number') codigo = String(body.codigo);
    if (typeof body.mensaje === 'string' && body.mensaje !== '') message = body.mensaje;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  if (response.status === 401) return message === undefined ? {kind: 'unauthorized'} : {kind: 'unauthorized', message};
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    return {kind: 'tooMany', ...(Number.isFinite(seconds) && seconds > 0 ? {retryAfter: seconds} : {}), ...(message === undefined ? {} : {message})};
  }
  return {kind: 'http', status: response.status, ...(codigo === undefined ? {} : {codigo}), ...(message === undefined ? {} : {message})};
}

async function call<T>(url: string, init: RequestInit, options: CallOptions, read: (body: unknown) => T | null): Promise<SandboxResult<T>> {
  let response: Response;
  try {
    response = await (options.client ?? http)(url, init);
  } catch {
    return {ok: false, failure: {kind: 'network'}};
  }
  if (!response.ok) return {ok: false, failure: await failureOf(response)};
  // No content (a revoked link): the reader gets null.
  if (response.status === 204) {
    const value = read(null);
    return value === null ? {ok: false, failure: {kind: 'http', status: response.status}} : {ok: true, value};
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {ok: false, failure: {kind: 'http', status: response.status}};
  }
  const value = read(body);
  return value === null ? {ok: false, failure: {kind: 'http', status: response.status}} : {ok: true, value};
}

const asCredentials = (body: unknown): SandboxCredentials | null => parseCredentials(JSON.stringify(body ?? null));

/** POST /sandbox/credenciales: a new merchant of the sandbox. */
export function createCredentials(options: CallOptions = {}): Promise<SandboxResult<SandboxCredentials>> {
  return call(SANDBOX_API.credentials, {method: 'POST', headers: headersFor(null, options.locale, false)}, options, asCredentials);
}

/** POST /sandbox/credenciales/rotar: same usuario and terminal, new clave and llave. */
export function rotateCredentials(credentials: SandboxCredentials, options: CallOptions = {}): Promise<SandboxResult<SandboxCredentials>> {
  return call(SANDBOX_API.rotate, {method: 'POST', headers: headersFor(credentials, options.locale, false)}, options, asCredentials);
}

export interface CredentialsCheck {
  readonly usuario: string;
  readonly terminal: string;
  readonly publico: boolean;
}

/** GET /sandbox/credenciales: whether the sandbox still knows these credentials. */
export function checkCredentials(credentials: SandboxCredentials, options: CallOptions = {}): Promise<SandboxResult<CredentialsCheck>> {
  return call(SANDBOX_API.credentials, {method: 'GET', headers: headersFor(credentials, options.locale, false)}, options, (body) => {
    const b = body as Partial<Record<keyof CredentialsCheck, unknown>> | null;
    return b !== null && typeof b === 'object' && typeof b.usuario === 'string'
      ? {usuario: b.usuario, terminal: typeof b.terminal === 'string' ? b.terminal : '', publico: b.publico === true}
      : null;
  });
}

/** GET of one of the sandbox's JSON reads (inbox, request log) as `usuario`. */
export function readJson<T>(url: string, credentials: SandboxCredentials, read: (body: unknown) => T | null, options: CallOptions = {}): Promise<SandboxResult<T>> {
  return call(url, {method: 'GET', headers: headersFor(credentials, options.locale, false)}, options, read);
}

/** POST with an optional JSON body as `usuario` (resend, settle). */
export function postAs<T>(url: string, credentials: SandboxCredentials, body: unknown, read: (body: unknown) => T | null, options: CallOptions = {}): Promise<SandboxResult<T>> {
  const init: RequestInit = {method: 'POST', headers: headersFor(credentials, options.locale, body !== undefined)};
  return call(url, body === undefined ? init : {...init, body: JSON.stringify(body)}, options, read);
}

/**
 * Fetches one of the Postman files with the credentials in a header (so the
 * environment carries them) and hands the browser the file to save.
 */
export async function downloadPostmanFile(
  which: 'collection' | 'environment',
  credentials: SandboxCredentials | null,
  options: CallOptions & {readonly save?: (blob: Blob, fileName: string) => void} = {},
): Promise<SandboxResult<string>> {
  const url = which === 'collection' ? SANDBOX_API.postmanCollection : SANDBOX_API.postmanEnvironment;
  const fileName = which === 'collection' ? 'coleccion.postman_collection.json' : 'entorno.postman_environment.json';
  let response: Response;
  try {
    response = await (options.client ?? http)(url, {method: 'GET', headers: headersFor(credentials, options.locale, false)});
  } catch {
    return {ok: false, failure: {kind: 'network'}};
  }
  if (!response.ok) return {ok: false, failure: await failureOf(response)};
  const blob = new Blob([await response.text()], {type: 'application/json'});
  (options.save ?? saveBlob)(blob, fileName);
  return {ok: true, value: fileName};
}

/** Saves a file the page holds: a temporary object URL (never the keys in an address) on a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A certification's start, as POST /sandbox/certificaciones answers it (202). */
export interface CertificationStart {
  readonly id: string;
  readonly estado: string;
  /** The report's address, to open and to share. */
  readonly informe: string;
}

export interface CertificationRequest {
  readonly urlConfirmacion: string;
  readonly urlRespuesta?: string;
  readonly via: 'directa' | 'escuchar';
  readonly rest?: boolean;
}

export type CertificationState = 'en-curso' | 'aprobada' | 'fallida' | 'incompleta';

/** A report as its JSON says it, in the page's language. */
export interface CertificationReport {
  readonly id: string;
  readonly estado: CertificationState;
  readonly pruebas: readonly {readonly nombre: string; readonly titulo: string; readonly resultado: 'ok' | 'falla'; readonly detalle: string; readonly guia: string}[];
  readonly incompleta?: string;
}

export interface CertificationSummary {
  readonly id: string;
  readonly estado: CertificationState;
  readonly fecha: string;
  readonly via: 'directa' | 'escuchar';
  readonly informe: string;
}

const STATES: readonly string[] = ['en-curso', 'aprobada', 'fallida', 'incompleta'];
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** POST /sandbox/certificaciones: starts a certification of the merchant's endpoints. */
export function startCertification(credentials: SandboxCredentials, request: CertificationRequest, options: CallOptions = {}): Promise<SandboxResult<CertificationStart>> {
  return postAs(
    SANDBOX_API.certifications,
    credentials,
    request,
    (body) => (isRecord(body) && typeof body.id === 'string' && typeof body.informe === 'string' ? {id: body.id, estado: String(body.estado), informe: body.informe} : null),
    options,
  );
}

/** GET /sandbox/certificaciones/:id as JSON: anyone with the id reads the report. */
export function readCertification(id: string, options: CallOptions = {}): Promise<SandboxResult<CertificationReport>> {
  return call(SANDBOX_API.certification(id), {method: 'GET', headers: headersFor(null, options.locale, false)}, options, (body) => {
    if (!isRecord(body) || typeof body.id !== 'string' || !STATES.includes(String(body.estado)) || !Array.isArray(body.pruebas)) return null;
    return {
      id: body.id,
      estado: body.estado as CertificationState,
      pruebas: (body.pruebas as unknown[]).filter(isRecord).map((p) => ({
        nombre: String(p.nombre),
        titulo: String(p.titulo),
        resultado: p.resultado === 'ok' ? 'ok' : 'falla',
        detalle: String(p.detalle),
        guia: String(p.guia),
      })),
      ...(typeof body.incompleta === 'string' ? {incompleta: body.incompleta} : {}),
    };
  });
}

/** GET /sandbox/certificaciones: the merchant's reports, newest first. */
export function listCertifications(credentials: SandboxCredentials, options: CallOptions = {}): Promise<SandboxResult<readonly CertificationSummary[]>> {
  return readJson(
    SANDBOX_API.certifications,
    credentials,
    (body) =>
      isRecord(body) && Array.isArray(body.certificaciones)
        ? (body.certificaciones as unknown[]).filter(isRecord).map((c) => ({
            id: String(c.id),
            estado: (STATES.includes(String(c.estado)) ? c.estado : 'incompleta') as CertificationState,
            fecha: String(c.fecha),
            via: c.via === 'escuchar' ? 'escuchar' : 'directa',
            informe: String(c.informe),
          }))
        : null,
    options,
  );
}

/** DELETE /sandbox/certificaciones/:id: the report's link stops opening, for everyone. */
export function revokeCertification(credentials: SandboxCredentials, id: string, options: CallOptions = {}): Promise<SandboxResult<true>> {
  return call(SANDBOX_API.certification(id), {method: 'DELETE', headers: headersFor(credentials, options.locale, false)}, options, () => true);
}
