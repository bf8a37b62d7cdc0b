/**
 * @jest-environment node
 */
import {XSRF_COOKIE, XSRF_HEADER, isSameOrigin, isSafeMethod, readCookie, xsrfHeaderFor} from '../xsrf';

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
