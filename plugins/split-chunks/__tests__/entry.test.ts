/**
 * The client bundle starts from plugins/split-chunks/chunkTasks.ts, which
 * starts Docusaurus's own client entry (aliased `@portal/client-entry`) in a
 * later task; the server bundle is left as Docusaurus configures it.
 */
import {join} from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import splitChunks from '..';

const context = {
  generatedFilesDir: '/site/.docusaurus',
  siteConfig: {plugins: [['@docusaurus/plugin-content-docs', {id: 'rest', docItemComponent: '@theme/ApiItem'}]]},
} as unknown as LoadContext;
const DOCUSAURUS_ENTRY = '/site/node_modules/@docusaurus/core/lib/client/clientEntry.js';
const bundlerConfig = (entry: unknown) => ({mode: 'production', entry, optimization: {splitChunks: {cacheGroups: {common: {}}}}});
const bundler = {currentBundler: {instance: {BannerPlugin: class {}, Compilation: {PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: 400}}}};

function configure(config: ReturnType<typeof bundlerConfig>, isServer: boolean): Record<string, unknown> {
  const configureWebpack = splitChunks(context).configureWebpack!;
  return configureWebpack(config as never, isServer, bundler as never, undefined) as Record<string, unknown>;
}

test("the client bundle's entry is chunkTasks.ts, and Docusaurus's entry is what it starts", () => {
  const result = configure(bundlerConfig(DOCUSAURUS_ENTRY), false);
  expect(result.entry).toBe(join(__dirname, '../chunkTasks.ts'));
  expect(result.resolve).toEqual({alias: {'@portal/client-entry': DOCUSAURUS_ENTRY}});
});

test('the server bundle keeps its entry', () => {
  expect(configure(bundlerConfig('/site/node_modules/@docusaurus/core/lib/client/serverEntry.js'), true)).toEqual({});
});

test('a Docusaurus whose client entry is no longer one file stops the build, naming the plugin', () => {
  expect(() => configure(bundlerConfig({main: [DOCUSAURUS_ENTRY]}), false)).toThrow(/^split-chunks: Docusaurus's client entry is not one file/);
});
