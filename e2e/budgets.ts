/**
 * Size budgets (contributing/performance.md), on bytes (stable), not timings: what a page
 * fetches while it loads, weighed gzip -9 from build/.
 * - every guide page loads at most 200 KB of gzipped JavaScript;
 * - heavy libraries load only where they are used: mermaid on pages with a
 *   diagram, node-forge on the value-encryption page, Prism on pages with a
 *   code block (patches/prism-on-demand), the search index never at load;
 * - each locale's search index (fetched when the search box is first used)
 *   stays within 256 KB gzipped;
 * - a reference page loads at most 235 KB of gzipped JavaScript, and no
 *   pako (its operation is JSON: patches/README.md, "openapi-theme");
 * - opening try-it on a reference page (the request panel and its code
 *   samples, fetched at the reader's first interaction) costs at most 500 KB
 *   of gzipped JavaScript.
 * The guide pages are weighed by the sitemap walk (e2e/sitemap.test.ts), which
 * opens each page once for all its checks; the search index and the reference
 * pages by e2e/budgets.test.ts.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT} from './support';

export const GUIDE_JS_BUDGET = 200 * 1024;
/**
 * The SOAP contract page is the SOAP channel's reference, not a guide: it
 * renders every operation's messages and XML examples from the WSDL (its own
 * content is about 12 KB gzipped). It is held to a budget of its own.
 */
export const CONTRACT_JS_BUDGET = 230 * 1024;
// In every docs version (/v1/soap/contrato, contributing/versions.md).
export const CONTRACT_PAGE = /^(\/en)?(\/v[0-9]+)?\/soap\/contrato$/;

/** Pages that are not guides: the API reference instances, React screens, search. */
export const NOT_GUIDES = /^(\/en)?\/(rest|apirest|tcrest|enviomanuales|search)(\/|$)/;
/** Where node-forge may load. */
export const ENCRYPTION_PAGE = /^(\/en)?(\/v[0-9]+)?\/guias\/cifrado$/;

export const LIBRARIES = {
  mermaid: /mermaidAPI/,
  nodeForge: /Invalid RSAES-OAEP padding/,
  pako: /invalid distance too far back/,
  // One of Prism's hook names, a string only its core holds.
  prism: /"after-tokenize"/,
};

export const SEARCH_INDEX_BUDGET = 256 * 1024;
export const TRY_IT_JS_BUDGET = 500 * 1024;
/** A reference page at load, without try-it (225 to 230 KB when it was set). */
export const REFERENCE_JS_BUDGET = 235 * 1024;

/** Whether the built script (a build-relative path) holds a library's signature. */
export const contains = (script: string, signature: RegExp): boolean => signature.test(readFileSync(join(ROOT, 'build', script), 'utf8'));
