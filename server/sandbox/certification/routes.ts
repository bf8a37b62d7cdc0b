/**
 * The certification's routes under SANDBOX_BASE:
 *
 *   POST   /certificaciones                Basic: starts a run; 202 {id, estado, informe}
 *   GET    /certificaciones                Basic: the merchant's runs
 *   GET    /certificaciones/:id            the report, JSON or page; anyone with its link (404 once revoked)
 *   DELETE /certificaciones/:id            Basic, its merchant: revokes the link
 *   POST   /certificaciones/verificar      a report's JSON -> {valido}: an edited report is not valid
 *   POST   /certificaciones/:id/entregas   Basic, its merchant: escuchar.mjs reports a delivery
 *
 * Only the merchant's own credentials start, list or revoke its runs; one at a
 * time, SANDBOX_RULES.certification.runsPerHour an hour (429 with Retry-After).
 */
import {randomBytes} from 'node:crypto';
import type {FastifyInstance, FastifyRequest} from 'fastify';
import {SANDBOX_PAGES, SANDBOX_RULES} from '../../../core/data/sandbox';
import {currentVersionNumber} from '../../../core/docsVersions';
import {versionsOf} from '../../../core/node/docsVersions';
import {API_RATE, ApiError, jsonApi, requireMerchant, wantsJson} from '../routes/jsonApi';
import {sendPage} from '../pages/layout';
import type {SandboxPartOptions} from '../wiring';
import {GLOBAL} from '../gateway/records';
import {write} from '../store/contract';
import {reportJson, reportPage, type Run} from './report';
import {judgeRestClient} from './restClient';
import {DELIVERIES_CHANNEL, deliveryKey, directTransport, listenerTransport, runCertification, type Delivery} from './runner';
import {requestLocale} from '../../locale';

const RULES = SANDBOX_RULES.certification;
const HOUR = 60 * 60 * 1000;
/** A report's JSON, with its checks' curl lines and details, fits in a small fraction of this. */
const REPORT_BODY_LIMIT = 256 * 1024;

const URL_TEXT = {type: 'string', minLength: 1, maxLength: SANDBOX_RULES.notify.maxUrlLength} as const;
const ID_PARAMS = {type: 'object', required: ['id'], properties: {id: {type: 'string', pattern: '^[A-Za-z0-9_-]{22}$'}}} as const;

interface StartBody {
  readonly urlConfirmacion: string;
  readonly urlRespuesta?: string;
  readonly via: 'directa' | 'escuchar';
  readonly rest?: boolean;
}

export default async function certificationRoutes(app: FastifyInstance, {parts, certificationListenerWaitMs}: SandboxPartOptions): Promise<void> {
  jsonApi(app, REPORT_BODY_LIMIT);
  const {merchants, backend, notifier, inbox, certifications, siteUrl, events, requestLog} = parts;
  const now = parts.flows.state.now;
  const version = `v${currentVersionNumber(versionsOf('default'))}`;
  const informeOf = (id: string) => `${siteUrl}${SANDBOX_PAGES.certifications}/${id}`;
  const save = async (run: Run) => {
    await backend.commit([write(certifications.runs, run.terminal, run.id, run), write(certifications.byId, GLOBAL, run.id, {terminal: run.terminal})]);
  };
  const logAs = (request: FastifyRequest, terminal: string, operacion: string) => {
    if (request.sandboxLog !== null) Object.assign(request.sandboxLog, {terminal, canal: 'sandbox', operacion, cuerpo: request.body ?? null});
  };
  /** The run of an id, with one that nobody has kept alive for a while ended as incomplete. */
  const runOf = async (id: string): Promise<Run | undefined> => {
    const pointer = await certifications.byId.get(GLOBAL, id);
    const run = pointer === undefined ? undefined : await certifications.runs.get(pointer.terminal, id);
    if (run === undefined || run.revocado === true) return undefined;
    if (run.estado === 'en-curso' && now() - run.vivo > RULES.staleMs) {
      run.estado = 'incompleta';
      run.incompleta = {motivo: 'servidor', valores: {}};
      await save(run);
    }
    return run;
  };

  app.post<{Body: StartBody}>(
    '/certificaciones',
    {
      config: API_RATE,
      schema: {
        body: {
          type: 'object',
          required: ['urlConfirmacion', 'via'],
          additionalProperties: false,
          properties: {urlConfirmacion: URL_TEXT, urlRespuesta: URL_TEXT, via: {type: 'string', enum: ['directa', 'escuchar']}, rest: {type: 'boolean'}},
        },
      },
    },
    async (request, reply) => {
      const merchant = await requireMerchant(request, merchants);
      logAs(request, merchant.terminal, 'certificaciones');
      // The demo merchant's key is public: a report signed for it would certify nobody, and its hourly runs would be everyone's.
      if (merchant.publico) throw new ApiError(403, 'CERTIFICACION_PROPIA');
      const body = request.body;
      // One run at a time: a run still kept alive by its server is running.
      const running = (await certifications.runs.list(merchant.terminal)).some((r) => r.estado === 'en-curso' && now() - r.vivo <= RULES.staleMs);
      if (running) throw new ApiError(429, 'CERTIFICACION_EN_CURSO', {'retry-after': '30'});
      if (body.via === 'directa') {
        for (const url of [body.urlConfirmacion, body.urlRespuesta].filter((u): u is string => u !== undefined)) {
          const refused = await notifier.refusalOf(url);
          if (refused !== null) throw new ApiError(400, 'DESTINO_NO_PERMITIDO', {}, `${url}: ${refused.reason}`);
        }
      }
      if (!(await backend.allow('certificaciones', merchant.terminal, RULES.runsPerHour, HOUR))) {
        const usage = await backend.usage('certificaciones', merchant.terminal, HOUR);
        throw new ApiError(429, 'LIMITE_CERTIFICACIONES', {'retry-after': String(Math.max(1, Math.ceil(usage.retryAfterMs / 1000)))});
      }
      const run: Run = {
        id: randomBytes(16).toString('base64url'),
        terminal: merchant.terminal,
        estado: 'en-curso',
        fecha: new Date(now()).toISOString(),
        via: body.via,
        rest: body.rest === true,
        endpoints: {urlConfirmacion: body.urlConfirmacion, ...(body.urlRespuesta === undefined ? {} : {urlRespuesta: body.urlRespuesta})},
        version,
        pruebas: [],
        vivo: now(),
      };
      await save(run);
      const transport =
        run.via === 'directa'
          ? directTransport(notifier, run.endpoints)
          : listenerTransport(
              {events, deliveries: certifications.deliveries, backend, ...(certificationListenerWaitMs === undefined ? {} : {waitMs: certificationListenerWaitMs})},
              run,
            );
      const trial = run.rest ? parts.flows.restTrial : undefined;
      const restCheck =
        trial === undefined
          ? undefined
          : async () => {
              const state = await trial.start(run.terminal);
              await new Promise((resolve) => setTimeout(resolve, Math.max(0, state.hasta - now() + 500)));
              const entries = (await requestLog.list(run.terminal)).reverse();
              const verdict = judgeRestClient(entries, state, trial.rules);
              return {
                nombre: 'cliente-rest' as const,
                resultado: verdict.resultado,
                motivo: verdict.motivo,
                valores: verdict.valores,
                solicitud: {destino: 'confirmacion' as const, url: '', cuerpo: {}, caso: verdict.ejemplo?.operacion ?? '-'},
                respuesta: {estado: verdict.ejemplo?.estado ?? null, ms: 0, extracto: ''},
              };
            };
      // The run goes on after the answer; its report follows it.
      void runCertification(run, {
        save,
        transport,
        llave: merchant.llave,
        firmaName: inbox.firmaName,
        now,
        ...(restCheck === undefined ? {} : {restCheck}),
        log: (error) => request.log.error(error, 'sandbox: a certification failed'),
      }).catch((error: unknown) => request.log.error(error, 'sandbox: a certification could not be kept'));
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({id: run.id, estado: run.estado, informe: informeOf(run.id)});
    },
  );

  app.get('/certificaciones', {config: API_RATE}, async (request, reply) => {
    const merchant = await requireMerchant(request, merchants);
    const runs = (await certifications.runs.list(merchant.terminal)).filter((r) => r.revocado !== true).reverse();
    return reply.header('cache-control', 'no-store').send({certificaciones: runs.map((r) => ({id: r.id, estado: r.estado, fecha: r.fecha, via: r.via, informe: informeOf(r.id)}))});
  });

  app.get<{Params: {id: string}}>('/certificaciones/:id', {config: API_RATE, schema: {params: ID_PARAMS}}, async (request, reply) => {
    const run = await runOf(request.params.id);
    if (run === undefined) throw new ApiError(404, 'NO_ENCONTRADO');
    const lang = requestLocale(request);
    const report = reportJson(run, lang, parts.reportSigner.sign);
    if (wantsJson(request)) return reply.header('cache-control', 'no-store').send(report);
    return sendPage(reply, 200, reportPage(report, lang, informeOf(run.id)));
  });

  app.delete<{Params: {id: string}}>('/certificaciones/:id', {config: API_RATE, schema: {params: ID_PARAMS}}, async (request, reply) => {
    const merchant = await requireMerchant(request, merchants);
    logAs(request, merchant.terminal, 'certificaciones/revocar');
    const run = await certifications.runs.get(merchant.terminal, request.params.id);
    if (run === undefined || run.revocado === true) throw new ApiError(404, 'NO_ENCONTRADO');
    await save({...run, revocado: true});
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  app.post('/certificaciones/verificar', {config: API_RATE, schema: {body: {type: 'object'}}}, async (request, reply) =>
    reply.header('cache-control', 'no-store').send({valido: parts.reportSigner.verify(request.body)}),
  );

  app.post<{Params: {id: string}; Body: Omit<Delivery, never>}>(
    '/certificaciones/:id/entregas',
    {
      config: API_RATE,
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['paso', 'estado', 'ms', 'cuerpo'],
          additionalProperties: false,
          properties: {
            paso: {type: 'integer', minimum: 1, maximum: 1000},
            estado: {type: ['integer', 'null'], minimum: 100, maximum: 599},
            ms: {type: 'number', minimum: 0, maximum: 600_000},
            cuerpo: {type: 'string', maxLength: SANDBOX_RULES.notify.maxAnswerBytes},
            error: {type: 'string', maxLength: 500},
          },
        },
      },
    },
    async (request, reply) => {
      const merchant = await requireMerchant(request, merchants);
      const run = await certifications.runs.get(merchant.terminal, request.params.id);
      if (run === undefined || run.revocado === true) throw new ApiError(404, 'NO_ENCONTRADO');
      if (run.estado !== 'en-curso') throw new ApiError(409, 'CERTIFICACION_TERMINADA');
      const delivery = request.body;
      await backend.commit([write(certifications.deliveries, merchant.terminal, deliveryKey(run.id, delivery.paso), delivery)], {
        publish: {channel: DELIVERIES_CHANNEL, message: {id: run.id, paso: delivery.paso}},
      });
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
