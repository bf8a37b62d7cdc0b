import {withOrigin} from '../openapi/stableContent';

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
