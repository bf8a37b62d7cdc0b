/**
 * @jest-environment node
 */
import {XSRF_COOKIE, XSRF_HEADER, isSameOrigin, isSafeMethod, readCookie, xsrfHeaderFor} from '../xsrf';
import {createHttp, joinUrl, postJson, type HttpEnvironment} from '../http';

const PAGE = 'https://portal.example/enviomanuales';

describe('the XSRF convention', () => {
  it('uses the names of the old Angular portal', () => {
    expect(XSRF_COOKIE).toBe('XSRF-TOKEN');
    expect(XSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%2Bdef; b=2', 'XSRF-TOKEN')).toBe('abc+def');
    expect(readCookie('XSRF-TOKEN-OLD=x', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
  });

  it('treats GET, HEAD and OPTIONS as safe and everything else as state-changing', () => {
    expect(['GET', 'head', 'OPTIONS', undefined].map(isSafeMethod)).toEqual([true, true, true, true]);
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(isSafeMethod)).toEqual([false, false, false, false]);
  });

  it('sends the token only to the page origin', () => {
    expect(isSameOrigin('/api/utils/enviarManuales', PAGE)).toBe(true);
    expect(isSameOrigin('api/utils', PAGE)).toBe(true);
    expect(isSameOrigin('https://portal.example/api/utils', PAGE)).toBe(true);
    expect(isSameOrigin('https://otro.example/api/utils', PAGE)).toBe(false);
    expect(isSameOrigin('http://portal.example/api/utils', PAGE)).toBe(false);
    expect(isSameOrigin('//otro.example/api', PAGE)).toBe(false);
  });

  it('gives the header for a POST to the portal, never for a GET or another site', () => {
    const cookies = 'XSRF-TOKEN=tok';
    expect(xsrfHeaderFor('POST', '/api/utils/enviarManuales', PAGE, cookies)).toBe('tok');
    expect(xsrfHeaderFor('GET', '/api/utils/enviarManuales', PAGE, cookies)).toBeNull();
    expect(xsrfHeaderFor('POST', 'https://otro.example/x', PAGE, cookies)).toBeNull();
    expect(xsrfHeaderFor('POST', '/x', PAGE, '')).toBeNull();
  });
});

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
