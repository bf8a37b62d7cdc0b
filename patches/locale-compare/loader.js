// @ts-check
/**
 * Bundler loader for the files of ./index.ts: `a.localeCompare(b)` (both
 * property reads) becomes `(a < b ? -1 : a > b ? 1 : 0)`. Another number of
 * calls than expected fails the build, naming the patch.
 * @this {{getOptions(): {calls: number}, resourcePath: string}}
 * @param {string} source
 */
module.exports = function localeCompareFree(source) {
  const {calls} = this.getOptions();
  let found = 0;
  const rewritten = source.replace(/([\w$.[\]]+)\.localeCompare\(([\w$.[\]]+)\)/g, (_call, a, b) => {
    found += 1;
    return `(${a} < ${b} ? -1 : ${a} > ${b} ? 1 : 0)`;
  });
  if (found === calls && !rewritten.includes('localeCompare')) return rewritten;
  throw new Error(`patches/locale-compare: ${this.resourcePath} holds ${found} localeCompare call(s) of the expected form, not ${calls}; check the patch against the new upstream code (patches/README.md).`);
};
