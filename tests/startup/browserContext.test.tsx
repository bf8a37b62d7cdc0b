/**
 * @jest-environment jsdom
 */
import React, {useContext} from 'react';
import {act} from '@testing-library/react';
import {readFileSync} from 'node:fs';
import {hydrateRoot} from 'react-dom/client';
import {renderToString} from 'react-dom/server';
import * as replacement from '@site/patches/browser-context/BrowserContext';
import browserContextInTransition, {BROWSER_CONTEXT_MODULE} from '@site/patches/browser-context';

const {BrowserContextProvider, Context} = replacement;

function Where(): React.ReactNode {
  return <p>{useContext(Context) ? 'navegador' : 'servidor'}</p>;
}

describe('patches/browser-context', () => {
  it("stands in for the whole of @docusaurus/core's browser context module", () => {
    const original = readFileSync(BROWSER_CONTEXT_MODULE, 'utf8');
    const exported = [...original.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]).sort();
    expect(exported).toEqual(Object.keys(replacement).sort());
  });

  it('is put in place of that module, and of nothing else', () => {
    const plugin = browserContextInTransition();
    const config = plugin.configureWebpack!({} as never, false, {} as never, undefined as never) as {resolve: {alias: Record<string, string>}};
    expect(config.resolve.alias).toEqual({[`${BROWSER_CONTEXT_MODULE}$`]: require.resolve('@site/patches/browser-context/BrowserContext.tsx')});
  });

  it('says "server" in the server HTML and while hydrating, then "browser", with the markup kept', async () => {
    const html = renderToString(<BrowserContextProvider><Where /></BrowserContextProvider>);
    expect(html).toBe('<p>servidor</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const paragraph = container.firstChild;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <BrowserContextProvider><Where /></BrowserContextProvider>, {onRecoverableError: (error) => errors.push(error)});
    });
    expect(container.innerHTML).toBe('<p>navegador</p>');
    expect(container.firstChild).toBe(paragraph);
    expect(errors).toEqual([]);
  });
});
