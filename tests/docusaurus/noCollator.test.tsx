/**
 * @jest-environment jsdom
 */
// The Docusaurus helpers that plugins/docusaurus-client swaps in pick the same docs
// plugin instance and memoize the same way as Docusaurus' own, without
// String#localeCompare (whose first call builds an ICU collator as a page
// hydrates).
import React from 'react';
import {renderHook} from '@testing-library/react';
import * as original from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
import {getActivePlugin, getLatestVersion} from '../../src/lib/docusaurus/docsClientUtils';
import {useShallowMemoObject} from '../../src/lib/docusaurus/reactUtils';
import type {GlobalPluginData} from '@docusaurus/plugin-content-docs/client';

const plugin = (path: string) => ({path, versions: [], breadcrumbs: true}) as unknown as GlobalPluginData;

/** The portal's docs instances, as Docusaurus lists them in each locale. */
const SITES: Record<string, Record<string, GlobalPluginData>> = {
  es: {default: plugin('/'), rest: plugin('/rest'), apirest: plugin('/apirest'), tcrest: plugin('/tcrest')},
  en: {default: plugin('/en/'), rest: plugin('/en/rest'), apirest: plugin('/en/apirest'), tcrest: plugin('/en/tcrest')},
};

const PATHS = {
  es: ['/vpost/integracion', '/rest', '/rest/autenticacion', '/apirest/autenticacion', '/tcrest/pago-tarjeta', '/restful', '/soap', '/'],
  en: ['/en/vpost/integracion', '/en/rest/autenticacion', '/en/apirest', '/en/tcrest/pago-tarjeta', '/en/'],
};

let spy: jest.SpyInstance;
beforeEach(() => {
  spy = jest.spyOn(String.prototype, 'localeCompare');
});
afterEach(() => spy.mockRestore());

describe.each(Object.keys(SITES))('getActivePlugin in %s', (locale) => {
  const data = SITES[locale]!;
  it.each(PATHS[locale as 'es' | 'en'])('picks the instance Docusaurus picks for %s', (pathname) => {
    const expected = original.getActivePlugin(data, pathname);
    spy.mockClear();
    expect(getActivePlugin(data, pathname)).toEqual(expected);
    expect(spy).not.toHaveBeenCalled();
  });
});

it('keeps the rest of Docusaurus’ module', () => {
  expect(getLatestVersion).toBe(original.getLatestVersion);
});

it('fails fast with the paths it knows when asked to', () => {
  expect(() => getActivePlugin(SITES.en!, '/vpost', {failfast: true})).toThrow(/\/en\/rest/);
  expect(getActivePlugin(SITES.en!, '/vpost')).toBeUndefined();
});

it('memoizes an object by its keys and values, in any key order', () => {
  const component = () => <p />;
  const {result, rerender} = renderHook(({value}) => useShallowMemoObject(value), {initialProps: {value: {props: 1, component} as object}});
  const first = result.current;
  rerender({value: {component, props: 1}});
  expect(result.current).toBe(first);
  rerender({value: {component, props: 2}});
  expect(result.current).not.toBe(first);
  expect(spy).not.toHaveBeenCalled();
});
