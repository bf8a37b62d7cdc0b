/**
 * @jest-environment node
 */
// What src/theme/ApiItem gives the API theme's page component: the page's
// content memoised, with its operation read from the front matter as JSON
// (src/lib/openapi/stableContent), for every generated reference page in both
// languages; and
// the plain-text stand-in for chalk that patches/openapi-theme puts in the
// browser bundle (patches/openapi-theme/chalkless).
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import React, {type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import chalk from '../../patches/openapi-theme/chalkless';
import {operationOf, stableContent, type LoadedContent} from '../../src/lib/openapi/stableContent';
import {allVersions} from '../../core/node/openapiVersions';

const ROOT = join(__dirname, '..', '..');

/** The files under a folder, at any depth, whose names end with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}

/** The Spanish pages of every cut version (contributing/versions.md): <channel>_versioned_docs/. */
const VERSIONED = readdirSync(ROOT).filter((name) => name.endsWith('_versioned_docs'));

/** Every generated reference page of every version (npm run gen:api writes them before the tests). */
const PAGES = [
  ...filesUnder(join(ROOT, 'reference'), '.api.mdx'),
  ...VERSIONED.flatMap((dir) => filesUnder(join(ROOT, dir), '.api.mdx')),
  ...filesUnder(join(ROOT, 'i18n', 'en'), '.api.mdx'),
].map((path) => {
  const source = readFileSync(path, 'utf8');
  return {
    file: path,
    source,
    page: relative(ROOT, path),
    method: /method=\{"([a-z]+)"\}/.exec(source)?.[1],
    path: /path=\{"([^"]+)"\}/.exec(source)?.[1],
  };
});

/** A loaded MDX content as the docs plugin hands it over: the component with the module's exports on it. */
function content(frontMatter: Record<string, unknown>): LoadedContent & {metadata: object; toc: object[]} {
  const Body: ComponentType = () => <p>Cuerpo de la página</p>;
  return Object.assign(Body, {frontMatter, metadata: {id: 'gen/autenticacion'}, toc: [{id: 'request', value: 'Request', level: 2}]});
}

describe('the operation of every generated reference page', () => {
  it('covers both languages of the three REST channels, in every version', () => {
    const versions = allVersions(ROOT).length;
    expect(PAGES.filter(({page}) => page.startsWith('reference/'))).toHaveLength(26);
    expect(PAGES.filter(({page}) => /^[a-z]+_versioned_docs\//.test(page))).toHaveLength(26 * (versions - 1));
    expect(PAGES.filter(({page}) => page.startsWith('i18n/en/'))).toHaveLength(26 * versions);
  });

  it.each(PAGES)('$page holds, in the front matter Docusaurus reads, the operation the page shows', async ({file, source, method, path}) => {
    const {frontMatter} = await DEFAULT_PARSE_FRONT_MATTER({filePath: file, fileContent: source});
    // JSON in the front matter (disableCompression): nothing to inflate in the browser.
    expect(typeof frontMatter.api).toBe('object');
    const operation = operationOf(frontMatter.api) as {method?: string; path?: string; responses?: object};
    expect(operation).not.toBeNull();
    expect(operation.method).toBe(method);
    expect(operation.path).toBe(path);
    expect(operation.responses).toBeInstanceOf(Object);
  });
});

describe('operationOf', () => {
  it.each([
    ['no value', undefined],
    ['null', null],
    ['text (gzipped base64, as the plugin writes it with compression)', 'eJzNWMty2zgW'],
    ['a number', 42],
    ['a list', [{method: 'post'}]],
  ])('gives null for %s', (_what, value) => {
    expect(operationOf(value)).toBeNull();
  });

  it('gives the operation object itself', () => {
    const operation = {method: 'post'};
    expect(operationOf(operation)).toBe(operation);
  });
});

describe('stableContent', () => {
  // As the API plugin writes it for a plain path: with its Postman request.
  const api = {method: 'post', path: '/autenticar', responses: {'200': {description: 'OK'}}, postman: {name: 'Autenticación', method: 'POST'}};

  it('gives the same object for the same content, every time', () => {
    const page = content({title: 'Autenticación', api});
    expect(stableContent(page)).toBe(stableContent(page));
    expect(stableContent(content({title: 'Autenticación', api}))).not.toBe(stableContent(page));
  });

  it('is the page component, memoised, drawing the same markup', () => {
    const page = content({title: 'Autenticación', api});
    const stable = stableContent(page) as unknown as {$$typeof: symbol; type: unknown};
    expect(stable.$$typeof).toBe(Symbol.for('react.memo'));
    expect(stable.type).toBe(page);
    expect(renderToStaticMarkup(React.createElement(stable as unknown as ComponentType))).toBe(renderToStaticMarkup(React.createElement(page)));
  });

  it('carries the module exports, with the operation, and leaves the original as it was', () => {
    const page = content({title: 'Autenticación', sidebar_class_name: 'post api-method', api});
    const stable = stableContent(page);
    expect(stable.metadata).toBe(page.metadata);
    expect(stable.toc).toBe(page.toc);
    expect(stable.frontMatter).toEqual({title: 'Autenticación', sidebar_class_name: 'post api-method', api});
    expect(page.frontMatter).toEqual({title: 'Autenticación', sidebar_class_name: 'post api-method', api});
  });

  it('leaves front matter without an operation object as it is', () => {
    for (const frontMatter of [{title: 'Esquema'}, {title: 'Comprimido', api: 'eJzNWMty2zgW'}]) {
      const page = content(frontMatter);
      expect(stableContent(page).frontMatter).toBe(page.frontMatter);
    }
  });
});

describe('the chalk stand-in', () => {
  /** Every chalk colour the OpenAPI plugin's modules call. */
  const used = new Set(
    filesUnder(join(ROOT, 'node_modules', 'docusaurus-plugin-openapi-docs', 'lib'), '.js').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/chalk_1\.default\.(\w+)/g)].map((match) => match[1] ?? ''),
    ),
  );

  it('has every colour the plugin calls', () => {
    expect(used.size).toBeGreaterThan(0);
    for (const colour of used) expect(typeof (chalk as Record<string, unknown>)[colour]).toBe('function');
  });

  it('gives the words as chalk joins them, uncoloured', () => {
    expect(chalk.yellow('WARNING: failed to create example from schema object:', new Error('sin tipo'))).toBe(
      'WARNING: failed to create example from schema object: Error: sin tipo',
    );
  });
});
