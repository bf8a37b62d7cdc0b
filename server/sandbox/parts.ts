/**
 * The one place that makes the sandbox's shared parts: the stores (through one
 * store factory, in memory by default; issue 43 adds Redis), the merchants,
 * the state of the gateway's records, the inbox, the notifier, the event hub,
 * the request log, and the flows' context. ./index.ts makes them once and
 * hands them to every route plugin.
 */
import type {PortalConfig} from '../../core/config';
import {SANDBOX_PAGES, SANDBOX_RULES} from '../../core/data/sandbox';
import {loadContractOperations, type ContractOperation} from './contracts';
import {createEventHub, type EventHub, type SandboxEvent} from './events';
import type {FlowContext} from './flows';
import {createInbox, type Inbox, type InboxEntry} from './inbox';
import {tokenIssuer} from './jwt';
import {loadDemoMerchant, type DemoMerchant} from './merchant';
import {createMerchants, type MerchantRecord, type Merchants} from './merchants';
import {createNotifier, type Notifier, type NotifierOptions} from './notifier';
import type {Purchase} from './pages/purchase';
import {createRequestLog, type LogEntry, type RequestLog} from './requestLog';
import {createSandboxState, type SandboxState, type StoreFactory} from './state';
import {DEFAULT_STORE_LIMITS, memoryStore, type SandboxStore, type StoreLimits} from './store';

/** What the sandbox plugin (./index.ts) is given. */
export interface SandboxOptions {
  readonly portal: PortalConfig;
  /** Public address of the portal (links the sandbox writes into its pages and answers). */
  readonly siteUrl: string;
  /** Limits of every store the sandbox keeps (tests make them small). */
  readonly limits?: StoreLimits;
  /** The clock, injectable for tests of expiry (tokens, tokenSeguridad's minute). */
  readonly now?: () => number;
  /** Makes the stores (in memory when absent; issue 43 adds Redis). */
  readonly stores?: StoreFactory;
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
}

/** What every route plugin receives: the options plus the shared parts. */
export interface SandboxPartOptions extends SandboxOptions {
  readonly parts: SandboxParts;
}

export interface SandboxParts {
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
}

/** The in-memory store factory, with the given clock. */
export function memoryStores(now: () => number = Date.now): StoreFactory {
  return <V>(limits: StoreLimits, options?: {readonly pinned?: readonly string[]}) => memoryStore<V>(limits, now, options);
}

/** True when the portal runs locally: not production, or its own address is loopback. */
export function runsLocally(options: Pick<SandboxOptions, 'siteUrl' | 'portal'>): boolean {
  const host = new URL(options.siteUrl).hostname.replace(/^\[|\]$/g, '');
  return !options.portal.production || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export function createSandboxParts(options: SandboxOptions): SandboxParts {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? DEFAULT_STORE_LIMITS;
  const makeStore = options.stores ?? memoryStores(now);
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const demo = options.merchant ?? loadDemoMerchant();
  const operations = loadContractOperations();

  const merchants = createMerchants(
    makeStore<MerchantRecord>({perTerminal: 1, terminals: SANDBOX_RULES.merchants.max, maxAgeMs: SANDBOX_RULES.merchants.days * 24 * 60 * 60 * 1000}, {pinned: [demo.terminal]}),
    demo,
    now,
  );
  // Every per-merchant store keeps the demo merchant's records however many merchants come and go.
  const perMerchant = <V>(overrides: Partial<StoreLimits> = {}) => makeStore<V>({...limits, ...overrides}, {pinned: [demo.terminal]});
  const state = createSandboxState(<V>(l: StoreLimits, o?: {readonly pinned?: readonly string[]}) => makeStore<V>(l, {pinned: [demo.terminal, ...(o?.pinned ?? [])]}), limits, now);
  const events = createEventHub(perMerchant<SandboxEvent>({perTerminal: SANDBOX_RULES.events.replay}), now);
  const inbox = createInbox({store: perMerchant<InboxEntry>(), merchants, productName: options.portal.productName, events, now});
  const notifier = createNotifier({
    inbox,
    receiverUrl: `${siteUrl}${SANDBOX_PAGES.receiver}`,
    allow: options.portal.sandboxNotifyAllow,
    local: runsLocally(options),
    now,
    ...options.notifier,
  });
  const requestLog = createRequestLog(perMerchant<LogEntry>({perTerminal: SANDBOX_RULES.requestLog.perMerchant}), now);

  const banks = operations.find((op) => op.operationId === 'listarBancos')?.answerExamples[0]?.value;
  if (!Array.isArray(banks)) throw new Error('sandbox: the listarBancos answer example of openapi/rest.yaml is the bank list; it is missing.');
  const flows: FlowContext = {
    state,
    tokens: tokenIssuer(now),
    merchants,
    siteUrl,
    base: SANDBOX_PAGES.inbox.replace(/\/notificaciones$/, ''),
    serialField: `serial${options.portal.productName}`,
    banks: banks as unknown as FlowContext['banks'],
  };
  return {state, merchants, inbox, notifier, events, requestLog, purchases: perMerchant<Purchase>(), flows, operations, siteUrl};
}

export type {NotifierOptions};
