/**
 * The sandbox's simulated counterparts, as small server-rendered pages (no
 * JavaScript, Spanish or English by ?lang=en or Accept-Language):
 *   /banco/:id        the PSE bank urlBanco points to: approve or reject
 *   /punto-pago/:id   the pay point of a referenced or barcode payment (by its serial)
 *   /enlace/:id       a payment button's urlBoton or an e-mail payment's link
 * The forms post to the same address (CSP form-action 'self').
 */
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {settle, type FlowContext} from './flows';
import {GLOBAL} from './state';

type Lang = 'es' | 'en';

const TEXT = {
  es: {
    bankTitle: 'Banco simulado de PSE',
    payPointTitle: 'Punto de pago simulado',
    linkTitle: 'Enlace de pago del sandbox',
    intro: 'Esta página es del sandbox del portal: simula la respuesta del banco. Ningún dinero se mueve.',
    reference: 'Referencia',
    amount: 'Valor',
    bank: 'Banco',
    choose: 'Resultado del pago',
    approve: 'Aprobar el pago',
    reject: 'Rechazar el pago',
    send: 'Enviar',
    notFound: 'No hay un pago pendiente con esta dirección (venció o no existe).',
    done: 'El pago ya no está pendiente:',
    decided: 'Listo: el pago quedó',
    approved: 'aprobado',
    rejected: 'rechazado',
    back: 'Volver al comercio',
    description: 'Descripción',
    range: 'Valor entre',
    linkNote: 'El sandbox guarda el botón o el cobro por correo; el comprador pagaría aquí.',
  },
  en: {
    bankTitle: 'Simulated PSE bank',
    payPointTitle: 'Simulated pay point',
    linkTitle: 'Sandbox payment link',
    intro: "This page belongs to the portal's sandbox: it simulates the bank's answer. No money moves.",
    reference: 'Reference',
    amount: 'Amount',
    bank: 'Bank',
    choose: 'Outcome of the payment',
    approve: 'Approve the payment',
    reject: 'Reject the payment',
    send: 'Send',
    notFound: 'There is no pending payment at this address (it expired or never existed).',
    done: 'The payment is no longer pending:',
    decided: 'Done: the payment was',
    approved: 'approved',
    rejected: 'rejected',
    back: 'Back to the merchant',
    description: 'Description',
    range: 'Amount between',
    linkNote: 'The sandbox keeps the button or the e-mail charge; the buyer would pay here.',
  },
} as const;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);

function langOf(request: FastifyRequest): Lang {
  const query = request.query as {lang?: unknown; idioma?: unknown};
  // A repeated parameter arrives as a list: only a single value counts.
  const asked = [query.lang, query.idioma].find((value) => typeof value === 'string')?.toLowerCase() ?? '';
  if (asked === 'en' || asked === 'es') return asked;
  return /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'es';
}

function page(reply: FastifyReply, lang: Lang, title: string, body: string, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}fieldset{border:1px solid #888;padding:1rem}button{font-size:1rem;padding:.5rem 1rem;margin-top:1rem}</style></head>` +
        `<body><main><h1>${escape(title)}</h1><p>${escape(TEXT[lang].intro)}</p>${body}</main></body></html>`,
    );
}

export interface PagesOptions {
  readonly flows: FlowContext;
}

export default async function sandboxPages(app: FastifyInstance, {flows}: PagesOptions): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', {parseAs: 'string', bodyLimit: 4096}, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const pending = (kind: 'banco' | 'serial', id: string) => {
    const where = flows.state.pointers.get(GLOBAL, `${kind}:${id}`);
    return where === undefined ? undefined : flows.state.transactions.get(where.terminal, where.codigoSeguimiento);
  };
  const idSchema = {type: 'object', required: ['id'], properties: {id: {type: 'string', minLength: 1, maxLength: 64}}} as const;

  for (const [route, kind] of [
    ['/banco/:id', 'banco'],
    ['/punto-pago/:id', 'serial'],
  ] as const) {
    const titleOf = (lang: Lang) => (kind === 'banco' ? TEXT[lang].bankTitle : TEXT[lang].payPointTitle);
    app.get(route, {schema: {params: idSchema}}, async (request, reply) => {
      const lang = langOf(request);
      const t = TEXT[lang];
      const tx = pending(kind, (request.params as {id: string}).id);
      if (tx === undefined) return page(reply, lang, titleOf(lang), `<p role="alert">${escape(t.notFound)}</p>`, 404);
      const facts =
        `<dl><dt>${t.reference}</dt><dd>${escape(tx.referencia)}</dd><dt>${t.amount}</dt><dd>${escape(`${tx.valor} ${tx.moneda}`)}</dd>` +
        (tx.bank !== undefined ? `<dt>${t.bank}</dt><dd>${escape(tx.bank.name)}</dd>` : '') +
        '</dl>';
      if (tx.status !== 'pending') return page(reply, lang, titleOf(lang), `${facts}<p>${escape(t.done)} ${escape(tx.descripcionRespuesta)}.</p>`);
      const form =
        `<form method="post" action="?lang=${lang}"><fieldset><legend>${t.choose}</legend>` +
        `<p><input type="radio" id="aprobar" name="decision" value="aprobar" checked> <label for="aprobar">${t.approve}</label></p>` +
        `<p><input type="radio" id="rechazar" name="decision" value="rechazar"> <label for="rechazar">${t.reject}</label></p>` +
        `<button type="submit">${t.send}</button></fieldset></form>`;
      return page(reply, lang, titleOf(lang), facts + form);
    });
    app.post(
      route,
      {
        schema: {
          params: idSchema,
          body: {type: 'object', required: ['decision'], properties: {decision: {type: 'string', enum: ['aprobar', 'rechazar']}}},
        },
      },
      async (request, reply) => {
        const lang = langOf(request);
        const t = TEXT[lang];
        const tx = pending(kind, (request.params as {id: string}).id);
        if (tx === undefined) return page(reply, lang, titleOf(lang), `<p role="alert">${escape(t.notFound)}</p>`, 404);
        const approve = (request.body as {decision: string}).decision === 'aprobar';
        const settled = settle(flows, tx.terminal, tx.codigoSeguimiento, approve) ?? tx;
        if (settled.bank !== undefined) return reply.code(303).header('location', settled.bank.returnUrl).send();
        return page(reply, lang, titleOf(lang), `<p role="status">${escape(t.decided)} ${settled.status === 'approved' ? t.approved : t.rejected}.</p>`);
      },
    );
  }

  app.get('/enlace/:id', {schema: {params: idSchema}}, async (request, reply) => {
    const lang = langOf(request);
    const t = TEXT[lang];
    const where = flows.state.pointers.get(GLOBAL, `enlace:${(request.params as {id: string}).id}`);
    const link = where === undefined ? undefined : flows.state.links.get(where.terminal, where.codigoSeguimiento);
    if (link === undefined) return page(reply, lang, t.linkTitle, `<p role="alert">${escape(t.notFound)}</p>`, 404);
    const amount = link.valor !== undefined ? `<dt>${t.amount}</dt><dd>${escape(`${link.valor} ${link.moneda}`)}</dd>` : `<dt>${t.range}</dt><dd>${escape(`${link.montoMinimo ?? ''} – ${link.montoMaximo ?? ''} ${link.moneda}`)}</dd>`;
    return page(reply, lang, link.nombre, `<dl><dt>${t.description}</dt><dd>${escape(link.descripcion)}</dd>${amount}</dl><p>${escape(t.linkNote)}</p>`);
  });
}
