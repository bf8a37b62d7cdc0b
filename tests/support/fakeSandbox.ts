/**
 * A stand-in for the sandbox's JSON API in component tests: the browser's
 * fetch, answering each `METHOD path` from a table the test writes, and
 * recording every request (with its headers as a plain record) for the test to read.
 */
export interface FakeAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export type Route = FakeAnswer | ((request: RecordedRequest) => FakeAnswer);

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export interface FakeSandbox {
  readonly requests: RecordedRequest[];
  /** Sets (or replaces) the answer to `METHOD path`; the path may carry a query string. */
  readonly on: (route: string, answer: Route) => void;
  readonly restore: () => void;
}

export function fakeSandbox(routes: Record<string, Route> = {}): FakeSandbox {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RecordedRequest = {method, url: String(input), headers, body: typeof init.body === 'string' ? init.body : undefined};
    requests.push(request);
    const route = table.get(`${method} ${request.url}`);
    if (route === undefined) throw new TypeError(`no answer for ${method} ${request.url}`);
    const answer = typeof route === 'function' ? route(request) : route;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: new Headers({'Content-Type': 'application/json', ...answer.headers}),
      json: async () => JSON.parse(text) as unknown,
      text: async () => text,
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return {
    requests,
    on: (route, answer) => table.set(route, answer),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
