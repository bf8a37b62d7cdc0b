/**
 * What the request panel uses of iconv-lite: postman-collection's
 * util.bufferOrArrayBufferToString asks `encodingExists(charset)` and
 * `decode(buffer, charset)` to turn a response body in another charset into
 * text. iconv-lite bundles its own tables for every charset (the Chinese,
 * Japanese and Korean ones alone are about 180 KB gzipped); the browser's
 * TextDecoder knows the same charsets. patches/openapi-theme points
 * postman-collection's import here, in the browser bundle only.
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

const iconv = {encodingExists, decode};
export default iconv;
