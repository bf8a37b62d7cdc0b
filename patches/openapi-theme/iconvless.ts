/**
 * iconv-lite as postman-collection uses it in the request panel (to decode a
 * response body in another charset), on the browser's TextDecoder instead of
 * iconv-lite's own charset tables (patches/README.md).
 */
function decoder(charset: string): TextDecoder | undefined {
  try {
    return new TextDecoder(charset);
  } catch {
    return undefined;
  }
}

export function encodingExists(charset: unknown): boolean {
  return typeof charset === 'string' && decoder(charset) !== undefined;
}

export function decode(buffer: ArrayBufferView | ArrayBuffer, charset: string): string {
  const found = decoder(charset);
  if (found === undefined) throw new Error(`Encoding not recognized: '${charset}'`);
  return found.decode(buffer);
}

export default {encodingExists, decode};
