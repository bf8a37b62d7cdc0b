/**
 * The sandbox's notifier: the one way the sandbox sends a confirmation to a
 * merchant (as the POST channel's guide says, docs/vpost/integracion.mdx: a POST of
 * application/x-www-form-urlencoded variables to the confirmation URL).
 *
 *   deliver({terminal, url, fields, source})
 *
 * - url null, or the sandbox's own receiver: the confirmation goes straight
 *   into the inbox (./inbox.ts), no network.
 * - any other URL is POSTed only when the rules below allow it; every attempt,
 *   sent or refused, is recorded in the inbox with its outcome.
 *
 * The rules (stated on the sandbox's rules page):
 * - http or https only, no user or password in the URL, at most 2,000 characters;
 * - the host is resolved once and every address checked; the connection is
 *   pinned to the checked address (no second lookup that could answer otherwise);
 * - link-local (cloud metadata), unspecified, multicast and reserved addresses: never;
 * - a host in SANDBOX_NOTIFY_ALLOW: allowed (public or private);
 * - otherwise loopback only, and only while the server runs locally
 *   (PORTAL_ENV is not production, or the portal's own address is loopback);
 *   private and public addresses are refused;
 * - redirects are not followed; 5 s for the whole exchange; the request body
 *   is at most 16 KB and at most 16 KB of the answer is kept;
 * - at most `perMinute` network deliveries per terminal and minute (counted in
 *   the store's backend: across every server when it is Redis).
 */
import {lookup as dnsLookup} from 'node:dns/promises';
import {request as httpRequest, type IncomingMessage} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {BlockList, isIP, type LookupFunction} from 'node:net';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import type {DeliveryOutcome, DeliveryReason, Inbox, InboxEntry} from './inbox';
import {type StoreBackend} from '../store/contract';
import {memoryBackend} from '../store/memory';

export interface Delivery {
  /** The merchant's terminal: the inbox the attempt is recorded in. */
  readonly terminal: string;
  /** Where to POST; null for the sandbox's own receiver. */
  readonly url: string | null;
  /** The variables, in the order they are sent. */
  readonly fields: Readonly<Record<string, string>>;
  /** What sent it (e.g. "pagina-de-compra"), shown in the inbox. */
  readonly source: string;
  /** The transaction (codigoSeguimiento) it confirms, when there is one. */
  readonly transaction?: string;
  /** The queued inbox entry this delivery completes (Inbox.queue), replaced by the outcome. */
  readonly id?: string;
}

export interface Notifier {
  /** Sends (or refuses) and records; never throws for a bad URL or an unreachable host. */
  deliver(delivery: Delivery): Promise<InboxEntry>;
  /**
   * POSTs a form body to `url` under the same rules as `deliver` (where it may go, time, sizes), but
   * records nothing and counts against no per-minute limit: the certification's checks, which have
   * bounds of their own. Says how long the exchange took.
   */
  probe(url: string, fields: Readonly<Record<string, string>>): Promise<{readonly outcome: DeliveryOutcome; readonly ms: number}>;
  /** Why the sandbox may not post to `url` (the rules above), or null when it may. */
  refusalOf(url: string): Promise<{readonly reason: DeliveryReason; readonly params: Readonly<Record<string, string>>} | null>;
  /** The absolute address of the sandbox's own receiver. */
  readonly receiverUrl: string;
}

export type ResolveHost = (host: string) => Promise<readonly {address: string; family: number}[]>;

export interface NotifierOptions {
  readonly inbox: Inbox;
  readonly receiverUrl: string;
  /** Hosts (lower case) allowed besides loopback (SANDBOX_NOTIFY_ALLOW). */
  readonly allow: readonly string[];
  /** True when the server runs locally: loopback destinations are allowed. */
  readonly local: boolean;
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly maxAnswerBytes?: number;
  readonly perMinute?: number;
  readonly now?: () => number;
  /** DNS resolution (tests replace it). */
  readonly resolve?: ResolveHost;
  /** Where the deliveries per minute are counted; this process's memory when absent. */
  readonly backend?: StoreBackend;
}

export const NOTIFY_LIMITS = SANDBOX_RULES.notify;

const blockList = (subnets: readonly [string, number, 'ipv4' | 'ipv6'][]): BlockList => {
  const list = new BlockList();
  for (const [net, prefix, type] of subnets) list.addSubnet(net, prefix, type);
  return list;
};

const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
/** Never, even when allow-listed: metadata services, "this network", multicast, reserved. */
const NEVER = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
]);

export type AddressKind = 'loopback' | 'never' | 'private' | 'public';

/** The IPv4 address inside an IPv4-mapped IPv6 address, or the address itself. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function classifyAddress(raw: string): AddressKind {
  const address = unmapped(raw);
  const family = isIP(address);
  if (family === 0) return 'never';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (NEVER.check(address, type)) return 'never';
  if (PRIVATE.check(address, type)) return 'private';
  return 'public';
}

const defaultResolve: ResolveHost = async (host) => dnsLookup(host, {all: true, verbatim: true});

class Refusal {
  constructor(
    readonly reason: DeliveryReason,
    readonly params: Readonly<Record<string, string>>,
  ) {}
}

/** The destination and the address to connect to, or why not. */
async function checkDestination(text: string, options: NotifierOptions, resolve: ResolveHost): Promise<{url: URL; address: string; family: number} | Refusal> {
  if (text.length > NOTIFY_LIMITS.maxUrlLength) {
    return new Refusal('URL_LARGA', {max: String(NOTIFY_LIMITS.maxUrlLength)});
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return new Refusal('URL_INVALIDA', {});
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new Refusal('ESQUEMA', {scheme: url.protocol});
  }
  if (url.username !== '' || url.password !== '') {
    return new Refusal('CREDENCIALES', {});
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = options.allow.includes(host);
  let addresses: readonly {address: string; family: number}[];
  if (isIP(host) !== 0) {
    addresses = [{address: host, family: isIP(host)}];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return new Refusal('DNS', {host});
    }
    if (addresses.length === 0) return new Refusal('DNS', {host});
  }
  const kinds = addresses.map((a) => classifyAddress(a.address));
  if (kinds.includes('never')) {
    return new Refusal('DIRECCION_PROHIBIDA', {host});
  }
  if (!allowed) {
    if (kinds.every((kind) => kind === 'loopback')) {
      if (!options.local) {
        return new Refusal('LOOPBACK_NO_LOCAL', {host});
      }
    } else if (kinds.some((kind) => kind === 'private' || kind === 'loopback')) {
      return new Refusal('DIRECCION_PRIVADA', {host});
    } else {
      return new Refusal('HOST_NO_PERMITIDO', {host});
    }
  }
  const first = addresses[0]!;
  return {url, address: first.address, family: first.family};
}

function post(url: URL, address: string, family: number, body: string, options: Required<Pick<NotifierOptions, 'timeoutMs' | 'maxAnswerBytes'>>): Promise<DeliveryOutcome> {
  // The connection goes to the address that was checked, whatever DNS says now.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as {all?: boolean}).all === true) {
      (callback as unknown as (error: null, addresses: {address: string; family: number}[]) => void)(null, [{address, family}]);
    } else {
      callback(null, address, family);
    }
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'pasarela-sandbox-notifier',
        },
        agent: false,
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        let cut = false;
        response.on('data', (chunk: Buffer) => {
          if (cut) return;
          const room = options.maxAnswerBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            cut = true;
            done();
            response.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        const done = () => {
          const answer = Buffer.concat(chunks).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            status: status >= 200 && status < 300 ? 'entregada' : 'respuesta-error',
            httpStatus: status,
            reason: redirect ? 'REDIRECCION_NO_SEGUIDA' : status >= 200 && status < 300 ? 'OK' : 'HTTP_ERROR',
            params: redirect ? {location: String(response.headers.location ?? '')} : {},
            answer,
            answerCut: cut,
          });
        };
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    const timer = setTimeout(() => {
      finish({status: 'fallida', reason: 'TIEMPO_AGOTADO', params: {ms: String(options.timeoutMs)}});
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({status: 'fallida', reason: 'CONEXION', params: {error: error.message}}));
    request.end(body);
  });
}

export function createNotifier(options: NotifierOptions): Notifier {
  const now = options.now ?? Date.now;
  const resolve = options.resolve ?? defaultResolve;
  const timeoutMs = options.timeoutMs ?? NOTIFY_LIMITS.timeoutMs;
  const maxBodyBytes = options.maxBodyBytes ?? NOTIFY_LIMITS.maxBodyBytes;
  const maxAnswerBytes = options.maxAnswerBytes ?? NOTIFY_LIMITS.maxAnswerBytes;
  const perMinute = options.perMinute ?? NOTIFY_LIMITS.perMinute;
  const backend = options.backend ?? memoryBackend(now);
  const allowSend = (terminal: string) => backend.allow('notificaciones', terminal, perMinute, 60_000);

  const isReceiver = (url: string | null) => url === null || url.trim() === '' || url.trim() === options.receiverUrl;

  return {
    receiverUrl: options.receiverUrl,
    async refusalOf(url) {
      const checked = await checkDestination(url.trim(), options, resolve);
      return checked instanceof Refusal ? {reason: checked.reason, params: checked.params} : null;
    },
    async probe(url, fields) {
      const started = now();
      const body = new URLSearchParams(Object.entries(fields)).toString();
      const took = (outcome: DeliveryOutcome) => ({outcome, ms: now() - started});
      if (Buffer.byteLength(body) > maxBodyBytes) return took({status: 'rechazada', reason: 'CUERPO_GRANDE', params: {max: String(maxBodyBytes)}});
      const checked = await checkDestination(url.trim(), options, resolve);
      if (checked instanceof Refusal) return took({status: 'rechazada', reason: checked.reason, params: checked.params});
      return took(await post(checked.url, checked.address, checked.family, body, {timeoutMs, maxAnswerBytes}));
    },
    async deliver({terminal, url, fields, source, transaction, id}) {
      const record = (destination: string, outcome: DeliveryOutcome) =>
        options.inbox.record({terminal, destination, fields, source, outcome, ...(transaction === undefined ? {} : {transaction}), ...(id === undefined ? {} : {id})});
      if (isReceiver(url)) {
        return record(options.receiverUrl, {status: 'entregada', reason: 'RECEPTOR', params: {}});
      }
      const target = (url ?? '').trim();
      const body = new URLSearchParams(Object.entries(fields)).toString();
      if (Buffer.byteLength(body) > maxBodyBytes) {
        return record(target, {status: 'rechazada', reason: 'CUERPO_GRANDE', params: {max: String(maxBodyBytes)}});
      }
      const checked = await checkDestination(target, options, resolve);
      if (checked instanceof Refusal) {
        return record(target, {status: 'rechazada', reason: checked.reason, params: checked.params});
      }
      if (!(await allowSend(terminal))) {
        return record(target, {status: 'rechazada', reason: 'LIMITE', params: {max: String(perMinute)}});
      }
      return record(target, await post(checked.url, checked.address, checked.family, body, {timeoutMs, maxAnswerBytes}));
    },
  };
}
