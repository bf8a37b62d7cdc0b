import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {act, renderHook} from '@testing-library/react';
import {parse} from 'yaml';
import {EXAMPLE_KEY} from '../../../core/data/securityExamples';
import {
  activeCredentials,
  basicAuthorization,
  DEMO_MERCHANT,
  forgetCredentials,
  parseCredentials,
  readCredentials,
  saveCredentials,
  storageKey,
  subscribeCredentials,
  useSandboxCredentials,
} from '../sandboxCredentials';
import {checkCredentials, createCredentials, downloadPostmanFile, postAs, readJson, rotateCredentials} from '../sandboxApi';

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};

/** What the calls read of an answer (jsdom has no Response). */
function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({'Content-Type': 'application/json', ...headers}),
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  } as unknown as Response;
}

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  localStorage.clear();
});

describe('remembered sandbox credentials', () => {
  it("keeps the demo merchant the contracts' authentication example and the worked examples' key (as the server reads them)", () => {
    const contract = parse(readFileSync(join(__dirname, '../../../openapi/comunes.yaml'), 'utf8')) as {
      components: {examples: {SolicitudAutenticacion: {value: Record<string, string>}}};
    };
    const {usuario, clave, terminal} = contract.components.examples.SolicitudAutenticacion.value;
    expect(DEMO_MERCHANT).toEqual({usuario, clave, terminal, llave: EXAMPLE_KEY, publico: true});
  });

  it("lives under a key with the site's storage namespace, as JSON with exactly the four fields", () => {
    expect(storageKey()).toBe('sandbox-credenciales-test');
    saveCredentials({...MINE, extra: 'x'} as typeof MINE);
    expect(JSON.parse(localStorage.getItem('sandbox-credenciales-test') ?? 'null')).toEqual(MINE);
    expect(readCredentials()).toEqual(MINE);
    forgetCredentials();
    expect(localStorage.getItem('sandbox-credenciales-test')).toBeNull();
    expect(readCredentials()).toBeNull();
  });

  it.each([
    ['not json'],
    ['null'],
    ['[]'],
    ['{"usuario":"a","clave":"b","terminal":"c"}'],
    ['{"usuario":"a","clave":"b","terminal":"c","llave":""}'],
    ['{"usuario":1,"clave":"b","terminal":"c","llave":"d"}'],
  ])('takes stored %s as no credentials', (raw) => {
    expect(parseCredentials(raw)).toBeNull();
  });

  it('tells subscribers about saves and forgets in this tab, and about changes of its key in another tab', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeCredentials(listener);
    saveCredentials(MINE);
    forgetCredentials();
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', {key: 'theme-test', newValue: 'dark'}));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', {key: storageKey(), newValue: JSON.stringify(MINE)}));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    saveCredentials(MINE);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('gives every user of the hook the current credentials as they change', () => {
    const first = renderHook(() => useSandboxCredentials());
    const second = renderHook(() => useSandboxCredentials());
    expect(first.result.current).toBeNull();
    act(() => saveCredentials(MINE));
    expect(first.result.current).toEqual(MINE);
    expect(second.result.current).toBe(first.result.current);
    act(() => {
      localStorage.setItem(storageKey(), JSON.stringify({...MINE, clave: 'otra'}));
      window.dispatchEvent(new StorageEvent('storage', {key: storageKey()}));
    });
    expect(second.result.current?.clave).toBe('otra');
    act(() => forgetCredentials());
    expect(first.result.current).toBeNull();
  });

  it('uses the public demo merchant when none are remembered', () => {
    expect(activeCredentials(null)).toBe(DEMO_MERCHANT);
    expect(activeCredentials(MINE)).toEqual({...MINE, publico: false});
  });

  it('builds the HTTP Basic header from usuario:clave in UTF-8', () => {
    expect(basicAuthorization({usuario: 'comercio.demo', clave: 'ClaveDePrueba2026'})).toBe(`Basic ${Buffer.from('comercio.demo:ClaveDePrueba2026').toString('base64')}`);
    expect(basicAuthorization({usuario: 'año', clave: 'contraseña€'})).toBe(`Basic ${Buffer.from('año:contraseña€', 'utf8').toString('base64')}`);
  });
});

describe('the sandbox API calls', () => {
  it('creates credentials with a POST and no Authorization, and reads them', async () => {
    const client = jest.fn(async () => jsonResponse(201, MINE));
    const result = await createCredentials({client, locale: 'en'});
    expect(result).toEqual({ok: true, value: MINE});
    const [url, init] = client.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/sandbox/credenciales');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('says when too many merchants were created, with the wait the server gave', async () => {
    const client = jest.fn(async () => jsonResponse(429, {codigo: 'limite', mensaje: 'Demasiadas'}, {'Retry-After': '1800'}));
    expect(await createCredentials({client})).toEqual({ok: false, failure: {kind: 'tooMany', retryAfter: 1800, message: 'Demasiadas'}});
  });

  it('says when there is no answer, or the answer is not credentials', async () => {
    expect(await createCredentials({client: jest.fn(async () => Promise.reject(new TypeError('offline')))})).toEqual({ok: false, failure: {kind: 'network'}});
    expect(await createCredentials({client: jest.fn(async () => jsonResponse(201, {usuario: 'x'}))})).toEqual({ok: false, failure: {kind: 'http', status: 201}});
  });

  it('rotates and checks with Basic in a header, never in the address', async () => {
    const rotated = {...MINE, clave: 'nueva', llave: 'LlaveNueva'};
    const client = jest.fn(async (url: string) => (url.endsWith('/rotar') ? jsonResponse(200, rotated) : jsonResponse(401, {codigo: '401', mensaje: 'Credenciales desconocidas'})));
    expect(await rotateCredentials(MINE, {client})).toEqual({ok: true, value: rotated});
    expect(await checkCredentials(MINE, {client})).toEqual({ok: false, failure: {kind: 'unauthorized', message: 'Credenciales desconocidas'}});
    for (const [url, init] of client.mock.calls as unknown as [string, RequestInit][]) {
      expect(new Headers(init.headers).get('Authorization')).toBe(basicAuthorization(MINE));
      expect(url).not.toContain(MINE.clave);
      expect(url).not.toContain(MINE.usuario);
    }
  });

  it('reads and posts JSON as the merchant, keeping the sandbox message of an error', async () => {
    const client = jest.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'GET' ? jsonResponse(200, {notificaciones: []}) : jsonResponse(409, {codigo: 'no_pendiente', mensaje: 'La transacción no está pendiente'}),
    );
    expect(await readJson('/sandbox/notificaciones', MINE, (b) => b, {client})).toEqual({ok: true, value: {notificaciones: []}});
    expect(await postAs('/sandbox/transacciones/t1/liquidar', MINE, {estado: 'aprobada'}, (b) => b, {client})).toEqual({
      ok: false,
      failure: {kind: 'http', status: 409, codigo: 'no_pendiente', message: 'La transacción no está pendiente'},
    });
    const init = client.mock.calls[1]![1]!;
    expect(init.body).toBe('{"estado":"aprobada"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('downloads a Postman file with Basic and hands it to the browser to save', async () => {
    const client = jest.fn(async () => jsonResponse(200, {values: [{key: 'usuario', value: MINE.usuario}]}));
    const save = jest.fn();
    expect(await downloadPostmanFile('environment', MINE, {client, save})).toEqual({ok: true, value: 'entorno.postman_environment.json'});
    const [url, init] = client.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/sandbox/postman/entorno.json');
    expect(new Headers(init.headers).get('Authorization')).toBe(basicAuthorization(MINE));
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('entorno.postman_environment.json');
    expect(JSON.parse(await blobText(blob))).toEqual({values: [{key: 'usuario', value: MINE.usuario}]});
    // Without credentials: no header, the server answers the demo merchant's environment.
    await downloadPostmanFile('collection', null, {client, save});
    expect(new Headers((client.mock.calls[1] as unknown as [string, RequestInit])[1].headers).get('Authorization')).toBeNull();
  });
});
