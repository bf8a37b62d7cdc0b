/**
 * The views of the POST channel's pages: the purchase page, the page after
 * paying, the sandbox's response URL. One layout (./layout.ts), every
 * sentence from the text table (./text.ts).
 */
import {DEFAULTS, POST_DOCUMENT_TYPES} from '../../../core/data/enumerations';
import {firmaSentence, outcomeSentence, type FirmaCheck, type InboxEntry} from '../inbox';
import {BUYER_FIRST_READING, BUYER_REQUIRED, DEMO_METHODS, OUTCOMES, filled, methodName, type Outcome} from '../rules/purchase';
import {escapeHtml, fieldTable, hiddenInputs, layout, SANDBOX_PATHS, type Lang} from './layout';
import {linksLine, TEXT} from './text';

export interface Purchase {
  readonly id: string;
  readonly terminal: string;
  /** The merchant whose key signs its confirmation. */
  readonly usuario: string;
  readonly lang: Lang;
  /** Posted without usuario: a portal sample, taken for the demo merchant. */
  readonly unsigned: boolean;
  /** Security values that were checked and matched. */
  readonly checked: readonly string[];
  readonly fields: Readonly<Record<string, string>>;
  readonly completed: boolean;
}

const c = (text: string) => `<code>${escapeHtml(text)}</code>`;

export function renderPurchase(purchase: Purchase, defaults: {confirmation: string; returnUrl: string}): string {
  const lang = purchase.lang;
  const t = TEXT[lang];
  const f = purchase.fields;
  const security = purchase.unsigned
    ? `<p class="banner">${escapeHtml(t.unsignedSample)}${purchase.checked.length > 0 ? ` ${escapeHtml(t.signedChecked(purchase.checked.join(', ')))}` : ''}</p>`
    : `<p class="banner ok">${escapeHtml(purchase.checked.length > 0 ? t.signedChecked(purchase.checked.join(', ')) : t.signedNothing)}</p>`;
  const summary = `<h2>${escapeHtml(t.summary)}</h2>
<table><tbody>
<tr><th scope="row">${escapeHtml(t.invoice)}</th><td>${escapeHtml(f.factura ?? '')}</td></tr>
<tr><th scope="row">${escapeHtml(t.amount)}</th><td>${escapeHtml(f.valor ?? '')} ${escapeHtml((f.tipoMoneda ?? '').trim() || DEFAULTS.tipoMoneda)}</td></tr>
<tr><th scope="row">${escapeHtml(t.description)}</th><td>${escapeHtml(f.descripcionFactura ?? '')}</td></tr>
</tbody></table>`;

  const missingBuyer = [...BUYER_REQUIRED, ...BUYER_FIRST_READING].filter((name) => !filled(f, name));
  const buyerInputs = missingBuyer.map((name) => {
    const required = (BUYER_REQUIRED as readonly string[]).includes(name);
    const label = `<label for="${name}">${c(name)}${required ? '' : ` <span class="hint">${escapeHtml(t.optionalHint)}</span>`}</label>`;
    if (name === 'tipoDocumento') {
      return `${label}<select id="${name}" name="${name}" required>${POST_DOCUMENT_TYPES.map((d) => `<option value="${d}">${d}</option>`).join('')}</select>`;
    }
    const type = name === 'correoComprador' ? 'email' : 'text';
    return `${label}<input type="${type}" id="${name}" name="${name}" maxlength="200"${required ? ' required' : ''}>`;
  });
  const buyer =
    missingBuyer.length === 0 ? '' : `<fieldset><legend>${escapeHtml(t.buyerMissing)}</legend><p class="hint">${escapeHtml(t.requested)}</p>${buyerInputs.join('\n')}</fieldset>`;

  const posted = (f.metodoPago ?? '').trim();
  const methods = DEMO_METHODS.map((m) => {
    const id = String(m.demo);
    const label = m.group === 'card' ? `${t.methodGroups.card}: ${methodName(m)} (${id})` : `${t.methodGroups[m.group]} (${id})`;
    return `<div class="choice"><input type="radio" id="m${id}" name="metodoPago" value="${id}" required${posted === id ? ' checked' : ''}> <label for="m${id}">${escapeHtml(label)}</label></div>`;
  });
  const outcomes = OUTCOMES.map(
    (o, i) =>
      `<div class="choice"><input type="radio" id="r-${o}" name="resultado" value="${o}"${i === 0 ? ' checked' : ''}> <label for="r-${o}">${escapeHtml(t.outcomes[o])}</label></div>`,
  );
  const body = `${security}
<p>${escapeHtml(t.purchaseIntro)}</p>
${summary}
<form method="post" action="${SANDBOX_PATHS.purchase}/${encodeURIComponent(purchase.id)}" accept-charset="utf-8">
<input type="hidden" name="terminal" value="${escapeHtml(purchase.terminal)}">
${buyer}
<fieldset><legend>${escapeHtml(t.methodLegend)}</legend>
${methods.join('\n')}
</fieldset>
<fieldset><legend>${escapeHtml(t.outcomeLegend)}</legend>
${outcomes.join('\n')}
</fieldset>
<fieldset><legend>${escapeHtml(t.urlsLegend)}</legend>
<label for="urlConfirmacion">${escapeHtml(t.confirmationUrl)}</label>
<input type="url" id="urlConfirmacion" name="urlConfirmacion" value="${escapeHtml(defaults.confirmation)}" maxlength="2000" aria-describedby="urlConfirmacion-hint">
<p class="hint" id="urlConfirmacion-hint">${escapeHtml(t.confirmationHint)}</p>
<label for="urlRetorno">${escapeHtml(t.returnUrl)}</label>
<input type="url" id="urlRetorno" name="urlRetorno" value="${escapeHtml(defaults.returnUrl)}" maxlength="2000" required aria-describedby="urlRetorno-hint">
<p class="hint" id="urlRetorno-hint">${escapeHtml(t.returnHint)}</p>
</fieldset>
<button type="submit">${escapeHtml(t.pay)}</button>
</form>
<details><summary>${escapeHtml(t.postedVariables)}</summary>
${fieldTable(f, {name: t.variable, value: t.value})}
</details>`;
  return layout({lang, title: t.purchaseTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)});
}

/** The page after paying: the outcome, where the confirmation went, and the way back with the response variables. */
export function renderDone(input: {
  readonly lang: Lang;
  readonly outcome: Outcome;
  readonly entry: InboxEntry;
  readonly firmaName: string;
  readonly confirmation: Readonly<Record<string, string>>;
  readonly response: Readonly<Record<string, string>>;
  readonly returnUrl: URL;
}): string {
  const {lang, outcome: o, entry, firmaName, confirmation, response, returnUrl} = input;
  const t = TEXT[lang];
  const body = `<p class="banner ${o === 'aprobada' ? 'ok' : ''}">${escapeHtml(t.doneIntro(t.outcomes[o]))}</p>
<h2>${escapeHtml(t.confirmationSent)}</h2>
<p><strong>${escapeHtml(t.destination)}:</strong> <code>${escapeHtml(entry.destination)}</code></p>
<p class="banner ${entry.outcome.status === 'entregada' ? 'ok' : 'refused'}"><strong>${escapeHtml(t.result)}:</strong> ${escapeHtml(outcomeSentence(lang, entry.outcome))}</p>
<p>${escapeHtml(firmaSentence(lang, entry.firma, firmaName))}</p>
${fieldTable(confirmation, {name: t.variable, value: t.value})}
<h2>${escapeHtml(t.returnVariables)}</h2>
<form method="post" action="${escapeHtml(returnUrl.href)}" accept-charset="utf-8">
${hiddenInputs(response)}
${fieldTable(response, {name: t.variable, value: t.value})}
<p class="hint">${escapeHtml(t.backHint)}</p>
<button type="submit">${escapeHtml(t.backToMerchant)}</button>
</form>`;
  return layout({lang, title: t.doneTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)});
}

/** The sandbox's response URL: what came back, and the firma check. */
export function renderReturn(lang: Lang, fields: Readonly<Record<string, string>>, check: FirmaCheck, firmaName: string, statusEdited: boolean): string {
  const t = TEXT[lang];
  const edited = statusEdited ? ` ${t.returnStatusEdited(fields.transaccionAprobada ?? '', fields.codigoAutorizacion ?? '')}` : '';
  const body = `<p>${escapeHtml(t.returnIntro)}</p>
<p class="banner ${check === 'valida' && !statusEdited ? 'ok' : 'refused'}">${escapeHtml(firmaSentence(lang, check, firmaName) + edited)}</p>
${fieldTable(fields, {name: t.variable, value: t.value})}`;
  return layout({lang, title: t.returnTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)});
}

/** A page that answers a method the address does not take. */
export function renderMethodNotAllowed(lang: Lang, allow: string): string {
  const t = TEXT[lang];
  return layout({lang, title: t.refusedTitle, body: `<p>${escapeHtml(t.methodNotAllowed(allow))}</p>`, notice: escapeHtml(t.notice), links: linksLine(lang)});
}
