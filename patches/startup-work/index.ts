/**
 * Less work while a page starts, measured with a CPU profile of
 * /vpost/integracion on a 4x-throttled phone (patches/README.md):
 *
 * - `activePlugin.ts`, `shallowMemo.ts`: the docs plugin's getActivePlugin and
 *   theme-common's useShallowMemoObject sort with `localeCompare`, whose first
 *   call builds the ICU collator (about 90 ms at 4x) to order a handful of
 *   route paths and object keys; a code-unit comparison orders them as well.
 * - `prefetch.ts`: each link that scrolls into view makes Docusaurus append a
 *   `<link rel="prefetch">`; those appends (about 120 ms at 4x) now run one
 *   at a time when the browser is idle, not in the task that hydrates the page.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {replaceImport} from '../openapi-theme/replaceImport';

const CORE_CLIENT = dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
const DOCS_CLIENT = dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js'));
const THEME_COMMON = dirname(require.resolve('@docusaurus/theme-common'));
const escape = (path: string): string => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export default function startupWork(): Plugin {
  return {
    name: 'portal-startup-work',
    configureWebpack(_config, _isServer, utils) {
      return {
        plugins: [
          replaceImport(utils, {request: /^\.\/docsClientUtils$/, importer: new RegExp(`^${escape(DOCS_CLIENT)}$`), target: join(__dirname, 'activePlugin.ts')}),
          replaceImport(utils, {request: /^(\.\.\/)+utils\/reactUtils$/, importer: new RegExp(`^${escape(THEME_COMMON)}[\\\\/](hooks|contexts)`), target: join(__dirname, 'shallowMemo.ts')}),
          replaceImport(utils, {request: /^\.\/prefetch$/, importer: new RegExp(`^${escape(CORE_CLIENT)}$`), target: join(__dirname, 'prefetch.ts')}),
        ],
      };
    },
  };
}
