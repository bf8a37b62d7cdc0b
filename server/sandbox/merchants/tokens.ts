/**
 * The sandbox's tokenSeguridad: a real JWT (HS256) signed with the sandbox's
 * secret, so a tampered token or one signed with any other key is refused. It
 * carries the terminal it was issued for and the merchant's credentials
 * (`cred`, which rotating them changes: ./merchants.ts), and expires after
 * SANDBOX_RULES.tokenMinutes. The secret is SANDBOX_SECRET when set; else,
 * with Redis, the one the first server made and shared through it (every
 * server accepts every server's tokens); else one drawn at random when the
 * process starts (../wiring.ts).
 */
import {createHmac, randomBytes, timingSafeEqual} from 'node:crypto';
import {SANDBOX_RULES} from '../../../core/data/sandbox';

export interface TokenClaims {
  /** The terminal the token was issued for. */
  readonly terminal: string;
  /** The merchant's credentials when it was issued (Merchants.credentialsId): rotating them revokes the token. */
  readonly cred: string;
  /** Issued at, seconds since the epoch. */
  readonly iat: number;
  /** Expires at, seconds since the epoch. */
  readonly exp: number;
}

export type TokenCheck = {readonly ok: true; readonly claims: TokenClaims} | {readonly ok: false; readonly reason: 'malformed' | 'signature' | 'expired' | 'terminal' | 'revoked'};

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64(JSON.stringify({alg: 'HS256', typ: 'JWT'}));

export interface TokenIssuer {
  issue(terminal: string, cred: string): string;
  /** Checks signature, expiry and, when given, that the token belongs to `terminal` (whether it is revoked is the merchant's: flows' checkToken). */
  verify(token: string, terminal?: string): TokenCheck;
  /**
   * Whom a token was issued to when its signature is ours, expired or not: whose request log a
   * call belongs to (an expired token still says who called).
   */
  issuedTo(token: string): Pick<TokenClaims, 'terminal' | 'cred'> | undefined;
}

/** `secret`: the key, or a function that reads the current one (shared through the store, ../wiring.ts). */
export function tokenIssuer(now: () => number = Date.now, secret: Buffer | (() => Buffer) = randomBytes(32)): TokenIssuer {
  const key = typeof secret === 'function' ? secret : () => secret;
  const sign = (data: string) => createHmac('sha256', key()).update(data).digest();
  const issuer: TokenIssuer = {
    issue(terminal, cred) {
      const iat = Math.floor(now() / 1000);
      const payload = b64(JSON.stringify({terminal, cred, iat, exp: iat + SANDBOX_RULES.tokenMinutes * 60}));
      return `${HEADER}.${payload}.${b64(sign(`${HEADER}.${payload}`))}`;
    },
    verify(token, terminal) {
      const parts = token.split('.');
      if (parts.length !== 3) return {ok: false, reason: 'malformed'};
      const [header = '', payload = '', signature = ''] = parts;
      const expected = sign(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (header !== HEADER || given.length !== expected.length || !timingSafeEqual(given, expected)) return {ok: false, reason: 'signature'};
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return {ok: false, reason: 'malformed'};
      }
      const c = claims as Partial<TokenClaims>;
      if (typeof c.terminal !== 'string' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return {ok: false, reason: 'malformed'};
      if (now() / 1000 >= c.exp) return {ok: false, reason: 'expired'};
      if (terminal !== undefined && c.terminal !== terminal) return {ok: false, reason: 'terminal'};
      return {ok: true, claims: {terminal: c.terminal, cred: typeof c.cred === 'string' ? c.cred : '', iat: c.iat, exp: c.exp}};
    },
    issuedTo(token) {
      const check = issuer.verify(token);
      if (check.ok) return {terminal: check.claims.terminal, cred: check.claims.cred};
      if (check.reason !== 'expired') return undefined;
      try {
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Partial<TokenClaims>;
        return typeof claims.terminal === 'string' ? {terminal: claims.terminal, cred: typeof claims.cred === 'string' ? claims.cred : ''} : undefined;
      } catch {
        return undefined;
      }
    },
  };
  return issuer;
}

/** The sentence of each refusal (topic sandboxErrors, `token`), in the caller's language (../gateway/operations.ts checkToken). */
export const TOKEN_REFUSALS = {
  malformed: 'token.malformed',
  signature: 'token.signature',
  expired: 'token.expired',
  terminal: 'token.terminal',
  revoked: 'token.revoked',
} as const satisfies Readonly<Record<Exclude<TokenCheck, {ok: true}>['reason'], string>>;
