/**
 * @jest-environment node
 */
import {createHttp, joinUrl, postJson, type HttpEnvironment} from '../http';

const PAGE = 'https://portal.example/enviomanuales';

describe('the fetch helper', () => {
  function environment(cookies: string): {env: HttpEnvironment; calls: Array<[string, RequestInit]>} {
    const calls: Array<[string, RequestInit]> = [];
    const env: HttpEnvironment = {
      fetch: async (input, init) => {
        calls.push([String(input), init ?? {}]);
        return new Response('{}', {status: 200});
      },
      pageUrl: () => PAGE,
      cookies: () => cookies,
    };
    return {env, calls};
  }

  it('adds X-XSRF-TOKEN from the cookie to a JSON POST to a relative URL', async () => {
    const {env, calls} = environment('otra=1; XSRF-TOKEN=valor123');
    await postJson('/api/utils/enviarManuales', {correos: ['a@b.co']}, {}, createHttp(env));
    const [url, init] = calls[0]!;
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/utils/enviarManuales');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-XSRF-TOKEN')).toBe('valor123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"correos":["a@b.co"]}');
  });

  it('adds nothing to a GET, nor to a request for another origin', async () => {
    const {env, calls} = environment('XSRF-TOKEN=valor123');
    const client = createHttp(env);
    await client('/vpost');
    await client('https://otro.example/api', {method: 'POST'});
    expect(new Headers(calls[0]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(new Headers(calls[1]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('joins a base and a path with exactly one slash', () => {
    expect(joinUrl('/api/utils', 'enviarManuales')).toBe('/api/utils/enviarManuales');
    expect(joinUrl('https://u.example/api/', '/enviarManuales')).toBe('https://u.example/api/enviarManuales');
  });
});
