/**
 * The views of the POST channel's pages: the purchase page, the page after
 * paying, the sandbox's response URL. One layout (./layout.ts), every
 * sentence from the pages' text topic (../words.ts), escaped.
 */
import {DEFAULTS, POST_DOCUMENT_TYPES} from '../../../core/data/enumerations';
import {firmaSentence, outcomeSentence, type FirmaCheck, type InboxEntry} from '../confirmations/inbox';
import {BUYER_FIRST_READING, BUYER_REQUIRED, DEMO_METHODS, OUTCOMES, filled, methodName, type Outcome} from '../rules/purchase';
import {fieldTable, hiddenInputs, layout, linksLine} from './layout';
import {pageText} from '../words';
import {escapeHtml} from '../../../core/texts';
import {SANDBOX_PAGES} from '../../../core/data/sandbox';
import {type Locale} from '../../../core/locale';

export interface Purchase {
  readonly id: string;
  readonly terminal: string;
  /** The merchant whose key signs its confirmation. */
  readonly usuario: string;
  readonly lang: Locale;
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
  const t = pageText(lang);
  const f = purchase.fields;
  const checked = t.html('signedChecked', {checked: purchase.checked.join(', ')});
  const security = purchase.unsigned
    ? `<p class="banner">${t.html('unsignedSample')}${purchase.checked.length > 0 ? ` ${checked}` : ''}</p>`
    : `<p class="banner ok">${purchase.checked.length > 0 ? checked : t.html('signedNothing')}</p>`;
  const summary = `<h2>${t.html('summary')}</h2>
<table><tbody>
<tr><th scope="row">${t.html('invoice')}</th><td>${escapeHtml(f.factura ?? '')}</td></tr>
<tr><th scope="row">${t.html('amount')}</th><td>${escapeHtml(f.valor ?? '')} ${escapeHtml((f.tipoMoneda ?? '').trim() || DEFAULTS.tipoMoneda)}</td></tr>
<tr><th scope="row">${t.html('description')}</th><td>${escapeHtml(f.descripcionFactura ?? '')}</td></tr>
</tbody></table>`;

  const missingBuyer = [...BUYER_REQUIRED, ...BUYER_FIRST_READING].filter((name) => !filled(f, name));
  const buyerInputs = missingBuyer.map((name) => {
    const required = (BUYER_REQUIRED as readonly string[]).includes(name);
    const label = `<label for="${name}">${c(name)}${required ? '' : ` <span class="hint">${t.html('optionalHint')}</span>`}</label>`;
    if (name === 'tipoDocumento') {
      return `${label}<select id="${name}" name="${name}" required>${POST_DOCUMENT_TYPES.map((d) => `<option value="${d}">${d}</option>`).join('')}</select>`;
    }
    const type = name === 'correoComprador' ? 'email' : 'text';
    return `${label}<input type="${type}" id="${name}" name="${name}" maxlength="200"${required ? ' required' : ''}>`;
  });
  const buyer =
    missingBuyer.length === 0 ? '' : `<fieldset><legend>${t.html('buyerMissing')}</legend><p class="hint">${t.html('requested')}</p>${buyerInputs.join('\n')}</fieldset>`;

  const posted = (f.metodoPago ?? '').trim();
  const methods = DEMO_METHODS.map((m) => {
    const id = String(m.demo);
    const group = t.html(`methodGroups.${m.group}`);
    const label = m.group === 'card' ? `${group}: ${escapeHtml(methodName(m))} (${id})` : `${group} (${id})`;
    return `<div class="choice"><input type="radio" id="m${id}" name="metodoPago" value="${id}" required${posted === id ? ' checked' : ''}> <label for="m${id}">${label}</label></div>`;
  });
  const outcomes = OUTCOMES.map(
    (o, i) =>
      `<div class="choice"><input type="radio" id="r-${o}" name="resultado" value="${o}"${i === 0 ? ' checked' : ''}> <label for="r-${o}">${t.html(`outcomes.${o}`)}</label></div>`,
  );
  const body = `${security}
<p>${t.html('purchaseIntro')}</p>
${summary}
<form method="post" action="${SANDBOX_PAGES.purchase}/${encodeURIComponent(purchase.id)}" accept-charset="utf-8">
<input type="hidden" name="terminal" value="${escapeHtml(purchase.terminal)}">
${buyer}
<fieldset><legend>${t.html('methodLegend')}</legend>
${methods.join('\n')}
</fieldset>
<fieldset><legend>${t.html('outcomeLegend')}</legend>
${outcomes.join('\n')}
</fieldset>
<fieldset><legend>${t.html('urlsLegend')}</legend>
<label for="urlConfirmacion">${t.html('confirmationUrl')}</label>
<input type="url" id="urlConfirmacion" name="urlConfirmacion" value="${escapeHtml(defaults.confirmation)}" maxlength="2000" aria-describedby="urlConfirmacion-hint">
<p class="hint" id="urlConfirmacion-hint">${t.html('confirmationHint')}</p>
<label for="urlRetorno">${t.html('returnUrl')}</label>
<input type="url" id="urlRetorno" name="urlRetorno" value="${escapeHtml(defaults.returnUrl)}" maxlength="2000" required aria-describedby="urlRetorno-hint">
<p class="hint" id="urlRetorno-hint">${t.html('returnHint')}</p>
</fieldset>
<button type="submit">${t.html('pay')}</button>
</form>
<details><summary>${t.html('postedVariables')}</summary>
${fieldTable(f, {name: t.text('variable'), value: t.text('value')})}
</details>`;
  return layout({lang, title: t.text('purchaseTitle'), body, notice: t.html('notice'), links: linksLine(lang)});
}

/** The page after paying: the outcome, where the confirmation went, and the way back with the response variables. */
export function renderDone(input: {
  readonly lang: Locale;
  readonly outcome: Outcome;
  readonly entry: InboxEntry;
  readonly firmaName: string;
  readonly confirmation: Readonly<Record<string, string>>;
  readonly response: Readonly<Record<string, string>>;
  readonly returnUrl: URL;
}): string {
  const {lang, outcome: o, entry, firmaName, confirmation, response, returnUrl} = input;
  const t = pageText(lang);
  const body = `<p class="banner ${o === 'aprobada' ? 'ok' : ''}">${t.sayHtml({id: 'doneIntro', values: {outcome: {id: `outcomes.${o}`}}})}</p>
<h2>${t.html('confirmationSent')}</h2>
<p><strong>${t.html('destination')}:</strong> <code>${escapeHtml(entry.destination)}</code></p>
<p class="banner ${entry.outcome.status === 'entregada' ? 'ok' : 'refused'}"><strong>${t.html('result')}:</strong> ${outcomeSentence(lang, entry.outcome, 'html')}</p>
<p>${firmaSentence(lang, entry.firma, firmaName, 'html')}</p>
${fieldTable(confirmation, {name: t.text('variable'), value: t.text('value')})}
<h2>${t.html('returnVariables')}</h2>
<form method="post" action="${escapeHtml(returnUrl.href)}" accept-charset="utf-8">
${hiddenInputs(response)}
${fieldTable(response, {name: t.text('variable'), value: t.text('value')})}
<p class="hint">${t.html('backHint')}</p>
<button type="submit">${t.html('backToMerchant')}</button>
</form>`;
  return layout({lang, title: t.text('doneTitle'), body, notice: t.html('notice'), links: linksLine(lang)});
}

/** The sandbox's response URL: what came back, and the firma check. */
export function renderReturn(lang: Locale, fields: Readonly<Record<string, string>>, check: FirmaCheck, firmaName: string, statusEdited: boolean): string {
  const t = pageText(lang);
  const code = fields.codigoAutorizacion ?? '';
  const edited = statusEdited ? ` ${t.html('returnStatusEdited', {status: fields.transaccionAprobada ?? '', code: code === '' ? t.text('emptyValue') : code})}` : '';
  const body = `<p>${t.html('returnIntro')}</p>
<p class="banner ${check === 'valida' && !statusEdited ? 'ok' : 'refused'}">${firmaSentence(lang, check, firmaName, 'html')}${edited}</p>
${fieldTable(fields, {name: t.text('variable'), value: t.text('value')})}`;
  return layout({lang, title: t.text('returnTitle'), body, notice: t.html('notice'), links: linksLine(lang)});
}

/** A page that answers a method the address does not take. */
export function renderMethodNotAllowed(lang: Locale, allow: string): string {
  const t = pageText(lang);
  return layout({lang, title: t.text('refusedTitle'), body: `<p>${t.html('methodNotAllowed', {allow})}</p>`, notice: t.html('notice'), links: linksLine(lang)});
}
