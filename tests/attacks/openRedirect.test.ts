/**
 * Attack: an open redirect. A free merchant sets a PSE payment's return URL
 * (campo4) to any site; were the simulated bank to answer 303 to it, the
 * portal's own address would send whoever follows the link to that site.
 */
import type {FastifyInstance} from 'fastify';
import {tokenOf} from '../../server/testSupport/sandbox';
import {FORM_TYPE} from '../../server/testSupport/sandboxForms';
import {newMerchant, S, sandboxApp, type TestCredentials} from '../../server/testSupport/attacks';

let app: FastifyInstance;
let me: TestCredentials;
let token: string;
beforeAll(async () => {
  app = await sandboxApp();
  me = await newMerchant(app);
  token = await tokenOf(app, me);
});
afterAll(async () => app.close());

async function bankPageFor(returnUrl: string, referencia: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `${S}/core/confirmacionTransaccionMedioPago`,
    payload: {
      MetodoPago: {Id: '41', campo1: '1022', campo2: 'BANCO UNION COLOMBIANO', campo3: '0', campo4: returnUrl},
      Referencia: referencia,
      Valortotal: '1000',
      Valorbase: '0',
      Valoriva: '0',
      Descripcion: 'Prueba',
      Correo: 'ana@example.com',
      Nombre: 'Ana',
      Apellido: 'Pérez',
      Documento: '1020304050',
      tipoDocumento: '1',
      Terminal: me.terminal,
      tokenSeguridad: token,
    },
  });
  const urlBanco = answer.json<{urlBanco?: string}>().urlBanco;
  if (urlBanco === undefined) throw new Error(`the PSE payment answered ${answer.statusCode} ${answer.body}`);
  return new URL(urlBanco).pathname;
}

describe('attack: an open redirect through the simulated bank', () => {
  it('never redirects off the portal: a page says where the gateway would send the buyer, as a link', async () => {
    const bank = await bankPageFor('https://phishing.example/login', 'PSE-ATAQUE-1');
    const decided = await app.inject({method: 'POST', url: bank, headers: FORM_TYPE, payload: 'decision=aprobar'});
    expect(decided.statusCode).toBe(200);
    expect(decided.headers.location).toBeUndefined();
    expect(decided.body).toContain('<a href="https://phishing.example/login" rel="noreferrer">');
    expect(decided.body).toContain('no lleva a nadie fuera del portal');
  });

  it('puts no raw non-ASCII in any header, and encodes it in the link', async () => {
    const bank = await bankPageFor('https://tienda.example/vuelta/año?pedido=ñandú', 'PSE-ATAQUE-2');
    const decided = await app.inject({method: 'POST', url: bank, headers: FORM_TYPE, payload: 'decision=rechazar'});
    for (const value of Object.values(decided.headers)) expect(String(value)).toMatch(/^[\x20-\x7e]*$/);
    expect(decided.body).toContain('https://tienda.example/vuelta/a%C3%B1o?pedido=%C3%B1and%C3%BA');
  });

  it('still redirects to a return URL on the portal itself', async () => {
    const bank = await bankPageFor('http://portal.test/vpost/integracion?pedido=1', 'PSE-PROPIA');
    const decided = await app.inject({method: 'POST', url: bank, headers: FORM_TYPE, payload: 'decision=aprobar'});
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe('http://portal.test/vpost/integracion?pedido=1');
  });
});
