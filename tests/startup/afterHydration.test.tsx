/**
 * @jest-environment jsdom
 */
import React from 'react';
import {readFileSync} from 'node:fs';
import {transformSync} from '@swc/core';
import {act, renderHook} from '@testing-library/react';
import afterHydrationInSlices, {IN_TRANSITION} from '@site/patches/after-hydration';
import {REWRITE_LOADER} from '@site/patches/rewrite';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const rewrite = require(REWRITE_LOADER) as (this: {getOptions(): unknown; resourcePath: string}, source: string) => string;

type Rule = {test: string; use: {loader: string; options: {patch: string; prepend: string; rewrites: [string, string, number][]}}[]};
const rules = (afterHydrationInSlices().configureWebpack!({} as never, false, {} as never, undefined as never) as {module: {rules: Rule[]}}).module.rules;

function rewritten(file: string, source = readFileSync(file, 'utf8')): string {
  const rule = rules.find((candidate) => candidate.test === file)!;
  return rewrite.call({getOptions: () => rule.use[0]!.options, resourcePath: file}, source);
}

describe('patches/after-hydration', () => {
  it('puts every listed statement of the upstream files in a transition, and those files only', () => {
    expect(rules.map((rule) => [rule.test, rule.use.map((use) => use.loader)])).toEqual(Object.keys(IN_TRANSITION).map((file) => [file, [REWRITE_LOADER]]));
    for (const [file, statements] of Object.entries(IN_TRANSITION)) {
      const code = rewritten(file);
      expect(code.startsWith("import {startTransition as portalStartTransition} from 'react';\n")).toBe(true);
      expect(code.split('portalStartTransition(() => {').length - 1).toBe(statements.reduce((sum, [, count]) => sum + count, 0));
    }
  });

  it('sets the window size once mounted, in a transition', async () => {
    const file = Object.keys(IN_TRANSITION).find((path) => path.endsWith('useWindowSize.js'))!;
    const {code} = transformSync(rewritten(file), {jsc: {parser: {syntax: 'ecmascript', jsx: true}, target: 'es2022'}, module: {type: 'commonjs'}});
    const transitions: unknown[] = [];
    const react = {...React, startTransition: (scope: () => void) => (transitions.push(scope), React.startTransition(scope))};
    const imports: Record<string, unknown> = {react, '@docusaurus/ExecutionEnvironment': {__esModule: true, default: {canUseDOM: true}}};
    const module = {exports: {} as {useWindowSize: () => string}};
    new Function('require', 'module', 'exports', code)((name: string) => imports[name], module, module.exports);
    window.innerWidth = 390;
    const {result} = renderHook(() => module.exports.useWindowSize());
    await act(async () => {});
    expect(result.current).toBe('mobile');
    expect(transitions).toHaveLength(1);
  });

  it('fails the build, naming the patch, when an upstream statement has changed', () => {
    const [file] = Object.keys(IN_TRANSITION);
    expect(() => rewritten(file!, 'export const nothing = 1;')).toThrow(/^patches\/after-hydration: .*useWindowSize\.js holds 0 of `setWindowSize\(getWindowSize\(desktopBreakpoint\)\);`, not 1/);
  });
});
