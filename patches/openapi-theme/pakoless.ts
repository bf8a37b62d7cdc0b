/** pako as the API theme's ApiItem uses it, to inflate frontMatter.api: the portal writes that as JSON
 * (src/lib/openapi/generation, disableCompression), so pako stays out of the reference pages. */
export function ungzip(): never {
  throw new Error('The reference pages hold their operation as JSON (disableCompression): there is nothing to inflate.');
}
