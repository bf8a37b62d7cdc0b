/**
 * The security headers of every answer of the server (@fastify/helmet
 * options): the Content Security Policy made from the built pages (./csp.ts),
 * nosniff, a referrer policy, no framing. The app registers @fastify/helmet
 * with these at its root, so they reach the site, the utils API and the
 * sandbox alike; a route that needs other headers (a sandbox page that may
 * be framed, say) passes its own with Helmet's `helmet` route option.
 */
import type {FastifyHelmetOptions} from '@fastify/helmet';
import type {PortalConfig} from '../../core/config';
import type {SiteIndex} from './build';
import {collectScriptHashes, cspDirectives, liveCodeDirectives, serializeCsp} from './csp';

export function securityHeaders(index: SiteIndex, portal: PortalConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {useDefaults: false, directives: cspDirectives(collectScriptHashes(index.htmlFiles), portal)},
    referrerPolicy: {policy: 'strict-origin-when-cross-origin'},
    frameguard: {action: 'deny'},
  };
}

/** The policy of the pages with live code blocks: the site's, plus 'unsafe-eval' (./csp.ts). */
export function liveCodeCsp(index: SiteIndex, portal: PortalConfig): string {
  return serializeCsp(liveCodeDirectives(cspDirectives(collectScriptHashes(index.htmlFiles), portal)));
}
