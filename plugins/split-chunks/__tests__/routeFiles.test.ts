/**
 * A built page names its route's scripts and stylesheets (plugins/split-chunks,
 * keyChunksByRequest): Docusaurus looks them up in the client manifest by the
 * import request of each module it rendered, with react-loadable-ssr-addon's
 * getBundles, the function its SSG template calls.
 */
import getBundles from 'react-loadable-ssr-addon-v5-slorber/lib/getBundles';
import {keyChunksByRequest} from '..';

type Manifest = Parameters<typeof keyChunksByRequest>[0] & {assets: Record<string, {js?: {file: string}[]; css?: {file: string}[]}>};

/** A manifest as the addon writes it under Rspack: chunks keyed by id, not by the request that imports them. */
function builtManifest(): Manifest {
  const file = (name: string) => [{file: `assets/${name}`}];
  return {
    origins: {main: ['1', '2', '3'], '7': ['7'], '8': ['8'], '9': ['9']},
    assets: {
      '1': {js: file('js/runtime~main.js')},
      '2': {js: file('js/main.js')},
      '3': {css: file('css/styles.css')},
      '7': {js: file('js/reference.js')},
      '8': {css: file('css/reference-styles.css')},
      '9': {js: file('js/4c5e977b.js')},
      '10': {js: file('js/f762f756.js')},
    },
  };
}

const chunk = (id: number) => ({id});
const group = (chunks: number[], requests: (string | undefined)[], initial = false) => ({
  chunks: chunks.map(chunk),
  origins: requests.map((request) => ({request})),
  isInitial: () => initial,
});

const filesOf = (manifest: Manifest, modules: string[]) => {
  const bundles = getBundles(manifest, ['main', ...modules]);
  return {js: (bundles.js ?? []).map((b) => b.file), css: (bundles.css ?? []).map((b) => b.file)};
};

describe('a page names the files of the modules it rendered', () => {
  test('without the keys, Docusaurus finds only the entry files for a reference page', () => {
    expect(filesOf(builtManifest(), ['@theme/ApiItem', '@site/reference/rest/gen/autenticar.api.mdx'])).toEqual({
      js: ['assets/js/runtime~main.js', 'assets/js/main.js'],
      css: ['assets/css/styles.css'],
    });
  });

  test('with them, it also finds the page component with its shared chunks and stylesheet, and the content', () => {
    const manifest = builtManifest();
    const keyed = keyChunksByRequest(manifest, [
      group([1, 2, 3], ['./src/clientEntry'], true),
      group([7, 8, 9], ['@theme/ApiItem']),
      group([10], ['@site/reference/rest/gen/autenticar.api.mdx']),
    ]);
    expect(keyed).toBe(2);
    const files = filesOf(manifest, ['@theme/ApiItem', '@site/reference/rest/gen/autenticar.api.mdx']);
    expect(files.js).toEqual(['assets/js/runtime~main.js', 'assets/js/main.js', 'assets/js/reference.js', 'assets/js/4c5e977b.js', 'assets/js/f762f756.js']);
    expect(files.css).toEqual(['assets/css/styles.css', 'assets/css/reference-styles.css']);
    // A guide page's modules do not bring the reference's files.
    expect(filesOf(manifest, ['@site/reference/rest/gen/autenticar.api.mdx']).css).toEqual(['assets/css/styles.css']);
  });

  test('the entry group is left as the addon wrote it, and a request imported from two places gets both groups', () => {
    const manifest = builtManifest();
    keyChunksByRequest(manifest, [group([1, 2, 3], ['./entry'], true), group([9], ['@theme/ApiItem']), group([7, 9], ['@theme/ApiItem', undefined])]);
    expect(manifest.origins['./entry']).toBeUndefined();
    expect(manifest.origins['@theme/ApiItem']).toEqual(['9', '7']);
  });

  test('a manifest with nothing to key is reported (the plugin then stops the build)', () => {
    expect(keyChunksByRequest(builtManifest(), [group([1, 2, 3], ['./entry'], true)])).toBe(0);
  });
});
