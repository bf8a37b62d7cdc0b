/**
 * The sandbox's test values, and the rules it sets where the gateway's documentation is silent.
 * The sandbox (server/sandbox), its rules partial (src/pages/sandbox/_api.mdx),
 * the contracts' card examples (scripts/encrypt-examples.ts) and the tests read
 * them from here. Test cards expire and carry the code of TEST_CARD (./enumerations.ts).
 */
import {SANDBOX_BASE, SANDBOX_PURCHASE_PATH} from '../config';
import type {CardBrand} from './paymentMethods';
import {TEST_CARD} from './enumerations';

export {TEST_CARD};

export interface SandboxTestCard {
  readonly brand: Exclude<CardBrand, 'store'>;
  /** The demo payment method id of the brand (./paymentMethods.ts). */
  readonly methodId: string;
  /** Approved with TEST_CARD's expiry and code. */
  readonly approved: string;
  /** Always rejected (authorization code 00000, 00 for Mastercard). */
  readonly rejected: string;
}

/** One card that approves and one that rejects per demo brand (widely published test numbers). */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  {brand: 'visa', methodId: '37', approved: '4111111111111111', rejected: '4000000000000002'},
  {brand: 'mastercard', methodId: '38', approved: '5555555555554444', rejected: '5105105105105100'},
  {brand: 'amex', methodId: '39', approved: '378282246310005', rejected: '371449635398431'},
  {brand: 'diners', methodId: '40', approved: '36227206271667', rejected: '30569309025904'},
];

/** The franchise name the sandbox answers (token info, status query). */
export const SANDBOX_FRANCHISES: Readonly<Record<SandboxTestCard['brand'], string>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMERICAN EXPRESS',
  diners: 'DINERS',
};

/** Second wallet: the buyer's mobile number decides the outcome. */
export const SANDBOX_WALLET_PHONES = {
  /** Rejected: the wallet account does not exist. */
  accountMissing: '3000000001',
  /** Rejected: the wallet account is blocked. */
  accountBlocked: '3000000002',
  /** Any other Colombian mobile (10 digits starting with 3) stays pending; this is the one the examples use. */
  pendingExample: '3001234567',
} as const;

/** A Colombian mobile number: 10 digits starting with 3. */
export const COLOMBIAN_MOBILE = /^3[0-9]{9}$/;

export const SANDBOX_RULES = {
  /** Minutes a tokenSeguridad from /autenticar is valid. */
  tokenMinutes: 10,
  /** Digits of the first wallet's OTP (returned in numeroAutorizacion, demo only). */
  otpDigits: 6,
  /** Wrong OTPs after which the first wallet payment is rejected. */
  otpAttempts: 3,
  /** tokenSeguridad is accepted for the current minute in UTC-05:00 and this many minutes either side. */
  tokenToleranceMinutes: 5,
  /** The notifier's bounds. */
  notify: {timeoutMs: 5000, maxBodyBytes: 16 * 1024, maxAnswerBytes: 16 * 1024, perMinute: 20, maxUrlLength: 2000},
  /** Requests per client and minute to the sandbox's pages. */
  pageRateLimits: {purchase: 60, complete: 30, receiver: 60},
  /** The largest form the pages read, in bytes; variables per form; characters per value. */
  form: {bodyBytes: 32 * 1024, fields: 100, valueLength: 2000},
  /**
   * Issued test merchants: at most `perHourPerAddress` new ones an hour from one address;
   * at most `max` remembered at once (the least recently used is forgotten first; never the demo
   * merchant), each for `days` days after it was issued or rotated; their terminal has `terminalDigits`
   * digits and their usuario is `usuarioPrefix` + terminal.
   */
  merchants: {perHourPerAddress: 10, max: 1000, days: 30, terminalDigits: 12, usuarioPrefix: 'prueba.'},
  /** Requests kept in each merchant's request log, newest first. */
  requestLog: {perMerchant: 200},
  /**
   * The event stream: confirmations kept per merchant for a reconnecting client's Last-Event-ID
   * (`replay`), open streams per merchant (`streamsPerMerchant`), seconds between heartbeats.
   */
  events: {replay: 100, streamsPerMerchant: 5, heartbeatSeconds: 15},
  /** Calls per client and minute to the sandbox's JSON API (credentials, inbox, log, events). */
  apiPerMinute: 120,
  /**
   * Sign-ins (REST /autenticar, HTTP Basic on the sandbox's API and the MCP tools): after
   * `perMerchant` wrong passwords for one usuario, or `perAddress` from one client address, within
   * `windowMinutes`, every sign-in of that usuario (or from that address) is refused with 429 until
   * the oldest failure leaves the window. The demo merchant's password is public: only the address counts.
   */
  signIn: {perMerchant: 10, perAddress: 30, windowMinutes: 15},
  /**
   * Failed calls that name a merchant but do not prove to be it (a wrong password, a form with wrong
   * security values, a response whose firma does not verify): kept apart in its request log, marked,
   * at most this many, so that they never push out its own entries.
   */
  requestLogUnproven: 20,
  /**
   * The certification of an integrator's endpoints (/sandbox/certificaciones): `runsPerHour` runs an
   * hour per merchant, one at a time; a merchant's last `reportsKept` reports are kept `reportDays` days;
   * a check through escuchar.mjs waits `listenerWaitMs` for the listener to report a delivery before the
   * run ends as incomplete; a run whose server stops renewing it for `staleMs` is incomplete;
   * a burst is `burst` confirmations at once. The REST client's check lasts `rest.windowSeconds`: the
   * merchant's tokens last `rest.tokenSeconds` meanwhile, one call is answered 503 with Retry-After
   * `rest.retryAfterSeconds`, and at most `rest.maxRetries` retries may follow it.
   */
  certification: {
    runsPerHour: 6,
    reportDays: 30,
    reportsKept: 20,
    listenerWaitMs: 15_000,
    staleMs: 60_000,
    burst: 10,
    rest: {windowSeconds: 45, tokenSeconds: 15, retryAfterSeconds: 3, maxRetries: 3},
  },
} as const;

/** Where the sandbox's pages are on the portal. */
export const SANDBOX_PAGES = {
  purchase: `${SANDBOX_BASE}${SANDBOX_PURCHASE_PATH}`,
  returnPage: `${SANDBOX_BASE}${SANDBOX_PURCHASE_PATH}/retorno`,
  inbox: `${SANDBOX_BASE}/notificaciones`,
  receiver: `${SANDBOX_BASE}/notificaciones/receptor`,
  credentials: `${SANDBOX_BASE}/credenciales`,
  requestLog: `${SANDBOX_BASE}/registro`,
  events: `${SANDBOX_BASE}/eventos`,
  listener: `${SANDBOX_BASE}/escuchar.mjs`,
  postmanCollection: `${SANDBOX_BASE}/postman/coleccion.json`,
  postmanEnvironment: `${SANDBOX_BASE}/postman/entorno.json`,
  certifications: `${SANDBOX_BASE}/certificaciones`,
} as const;
