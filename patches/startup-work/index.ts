/**
 * Less work while a page starts (patches/README.md, row "startup-work"): the
 * docs plugin's getActivePlugin and theme-common's useShallowMemoObject sort
 * without `localeCompare` (whose first call builds the ICU collator), and the
 * prefetch links of links in view are appended when the browser is idle.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {replaceImport} from '../openapi-theme/replaceImport';

const folder = (module: string): RegExp => new RegExp(`^${dirname(require.resolve(module)).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);

export default function startupWork(): Plugin {
  return {
    name: 'portal-startup-work',
    configureWebpack: (_config, _isServer, utils) => ({
      plugins: [
        replaceImport(utils, {request: /^\.\/docsClientUtils$/, importer: folder('@docusaurus/plugin-content-docs/client'), target: join(__dirname, 'activePlugin.ts')}),
        replaceImport(utils, {request: /^(\.\.\/)+utils\/reactUtils$/, importer: folder('@docusaurus/theme-common'), target: join(__dirname, 'shallowMemo.ts')}),
        replaceImport(utils, {request: /^\.\/prefetch$/, importer: folder('@docusaurus/core/lib/client/docusaurus.js'), target: join(__dirname, 'prefetch.ts')}),
      ],
    }),
  };
}
