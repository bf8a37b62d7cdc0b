/**
 * The sandbox credentials a reader created: remembered in the
 * browser's storage, under a key namespaced like the site's other saved
 * choices (`docusaurus.config.ts` `storage.namespace`: one namespace for both
 * locales, so credentials made in Spanish hold in English), as JSON
 * `{usuario, clave, terminal, llave}`.
 *
 * Every place that uses them (the credentials panel, try-it, the code dialog,
 * the signature workbench, the live samples, the sandbox's pages) reads them
 * through `useSandboxCredentials()`, so creating, rotating or forgetting them
 * in one place updates all the others at once, in this tab and in the others.
 *
 * Kept small and free of React components: guide pages that never show the
 * panel import only what they use of it, and most import nothing.
 */
import {useSyncExternalStore} from 'react';
import SiteStorage from '@generated/site-storage';
import {EXAMPLE_KEY} from '@site/core/data/securityExamples';

export interface SandboxCredentials {
  /** REST / SOAP user, also the POST form's `usuario`. */
  readonly usuario: string;
  /** REST / SOAP password. */
  readonly clave: string;
  /** The merchant's terminal id. */
  readonly terminal: string;
  /** The terminal key: checksum, tokenSeguridad, md5ValidacionValor, firma. */
  readonly llave: string;
}

/** Credentials as a place uses them: the reader's own, or the public demo merchant's. */
export interface ActiveCredentials extends SandboxCredentials {
  /** True for the demo merchant: anyone can see its records. */
  readonly publico: boolean;
}

/**
 * The sandbox's demo merchant, whose records are public: the REST
 * authentication example of the contracts (openapi/comunes.yaml,
 * SolicitudAutenticacion) with the worked examples' key, as the server reads
 * them (server/sandbox/merchants/demoMerchant.ts). The browser cannot read YAML, so the
 * values are written here; src/lib/__tests__/sandboxCredentials.test.ts checks
 * them against the contract.
 */
export const DEMO_MERCHANT: ActiveCredentials = {
  usuario: 'comercio.demo',
  clave: 'ClaveDePrueba2026',
  terminal: '4501',
  llave: EXAMPLE_KEY,
  publico: true,
};

/** The storage key before the site's namespace is appended (as theme-common's storage slots do). */
export const CREDENTIALS_KEY = 'sandbox-credenciales';

/** The full storage key: the site's namespace appended, as every other saved choice of the site. */
export function storageKey(): string {
  return `${CREDENTIALS_KEY}${SiteStorage.namespace}`;
}

function browserStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window[SiteStorage.type];
  } catch {
    // Storage refused (a sandboxed iframe, strict privacy settings): nothing is remembered.
    return null;
  }
}

const FIELDS = ['usuario', 'clave', 'terminal', 'llave'] as const;

/** Reads stored JSON into credentials; anything else (hand-edited, an older shape) is no credentials. */
export function parseCredentials(raw: string | null): SandboxCredentials | null {
  if (raw === null || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const name of FIELDS) {
    const field = record[name];
    if (typeof field !== 'string' || field === '') return null;
    fields[name] = field;
  }
  return fields as SandboxCredentials;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** The remembered credentials, or null. */
export function readCredentials(): SandboxCredentials | null {
  try {
    return parseCredentials(browserStorage()?.getItem(storageKey()) ?? null);
  } catch {
    return null;
  }
}

/** Remembers `credentials` (exactly the four fields) and tells every subscriber. */
export function saveCredentials(credentials: SandboxCredentials): void {
  const {usuario, clave, terminal, llave} = credentials;
  try {
    browserStorage()?.setItem(storageKey(), JSON.stringify({usuario, clave, terminal, llave}));
  } finally {
    notify();
  }
}

/** Forgets the remembered credentials and tells every subscriber. */
export function forgetCredentials(): void {
  try {
    browserStorage()?.removeItem(storageKey());
  } finally {
    notify();
  }
}

/**
 * Calls `listener` whenever the remembered credentials may have changed: in
 * this tab (save, forget) or in another tab of the same portal (the storage
 * event). Returns the unsubscribe function.
 */
export function subscribeCredentials(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    // key null: the whole storage was cleared.
    if (event.key === null || event.key === storageKey()) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore wants the same object while nothing changed: the
// snapshot is cached by the stored text.
let cachedRaw: string | null = null;
let cachedValue: SandboxCredentials | null = null;

function snapshot(): SandboxCredentials | null {
  let raw: string | null = null;
  try {
    raw = browserStorage()?.getItem(storageKey()) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseCredentials(raw);
  }
  return cachedValue;
}

/** The static HTML is drawn without anyone's credentials: the first render in the browser matches it. */
const serverSnapshot = (): null => null;

/** The remembered credentials, kept current; null on the server, before hydration and when there are none. */
export function useSandboxCredentials(): SandboxCredentials | null {
  return useSyncExternalStore(subscribeCredentials, snapshot, serverSnapshot);
}

/** The credentials a place should use: the reader's own, else the public demo merchant's. */
export function activeCredentials(remembered: SandboxCredentials | null): ActiveCredentials {
  return remembered === null ? DEMO_MERCHANT : {...remembered, publico: false};
}

/** Base64 of the UTF-8 bytes of `text` (btoa alone takes Latin-1 only). */
function base64Utf8(text: string): string {
  const binary = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return btoa(binary);
}

/** The HTTP Basic `Authorization` value for the sandbox's JSON API (`usuario:clave`, UTF-8). */
export function basicAuthorization({usuario, clave}: Pick<SandboxCredentials, 'usuario' | 'clave'>): string {
  return `Basic ${base64Utf8(`${usuario}:${clave}`)}`;
}
