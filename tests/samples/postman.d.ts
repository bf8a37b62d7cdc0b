// The two untyped packages the reference snippets are made with (tests/support/referenceSnippets.ts).
declare module 'postman-code-generators' {
  const codegen: {
    convert(language: string, variant: string, request: unknown, options: object, callback: (error: unknown, snippet: string) => void): void;
  };
  export default codegen;
}
declare module 'postman-collection' {
  export class Request {
    constructor(definition: object);
    url: import('../../src/lib/openapi/serverUrl').RequestUrl;
  }
}
