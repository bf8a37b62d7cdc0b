// @ts-check
// Prettier, set to the style the code was already written in. The width is the
// one, among those measured (100 to 240), at which Prettier rewrites the fewest
// lines of the existing code; the reformat is `npm run format`.

/** @type {import('prettier').Config} */
export default {
  printWidth: 180,
  singleQuote: true,
  bracketSpacing: false,
  trailingComma: 'all',
};
