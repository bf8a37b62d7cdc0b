// @ts-check
/**
 * Bundler loader for the files listed in ./index.ts: each `a.localeCompare(b)`
 * becomes a comparison of UTF-16 code units, `(a < b ? -1 : a > b ? 1 : 0)`.
 * Both operands are property reads, so reading them twice changes nothing.
 * It fails the build, naming the patch, when a file holds another number of
 * calls than the one it was written for (an upstream change to check).
 */
const CALL = /([\w$.[\]]+)\.localeCompare\(([\w$.[\]]+)\)/g;

/**
 * @this {{getOptions(): {calls: number}, resourcePath: string}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function localeCompareFree(source) {
  const {calls} = this.getOptions();
  let found = 0;
  const rewritten = source.replace(CALL, (_call, a, b) => {
    found += 1;
    return `(${a} < ${b} ? -1 : ${a} > ${b} ? 1 : 0)`;
  });
  if (found !== calls || rewritten.includes('localeCompare')) {
    throw new Error(
      `patches/locale-compare: ${this.resourcePath} holds ${found} localeCompare call(s) of the expected form, not ${calls}; check the patch against the new upstream code (patches/README.md).`,
    );
  }
  return rewritten;
};
