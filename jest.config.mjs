// @ts-check
/** @typedef {import('jest').Config} Config */

// SWC compiles TypeScript and JSX for the tests, as it does for the site (future.faster).
/** @type {[string, Record<string, unknown>]} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: {syntax: 'typescript', tsx: true},
      transform: {react: {runtime: 'automatic'}},
      target: 'es2022',
    },
    module: {type: 'commonjs'},
  },
];

/** @type {Config} */
const site = {
  displayName: 'site',
  rootDir: '.',
  // Every module's tests in __tests__ beside it, and tests/ for the checks that cut across the tree
  // (tests/README.md).
  // Test files are *.test.*; a __tests__ folder may also hold their types and fixtures.
  testMatch: ['**/*.test.[jt]s?(x)'],
  roots: ['<rootDir>/core', '<rootDir>/src', '<rootDir>/plugins', '<rootDir>/patches', '<rootDir>/scripts', '<rootDir>/bench', '<rootDir>/tests'],
  testEnvironment: 'jsdom',
  transform: {'^.+\\.(t|j)sx?$': swc},
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/reference/', '<rootDir>/tests/samples/', '<rootDir>/tests/attacks/'],
  moduleNameMapper: {
    '\\.(css|scss)$': 'identity-obj-proxy',
    '^@site/(.*)$': '<rootDir>/$1',
    '^@portal/labels/(.*)\\.json$': '<rootDir>/tests/support/labels/$1.ts',
    '^@docusaurus/router$': 'react-router-dom',
    '^@docusaurus/Translate$': '<rootDir>/tests/support/translate.tsx',
    '^@docusaurus/useDocusaurusContext$': '<rootDir>/tests/support/useDocusaurusContext.ts',
    '^@docusaurus/Link$': '<rootDir>/tests/support/Link.tsx',
    '^@docusaurus/useIsBrowser$': '<rootDir>/tests/support/useIsBrowser.ts',
    '^@generated/site-storage$': '<rootDir>/tests/support/siteStorage.ts',
  },
};

/**
 * The utils service (server/): Node, its own tests. @fastify/static and
 * light-my-request load two ESM-only packages with require(), which Node does
 * natively (22 and 24 as 20.19 did) but Jest's module system does not (Jest 30
 * only with vm.SourceTextModule, behind --experimental-vm-modules, checked on
 * Node 24.21), and @fastify/cookie loads one with import(), which Jest's
 * CommonJS runtime refuses: SWC compiles them (and turns that import() into a
 * require()).
 */
/** @type {Config} */
const server = {
  displayName: 'server',
  rootDir: '.',
  // tests/samples run the samples of samples/<language>/ against the sandbox; tests/attacks replay
  // attacks on the portal's public surface (tests/attacks/README.md).
  roots: ['<rootDir>/server'],
  testMatch: ['**/*.test.[jt]s?(x)'],
  // A suite that starts redis-server is named *.redis.test.ts and runs in the project `redis`.
  testPathIgnorePatterns: ['/node_modules/', '\\.redis\\.test\\.'],
  testEnvironment: 'node',
  transform: {'^.+\\.(t|j)sx?$': swc},
  transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?(content-disposition|cookie|@fastify/cookie)/)'],
  modulePathIgnorePatterns: ['<rootDir>/server/dist'],
  // No `navigator` global, as on Node 20: node-forge is ten times slower with one (see the file).
  setupFiles: ['<rootDir>/server/testSupport/withoutNavigator.ts'],
  // The try-it test builds bodies with the API plugin's own example builder,
  // whose chalk is ESM-only: the same plain stand-in the browser bundle gets.
  // tests/samples/reference.test.ts makes the reference's snippets with the portal's swizzled request
  // builder, which wraps the API theme's own (patches/README.md, "Private imports").
  moduleNameMapper: {
    '^chalk$': '<rootDir>/patches/openapi-theme/chalkless.ts',
    '^@site/(.*)$': '<rootDir>/$1',
    '^@theme-original/ApiExplorer/buildPostmanRequest$': 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest',
  },
};

/**
 * Tests that run the portal's replacements beside the originals they stand
 * in for: the API reference's Markdown against the API theme's own renderer
 * (tests/reference).
 * react-markdown, its unified plugins and Docusaurus' client modules are ES
 * modules, and the theme's components are JSX in .js files, so SWC compiles
 * every module of this project, node_modules included.
 */
/** @type {Config} */
const reference = {
  ...site,
  displayName: 'reference',
  roots: ['<rootDir>/tests/reference'],
  testPathIgnorePatterns: ['/node_modules/'],
  transformIgnorePatterns: [],
  moduleNameMapper: {
    ...site.moduleNameMapper,
    '^@theme-original/Markdown$': '<rootDir>/node_modules/docusaurus-theme-openapi-docs/lib/theme/Markdown',
    '^@theme/(Admonition|CodeBlock)$': '<rootDir>/tests/support/ThemeBlock.tsx',
    '^@docusaurus/(useIsomorphicLayoutEffect|ExecutionEnvironment)$': '<rootDir>/node_modules/@docusaurus/core/lib/client/exports/$1.js',
  },
};

/** The samples of samples/<language>/, run by their languages' toolchains against the sandbox. */
/** @type {Config} */
const samples = {...server, displayName: 'samples', roots: ['<rootDir>/tests/samples'], testPathIgnorePatterns: ['/node_modules/']};

/** Attacks on the portal's public surface, replayed (tests/attacks/README.md). */
/** @type {Config} */
const attacks = {...server, displayName: 'attacks', roots: ['<rootDir>/tests/attacks'], testPathIgnorePatterns: ['/node_modules/']};

/** The server's suites that start a redis-server of their own (server/testSupport/redis.ts). */
/** @type {Config} */
const redis = {...server, displayName: 'redis', testPathIgnorePatterns: ['/node_modules/'], testMatch: ['**/*.redis.test.ts']};

/**
 * `npm run test:unit` runs site, server and reference; test:samples, test:attacks and test:redis
 * the others; `npm test` all of them.
 */
/** @type {Config} */
const config = {
  projects: [site, server, reference, samples, attacks, redis],
  // Prints, at the end of a run, how many samples each language's toolchain executed.
  reporters: ['default', '<rootDir>/tests/samples/countReporter.cjs'],
};

export default config;
