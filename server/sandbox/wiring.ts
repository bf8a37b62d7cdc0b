/**
 * The one place that makes the sandbox's shared parts: the stores (all in one
 * backend: this process's memory by default, Redis when the portal has
 * REDIS_URL), the merchants, the state of the gateway's records, the inbox,
 * the notifier, the event hub, the request log, the token issuer and the
 * flows' context. ./index.ts makes them once and hands them to every route
 * plugin.
 */
import {randomBytes} from 'node:crypto';
import type {Redis} from 'ioredis';
import type {PortalConfig} from '../../core/config';
import {SANDBOX_PAGES, SANDBOX_RULES} from '../../core/data/sandbox';
import {loadContractOperations, type ContractOperation} from './contracts';
import {createEventHub, type EventHub, type SandboxEvent} from './confirmations/events';
import type {FlowContext} from './gateway/operations';
import {createInbox, type Inbox, type InboxEntry} from './confirmations/inbox';
import {tokenIssuer} from './merchants/tokens';
import {loadDemoMerchant, type DemoMerchant} from './merchants/demoMerchant';
import {createMerchants, type MerchantRecord, type Merchants} from './merchants/merchants';
import {createNotifier, type Notifier, type NotifierOptions} from './confirmations/notifier';
import type {Purchase} from './pages/purchase';
import {createRequestLog, type LogEntry, type RequestLog} from './merchants/requestLog';
import {createSandboxState, GLOBAL, type SandboxState, type StoreFactory} from './gateway/records';
import {reportSigner, type Run} from './certification/report';
import {createRestTrial, type RestTrialRules, type RestTrialState} from './certification/restClient';
import type {Delivery} from './certification/runner';
import {DEFAULT_STORE_LIMITS, StoreUnavailableError, type SandboxStore, type StoreBackend, type StoreLimits} from './store/contract';
import {memoryBackend} from './store/memory';

/** What the sandbox plugin (./index.ts) is given. */
export interface SandboxOptions {
  readonly portal: PortalConfig;
  /** Public address of the portal (links the sandbox writes into its pages and answers). */
  readonly siteUrl: string;
  /** Limits of every store the sandbox keeps (tests make them small). */
  readonly limits?: StoreLimits;
  /** The clock, injectable for tests of expiry (tokens, tokenSeguridad's minute). */
  readonly now?: () => number;
  /** Where the sandbox keeps everything: this process's memory when absent; Redis (./store/redis.ts) with REDIS_URL. */
  readonly backend?: StoreBackend;
  /** The token signing secret (SANDBOX_SECRET); when absent, the backend's shared one (drawn by the first server). */
  readonly secret?: string;
  /** The Redis connection of `backend`, for the rate limits (@fastify/rate-limit); absent: each process counts its own. */
  readonly redis?: Redis;
  /** The built site (its sandbox pages are served for browsers); absent in tests without a build. */
  readonly buildDir?: string;
  /** Replaces the notifier's DNS resolution and limits (tests). */
  readonly notifier?: Partial<Pick<NotifierOptions, 'resolve' | 'timeoutMs' | 'perMinute' | 'maxAnswerBytes' | 'maxBodyBytes'>>;
  /** The demo merchant (tests); read from the contracts otherwise. */
  readonly merchant?: DemoMerchant;
  /** Parts made beforehand (tests that reach into the inbox or the notifier); made from the options otherwise. */
  readonly parts?: SandboxParts;
  /** Heartbeat of the event stream, in milliseconds (tests make it short). */
  readonly heartbeatMs?: number;
  /** The per-address rate limits; false lifts them (SANDBOX_RATE_LIMITS=off, load tests only). Default true. */
  readonly rateLimits?: boolean;
  /** The certification's trial of a REST client (tests make it short); SANDBOX_RULES.certification.rest otherwise. */
  readonly certificationRest?: RestTrialRules;
  /** How long a certification waits for escuchar.mjs to report a request (tests make it short); SANDBOX_RULES.certification.listenerWaitMs otherwise. */
  readonly certificationListenerWaitMs?: number;
}

/** What every route plugin receives: the options plus the shared parts. */
export interface SandboxPartOptions extends SandboxOptions {
  readonly parts: SandboxParts;
}

export interface SandboxParts {
  /** Where every record lives. */
  readonly backend: StoreBackend;
  /** Resolves when the sandbox can serve (the token secret is known); throws StoreUnavailableError when its backend is down. */
  ready(): Promise<void>;
  readonly state: SandboxState;
  readonly merchants: Merchants;
  readonly inbox: Inbox;
  readonly notifier: Notifier;
  readonly events: EventHub;
  readonly requestLog: RequestLog;
  /** Purchases open on the purchase page, per merchant. */
  readonly purchases: SandboxStore<Purchase>;
  readonly flows: FlowContext;
  readonly operations: readonly ContractOperation[];
  /** The portal's public address, without a trailing slash. */
  readonly siteUrl: string;
  /** The certifications' runs, their index by id, the deliveries escuchar.mjs reports, the REST client's trials. */
  readonly certifications: CertificationStores;
  /** Signs and checks certification reports with a key made from the sandbox's secret. */
  readonly reportSigner: ReturnType<typeof reportSigner>;
}

export interface CertificationStores {
  readonly runs: SandboxStore<Run>;
  readonly byId: SandboxStore<{readonly terminal: string}>;
  readonly deliveries: SandboxStore<Delivery>;
  readonly restTrials: SandboxStore<RestTrialState>;
}

/** The name of the token signing secret shared through the backend. */
const SECRET_NAME = 'secreto-tokens';

/** True when the portal runs locally: not production, or its own address is loopback. */
export function runsLocally(options: Pick<SandboxOptions, 'siteUrl' | 'portal'>): boolean {
  const host = new URL(options.siteUrl).hostname.replace(/^\[|\]$/g, '');
  return !options.portal.production || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export function createSandboxParts(options: SandboxOptions): SandboxParts {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? DEFAULT_STORE_LIMITS;
  const backend = options.backend ?? memoryBackend(now);
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const demo = options.merchant ?? loadDemoMerchant();
  const operations = loadContractOperations();

  // The stores of one merchant's records, cleared when the merchant is evicted to make room for another.
  const perMerchantStores: SandboxStore<unknown>[] = [];
  const makeStore: StoreFactory = <V>(name: string, l: StoreLimits, o?: {readonly pinned?: readonly string[]}) => {
    const store = backend.store<V>(name, l, {pinned: [demo.terminal, ...(o?.pinned ?? [])]});
    perMerchantStores.push(store);
    return store;
  };
  const forget = (terminal: string) => {
    for (const store of perMerchantStores) void store.clear(terminal).catch(() => undefined);
  };
  const merchants = createMerchants(
    backend.store<MerchantRecord>(
      'comercios',
      {perTerminal: 1, terminals: SANDBOX_RULES.merchants.max, maxAgeMs: SANDBOX_RULES.merchants.days * 24 * 60 * 60 * 1000},
      {pinned: [demo.terminal], onEvict: forget},
    ),
    demo,
    now,
    backend,
  );
  // Every per-merchant store keeps the demo merchant's records however many merchants come and go.
  const perMerchant = <V>(name: string, overrides: Partial<StoreLimits> = {}) => makeStore<V>(name, {...limits, ...overrides});
  const state = createSandboxState(backend, makeStore, limits, now);
  const events = createEventHub(backend, perMerchant<SandboxEvent>('eventos', {perTerminal: SANDBOX_RULES.events.replay}), now);
  const inbox = createInbox({store: perMerchant<InboxEntry>('notificaciones'), backend, merchants, productName: options.portal.productName, events, now});
  const notifier = createNotifier({
    inbox,
    receiverUrl: `${siteUrl}${SANDBOX_PAGES.receiver}`,
    allow: options.portal.sandboxNotifyAllow,
    local: runsLocally(options),
    now,
    backend,
    ...options.notifier,
  });
  const requestLog = createRequestLog(
    perMerchant<LogEntry>('registro', {perTerminal: SANDBOX_RULES.requestLog.perMerchant}),
    perMerchant<LogEntry>('registro-sin-comprobar', {perTerminal: SANDBOX_RULES.requestLogUnproven}),
    now,
  );
  const purchases = perMerchant<Purchase>('compras');

  // The token secret: SANDBOX_SECRET; else one shared through the backend (in memory: this process's, drawn now).
  let secret: Buffer | undefined = options.secret !== undefined ? Buffer.from(options.secret, 'utf8') : backend.kind === 'memory' ? randomBytes(32) : undefined;
  const ready = async () => {
    if (options.secret !== undefined || backend.kind === 'memory') return;
    // Cached by the backend after the first call; written back to Redis if it comes back empty.
    secret = Buffer.from(await backend.shared(SECRET_NAME, () => randomBytes(32).toString('base64url')), 'base64url');
  };
  const tokens = tokenIssuer(now, () => {
    if (secret === undefined) throw new StoreUnavailableError('redis');
    return secret;
  });

  const day = 24 * 60 * 60 * 1000;
  const reportAge = SANDBOX_RULES.certification.reportDays * day;
  const certifications: CertificationStores = {
    runs: perMerchant<Run>('certificaciones', {perTerminal: SANDBOX_RULES.certification.reportsKept, maxAgeMs: reportAge}),
    // Reports are read by their link alone: the index of every run's merchant, in one pseudo-terminal.
    byId: makeStore<{readonly terminal: string}>(
      'certificaciones-por-id',
      {perTerminal: SANDBOX_RULES.certification.reportsKept * limits.terminals, terminals: 1, maxAgeMs: reportAge},
      {pinned: [GLOBAL]},
    ),
    deliveries: perMerchant<Delivery>('certificaciones-entregas', {perTerminal: 200, maxAgeMs: 60 * 60 * 1000}),
    restTrials: perMerchant<RestTrialState>('certificaciones-rest', {perTerminal: 1, maxAgeMs: 60 * 60 * 1000}),
  };
  const signer = reportSigner(() => {
    if (secret === undefined) throw new StoreUnavailableError('redis');
    return secret;
  });

  const banks = operations.find((op) => op.operationId === 'listarBancos')?.answerExamples[0]?.value;
  if (!Array.isArray(banks)) throw new Error('sandbox: the listarBancos answer example of openapi/rest.yaml is the bank list; it is missing.');
  const flows: FlowContext = {
    state,
    tokens,
    merchants,
    siteUrl,
    base: SANDBOX_PAGES.inbox.replace(/\/notificaciones$/, ''),
    serialField: `serial${options.portal.productName}`,
    banks: banks as unknown as FlowContext['banks'],
    restTrial: createRestTrial(certifications.restTrials, backend, now, options.certificationRest),
  };
  return {backend, ready, state, merchants, inbox, notifier, events, requestLog, purchases, flows, operations, siteUrl, certifications, reportSigner: signer};
}

export type {NotifierOptions};
