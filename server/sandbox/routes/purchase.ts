/**
 * The POST channel's routes under SANDBOX_BASE (thin: the rules are
 * ../rules/purchase.ts, the views ../pages/purchase.ts):
 *
 *   POST /pagos            the purchase page: checks the form (../rules/purchase.ts) signed by any merchant the
 *                          sandbox knows, and shows the test payment
 *   POST /pagos/:id        the buyer's choice: sends the confirmation (../confirmations/notifier.ts), offers the way back
 *   POST /pagos/retorno    the sandbox's response URL: shows what came back and checks firma{product}
 *   POST /notificaciones/receptor   the sandbox's confirmation URL: stores what is posted, for the demo
 *                          merchant (strangers cannot fill another merchant's inbox)
 *
 * Its rules where the gateway's documents are silent are on the rules page (src/pages/sandbox/index.mdx, _api.mdx).
 */
import {randomBytes, randomInt} from 'node:crypto';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {statusOf} from '../../../core/confirmation';
import {SANDBOX_RULES, SANDBOX_PAGES} from '../../../core/data/sandbox';
import {RECEIVED_SOURCE} from '../confirmations/inbox';
import type {SandboxPartOptions} from '../wiring';
import {sendPage} from '../pages/layout';
import {renderDone, renderMethodNotAllowed, renderPurchase, renderReturn, type Purchase} from '../pages/purchase';
import {pageMessage} from '../words';
import {acceptForms, FORM_BODY_SCHEMA, pageErrorHandler} from './forms';
import {PageRefusal} from '../rules/refusal';
import {requestLocale} from '../../locale';
import {APPROVAL, authorizationCode, checkChoice, checkForm, formLang, purchaseResponse, refuse} from '../rules/purchase';
import type {Transaction, TransactionGroup} from '../gateway/records';
import {unchanged, write, type Write} from '../store/contract';

/** Requests per client and minute. */
export const PAGE_RATE_LIMITS = SANDBOX_RULES.pageRateLimits;

interface PostForm {
  Body: Record<string, string>;
  Querystring: {lang?: 'es' | 'en'; usuario?: string};
}
interface CompleteForm {
  Body: Record<string, string>;
  Params: {id: string};
}

const ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

export default async function purchaseRoutes(app: FastifyInstance, {parts, now = Date.now}: SandboxPartOptions): Promise<void> {
  const {backend, merchants, inbox, notifier, purchases, state, siteUrl} = parts;
  const receiverUrl = notifier.receiverUrl;

  acceptForms(app);
  app.setErrorHandler(pageErrorHandler);

  /** The request belongs to this merchant's request log (the POST channel). */
  const logFor = (request: FastifyRequest, terminal: string, operacion: string) => {
    if (request.sandboxLog === null) return;
    request.sandboxLog.terminal = terminal;
    request.sandboxLog.canal = 'post';
    request.sandboxLog.operacion = operacion;
    request.sandboxLog.cuerpo = request.body;
  };

  const methodNotAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLocale(request);
    return sendPage(reply.header('allow', 'POST'), 405, renderMethodNotAllowed(lang, 'POST'));
  };
  for (const url of ['/pagos', '/pagos/retorno', '/pagos/:id', '/notificaciones/receptor']) {
    app.route({method: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'], url, handler: methodNotAllowed});
  }

  app.post<PostForm>('/pagos', {
    schema: {body: FORM_BODY_SCHEMA},
    config: {rateLimit: {max: PAGE_RATE_LIMITS.purchase, timeWindow: 60_000}},
    handler: async (request, reply) => {
      const fields = request.body;
      const lang = formLang(fields, request.headers['accept-language']);
      const usuario = (fields.usuario ?? '').trim();
      const named = usuario === '' ? undefined : await merchants.byUsuario(usuario);
      logFor(request, (named ?? merchants.demo).terminal, 'pagina-de-compra');
      let result: ReturnType<typeof checkForm>;
      try {
        result = checkForm(fields, named, merchants.demo, now());
      } catch (error) {
        // Anyone may post a test merchant's usuario: a refused form proves nobody, and is kept apart in its log.
        if (named !== undefined && !named.publico && request.sandboxLog !== null) request.sandboxLog.comprobada = false;
        if (error instanceof PageRefusal) throw error.in(lang);
        throw error;
      }
      const purchase: Purchase = {
        id: randomBytes(16).toString('base64url'),
        terminal: result.merchant.terminal,
        usuario: result.merchant.usuario,
        lang,
        unsigned: result.unsigned,
        checked: result.checked,
        fields,
        completed: false,
      };
      await purchases.put(purchase.terminal, purchase.id, purchase);
      // The sandbox's own response page speaks the purchase's language and knows whose key signed.
      const who = result.merchant.usuario === merchants.demo.usuario ? '' : `&usuario=${encodeURIComponent(result.merchant.usuario)}`;
      const returnUrl = `${siteUrl}${SANDBOX_PAGES.returnPage}?lang=${lang}${who}`;
      return sendPage(reply, 200, renderPurchase(purchase, {confirmation: receiverUrl, returnUrl}));
    },
  });

  app.post<CompleteForm>('/pagos/:id', {
    schema: {
      params: {type: 'object', properties: {id: {type: 'string', pattern: ID_PATTERN}}, required: ['id']},
      body: {...FORM_BODY_SCHEMA, required: ['terminal', 'metodoPago', 'resultado', 'urlRetorno']},
    },
    config: {rateLimit: {max: PAGE_RATE_LIMITS.complete, timeWindow: 60_000}},
    handler: async (request, reply) => {
      const choice = request.body;
      const purchase = await purchases.get(choice.terminal!, request.params.id);
      const merchant = purchase === undefined ? undefined : await merchants.byUsuario(purchase.usuario);
      if (purchase === undefined || merchant === undefined) throw refuse(404, [pageMessage('refusals.purchaseGone')]);
      logFor(request, purchase.terminal, 'pagina-de-compra/pagar');
      const lang = purchase.lang;
      if (purchase.completed) throw refuse(409, [pageMessage('refusals.purchasePaid')], lang);
      const {method, outcome, returnUrl, fields} = checkChoice(purchase.fields, choice, lang);

      const {response, confirmation} = purchaseResponse({
        fields,
        approval: APPROVAL[outcome],
        codigoAutorizacion: authorizationCode(outcome, method),
        numeroTransaccion: String(randomInt(1_000_000_000, 10_000_000_000)),
        method,
        llave: merchant.llave,
        firmaName: inbox.firmaName,
      });
      const target = (choice.urlConfirmacion ?? '').trim();
      const url = target === '' ? null : target;
      // A pending purchase is a transaction of the merchant that the inbox can settle later.
      let transaction: string | undefined;
      const writes: Write[] = [];
      if (outcome === 'pendiente') {
        const numbers = await state.nextNumbers(purchase.terminal);
        const group: TransactionGroup = method.group === 'wallet' ? (method.variant === 'first' ? 'wallet1' : 'wallet2') : method.group;
        const pending: Transaction = {
          terminal: purchase.terminal,
          codigoSeguimiento: numbers.codigoSeguimiento,
          numeroTransaccion: response.numeroTransaccion!,
          referencia: fields.factura!.trim(),
          group,
          methodId: String(method.demo),
          valor: fields.valor!.trim(),
          valorBase: fields.valorBase ?? '',
          valorIva: fields.valorIva ?? '',
          moneda: (fields.tipoMoneda ?? '').trim() || 'COP',
          descripcion: fields.descripcionFactura ?? '',
          buyer: {
            documento: fields.documentoComprador ?? '',
            tipoDocumento: fields.tipoDocumento ?? '',
            nombre: fields.nombreComprador ?? '',
            apellido: fields.apellidoComprador ?? '',
            correo: fields.correoComprador ?? '',
            telefono: fields.telefonoComprador ?? '',
            celular: fields.celularComprador ?? '',
            direccion: fields.direccionComprador ?? '',
          },
          extras: Array.from({length: 9}, (_, i) => fields[`campoExtra${i + 1}`] ?? ''),
          createdAt: now(),
          status: 'pending',
          codigoRespuesta: '0',
          numeroAutorizacion: '',
          descripcionRespuesta: 'Pago pendiente en la página de compra',
          razonRechazo: '',
          confirmation: {url, fields: confirmation},
        };
        writes.push(write(state.transactions, pending.terminal, pending.codigoSeguimiento, pending));
        transaction = pending.codigoSeguimiento;
      }
      const delivery = {terminal: purchase.terminal, url, fields: confirmation, source: 'pagina-de-compra', ...(transaction === undefined ? {} : {transaction})};
      // The payment is recorded with its confirmation queued, in one commit, or not at all; and paid once: a second
      // submission of the same page (on this server or another, even while this one is being delivered) is refused.
      const queued = await inbox.queue({...delivery, destination: url ?? receiverUrl});
      const committed = await backend.commit([write(purchases, purchase.terminal, purchase.id, {...purchase, fields, completed: true}), ...writes, queued.write], {
        expect: [unchanged(purchases, purchase.terminal, purchase.id, purchase)],
      });
      if (!committed) throw refuse(409, [pageMessage('refusals.purchasePaid')], lang);
      const entry = await notifier.deliver({...delivery, id: queued.entry.id});
      const page = renderDone({lang, outcome, entry, firmaName: inbox.firmaName, confirmation, response, returnUrl});
      return sendPage(reply, 200, page, [returnUrl.href]);
    },
  });

  app.post<PostForm>('/pagos/retorno', {
    schema: {
      body: FORM_BODY_SCHEMA,
      querystring: {type: 'object', properties: {lang: {type: 'string', enum: ['es', 'en']}, usuario: {type: 'string', maxLength: 64}}},
    },
    config: {rateLimit: {max: PAGE_RATE_LIMITS.purchase, timeWindow: 60_000}},
    handler: async (request, reply) => {
      const lang = requestLocale(request);
      const merchant = (request.query.usuario === undefined ? undefined : await merchants.byUsuario(request.query.usuario)) ?? merchants.demo;
      logFor(request, merchant.terminal, 'pagina-de-compra/retorno');
      const check = await inbox.checkFirma(merchant.terminal, request.body);
      // The firma does not cover transaccionAprobada: a verified set whose status contradicts its signed code was edited.
      const statusEdited = check === 'valida' && statusOf(new Map(Object.entries(request.body))).problem !== null;
      // Anyone may post here naming a merchant: only a firma made with its key, on an unedited set, proves the post came through the gateway.
      if (!merchant.publico && (check !== 'valida' || statusEdited) && request.sandboxLog !== null) request.sandboxLog.comprobada = false;
      return sendPage(reply, 200, renderReturn(lang, request.body, check, inbox.firmaName, statusEdited));
    },
  });

  app.post<{Body: Record<string, string>}>('/notificaciones/receptor', {
    schema: {body: FORM_BODY_SCHEMA},
    config: {rateLimit: {max: PAGE_RATE_LIMITS.receiver, timeWindow: 60_000}},
    handler: async (request, reply) => {
      await inbox.record({
        terminal: merchants.demo.terminal,
        destination: receiverUrl,
        source: RECEIVED_SOURCE,
        fields: request.body,
        outcome: {status: 'entregada', reason: 'RECIBIDA', params: {from: request.ip}},
      });
      return reply.code(200).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('OK');
    },
  });
}
