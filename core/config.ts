/**
 * The portal's one typed configuration, read from the environment.
 *
 * docusaurus.config.ts calls `loadPortalConfig(process.env)` at build time and
 * hands the result to the client through `customFields.portal`; React code
 * reads it with `usePortalConfig()` (src/lib/usePortalConfig.ts). Every
 * variable is listed, with its default, in `.env.example`.
 */

export interface PortalConfig {
  /** True when PORTAL_ENV says production. */
  readonly production: boolean;
  /** Product name printed after "Integraciones" and inside firma{product}. */
  readonly productName: string;
  /** Address for support and for the switch to production. */
  readonly supportEmail: string;
  /** The gateway's hosted purchase page, demo and production. */
  readonly purchaseEndpoints: {readonly demo: string; readonly production: string};
  /** Base addresses of the gateway's and the portal's services. */
  readonly apiBases: {
    readonly core: string;
    readonly auth: string;
    readonly rest: string;
    readonly restV2Auth: string;
    readonly walletSimulator: string;
    readonly soapManuals: string;
    readonly utils: string;
  };
  /** Merchant terminals (the "cards" of the channel pages). */
  readonly terminals: {readonly demo: string; readonly production: string};
  /** Plugin downloads. */
  readonly pluginDownloads: {readonly woocommerce: string; readonly prestashop: string};
  /**
   * The portal's gateway simulator (server/sandbox), served under SANDBOX_BASE by
   * the portal's own server: on unless SANDBOX=off. When on, try-it and the sample
   * forms point at it; when off, at the documented demo environment.
   */
  readonly sandbox: boolean;
  /**
   * Hosts (names or IP addresses, lower case) the sandbox may POST confirmations
   * to besides its own receiver and, when the server runs locally, loopback
   * (SANDBOX_NOTIFY_ALLOW, comma-separated; empty by default).
   */
  readonly sandboxNotifyAllow: readonly string[];
  /**
   * The portal's server for coding assistants (server/mcp): the Model Context
   * Protocol at MCP_PATH, on unless MCP=off. When on, every docs page offers
   * "Conectar su asistente (MCP)" with the configuration to paste.
   */
  readonly mcp: boolean;
  /**
   * Where a page's source file is edited (REPOSITORY_EDIT_URL): the address its
   * path in the repository is appended to, e.g.
   * `https://github.com/pasarela/integraciones/edit/main/`. Every page then links
   * to its own file; null (unset, the default) shows no link.
   */
  readonly repositoryEditUrl: string | null;
}

/** Where the assistants' endpoint (server/mcp) lives on the portal. */
export const MCP_PATH = '/mcp';

/** Where the sandbox lives, relative to the portal (its pages, purchase page and APIs). */
export const SANDBOX_BASE = '/sandbox';
/** The sandbox's hosted purchase page (the POST channel's form target), under SANDBOX_BASE. */
export const SANDBOX_PURCHASE_PATH = '/pagos';

/**
 * Where the sample forms post: the sandbox's purchase page on `origin` (the
 * portal's address) when the sandbox is on, the documented demo purchase page
 * when it is off.
 */
export function samplePurchaseEndpoint(portal: Pick<PortalConfig, 'sandbox' | 'purchaseEndpoints'>, origin: string): string {
  return portal.sandbox ? `${origin.replace(/\/+$/, '')}${SANDBOX_BASE}${SANDBOX_PURCHASE_PATH}` : portal.purchaseEndpoints.demo;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Every variable the portal reads, with its default for local development. */
export const ENV_DEFAULTS = {
  PORTAL_ENV: 'development',
  PRODUCT_NAME: 'Pasarela',
  SUPPORT_EMAIL: 'soporte@pasarela.example',
  PURCHASE_URL_DEMO: 'https://demo.pasarela.example/pagos/',
  PURCHASE_URL_PRODUCTION: 'https://www.pasarela.example/pagos/',
  CORE_API_BASE: 'https://demo.pasarela.example/core',
  AUTH_API_BASE: 'https://demo.pasarela.example/auth',
  REST_API_BASE: 'https://demo.pasarela.example/rest',
  REST_V2_AUTH_API_BASE: 'https://demo.pasarela.example/v2/auth',
  WALLET_SIMULATOR_API_BASE: 'https://demo.pasarela.example/simulador',
  SOAP_MANUALS_BASE: 'https://demo.pasarela.example/soap',
  UTILS_API_BASE: '/api/utils',
  TERMINAL_URL_DEMO: 'https://demo.pasarela.example/terminal/',
  TERMINAL_URL_PRODUCTION: 'https://www.pasarela.example/terminal/',
  PLUGIN_URL_WOOCOMMERCE: 'https://www.pasarela.example/descargas/woocommerce.zip',
  PLUGIN_URL_PRESTASHOP: 'https://www.pasarela.example/descargas/prestashop.zip',
  SANDBOX: 'on',
  SANDBOX_NOTIFY_ALLOW: '',
  MCP: 'on',
  REPOSITORY_EDIT_URL: '',
} as const;

export type EnvName = keyof typeof ENV_DEFAULTS;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function read(env: Env, name: EnvName): string {
  const raw = env[name];
  const value = raw === undefined ? '' : raw.trim();
  return value === '' ? ENV_DEFAULTS[name] : value;
}

/** An absolute http(s) URL, or (when `relativeOk`) a path starting with "/". */
function readUrl(env: Env, name: EnvName, relativeOk = false): string {
  const value = read(env, name);
  if (relativeOk && value.startsWith('/') && !value.startsWith('//')) {
    return value.replace(/\/+$/, '') || '/';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL${relativeOk ? ' or a path starting with "/"' : ''}; got "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must use http or https; got "${value}".`);
  }
  return value;
}

/** A host name (labels of letters, digits and hyphens) or an IPv4 / bracket-less IPv6 address. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|[0-9a-f:.]*:[0-9a-f:.]*)$/;

/** A comma-separated list of hosts, lower-cased, without duplicates; empty when unset. */
function readHostList(env: Env, name: EnvName): string[] {
  const hosts = read(env, name)
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  for (const host of hosts) {
    if (host.length > 253 || !HOST.test(host)) {
      throw new ConfigError(`${name} must be host names or IP addresses separated by commas (no scheme, port or path); got "${host}".`);
    }
  }
  return [...new Set(hosts)];
}

const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;

export function loadPortalConfig(env: Env): PortalConfig {
  const mode = read(env, 'PORTAL_ENV').toLowerCase();
  if (mode !== 'production' && mode !== 'development') {
    throw new ConfigError(`PORTAL_ENV must be "production" or "development"; got "${mode}".`);
  }
  const supportEmail = read(env, 'SUPPORT_EMAIL');
  if (!EMAIL.test(supportEmail)) {
    throw new ConfigError(`SUPPORT_EMAIL must be an e-mail address; got "${supportEmail}".`);
  }
  const sandbox = read(env, 'SANDBOX').toLowerCase();
  if (sandbox !== 'on' && sandbox !== 'off') {
    throw new ConfigError(`SANDBOX must be "on" or "off"; got "${sandbox}".`);
  }
  const sandboxNotifyAllow = readHostList(env, 'SANDBOX_NOTIFY_ALLOW');
  const mcp = read(env, 'MCP').toLowerCase();
  if (mcp !== 'on' && mcp !== 'off') {
    throw new ConfigError(`MCP must be "on" or "off"; got "${mcp}".`);
  }
  const productName = read(env, 'PRODUCT_NAME');
  if (!/^[\p{L}\p{N}]+$/u.test(productName)) {
    // It becomes part of variable names such as firma{product}.
    throw new ConfigError(`PRODUCT_NAME must be letters and digits only; got "${productName}".`);
  }
  return {
    production: mode === 'production',
    productName,
    supportEmail,
    purchaseEndpoints: {
      demo: readUrl(env, 'PURCHASE_URL_DEMO'),
      production: readUrl(env, 'PURCHASE_URL_PRODUCTION'),
    },
    apiBases: {
      core: readUrl(env, 'CORE_API_BASE'),
      auth: readUrl(env, 'AUTH_API_BASE'),
      rest: readUrl(env, 'REST_API_BASE'),
      restV2Auth: readUrl(env, 'REST_V2_AUTH_API_BASE'),
      walletSimulator: readUrl(env, 'WALLET_SIMULATOR_API_BASE'),
      soapManuals: readUrl(env, 'SOAP_MANUALS_BASE'),
      utils: readUrl(env, 'UTILS_API_BASE', true),
    },
    terminals: {
      demo: readUrl(env, 'TERMINAL_URL_DEMO'),
      production: readUrl(env, 'TERMINAL_URL_PRODUCTION'),
    },
    pluginDownloads: {
      woocommerce: readUrl(env, 'PLUGIN_URL_WOOCOMMERCE'),
      prestashop: readUrl(env, 'PLUGIN_URL_PRESTASHOP'),
    },
    sandbox: sandbox === 'on',
    sandboxNotifyAllow,
    mcp: mcp === 'on',
    repositoryEditUrl: read(env, 'REPOSITORY_EDIT_URL') === '' ? null : `${readUrl(env, 'REPOSITORY_EDIT_URL').replace(/\/+$/, '')}/`,
  };
}

/**
 * Whether an address is one of the reserved example names (RFC 2606: the
 * .example, .invalid and .test top-level domains), which never resolve: the
 * defaults of the terminal and plugin links, kept until an environment sets
 * real ones. Pages show such a link as not available rather than a dead link.
 */
export function isPlaceholderAddress(address: string): boolean {
  try {
    return /\.(example|invalid|test)$/i.test(new URL(address).hostname);
  } catch {
    return false;
  }
}
