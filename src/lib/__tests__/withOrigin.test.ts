import {withOrigin, withPostmanRequest} from '../openapi/stableContent';
import {splitServerUrl} from '../openapi/serverUrl';

describe("try-it's servers in the browser", () => {
  it('makes the relative sandbox server absolute on the portal the reader is on, and leaves the others', () => {
    const operation = {method: 'post', servers: [{url: '/sandbox/auth', description: 'sandbox'}, {url: 'https://demo.pasarela.example/auth'}]};
    expect(withOrigin(operation, 'http://localhost:4123')).toEqual({
      method: 'post',
      servers: [{url: 'http://localhost:4123/sandbox/auth', description: 'sandbox'}, {url: 'https://demo.pasarela.example/auth'}],
    });
  });

  it('keeps an operation without servers as it is', () => {
    const operation = {method: 'get'};
    expect(withOrigin(operation, 'http://x')).toBe(operation);
  });
});

describe('the request of an operation documented under a path with a fragment', () => {
  it('goes to the path without the fragment, with its method, headers and a JSON body', () => {
    const operation = {
      path: '/confirmacionTransaccionMedioPago#tarjeta',
      method: 'post',
      summary: 'Pago con tarjeta',
      requestBody: {content: {'application/json': {}}},
      responses: {'200': {content: {'application/json': {}}}, '400': {content: {'application/problem+json': {}}}},
    };
    expect((withPostmanRequest(operation) as {postman: unknown}).postman).toEqual({
      name: 'Pago con tarjeta',
      url: {path: ['confirmacionTransaccionMedioPago'], host: ['{{baseUrl}}'], query: [], variable: []},
      header: [
        {key: 'Content-Type', value: 'application/json'},
        {key: 'Accept', value: 'application/json'},
      ],
      method: 'POST',
      body: {mode: 'raw', raw: '', options: {raw: {language: 'json'}}},
    });
  });

  it('keeps the request the plugin made, and names path parameters the Postman way', () => {
    const made = {path: '/autenticar', method: 'post', postman: {name: 'x'}};
    expect(withPostmanRequest(made)).toBe(made);
    const get = withPostmanRequest({path: '/conciliacion/{terminal}/{pagina}', method: 'get'}) as {postman: {url: unknown; method: string}};
    expect(get.postman.url).toEqual({
      path: ['conciliacion', ':terminal', ':pagina'],
      host: ['{{baseUrl}}'],
      query: [],
      variable: [
        {key: 'terminal', value: ''},
        {key: 'pagina', value: ''},
      ],
    });
    expect(get.postman.method).toBe('GET');
  });
});

describe("the server of a code tab's request", () => {
  it('is split into protocol, host, port and leading path, so generators that print the parts reach it', () => {
    const url = {
      host: ['http://127.0.0.1:3000/sandbox/core'] as string[] | string,
      path: ['consultarEstadoTransaccion'] as string[] | string,
      port: undefined as string | undefined,
      protocol: undefined as string | undefined,
    };
    expect(splitServerUrl(url)).toEqual({protocol: 'http', host: ['127.0.0.1'], port: '3000', path: ['sandbox', 'core', 'consultarEstadoTransaccion']});
    expect(splitServerUrl({host: ['https://demo.pasarela.example/auth'], path: ['autenticar']})).toEqual({
      protocol: 'https',
      host: ['demo.pasarela.example'],
      port: undefined,
      path: ['auth', 'autenticar'],
    });
  });

  it('leaves a URL whose host is only a host alone', () => {
    const url = {protocol: 'https', host: ['example', 'com'], path: ['x']};
    expect(splitServerUrl(url)).toEqual({protocol: 'https', host: ['example', 'com'], path: ['x']});
  });
});
