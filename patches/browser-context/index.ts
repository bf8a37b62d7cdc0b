/**
 * The page's "now in the browser" update, rendered in slices.
 *
 * Docusaurus hydrates a page with isBrowser false, then sets it true in an
 * effect. Every consumer re-renders then, and the API theme's tab groups and
 * code blocks are keyed by it, so they are all drawn again from scratch
 * (with the request panel's store, recreated for the browser). Set in an
 * effect, that update is urgent: React renders it in one task, the longest
 * of a reference page's start. Here it is set in a transition, so React
 * renders it in short slices, as it does the hydration before it.
 */
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The module both Docusaurus's App and useIsBrowser import the context from. */
export const BROWSER_CONTEXT_MODULE = require.resolve('@docusaurus/core/lib/client/browserContext.js');

export default function browserContextInTransition(): Plugin {
  return {
    name: 'portal-browser-context',
    configureWebpack: () => ({resolve: {alias: {[`${BROWSER_CONTEXT_MODULE}$`]: join(__dirname, 'BrowserContext.tsx')}}}),
  };
}
