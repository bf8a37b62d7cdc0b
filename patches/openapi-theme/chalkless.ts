/**
 * What the API reference uses of chalk in the browser: `chalk.yellow(...)`,
 * in the one warning docusaurus-plugin-openapi-docs writes when it cannot
 * build an example from a schema (lib/openapi/createSchemaExample). chalk
 * itself builds every colour and style of a terminal when its module runs,
 * on every reference page, for a console that shows no terminal colours.
 * patches/openapi-theme points that import here: the same words, uncoloured.
 */
const plain = (...parts: unknown[]): string => parts.map(String).join(' ');

const chalk = {yellow: plain, red: plain, green: plain};

export default chalk;
