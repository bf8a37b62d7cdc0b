/**
 * The rules of the portal's sandbox (server/sandbox) where spec.md is silent:
 * the numbers its server enforces and its rules page (src/pages/sandbox) states,
 * written once here.
 */
import {SANDBOX_BASE, SANDBOX_PURCHASE_PATH} from '../lib/config';

export const SANDBOX_RULES = {
  /** tokenSeguridad is accepted for the current minute in UTC-05:00 and this many minutes either side. */
  tokenToleranceMinutes: 5,
  /** The notifier's bounds. */
  notify: {timeoutMs: 5000, maxBodyBytes: 16 * 1024, maxAnswerBytes: 16 * 1024, perMinute: 20, maxUrlLength: 2000},
  /** Requests per client and minute to the sandbox's pages. */
  pageRateLimits: {purchase: 60, complete: 30, receiver: 60, inbox: 120},
  /** The largest form the pages read, in bytes; variables per form; characters per value. */
  form: {bodyBytes: 32 * 1024, fields: 100, valueLength: 2000},
} as const;

/** Where the sandbox's pages are on the portal. */
export const SANDBOX_PAGES = {
  purchase: `${SANDBOX_BASE}${SANDBOX_PURCHASE_PATH}`,
  returnPage: `${SANDBOX_BASE}${SANDBOX_PURCHASE_PATH}/retorno`,
  inbox: `${SANDBOX_BASE}/notificaciones`,
  receiver: `${SANDBOX_BASE}/notificaciones/receptor`,
} as const;
