/** What the sandbox plugin (./index.ts) and each of its parts are given. */
import type {PortalConfig} from '../../core/config';
import type {ContractOperation} from './contracts';
import type {FlowContext} from './flows';
import type {SandboxState} from './state';
import type {StoreLimits} from './store';

export interface SandboxOptions {
  readonly portal: PortalConfig;
  /** Public address of the portal (links the sandbox writes into its pages and answers). */
  readonly siteUrl: string;
  /** Limits of every store the sandbox keeps (tests make them small). */
  readonly limits?: StoreLimits;
  /** The clock, injectable for tests of expiry (tokens, tokenSeguridad's minute). */
  readonly now?: () => number;
}

/** What every part receives: the options plus the one shared state (./state.ts) and the flows' context. */
export interface SandboxPartOptions extends SandboxOptions {
  readonly state: SandboxState;
  readonly flows: FlowContext;
  /** The REST contracts' operations (./contracts.ts), read once. */
  readonly operations: readonly ContractOperation[];
}
