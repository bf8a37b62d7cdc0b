/**
 * @jest-environment jsdom
 */
import React from 'react';
import {readFileSync} from 'node:fs';
import {renderHook} from '@testing-library/react';
import * as router from 'react-router-dom';
import localeCompareFree, {LOCALE_COMPARE} from '@site/patches/locale-compare';
import {REWRITE_LOADER} from '@site/patches/rewrite';
import {rewriteWith, runModule as load} from '../../../tests/support/upstreamModule';

const [DOCS_CLIENT_UTILS, REACT_UTILS] = Object.keys(LOCALE_COMPARE) as [string, string];

function rewrite(file: string, source?: string): string {
  return rewriteWith({patch: 'locale-compare', rewrites: LOCALE_COMPARE[file]}, file, source);
}

type GetActivePlugin = (data: Record<string, {path: string}>, pathname: string) => {pluginId: string} | undefined;

describe('patches/locale-compare', () => {
  it('rewrites every localeCompare call of the two upstream files', () => {
    expect(Object.keys(LOCALE_COMPARE).map((file) => file.replace(/.*node_modules[\\/]/, ''))).toEqual([
      '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
      '@docusaurus/theme-common/lib/utils/reactUtils.js',
    ]);
    for (const file of Object.keys(LOCALE_COMPARE)) expect(rewrite(file)).not.toContain('localeCompare');
  });

  it('is applied to those files only', () => {
    const config = localeCompareFree().configureWebpack!({}, false, {} as never, undefined) as {module: {rules: {test: string; use: {loader: string; options: unknown}[]}[]}};
    // A string condition matches the module paths that start with it: the file itself.
    expect(config.module.rules).toEqual([
      {test: DOCS_CLIENT_UTILS, use: [{loader: REWRITE_LOADER, options: {patch: 'locale-compare', rewrites: LOCALE_COMPARE[DOCS_CLIENT_UTILS]}}]},
      {test: REACT_UTILS, use: [{loader: REWRITE_LOADER, options: {patch: 'locale-compare', rewrites: LOCALE_COMPARE[REACT_UTILS]}}]},
    ]);
  });

  it('finds the same docs instance as upstream for the portal paths, in both languages and versions', () => {
    const original = load<{getActivePlugin: GetActivePlugin}>(readFileSync(DOCS_CLIENT_UTILS, 'utf8'), {'@docusaurus/router': router});
    const patched = load<{getActivePlugin: GetActivePlugin}>(rewrite(DOCS_CLIENT_UTILS), {'@docusaurus/router': router});
    for (const base of ['/', '/en/']) {
      const instances = {default: {path: base}, rest: {path: `${base}rest`}, apirest: {path: `${base}apirest`}, tcrest: {path: `${base}tcrest`}};
      for (const page of ['vpost/integracion', 'v1/vpost', 'rest/pse', 'rest/v1/pse', 'apirest/autenticar', 'tcrest', 'restablecer', 'guias/cifrado']) {
        const pathname = `${base}${page}`;
        expect(patched.getActivePlugin(instances, pathname)).toEqual(original.getActivePlugin(instances, pathname));
      }
      expect(patched.getActivePlugin(instances, `${base}rest/v1/pse`)?.pluginId).toBe('rest');
      expect(patched.getActivePlugin(instances, `${base}restablecer`)?.pluginId).toBe('default');
    }
  });

  it('keeps useShallowMemoObject order-insensitive', () => {
    const {useShallowMemoObject} = load<{useShallowMemoObject: <T extends object>(o: T) => T}>(rewrite(REACT_UTILS), {
      react: React,
      '@docusaurus/useIsomorphicLayoutEffect': {default: React.useLayoutEffect},
    });
    const first = {subtree: true, childList: true};
    const {result, rerender} = renderHook((options: object) => useShallowMemoObject(options), {initialProps: first});
    rerender({childList: true, subtree: true});
    expect(result.current).toBe(first);
    rerender({childList: false, subtree: true});
    expect(result.current).not.toBe(first);
  });

  it('fails the build, naming the patch, when an upstream file has changed', () => {
    expect(() => rewrite(DOCS_CLIENT_UTILS, 'export const order = (a, b) => a.path.localeCompare(b.path);')).toThrow(
      /^patches\/locale-compare: .*docsClientUtils\.js holds 0 of `b\[1\]\.path\.localeCompare\(a\[1\]\.path\)`, not 1/,
    );
  });
});
