/**
 * Test credentials in one click, no sign-up:
 *
 *   POST /credenciales         201 {usuario, clave, terminal, llave}: a new merchant; at most
 *                              SANDBOX_RULES.merchants.perHourPerAddress an hour from one address (429 + Retry-After)
 *   GET  /credenciales         Basic: 200 {usuario, terminal, publico}: are these credentials still known?
 *   POST /credenciales/rotar   Basic: 200 {usuario, clave, terminal, llave}: new clave and llave, same usuario
 *                              and terminal; the old ones stop working. The demo merchant's are fixed (409).
 */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {API_RATE, ApiError, requireMerchant} from './jsonApi';
import type {SandboxPartOptions} from '../wiring';

const HOUR = 60 * 60 * 1000;

export default async function credentialRoutes(app: FastifyInstance, {parts}: SandboxPartOptions): Promise<void> {
  const {merchants} = parts;

  app.post('/credenciales', {
    config: {rateLimit: {max: SANDBOX_RULES.merchants.perHourPerAddress, timeWindow: HOUR}, rateLimitCode: 'LIMITE_CREDENCIALES'},
    schema: {body: {type: 'object', maxProperties: 0}},
    handler: async (request, reply) => {
      const issued = await merchants.create();
      if (request.sandboxLog !== null) Object.assign(request.sandboxLog, {terminal: issued.terminal, canal: 'sandbox', operacion: 'credenciales', cuerpo: null});
      return reply.code(201).header('cache-control', 'no-store').send(issued);
    },
  });

  app.get('/credenciales', {config: API_RATE}, async (request, reply) => {
    const merchant = await requireMerchant(request, merchants);
    return reply.header('cache-control', 'no-store').send({usuario: merchant.usuario, terminal: merchant.terminal, publico: merchant.publico});
  });

  app.post('/credenciales/rotar', {config: API_RATE, schema: {body: {type: 'object', maxProperties: 0}}}, async (request, reply) => {
    const merchant = await requireMerchant(request, merchants);
    if (request.sandboxLog !== null) Object.assign(request.sandboxLog, {terminal: merchant.terminal, canal: 'sandbox', operacion: 'credenciales/rotar', cuerpo: null});
    if (merchant.publico) throw new ApiError(409, 'DEMO_FIJO');
    const rotated = await merchants.rotate(merchant.usuario);
    if (rotated === undefined) throw new ApiError(401, 'CREDENCIALES_INVALIDAS');
    return reply.header('cache-control', 'no-store').send(rotated);
  });
}
