/**
 * The inbox's JSON API and its events:
 *
 *   GET  /notificaciones                      Basic + Accept: application/json: {notificaciones: [...]},
 *                                             newest first; a browser gets the portal's page
 *   POST /notificaciones/:id/reenviar         Basic: resends the same signed body to the URL it went to
 *   POST /transacciones/:id/liquidar          Basic, {estado}: settles a pending transaction and sends
 *                                             its confirmation as the gateway would
 *
 * Another merchant's id, like an unknown one, is a 404.
 */
import type {FastifyInstance, FastifyRequest} from 'fastify';
import {API_RATE, ApiError, requireMerchant, wantsJson} from './jsonApi';
import {SETTLEMENTS, type Settlement} from '../gateway/operations';
import {inboxEntryJson} from '../confirmations/inbox';
import type {SandboxPartOptions} from '../wiring';
import {sendBrowserPage} from '../pages/browserPage';
import {settleAndConfirm} from '../confirmations/settle';
import {requestLocale} from '../../locale';

const LANG_QUERY = {type: 'object', properties: {lang: {type: 'string', enum: ['es', 'en']}}, additionalProperties: false} as const;
const ID_PARAMS = {type: 'object', required: ['id'], properties: {id: {type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$'}}} as const;

export default async function inboxRoutes(app: FastifyInstance, {parts, buildDir}: SandboxPartOptions): Promise<void> {
  const {merchants, inbox, notifier} = parts;

  const logAs = (request: FastifyRequest, terminal: string, operacion: string) => {
    if (request.sandboxLog !== null) Object.assign(request.sandboxLog, {terminal, canal: 'sandbox', operacion, cuerpo: request.body ?? null});
  };

  app.get('/notificaciones', {config: API_RATE, schema: {querystring: LANG_QUERY}}, async (request, reply) => {
    if (!wantsJson(request)) return sendBrowserPage(reply, 'inbox', requestLocale(request), buildDir);
    const merchant = await requireMerchant(request, merchants);
    const lang = requestLocale(request);
    const entries = await inbox.list(merchant.terminal);
    return reply.header('cache-control', 'no-store').send({notificaciones: entries.map((entry) => inboxEntryJson(entry, lang, inbox.firmaName))});
  });

  app.post<{Params: {id: string}}>(
    '/notificaciones/:id/reenviar',
    {config: API_RATE, schema: {params: ID_PARAMS, body: {type: 'object', maxProperties: 0}}},
    async (request, reply) => {
      const merchant = await requireMerchant(request, merchants);
      logAs(request, merchant.terminal, 'notificaciones/reenviar');
      const entry = await inbox.get(merchant.terminal, request.params.id);
      if (entry === undefined) throw new ApiError(404, 'NO_ENCONTRADO');
      const url = entry.destination === notifier.receiverUrl ? null : entry.destination;
      const sent = await notifier.deliver({
        terminal: merchant.terminal,
        url,
        fields: entry.fields,
        source: 'reenvio',
        ...(entry.transaction === undefined ? {} : {transaction: entry.transaction}),
      });
      return reply.header('cache-control', 'no-store').send({entrega: inboxEntryJson(sent, requestLocale(request), inbox.firmaName)});
    },
  );

  app.post<{Params: {id: string}; Body: {estado: Settlement}}>(
    '/transacciones/:id/liquidar',
    {
      config: API_RATE,
      schema: {
        params: ID_PARAMS,
        body: {type: 'object', required: ['estado'], additionalProperties: false, properties: {estado: {type: 'string', enum: [...SETTLEMENTS]}}},
      },
    },
    async (request, reply) => {
      const merchant = await requireMerchant(request, merchants);
      logAs(request, merchant.terminal, 'transacciones/liquidar');
      const result = await settleAndConfirm(parts, merchant.terminal, request.params.id, request.body.estado);
      if (result.kind === 'missing') throw new ApiError(404, 'NO_ENCONTRADO');
      if (result.kind === 'not-pending') throw new ApiError(409, 'NO_PENDIENTE');
      const after = result.transaction;
      return reply.header('cache-control', 'no-store').send({
        transaccion: {codigoSeguimiento: after.codigoSeguimiento, referencia: after.referencia, estado: after.status, descripcion: after.descripcionRespuesta},
        notificacion: inboxEntryJson(result.entry, requestLocale(request), inbox.firmaName),
      });
    },
  );
}
