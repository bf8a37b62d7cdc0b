/**
 * @jest-environment jsdom
 */
// The stand-ins of ./index.ts keep upstream's answers: the most specific docs
// instance is still the active one, and every prefetch still happens (later).
import {getActivePlugin} from './activePlugin';
import prefetch from './prefetch';

// The upstream module it re-exports is ESM that Jest does not compile; its other functions are not under test.
jest.mock('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js', () => ({}), {virtual: true});

const plugins = {
  default: {path: '/', versions: [], breadcrumbs: true},
  rest: {path: '/rest', versions: [], breadcrumbs: true},
  apirest: {path: '/apirest', versions: [], breadcrumbs: true},
} as unknown as Parameters<typeof getActivePlugin>[0];

test('getActivePlugin finds the most specific instance, in any order of the config', () => {
  expect(getActivePlugin(plugins, '/rest/autenticacion')?.pluginId).toBe('rest');
  expect(getActivePlugin(plugins, '/apirest')?.pluginId).toBe('apirest');
  expect(getActivePlugin(plugins, '/vpost/integracion')?.pluginId).toBe('default');
  expect(getActivePlugin({rest: plugins.rest!}, '/vpost')).toBeUndefined();
  expect(() => getActivePlugin({rest: plugins.rest!}, '/vpost', {failfast: true})).toThrow(/Can't find active docs plugin for "\/vpost"/);
});

test('prefetch appends its links one per idle period, not at once', () => {
  const idle: (() => void)[] = [];
  const original = window.requestIdleCallback;
  window.requestIdleCallback = ((run: () => void) => idle.push(run)) as typeof window.requestIdleCallback;
  jest.isolateModules(() => {
    const later = (require('./prefetch') as {default: typeof prefetch}).default;
    void later('/assets/js/a.js');
    void later('/assets/js/b.js');
  });
  const links = () => [...document.head.querySelectorAll('link[rel=prefetch]')].map((link) => link.getAttribute('href'));
  expect(links()).toEqual([]);
  idle.shift()!();
  expect(links()).toEqual(['/assets/js/a.js']);
  idle.shift()!();
  expect(links()).toEqual(['/assets/js/a.js', '/assets/js/b.js']);
  expect(idle).toEqual([]);
  window.requestIdleCallback = original;
});
