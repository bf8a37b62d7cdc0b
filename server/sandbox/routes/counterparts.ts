/**
 * The sandbox's simulated counterparts, as small server-rendered pages (no
 * JavaScript, Spanish or English by ?lang=en or Accept-Language):
 *   /banco/:id        the PSE bank urlBanco points to: approve or reject
 *   /punto-pago/:id   the pay point of a referenced or barcode payment (by its serial)
 *   /enlace/:id       a payment button's urlBoton or an e-mail payment's link
 * The forms post to the same address (CSP form-action 'self'). After the bank's decision the buyer
 * goes on to the merchant's return URL (campo4): redirected when it is on the portal itself, otherwise
 * shown as a link on a page that says where the gateway would send them, so that nobody can make the
 * portal's address send a visitor to a site of their choosing. One layout and one text topic with
 * the other pages (../pages).
 */
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {settleAndConfirm} from '../confirmations/settle';
import type {SandboxParts} from '../wiring';
import {layout, sendPage, linksLine} from '../pages/layout';
import {pageText} from '../words';
import {GLOBAL} from '../gateway/records';
import {escapeHtml} from '../../../core/texts';
import {negotiateLocale, type Locale} from '../../../core/locale';

/** The page's language: ?lang= (or ?idioma=), else the browser's. */
function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as {lang?: unknown; idioma?: unknown};
  return negotiateLocale(query.lang ?? query.idioma, request.headers['accept-language']);
}

/** A simulator page in the sandbox's one layout. */
function page(reply: FastifyReply, lang: Locale, title: string, body: string, status = 200) {
  const t = pageText(lang);
  return sendPage(reply, status, layout({lang, title, body: `<p>${t.html('simulator.intro')}</p>${body}`, notice: t.html('notice'), links: linksLine(lang)}));
}

/** The return URL as an absolute http(s) URL (its href is ASCII: non-ASCII is encoded), or null. */
function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export interface PagesOptions {
  readonly parts: SandboxParts;
}

export default async function sandboxPages(app: FastifyInstance, {parts}: PagesOptions): Promise<void> {
  const {flows} = parts;
  const portalOrigin = new URL(parts.siteUrl).origin;
  app.addContentTypeParser('application/x-www-form-urlencoded', {parseAs: 'string', bodyLimit: 4096}, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const pending = async (kind: 'banco' | 'serial', id: string) => {
    const where = await flows.state.pointers.get(GLOBAL, `${kind}:${id}`);
    return where === undefined ? undefined : flows.state.transactions.get(where.terminal, where.codigoSeguimiento);
  };
  const idSchema = {type: 'object', required: ['id'], properties: {id: {type: 'string', minLength: 1, maxLength: 64}}} as const;

  for (const [route, kind] of [
    ['/banco/:id', 'banco'],
    ['/punto-pago/:id', 'serial'],
  ] as const) {
    const titleOf = (lang: Locale) => pageText(lang).text(kind === 'banco' ? 'simulator.bankTitle' : 'simulator.payPointTitle');
    app.get(route, {schema: {params: idSchema}}, async (request, reply) => {
      const lang = requestLocale(request);
      const t = pageText(lang);
      const tx = await pending(kind, (request.params as {id: string}).id);
      if (tx === undefined) return page(reply, lang, titleOf(lang), `<p role="alert">${t.html('simulator.notFound')}</p>`, 404);
      const facts =
        `<dl><dt>${t.html('simulator.reference')}</dt><dd>${escapeHtml(tx.referencia)}</dd><dt>${t.html('simulator.amount')}</dt><dd>${escapeHtml(`${tx.valor} ${tx.moneda}`)}</dd>` +
        (tx.bank !== undefined ? `<dt>${t.html('simulator.bank')}</dt><dd>${escapeHtml(tx.bank.name)}</dd>` : '') +
        '</dl>';
      if (tx.status !== 'pending') {
        const state = t.text(tx.status === 'approved' ? 'simulator.approved' : tx.status === 'reversed' ? 'simulator.reversed' : 'simulator.rejected');
        return page(reply, lang, titleOf(lang), `${facts}<p>${t.html('simulator.done', {state})}</p>`);
      }
      const form =
        `<form method="post" action="?lang=${lang}"><fieldset><legend>${t.html('simulator.choose')}</legend>` +
        `<p><input type="radio" id="aprobar" name="decision" value="aprobar" checked> <label for="aprobar">${t.html('simulator.approve')}</label></p>` +
        `<p><input type="radio" id="rechazar" name="decision" value="rechazar"> <label for="rechazar">${t.html('simulator.reject')}</label></p>` +
        `<button type="submit">${t.html('simulator.send')}</button></fieldset></form>`;
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
        const lang = requestLocale(request);
        const t = pageText(lang);
        const tx = await pending(kind, (request.params as {id: string}).id);
        if (tx === undefined) return page(reply, lang, titleOf(lang), `<p role="alert">${t.html('simulator.notFound')}</p>`, 404);
        const approve = (request.body as {decision: string}).decision === 'aprobar';
        // The gateway confirms a settled payment to the merchant: its inbox and its event stream.
        const result = await settleAndConfirm(parts, tx.terminal, tx.codigoSeguimiento, approve ? 'aprobada' : 'rechazada');
        const settled = result.kind === 'missing' ? tx : result.transaction;
        const decided = `<p role="status">${t.html('simulator.decided', {state: t.text(settled.status === 'approved' ? 'simulator.approved' : 'simulator.rejected')})}</p>`;
        const back = settled.bank === undefined ? null : httpUrl(settled.bank.returnUrl);
        if (back !== null && back.origin === portalOrigin) return reply.code(303).header('location', back.href).send();
        const onward =
          back === null
            ? ''
            : `<p>${t.html('simulator.returnNote')}</p><p><a href="${escapeHtml(back.href)}" rel="noreferrer">${t.html('simulator.returnLink')}: ${escapeHtml(back.href)}</a></p>`;
        return page(reply, lang, titleOf(lang), decided + onward);
      },
    );
  }

  app.get('/enlace/:id', {schema: {params: idSchema}}, async (request, reply) => {
    const lang = requestLocale(request);
    const t = pageText(lang);
    const where = await flows.state.pointers.get(GLOBAL, `enlace:${(request.params as {id: string}).id}`);
    const link = where === undefined ? undefined : await flows.state.links.get(where.terminal, where.codigoSeguimiento);
    if (link === undefined) return page(reply, lang, t.text('simulator.linkTitle'), `<p role="alert">${t.html('simulator.notFound')}</p>`, 404);
    const amount =
      link.valor !== undefined
        ? `<dt>${t.html('simulator.amount')}</dt><dd>${escapeHtml(`${link.valor} ${link.moneda}`)}</dd>`
        : `<dt>${t.html('simulator.range')}</dt><dd>${escapeHtml(`${link.montoMinimo ?? ''} – ${link.montoMaximo ?? ''} ${link.moneda}`)}</dd>`;
    return page(
      reply,
      lang,
      link.nombre,
      `<dl><dt>${t.html('simulator.description')}</dt><dd>${escapeHtml(link.descripcion)}</dd>${amount}</dl><p>${t.html('simulator.linkNote')}</p>`,
    );
  });
}
