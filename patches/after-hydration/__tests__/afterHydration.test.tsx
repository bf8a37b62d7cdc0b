/**
 * @jest-environment jsdom
 */
import React, {useContext} from 'react';
import {act, renderHook} from '@testing-library/react';
import {hydrateRoot} from 'react-dom/client';
import {renderToString} from 'react-dom/server';
import afterHydrationInSlices, {IN_TRANSITION} from '@site/patches/after-hydration';
import {REWRITE_LOADER} from '@site/patches/rewrite';
import {rewriteWith, runModule} from '../../../tests/support/upstreamModule';

type Rule = {test: string; use: {loader: string; options: {patch: string; prepend: string; rewrites: [string, string, number][]}}[]};
const rules = (afterHydrationInSlices().configureWebpack!({}, false, {} as never, undefined) as {module: {rules: Rule[]}}).module.rules;

function rewritten(file: string, source?: string): string {
  return rewriteWith(rules.find((candidate) => candidate.test === file)!.use[0]!.options, file, source);
}

/** The rewritten upstream module, compiled as the bundler would, with React's startTransition counted. */
function load<T>(ending: string, imports: Record<string, unknown> = {}): {exports: T; transitions: unknown[]} {
  const file = Object.keys(IN_TRANSITION).find((path) => path.endsWith(ending))!;
  const transitions: unknown[] = [];
  const react = {...React, startTransition: (scope: () => void) => (transitions.push(scope), React.startTransition(scope))};
  return {exports: runModule<T>(rewritten(file), {react, ...imports}), transitions};
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
    const {exports, transitions} = load<{useWindowSize: () => string}>('useWindowSize.js', {'@docusaurus/ExecutionEnvironment': {__esModule: true, default: {canUseDOM: true}}});
    window.innerWidth = 390;
    const {result} = renderHook(() => exports.useWindowSize());
    await act(async () => {});
    expect(result.current).toBe('mobile');
    expect(transitions).toHaveLength(1);
  });

  it('says "server" in the server HTML and while hydrating, then "browser" in a transition, with the markup kept', async () => {
    type BrowserContext = {Context: React.Context<boolean>; BrowserContextProvider: (props: {children: React.ReactNode}) => React.ReactNode};
    const {
      exports: {Context, BrowserContextProvider},
      transitions,
    } = load<BrowserContext>('browserContext.js');
    const Where = (): React.ReactNode => <p>{useContext(Context) ? 'navegador' : 'servidor'}</p>;
    const html = renderToString(
      <BrowserContextProvider>
        <Where />
      </BrowserContextProvider>,
    );
    expect(html).toBe('<p>servidor</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const paragraph = container.firstChild;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <BrowserContextProvider>
          <Where />
        </BrowserContextProvider>,
        {onRecoverableError: (error) => errors.push(error)},
      );
    });
    expect(container.innerHTML).toBe('<p>navegador</p>');
    expect(container.firstChild).toBe(paragraph);
    expect(errors).toEqual([]);
    expect(transitions).toHaveLength(1);
  });

  it('fails the build, naming the patch, when an upstream statement has changed', () => {
    const file = Object.keys(IN_TRANSITION).find((path) => path.endsWith('useWindowSize.js'))!;
    expect(() => rewritten(file, 'export const nothing = 1;')).toThrow(
      /^patches\/after-hydration: .*useWindowSize\.js holds 0 of `setWindowSize\(getWindowSize\(desktopBreakpoint\)\);`, not 1/,
    );
  });
});
