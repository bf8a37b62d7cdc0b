/**
 * GET /registro: the merchant's request log, newest first, as JSON
 * for a client that sends Basic credentials and Accept: application/json;
 * ?errores=1 keeps the errors only. A browser gets the portal's page.
 */
import type {FastifyInstance} from 'fastify';
import {API_RATE, requireMerchant, wantsJson} from './jsonApi';
import type {SandboxPartOptions} from '../wiring';
import {sendBrowserPage} from '../pages/browserPage';
import {requestLocale} from '../../locale';

interface LogQuery {
  Querystring: {errores?: '0' | '1'; lang?: 'es' | 'en'};
}

export default async function requestLogRoutes(app: FastifyInstance, {parts, buildDir}: SandboxPartOptions): Promise<void> {
  app.get<LogQuery>(
    '/registro',
    {
      config: API_RATE,
      schema: {querystring: {type: 'object', additionalProperties: false, properties: {errores: {type: 'string', enum: ['0', '1']}, lang: {type: 'string', enum: ['es', 'en']}}}},
    },
    async (request, reply) => {
      if (!wantsJson(request)) return sendBrowserPage(reply, 'requestLog', requestLocale(request), buildDir);
      const merchant = await requireMerchant(request, parts.merchants);
      const solicitudes = await parts.requestLog.list(merchant.terminal, {errores: request.query.errores === '1'});
      return reply.header('cache-control', 'no-store').send({solicitudes});
    },
  );
}
