/**
 * Content Security Policy of the served site, with no 'unsafe-inline' for
 * scripts. Docusaurus inlines a few small scripts into every page (the
 * colour-mode bootstrap that avoids a flash of the wrong theme, the
 * client-redirect page); instead of allowing inline scripts in general, the
 * server hashes the inline scripts it finds in the built HTML and allows
 * exactly those. A script injected into a page would have another hash and
 * not run.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import type {PortalConfig} from '../../core/config';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser runs; JSON-LD and other data blocks are never executed. */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`, 'i').exec(attributes);
  if (match === null) {
    return undefined;
  }
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** 'sha256-...' sources for the executable inline scripts of one HTML text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (attribute(attributes, 'src') !== undefined || body === '') {
      continue;
    }
    if (!EXECUTABLE.test((attribute(attributes, 'type') ?? '').trim())) {
      continue;
    }
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The distinct hashes over every built page. */
export function collectScriptHashes(htmlFiles: readonly string[]): string[] {
  const all = new Set<string>();
  for (const file of htmlFiles) {
    for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) {
      all.add(hash);
    }
  }
  return [...all].sort();
}

function origin(url: string): string | null {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
}

function origins(urls: readonly string[]): string[] {
  return [...new Set(urls.map(origin).filter((o): o is string => o !== null))].sort();
}

export type Directives = Record<string, string[]>;

export function cspDirectives(scriptHashes: readonly string[], portal: PortalConfig): Directives {
  const bases = portal.apiBases;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    // React and Docusaurus write style attributes into the HTML, and Mermaid
    // puts a <style> inside each diagram: styles cannot be made strict without
    // breaking pages. Styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    // The page calls the utils service; the API reference's "try it" panel
    // calls the gateway's documented services.
    'connect-src': ["'self'", ...origins([bases.utils, bases.core, bases.auth, bases.rest, bases.restV2Auth, bases.walletSimulator, bases.soapManuals])],
    // Sample forms post to the gateway's purchase page.
    'form-action': ["'self'", ...origins([portal.purchaseEndpoints.demo, portal.purchaseEndpoints.production])],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
}

/**
 * The attribute that marks a page with live code blocks (src/components/LiveSample,
 * src/theme/CodeBlock): the reader's edited code is evaluated in the page
 * (react-live compiles it and runs it with `new Function`), which a policy
 * without 'unsafe-eval' forbids. Only those pages get it; every other page,
 * the signature workbench included, keeps the strict policy.
 */
export const LIVE_CODE_ATTRIBUTE = 'data-live-code';

/** Whether a built page has a live code block. */
export function hasLiveCode(html: string): boolean {
  return html.includes(` ${LIVE_CODE_ATTRIBUTE}=`) || html.includes(` ${LIVE_CODE_ATTRIBUTE}>`) || html.includes(` ${LIVE_CODE_ATTRIBUTE} `);
}

/** The policy of a page with live code: the same, plus 'unsafe-eval' for scripts. */
export function liveCodeDirectives(directives: Directives): Directives {
  return {...directives, 'script-src': [...(directives['script-src'] ?? ["'self'"]), "'unsafe-eval'"]};
}

export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
