// @ts-check
/**
 * Bundler loader of the patches that rewrite an upstream file (./index.ts): each rewrite
 * replaces a piece of code, as upstream writes it, that the file holds a known
 * number of times; `prepend` goes before the file. Another count fails the
 * build, naming the patch (an upstream change to check: patches/README.md).
 * @this {{getOptions(): {patch: string, rewrites: [string, string, number][], prepend?: string}, resourcePath: string}}
 * @param {string} source
 */
module.exports = function rewrite(source) {
  const {patch, rewrites, prepend = ''} = this.getOptions();
  let result = source;
  for (const [from, to, count] of rewrites) {
    const pieces = result.split(from);
    if (pieces.length - 1 !== count)
      throw new Error(
        `patches/${patch}: ${this.resourcePath} holds ${pieces.length - 1} of \`${from}\`, not ${count}; check the patch against the new upstream code (patches/README.md).`,
      );
    result = pieces.join(to);
  }
  return prepend + result;
};
