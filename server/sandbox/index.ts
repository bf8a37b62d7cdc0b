/**
 * The gateway sandbox: the portal's simulator of the gateway, mounted under
 * SANDBOX_BASE (/sandbox) by the portal's own server when the portal config
 * says so (SANDBOX, on by default). It is not the gateway: it follows spec.md,
 * and where spec.md is silent its own rules page says what it decided.
 *
 * Its parts are Fastify plugins registered here, encapsulated under the
 * prefix, sharing the state that `createSandboxState` makes (one bounded store
 * per kind of record, server/sandbox/store.ts).
 */
import type {FastifyInstance, FastifyPluginAsync} from 'fastify';
import type {PortalConfig} from '../../src/lib/config';
import postChannel from './purchase';
import {DEFAULT_STORE_LIMITS, memoryStore, type SandboxStore, type StoreLimits} from './store';

export {SANDBOX_BASE} from '../../src/lib/config';

export interface SandboxOptions {
  readonly portal: PortalConfig;
  /** Public address of the portal (links the sandbox writes into its pages and answers). */
  readonly siteUrl: string;
  /** Limits of every store the sandbox keeps (tests make them small). */
  readonly limits?: StoreLimits;
  /** The clock, injectable for tests of expiry (tokens, tokenSeguridad's minute). */
  readonly now?: () => number;
}

/** Makes one bounded store per kind of record, all with the same limits. */
export function storeFactory(limits: StoreLimits = DEFAULT_STORE_LIMITS, now: () => number = Date.now): <V>() => SandboxStore<V> {
  return <V>() => memoryStore<V>(limits, now);
}

/** The parts of the sandbox, each a plugin of its own under the prefix. */
const PARTS: readonly FastifyPluginAsync<SandboxOptions>[] = [
  // The POST channel: purchase page, response URL, notifications inbox (./purchase.ts).
  postChannel,
];

export default async function sandbox(app: FastifyInstance, options: SandboxOptions & {prefix?: string}): Promise<void> {
  // The prefix is this plugin's (SANDBOX_BASE); handed on, it would nest the parts under it twice.
  const {prefix: _prefix, ...partOptions} = options;
  for (const part of PARTS) {
    await app.register(part, partOptions);
  }
}
