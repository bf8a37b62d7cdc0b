/** What the sandbox plugin (./index.ts) and each of its parts are given. */
import type {PortalConfig} from '../../core/config';
import type {DemoMerchant} from './merchant';
import type {NotifierOptions} from './notifier';
import type {SandboxParts} from './parts';
import type {StoreFactory} from './state';
import type {StoreLimits} from './store';

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
}

/** What every route plugin receives: the options plus the shared parts (./parts.ts). */
export interface SandboxPartOptions extends SandboxOptions {
  readonly parts: SandboxParts;
}
