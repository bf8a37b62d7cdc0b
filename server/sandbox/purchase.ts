/**
 * The POST channel in the sandbox: the hosted purchase page the sample forms
 * post to, the sandbox's own response URL, and the notifications inbox
 * (./inbox.ts), as one encapsulated plugin under SANDBOX_BASE.
 *
 *   POST /pagos            the purchase page: checks the form (spec §3, §5) and shows the test payment
 *   POST /pagos/:id        the buyer's choice: sends the confirmation (./notifier.ts), offers the way back
 *   POST /pagos/retorno    the sandbox's response URL: shows what came back and checks firma{product}
 *   GET  /notificaciones   the inbox; POST /notificaciones/receptor, the sandbox's confirmation URL
 *
 * Its rules where spec.md is silent are on the rules page (src/pages/sandbox/index.mdx)
 * and in the comments of `checkForm`.
 */
import {randomBytes, randomInt, timingSafeEqual} from 'node:crypto';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import {CURRENCIES, DEFAULTS, LANGUAGES, POST_DOCUMENT_TYPES, TRANSACTION_APPROVED_CODES} from '../../core/data/enumerations';
import {PAYMENT_METHODS, type PaymentMethod} from '../../core/data/paymentMethods';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {amountValidation, checksum, hourMinuteUtcMinus5, postSecurityToken, responseSignature} from '../../core/signatures';
import type {SandboxOptions} from './options';
import {createInbox, firmaSentence, inboxRoutes, outcomeSentence, type Inbox} from './inbox';
import {loadDemoMerchant, type DemoMerchant} from './merchant';
import {createNotifier, type Notifier} from './notifier';
import {escapeHtml, fieldTable, hiddenInputs, layout, pickLang, sendPage, SANDBOX_PATHS, type Lang} from './pages/layout';
import {linksLine, TEXT} from './pages/text';
import {acceptForms, FORM_BODY_SCHEMA, PageRefusal, pageErrorHandler} from './purchaseForm';
import {memoryStore} from './store';

/** tokenSeguridad is accepted for the current minute in UTC-05:00 and this many minutes either side. */
export const TOKEN_TOLERANCE_MINUTES = SANDBOX_RULES.tokenToleranceMinutes;
/** Requests per client and minute. */
export const PAGE_RATE_LIMITS = SANDBOX_RULES.pageRateLimits;

/** The mandatory variables of spec §3 that the page refuses without (usuario may be empty: see checkForm). */
const MANDATORY = ['factura', 'valor', 'descripcionFactura'] as const;
/** The buyer variables: the five both readings of spec §3 call mandatory, then the two only the first does. */
export const BUYER_REQUIRED = ['tipoDocumento', 'documentoComprador', 'nombreComprador', 'apellidoComprador', 'correoComprador'] as const;
export const BUYER_FIRST_READING = ['celularComprador', 'direccionComprador'] as const;

export const OUTCOMES = ['aprobada', 'pendiente', 'rechazada', 'abortada'] as const;
export type Outcome = (typeof OUTCOMES)[number];
const APPROVAL: Record<Outcome, string> = {
  aprobada: code('successful'),
  pendiente: code('pending'),
  rechazada: code('rejected'),
  abortada: code('aborted'),
};
function code(meaning: (typeof TRANSACTION_APPROVED_CODES)[number]['meaning']): string {
  return String(TRANSACTION_APPROVED_CODES.find((c) => c.meaning === meaning)!.code);
}

/** The payment methods of the demo environment (spec §5: tests use the test methods). */
export const DEMO_METHODS: readonly (PaymentMethod & {demo: number})[] = PAYMENT_METHODS.filter((m): m is PaymentMethod & {demo: number} => m.demo !== null);

const BRAND_NAMES: Record<string, string> = {visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', diners: 'Diners Club'};

/** nombreMetodo: the brand for cards, otherwise the group's Spanish name and the id (the sandbox's own names). */
export function methodName(method: PaymentMethod & {demo: number}): string {
  if (method.group === 'card' && method.variant !== undefined && BRAND_NAMES[method.variant] !== undefined) return BRAND_NAMES[method.variant]!;
  return `${TEXT.es.methodGroups[method.group]} ${method.demo}`;
}

export interface Purchase {
  readonly id: string;
  readonly terminal: string;
  readonly lang: Lang;
  /** Posted without usuario: a portal sample, taken for the demo merchant. */
  readonly unsigned: boolean;
  /** Security values that were checked and matched. */
  readonly checked: readonly string[];
  readonly fields: Readonly<Record<string, string>>;
  readonly completed: boolean;
}

const c = (text: string) => `<code>${escapeHtml(text)}</code>`;
const filled = (fields: Readonly<Record<string, string>>, name: string) => (fields[name] ?? '').trim() !== '';

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.trim().toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The page's language: the form's lenguaje (ES, US; BR has no page of its own), else the browser's. */
function formLang(fields: Readonly<Record<string, string>>, acceptLanguage: string | undefined): Lang {
  const lenguaje = (fields.lenguaje ?? '').trim().toUpperCase();
  if (lenguaje === 'ES') return 'es';
  if (lenguaje === 'US') return 'en';
  return pickLang(undefined, acceptLanguage);
}

/**
 * The checks of the purchase page, in order; the first group that fails
 * refuses the form with every problem of that group named.
 *
 * - factura, valor and descripcionFactura must have a value; valor is an
 *   integer without dots or commas (spec §5).
 * - tipoDocumento, tipoMoneda, lenguaje, when sent, take the values of spec §3;
 *   metodoPago, when sent, is a demo payment method (spec §5 "Environments");
 *   periodo is 0 to 364 (spec §5).
 * - usuario: the demo merchant's, or empty. Empty is how the portal's samples
 *   post (the payment helper's user is empty by default, spec §7): the form is
 *   taken as a sample of the demo merchant, and its empty security values are
 *   not required. Any other usuario is unknown to the sandbox.
 * - checksum, tokenSeguridad, md5ValidacionValor: every one that arrives with
 *   a value is checked with the terminal key; one that arrives empty is refused
 *   when usuario is set (a form that carries tokenSeguridad, as the general
 *   payment does, must fill it). tokenSeguridad is accepted for the current
 *   minute in UTC-05:00 and TOKEN_TOLERANCE_MINUTES either side.
 */
export function checkForm(fields: Readonly<Record<string, string>>, merchant: DemoMerchant, now: number): {unsigned: boolean; checked: string[]} {
  const missing: string[] = MANDATORY.filter((name) => !filled(fields, name));
  if (!Object.prototype.hasOwnProperty.call(fields, 'usuario')) missing.unshift('usuario');
  if (missing.length > 0) {
    throw new PageRefusal(400, {
      es: missing.map((name) => `Falta la variable obligatoria ${c(name)}.`),
      en: missing.map((name) => `The mandatory variable ${c(name)} is missing.`),
    });
  }
  const es: string[] = [];
  const en: string[] = [];
  const bad = (name: string, value: string, esRule: string, enRule: string) => {
    es.push(`${c(name)} no es válida: ${esRule}. ${escapeHtml(TEXT.es.received)}: ${c(value)}.`);
    en.push(`${c(name)} is not valid: ${enRule}. ${escapeHtml(TEXT.en.received)}: ${c(value)}.`);
  };
  const valor = fields.valor!.trim();
  if (!/^\d{1,15}$/.test(valor)) bad('valor', valor, 'un entero sin puntos ni comas', 'an integer without dots or commas');
  const enumerated: [string, readonly string[]][] = [
    ['tipoDocumento', POST_DOCUMENT_TYPES],
    ['tipoMoneda', CURRENCIES],
    ['lenguaje', LANGUAGES],
  ];
  for (const [name, values] of enumerated) {
    if (filled(fields, name) && !values.includes(fields[name]!.trim())) bad(name, fields[name]!, `uno de ${values.join(', ')}`, `one of ${values.join(', ')}`);
  }
  if (filled(fields, 'metodoPago') && !DEMO_METHODS.some((m) => String(m.demo) === fields.metodoPago!.trim())) {
    bad('metodoPago', fields.metodoPago!, 'un medio de pago de prueba del ambiente demo', 'a test payment method of the demo environment');
  }
  if (filled(fields, 'periodo') && !(/^\d{1,3}$/.test(fields.periodo!.trim()) && Number(fields.periodo) <= 364)) {
    bad('periodo', fields.periodo!, 'de 0 a 364', 'from 0 to 364');
  }
  if (es.length > 0) throw new PageRefusal(400, {es, en});

  const usuario = (fields.usuario ?? '').trim();
  if (usuario !== '' && usuario !== merchant.usuario) {
    throw new PageRefusal(422, {
      es: [`${c('usuario')} desconocido: el entorno de pruebas solo conoce el comercio de demostración (${c(merchant.usuario)}). ${escapeHtml(TEXT.es.received)}: ${c(usuario)}.`],
      en: [`Unknown ${c('usuario')}: the sandbox knows only the demo merchant (${c(merchant.usuario)}). ${escapeHtml(TEXT.en.received)}: ${c(usuario)}.`],
    });
  }
  const unsigned = usuario === '';
  const checked: string[] = [];
  const present = (name: string) => Object.prototype.hasOwnProperty.call(fields, name);
  for (const name of ['checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const) {
    if (!present(name)) continue;
    const value = fields[name]!.trim();
    if (value === '') {
      if (unsigned) continue;
      throw new PageRefusal(422, {es: [`${c(name)} llegó vacía.`], en: [`${c(name)} arrived empty.`]});
    }
    if (name === 'checksum') {
      const expected = checksum(fields.factura!.trim(), valor, merchant.llave);
      if (!sameHex(value, expected)) {
        throw new PageRefusal(422, {
          es: [
            `${c('checksum')} no coincide: debe ser SHA-512(factura + valor + llave) = SHA-512(${c(fields.factura!.trim())} + ${c(valor)} + llave de la terminal). ${escapeHtml(TEXT.es.expected)}: ${c(expected)}. ${escapeHtml(TEXT.es.received)}: ${c(value)}. Con un checksum que no coincide la transacción no se procesa.`,
          ],
          en: [
            `${c('checksum')} does not match: it must be SHA-512(factura + valor + key) = SHA-512(${c(fields.factura!.trim())} + ${c(valor)} + terminal key). ${escapeHtml(TEXT.en.expected)}: ${c(expected)}. ${escapeHtml(TEXT.en.received)}: ${c(value)}. With a checksum mismatch the transaction is not processed.`,
          ],
        });
      }
    } else if (name === 'tokenSeguridad') {
      const minutes = Array.from({length: 2 * TOKEN_TOLERANCE_MINUTES + 1}, (_, i) => new Date(now + (i - TOKEN_TOLERANCE_MINUTES) * 60_000));
      if (!minutes.some((at) => sameHex(value, postSecurityToken(merchant.llave, at)))) {
        const from = hourMinuteUtcMinus5(minutes[0]!);
        const to = hourMinuteUtcMinus5(minutes[minutes.length - 1]!);
        const current = hourMinuteUtcMinus5(new Date(now));
        throw new PageRefusal(422, {
          es: [
            `${c('tokenSeguridad')} no coincide: debe ser MD5(llave + HH:mm en UTC-05:00) de un minuto entre ${c(from)} y ${c(to)} (ahora son las ${c(current)}; se aceptan ${TOKEN_TOLERANCE_MINUTES} minutos a cada lado). ${escapeHtml(TEXT.es.expected)} (${c(current)}): ${c(postSecurityToken(merchant.llave, new Date(now)))}. ${escapeHtml(TEXT.es.received)}: ${c(value)}.`,
          ],
          en: [
            `${c('tokenSeguridad')} does not match: it must be MD5(key + HH:mm in UTC-05:00) of a minute from ${c(from)} to ${c(to)} (it is ${c(current)} now; ${TOKEN_TOLERANCE_MINUTES} minutes either side are accepted). ${escapeHtml(TEXT.en.expected)} (${c(current)}): ${c(postSecurityToken(merchant.llave, new Date(now)))}. ${escapeHtml(TEXT.en.received)}: ${c(value)}.`,
          ],
        });
      }
    } else {
      const expected = amountValidation(merchant.llave, valor);
      if (!sameHex(value, expected)) {
        throw new PageRefusal(422, {
          es: [`${c('md5ValidacionValor')} no coincide: debe ser MD5(llave + valor) con valor ${c(valor)}. ${escapeHtml(TEXT.es.expected)}: ${c(expected)}. ${escapeHtml(TEXT.es.received)}: ${c(value)}.`],
          en: [`${c('md5ValidacionValor')} does not match: it must be MD5(key + valor) with valor ${c(valor)}. ${escapeHtml(TEXT.en.expected)}: ${c(expected)}. ${escapeHtml(TEXT.en.received)}: ${c(value)}.`],
        });
      }
    }
    checked.push(name);
  }
  return {unsigned, checked};
}

function renderPurchase(purchase: Purchase, defaults: {confirmation: string; returnUrl: string}): string {
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
    missingBuyer.length === 0
      ? ''
      : `<fieldset><legend>${escapeHtml(t.buyerMissing)}</legend><p class="hint">${escapeHtml(t.requested)}</p>${buyerInputs.join('\n')}</fieldset>`;

  const posted = (f.metodoPago ?? '').trim();
  const methods = DEMO_METHODS.map((m) => {
    const id = String(m.demo);
    const label = m.group === 'card' ? `${t.methodGroups.card}: ${methodName(m)} (${id})` : `${t.methodGroups[m.group]} (${id})`;
    return `<div class="choice"><input type="radio" id="m${id}" name="metodoPago" value="${id}" required${posted === id ? ' checked' : ''}> <label for="m${id}">${escapeHtml(label)}</label></div>`;
  });
  const outcomes = OUTCOMES.map(
    (o, i) => `<div class="choice"><input type="radio" id="r-${o}" name="resultado" value="${o}"${i === 0 ? ' checked' : ''}> <label for="r-${o}">${escapeHtml(t.outcomes[o])}</label></div>`,
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

interface PostForm {
  Body: Record<string, string>;
  Querystring: {lang?: 'es' | 'en'};
}
interface CompleteForm {
  Body: Record<string, string>;
  Params: {id: string};
}

const ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

function absoluteHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' ? url : null;
  } catch {
    return null;
  }
}

/** The inbox and the notifier every part of the sandbox that sends confirmations shares. */
export interface Notifications {
  readonly inbox: Inbox;
  readonly notifier: Notifier;
  readonly merchant: DemoMerchant;
}

/**
 * Makes the inbox (a bounded store of its own) and the notifier. The POST
 * channel makes them itself unless given them (`notifications`), so another
 * part (the REST flows) can share one pair: make it once in ./index.ts and
 * pass it to both.
 */
export function createNotifications(options: SandboxOptions & Pick<PostChannelOptions, 'notifier' | 'merchant'>): Notifications {
  const now = options.now ?? Date.now;
  const merchant = options.merchant ?? loadDemoMerchant();
  const inbox = createInbox(memoryStore(options.limits, now), merchant, options.portal.productName, now);
  const notifier = createNotifier({
    inbox,
    receiverUrl: `${options.siteUrl.replace(/\/+$/, '')}${SANDBOX_PATHS.receiver}`,
    allow: options.portal.sandboxNotifyAllow,
    local: runsLocally(options),
    now,
    ...options.notifier,
  });
  return {inbox, notifier, merchant};
}

export interface PostChannelOptions extends SandboxOptions {
  /** A shared inbox and notifier (createNotifications); made here when absent. */
  readonly notifications?: Notifications;
  /** Replaces the notifier's DNS resolution and limits (tests). */
  readonly notifier?: Partial<Pick<Parameters<typeof createNotifier>[0], 'resolve' | 'timeoutMs' | 'perMinute' | 'maxAnswerBytes' | 'maxBodyBytes'>>;
  /** The demo merchant (tests); read from the contracts otherwise. */
  readonly merchant?: DemoMerchant;
}

/** True when the portal runs locally: not production, or its own address is loopback. */
export function runsLocally(options: SandboxOptions): boolean {
  const host = new URL(options.siteUrl).hostname.replace(/^\[|\]$/g, '');
  return !options.portal.production || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export default async function postChannel(app: FastifyInstance, options: PostChannelOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const {inbox, notifier, merchant} = options.notifications ?? createNotifications(options);
  // A store of its own (not the shared transactions' state): purchases, bounded per terminal.
  const purchases = memoryStore<Purchase>(options.limits, now);
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const receiverUrl = notifier.receiverUrl;

  // Registered once per encapsulation chain: a parent (./index.ts) may already have it.
  if (!app.hasDecorator('rateLimit')) {
    await app.register(fastifyRateLimit, {global: false});
  }
  acceptForms(app);
  app.setErrorHandler(pageErrorHandler);

  const methodNotAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLang((request.query as {lang?: unknown}).lang, request.headers['accept-language']);
    const t = TEXT[lang];
    const page = layout({lang, title: t.refusedTitle, body: `<p>${escapeHtml(t.methodNotAllowed('POST'))}</p>`, notice: escapeHtml(t.notice), links: linksLine(lang)});
    return sendPage(reply.header('allow', 'POST'), 405, page);
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
      let result: {unsigned: boolean; checked: string[]};
      try {
        result = checkForm(fields, merchant, now());
      } catch (error) {
        if (error instanceof PageRefusal) throw new PageRefusal(error.status, error.items, lang);
        throw error;
      }
      const purchase: Purchase = {
        id: randomBytes(16).toString('base64url'),
        terminal: merchant.terminal,
        lang,
        unsigned: result.unsigned,
        checked: result.checked,
        fields,
        completed: false,
      };
      purchases.put(purchase.terminal, purchase.id, purchase);
      // The sandbox's own response page speaks the purchase's language.
      const returnUrl = `${siteUrl}${SANDBOX_PATHS.returnPage}?lang=${lang}`;
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
      const purchase = purchases.get(choice.terminal!, request.params.id);
      if (purchase === undefined) {
        throw new PageRefusal(404, {
          es: ['Esta compra no existe o ya expiró en el entorno de pruebas. Envíe el formulario de nuevo.'],
          en: ['This purchase does not exist or has expired in the sandbox. Send the form again.'],
        });
      }
      const lang = purchase.lang;
      const refuse = (status: number, es: string, en: string): never => {
        throw new PageRefusal(status, {es: [es], en: [en]}, lang);
      };
      if (purchase.completed) refuse(409, 'Esta compra ya se pagó; envíe el formulario de nuevo para otra prueba.', 'This purchase has already been paid; send the form again for another test.');
      const method = DEMO_METHODS.find((m) => String(m.demo) === choice.metodoPago!.trim());
      if (method === undefined) refuse(400, `${c('metodoPago')} no es un medio de pago de prueba.`, `${c('metodoPago')} is not a test payment method.`);
      const outcome = OUTCOMES.find((o) => o === choice.resultado);
      if (outcome === undefined) refuse(400, `${c('resultado')} debe ser ${OUTCOMES.join(', ')}.`, `${c('resultado')} must be ${OUTCOMES.join(', ')}.`);
      const returnUrl = absoluteHttpUrl(choice.urlRetorno!.trim());
      if (returnUrl === null) refuse(400, 'La URL de respuesta debe ser una URL http o https absoluta.', 'The response URL must be an absolute http or https URL.');
      const buyer: Record<string, string> = {};
      for (const name of [...BUYER_REQUIRED, ...BUYER_FIRST_READING]) {
        if (!filled(purchase.fields, name) && filled(choice, name)) buyer[name] = choice[name]!.trim();
      }
      const merged = {...purchase.fields, ...buyer};
      const stillMissing = BUYER_REQUIRED.filter((name) => !filled(merged, name));
      if (stillMissing.length > 0) {
        throw new PageRefusal(
          400,
          {es: stillMissing.map((n) => `Falta ${c(n)} del comprador.`), en: stillMissing.map((n) => `The buyer's ${c(n)} is missing.`)},
          lang,
        );
      }
      if (!(POST_DOCUMENT_TYPES as readonly string[]).includes(merged.tipoDocumento!.trim())) {
        refuse(400, `${c('tipoDocumento')} debe ser uno de ${POST_DOCUMENT_TYPES.join(', ')}.`, `${c('tipoDocumento')} must be one of ${POST_DOCUMENT_TYPES.join(', ')}.`);
      }
      // Paid once: a second submission of the same page is refused, even while this one is being delivered.
      purchases.put(purchase.terminal, purchase.id, {...purchase, fields: merged, completed: true});

      const m = method!;
      const o = outcome!;
      const isCard = m.group === 'card';
      // Approved: six digits. Rejected card: the rejected code of spec §4 (00 for Mastercard, 00000 otherwise). Else empty.
      const codigoAutorizacion = o === 'aprobada' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : o === 'rechazada' && isCard ? (m.variant === 'mastercard' ? '00' : '00000') : '';
      const factura = merged.factura!.trim();
      const valor = merged.valor!.trim();
      const firmaName = inbox.firmaName;
      const response: Record<string, string> = {
        codigoFactura: factura,
        valorFactura: valor,
        transaccionAprobada: APPROVAL[o],
        codigoAutorizacion,
        [firmaName]: responseSignature(merchant.llave, factura, valor, codigoAutorizacion),
        numeroTransaccion: String(randomInt(1_000_000_000, 10_000_000_000)),
        metodoPago: String(m.demo),
      };
      const confirmation: Record<string, string> = {...response, nombreMetodo: methodName(m)};
      for (let i = 1; i <= 9; i++) confirmation[`campoExtra${i}`] = merged[`campoExtra${i}`] ?? '';

      const target = (choice.urlConfirmacion ?? '').trim();
      const entry = await notifier.deliver({terminal: purchase.terminal, url: target === '' ? null : target, fields: confirmation, source: 'pagina-de-compra'});

      const t = TEXT[lang];
      const body = `<p class="banner ${o === 'aprobada' ? 'ok' : ''}">${escapeHtml(t.doneIntro(t.outcomes[o]))}</p>
<h2>${escapeHtml(t.confirmationSent)}</h2>
<p><strong>${escapeHtml(t.destination)}:</strong> <code>${escapeHtml(entry.destination)}</code></p>
<p class="banner ${entry.outcome.status === 'entregada' ? 'ok' : 'refused'}"><strong>${escapeHtml(t.result)}:</strong> ${escapeHtml(outcomeSentence(lang, entry.outcome))}</p>
<p>${escapeHtml(firmaSentence(lang, entry.firma, firmaName))}</p>
${fieldTable(confirmation, {name: t.variable, value: t.value})}
<h2>${escapeHtml(t.returnVariables)}</h2>
<form method="post" action="${escapeHtml(returnUrl!.href)}" accept-charset="utf-8">
${hiddenInputs(response)}
${fieldTable(response, {name: t.variable, value: t.value})}
<p class="hint">${escapeHtml(t.backHint)}</p>
<button type="submit">${escapeHtml(t.backToMerchant)}</button>
</form>`;
      return sendPage(reply, 200, layout({lang, title: t.doneTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)}), [returnUrl!.href]);
    },
  });

  app.post<PostForm>('/pagos/retorno', {
    schema: {body: FORM_BODY_SCHEMA, querystring: {type: 'object', properties: {lang: {type: 'string', enum: ['es', 'en']}}}},
    config: {rateLimit: {max: PAGE_RATE_LIMITS.purchase, timeWindow: 60_000}},
    handler: async (request, reply) => {
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      const t = TEXT[lang];
      const check = inbox.checkFirma(merchant.terminal, request.body);
      const body = `<p>${escapeHtml(t.returnIntro)}</p>
<p class="banner ${check === 'valida' ? 'ok' : 'refused'}">${escapeHtml(firmaSentence(lang, check, inbox.firmaName))}</p>
${fieldTable(request.body, {name: t.variable, value: t.value})}`;
      return sendPage(reply, 200, layout({lang, title: t.returnTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)}));
    },
  });

  inboxRoutes(app, {inbox, merchant, receiverUrl, receiverPerMinute: PAGE_RATE_LIMITS.receiver, inboxPerMinute: PAGE_RATE_LIMITS.inbox});
}
