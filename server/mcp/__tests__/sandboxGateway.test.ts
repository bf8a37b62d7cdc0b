/**
 * The sandbox tools against the HTTP contract of issue 42 (per-merchant sandbox):
 * GET /sandbox/credenciales, /sandbox/notificaciones and /sandbox/registro
 * with the caller's HTTP Basic credentials and Accept: application/json.
 * A stand-in sandbox answers as that contract says, so what the tools send
 * and what they make of each answer is checked before the endpoints land.
 */
import {SandboxGateway, SandboxToolError, basicCredentials, type Inject} from '../sandbox';

const DEMO = {usuario: 'comercio.demo', clave: 'demo', terminal: '4501'};
const ANA = {usuario: 'ana', clave: 's3creta', terminal: '9001'};
const basic = (u: string, c: string) => `Basic ${Buffer.from(`${u}:${c}`).toString('base64')}`;

/** Issue 42's sandbox for two merchants: each reads only its own records. */
function contractSandbox(): {inject: Inject; calls: {url: string; headers: Record<string, string>}[]} {
  const calls: {url: string; headers: Record<string, string>}[] = [];
  const known = new Map([
    [basic(DEMO.usuario, DEMO.clave), {merchant: DEMO, publico: true}],
    [basic(ANA.usuario, ANA.clave), {merchant: ANA, publico: false}],
  ]);
  const inject: Inject = async ({url, headers = {}}) => {
    calls.push({url, headers});
    const who = known.get(headers.authorization ?? '');
    const json = (statusCode: number, body: unknown) => ({statusCode, headers: {'content-type': 'application/json; charset=utf-8'}, body: JSON.stringify(body)});
    if (who === undefined) return json(401, {codigo: 'CREDENCIALES', mensaje: 'Credenciales desconocidas.', registro: '/sandbox/registro'});
    const path = url.split('?')[0];
    if (path === '/sandbox/credenciales') return json(200, {usuario: who.merchant.usuario, terminal: who.merchant.terminal, publico: who.publico});
    if (headers.accept !== 'application/json') return {statusCode: 200, headers: {'content-type': 'text/html'}, body: '<!doctype html>'};
    if (path === '/sandbox/notificaciones') return json(200, {notificaciones: [{id: `n-${who.merchant.terminal}`, terminal: who.merchant.terminal, firmaValida: true}]});
    if (path === '/sandbox/registro') return json(200, {solicitudes: [{id: `r-${who.merchant.terminal}`, errores: url.includes('errores=1') ? ['x'] : []}]});
    return json(404, {});
  };
  return {inject, calls};
}

describe('the sandbox tools as issue 42 will serve them', () => {
  it('reads the Basic credentials of the MCP request, and refuses a malformed header', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials(basic('ana', 'a:b'))).toEqual({usuario: 'ana', clave: 'a:b'});
    expect(() => basicCredentials('Bearer x')).toThrow('HTTP Basic');
    expect(() => basicCredentials(`Basic ${Buffer.from('sinclave').toString('base64')}`)).toThrow('usuario:clave');
  });

  it('acts as the demo merchant without credentials, and as the caller\'s merchant with them', async () => {
    const {inject} = contractSandbox();
    const gateway = new SandboxGateway(inject, {...DEMO, llave: 'k'}, 'http://portal.test', []);
    expect(await gateway.merchant(null)).toMatchObject({usuario: 'comercio.demo', terminal: '4501', demo: true});
    expect(await gateway.merchant({usuario: 'ana', clave: 's3creta'})).toEqual({usuario: 'ana', clave: 's3creta', terminal: '9001', demo: false});
    await expect(gateway.merchant({usuario: 'ana', clave: 'vieja'})).rejects.toThrow(SandboxToolError);
    await expect(gateway.merchant({usuario: 'ana', clave: 'vieja'})).rejects.toThrow('rotated');
  });

  it('reads each merchant\'s own inbox and request log, with its own credentials', async () => {
    const {inject, calls} = contractSandbox();
    const gateway = new SandboxGateway(inject, {...DEMO, llave: 'k'}, 'http://portal.test', []);
    const ana = await gateway.merchant({usuario: 'ana', clave: 's3creta'});
    const demo = await gateway.merchant(null);
    expect(await gateway.records('inbox', ana)).toEqual({notificaciones: [{id: 'n-9001', terminal: '9001', firmaValida: true}]});
    expect(await gateway.records('inbox', demo)).toEqual({notificaciones: [{id: 'n-4501', terminal: '4501', firmaValida: true}]});
    expect(await gateway.records('log', ana, true)).toEqual({solicitudes: [{id: 'r-9001', errores: ['x']}]});
    const reads = calls.filter((c) => c.url !== '/sandbox/credenciales');
    expect(reads.map((c) => [c.url, c.headers.authorization, c.headers.accept])).toEqual([
      ['/sandbox/notificaciones', basic('ana', 's3creta'), 'application/json'],
      ['/sandbox/notificaciones', basic('comercio.demo', 'demo'), 'application/json'],
      ['/sandbox/registro?errores=1', basic('ana', 's3creta'), 'application/json'],
    ]);
  });

  it('says what to do when the sandbox refuses the credentials or has no JSON yet', async () => {
    const {inject} = contractSandbox();
    const gateway = new SandboxGateway(inject, {...DEMO, llave: 'k'}, 'http://portal.test', []);
    await expect(gateway.records('log', {...ANA, clave: 'otra', demo: false})).rejects.toThrow('refused these credentials');
    const today: Inject = async () => ({statusCode: 200, headers: {'content-type': 'text/html'}, body: '<!doctype html>'});
    const old = new SandboxGateway(today, {...DEMO, llave: 'k'}, 'http://portal.test', []);
    await expect(old.records('inbox', {...DEMO, demo: true})).rejects.toThrow('/sandbox/notificaciones?terminal=4501');
    await expect(old.merchant({usuario: 'ana', clave: 's3creta'})).rejects.toThrow('only the public demo merchant');
  });
});
