/**
 * The rules of the hosted purchase page, as the POST channel's guide states them
 * (docs/vpost/integracion.mdx, docs/vpost/informacion.mdx), pure: no HTTP, no
 * store. ../routes/purchase.ts applies them; their refusals carry the
 * sentences of the pages' text topic (../words.ts), said in the page's
 * language when the refusal is sent.
 */
import {randomInt, timingSafeEqual} from 'node:crypto';
import {CURRENCIES, LANGUAGES, POST_DOCUMENT_TYPES, TRANSACTION_APPROVED_CODES} from '../../../core/data/enumerations';
import {PAYMENT_METHODS, paymentMethodById, type PaymentMethod} from '../../../core/data/paymentMethods';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {amountValidation, checksum, hourMinuteUtcMinus5, postSecurityToken, responseSignature} from '../../../core/signatures';
import type {Merchant} from '../merchants/merchants';
import {pageMessage as m, pageText, type PageMessage} from '../words';
import {PageRefusal, type RefusalItem} from './refusal';
import {negotiateLocale, type Locale} from '../../../core/locale';

/** tokenSeguridad is accepted for the current minute in UTC-05:00 and this many minutes either side. */
export const TOKEN_TOLERANCE_MINUTES = SANDBOX_RULES.tokenToleranceMinutes;

/** The mandatory variables of the POST form that the page refuses without (usuario may be empty: see checkForm). */
const MANDATORY = ['factura', 'valor', 'descripcionFactura'] as const;
/** The buyer variables: the five both readings of the POST form's table call mandatory, then the two only the first does. */
export const BUYER_REQUIRED = ['tipoDocumento', 'documentoComprador', 'nombreComprador', 'apellidoComprador', 'correoComprador'] as const;
export const BUYER_FIRST_READING = ['celularComprador', 'direccionComprador'] as const;

export const OUTCOMES = ['aprobada', 'pendiente', 'rechazada', 'abortada'] as const;
export type Outcome = (typeof OUTCOMES)[number];

function code(meaning: (typeof TRANSACTION_APPROVED_CODES)[number]['meaning']): string {
  return String(TRANSACTION_APPROVED_CODES.find((c) => c.meaning === meaning)!.code);
}
/** transaccionAprobada of each outcome (core/data/enumerations.ts). */
export const APPROVAL: Readonly<Record<Outcome, string>> = {
  aprobada: code('successful'),
  pendiente: code('pending'),
  rechazada: code('rejected'),
  abortada: code('aborted'),
};

/** The payment methods of the demo environment (tests use the test methods: docs/vpost/informacion.mdx). */
const hasDemoId = (m: PaymentMethod | undefined): m is PaymentMethod & {demo: number} => m !== undefined && m.demo !== null;
export const DEMO_METHODS: readonly (PaymentMethod & {demo: number})[] = PAYMENT_METHODS.filter(hasDemoId);

const BRAND_NAMES: Record<string, string> = {visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', diners: 'Diners Club'};

/** nombreMetodo: the brand for cards, otherwise the group's Spanish name and the id (the sandbox's own names). */
export function methodName(method: PaymentMethod & {demo: number}): string {
  if (method.group === 'card' && method.variant !== undefined && BRAND_NAMES[method.variant] !== undefined) return BRAND_NAMES[method.variant]!;
  return `${pageText('es').text(`methodGroups.${method.group}`)} ${method.demo}`;
}

export const filled = (fields: Readonly<Record<string, string>>, name: string): boolean => (fields[name] ?? '').trim() !== '';

/** A refusal: each problem one sentence or several said in a row. */
export const refuse = (status: number, items: readonly (PageMessage | RefusalItem)[], lang?: Locale): PageRefusal =>
  new PageRefusal(
    status,
    items.map((item) => ('id' in item ? [item] : item)),
    lang,
  );

/**
 * A refusal whose sentence names a value computed with the merchant's key: with `expected` on the
 * page only when the key is public (the demo merchant's); otherwise the page says where the value
 * is, and only the merchant's own request log keeps the sentence with it.
 */
const refuseKeyed = (keyIsPublic: boolean, sentence: (expected: PageMessage) => RefusalItem, expected: PageMessage): PageRefusal =>
  keyIsPublic ? refuse(422, [sentence(expected)]) : new PageRefusal(422, [sentence(m('refusals.expectedPrivate'))], undefined, [sentence(expected)]);

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.trim().toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The page's language: the form's lenguaje (ES, US; BR has no page of its own), else the browser's. */
export function formLang(fields: Readonly<Record<string, string>>, acceptLanguage: string | undefined): Locale {
  const lenguaje = (fields.lenguaje ?? '').trim().toUpperCase();
  if (lenguaje === 'ES') return 'es';
  if (lenguaje === 'US') return 'en';
  return negotiateLocale(undefined, acceptLanguage);
}

/** The form's variables, checked before any merchant is looked up. */
export function checkVariables(fields: Readonly<Record<string, string>>): void {
  const missing: string[] = MANDATORY.filter((name) => !filled(fields, name));
  if (!Object.prototype.hasOwnProperty.call(fields, 'usuario')) missing.unshift('usuario');
  if (missing.length > 0)
    throw refuse(
      400,
      missing.map((name) => m('refusals.missingMandatory', {name})),
    );
  const problems: PageMessage[] = [];
  const bad = (name: string, value: string, rule: PageMessage) => problems.push(m('refusals.invalid', {name, value, rule}));
  const valor = fields.valor!.trim();
  if (!/^\d{1,15}$/.test(valor)) bad('valor', valor, m('refusals.rules.integer'));
  const enumerated: [string, readonly string[]][] = [
    ['tipoDocumento', POST_DOCUMENT_TYPES],
    ['tipoMoneda', CURRENCIES],
    ['lenguaje', LANGUAGES],
  ];
  for (const [name, values] of enumerated) {
    if (filled(fields, name) && !values.includes(fields[name]!.trim())) bad(name, fields[name]!, m('refusals.rules.oneOf', {values: values.join(', ')}));
  }
  if (filled(fields, 'metodoPago') && paymentMethodById(fields.metodoPago!.trim(), 'demo') === undefined) {
    bad('metodoPago', fields.metodoPago!, m('refusals.rules.demoMethod'));
  }
  if (filled(fields, 'periodo') && !(/^\d{1,3}$/.test(fields.periodo!.trim()) && Number(fields.periodo) <= 364)) {
    bad('periodo', fields.periodo!, m('refusals.rules.period'));
  }
  if (problems.length > 0) throw refuse(400, problems);
}

/**
 * The checks of the purchase page, in order; the first group that fails
 * refuses the form with every problem of that group named.
 *
 * - factura, valor and descripcionFactura must have a value; valor is an
 *   integer without dots or commas.
 * - tipoDocumento, tipoMoneda, lenguaje, when sent, take the values of core/data/enumerations.ts;
 *   metodoPago, when sent, is a demo payment method;
 *   periodo is 0 to 364.
 * - usuario: a merchant the sandbox knows (the demo merchant or an issued
 *   one: `merchant`), or empty. Empty is how the portal's samples post (the
 *   payment helper's user is empty by default): the form is taken as
 *   a sample of the demo merchant, and its empty security values are not
 *   required. Any other usuario is unknown to the sandbox.
 * - checksum, tokenSeguridad, md5ValidacionValor: every one that arrives with
 *   a value is checked with the merchant's terminal key; one that arrives
 *   empty is refused when usuario is set (a form that carries tokenSeguridad,
 *   as the general payment does, must fill it). tokenSeguridad is accepted for
 *   the current minute in UTC-05:00 and TOKEN_TOLERANCE_MINUTES either side.
 * - A form that names an issued test merchant must carry at least one of them
 *   (the sandbox's rule: nobody pays here, so an unsigned form would let anyone
 *   make payments, with signed confirmations, in that merchant's name). A
 *   refusal shows the expected value only when the key is public (the demo
 *   merchant's); the merchant's own request log keeps it for its owner.
 */
export function checkForm(
  fields: Readonly<Record<string, string>>,
  merchant: Merchant | undefined,
  demo: Merchant,
  now: number,
): {unsigned: boolean; checked: string[]; merchant: Merchant} {
  checkVariables(fields);
  const valor = fields.valor!.trim();
  const usuario = (fields.usuario ?? '').trim();
  if (usuario !== '' && merchant === undefined) throw refuse(422, [m('refusals.unknownUser', {usuario, demo: demo.usuario})]);
  const unsigned = usuario === '';
  const signer = unsigned ? demo : merchant!;
  const checked: string[] = [];
  const present = (name: string) => Object.prototype.hasOwnProperty.call(fields, name);
  for (const name of ['checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const) {
    if (!present(name)) continue;
    const value = fields[name]!.trim();
    if (value === '') {
      if (unsigned) continue;
      throw refuse(422, [m('refusals.arrivedEmpty', {name})]);
    }
    if (name === 'checksum') {
      const expected = checksum(fields.factura!.trim(), valor, signer.llave);
      const sentence = (e: PageMessage): RefusalItem => [
        m('refusals.checksum', {factura: fields.factura!.trim(), valor}),
        e,
        m('refusals.received', {received: value}),
        m('refusals.checksumNotProcessed'),
      ];
      if (!sameHex(value, expected)) throw refuseKeyed(signer.publico, sentence, m('refusals.expected', {expected}));
    } else if (name === 'tokenSeguridad') {
      const minutes = Array.from({length: 2 * TOKEN_TOLERANCE_MINUTES + 1}, (_, i) => new Date(now + (i - TOKEN_TOLERANCE_MINUTES) * 60_000));
      if (!minutes.some((at) => sameHex(value, postSecurityToken(signer.llave, at)))) {
        const from = hourMinuteUtcMinus5(minutes[0]!);
        const to = hourMinuteUtcMinus5(minutes[minutes.length - 1]!);
        const current = hourMinuteUtcMinus5(new Date(now));
        const expected = postSecurityToken(signer.llave, new Date(now));
        const sentence = (e: PageMessage): RefusalItem => [
          m('refusals.securityToken', {from, to, current, tolerance: TOKEN_TOLERANCE_MINUTES}),
          e,
          m('refusals.received', {received: value}),
        ];
        throw refuseKeyed(signer.publico, sentence, m('refusals.expectedAt', {at: current, expected}));
      }
    } else {
      const expected = amountValidation(signer.llave, valor);
      const sentence = (e: PageMessage): RefusalItem => [m('refusals.amountValidation', {valor}), e, m('refusals.received', {received: value})];
      if (!sameHex(value, expected)) throw refuseKeyed(signer.publico, sentence, m('refusals.expected', {expected}));
    }
    checked.push(name);
  }
  if (!signer.publico && checked.length === 0) throw refuse(422, [m('refusals.securityRequired')]);
  return {unsigned, checked, merchant: signer};
}

/** The buyer's choice on the purchase page, checked: method, outcome, return URL, buyer variables. */
export function checkChoice(
  purchaseFields: Readonly<Record<string, string>>,
  choice: Readonly<Record<string, string>>,
  lang: Locale,
): {method: PaymentMethod & {demo: number}; outcome: Outcome; returnUrl: URL; fields: Record<string, string>} {
  const method = paymentMethodById((choice.metodoPago ?? '').trim(), 'demo');
  if (!hasDemoId(method)) throw refuse(400, [m('refusals.notTestMethod')], lang);
  const outcome = OUTCOMES.find((o) => o === choice.resultado);
  if (outcome === undefined) throw refuse(400, [m('refusals.outcomeOneOf', {values: OUTCOMES.join(', ')})], lang);
  const returnUrl = absoluteHttpUrl((choice.urlRetorno ?? '').trim());
  if (returnUrl === null) throw refuse(400, [m('refusals.returnUrl')], lang);
  const buyer: Record<string, string> = {};
  for (const name of [...BUYER_REQUIRED, ...BUYER_FIRST_READING]) {
    if (!filled(purchaseFields, name) && filled(choice, name)) buyer[name] = choice[name]!.trim();
  }
  const fields = {...purchaseFields, ...buyer};
  const stillMissing = BUYER_REQUIRED.filter((name) => !filled(fields, name));
  if (stillMissing.length > 0)
    throw refuse(
      400,
      stillMissing.map((name) => m('refusals.buyerMissing', {name})),
      lang,
    );
  if (!(POST_DOCUMENT_TYPES as readonly string[]).includes(fields.tipoDocumento!.trim()))
    throw refuse(400, [m('refusals.documentType', {values: POST_DOCUMENT_TYPES.join(', ')})], lang);
  return {method, outcome, returnUrl, fields};
}

export function absoluteHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' ? url : null;
  } catch {
    return null;
  }
}

/**
 * codigoAutorizacion of an outcome: approved, six digits; a rejected card,
 * the rejected code of core/data/resultCodes.ts (00 for Mastercard, 00000 otherwise); else empty.
 */
export function authorizationCode(outcome: Outcome | 'aprobada' | 'rechazada', method: PaymentMethod): string {
  if (outcome === 'aprobada') return String(randomInt(0, 1_000_000)).padStart(6, '0');
  if (outcome === 'rechazada' && method.group === 'card') return method.variant === 'mastercard' ? '00' : '00000';
  return '';
}

/** The response variables (to the return URL) and the confirmation (to the confirmation URL), signed with the merchant's key. */
export function purchaseResponse(input: {
  readonly fields: Readonly<Record<string, string>>;
  readonly approval: string;
  readonly codigoAutorizacion: string;
  readonly numeroTransaccion: string;
  readonly method: PaymentMethod & {demo: number};
  readonly llave: string;
  readonly firmaName: string;
}): {response: Record<string, string>; confirmation: Record<string, string>} {
  const factura = input.fields.factura!.trim();
  const valor = input.fields.valor!.trim();
  const response: Record<string, string> = {
    codigoFactura: factura,
    valorFactura: valor,
    transaccionAprobada: input.approval,
    codigoAutorizacion: input.codigoAutorizacion,
    [input.firmaName]: responseSignature(input.llave, factura, valor, input.codigoAutorizacion),
    numeroTransaccion: input.numeroTransaccion,
    metodoPago: String(input.method.demo),
  };
  const confirmation: Record<string, string> = {...response, nombreMetodo: methodName(input.method)};
  for (let i = 1; i <= 9; i++) confirmation[`campoExtra${i}`] = input.fields[`campoExtra${i}`] ?? '';
  return {response, confirmation};
}

/**
 * A confirmation re-signed for a settled payment: the same variables with
 * transaccionAprobada, codigoAutorizacion and firma{product} of the new state.
 */
export function resignedConfirmation(
  fields: Readonly<Record<string, string>>,
  change: {approval: string; codigoAutorizacion: string; llave: string; firmaName: string},
): Record<string, string> {
  const out: Record<string, string> = {...fields, transaccionAprobada: change.approval, codigoAutorizacion: change.codigoAutorizacion};
  out[change.firmaName] = responseSignature(change.llave, out.codigoFactura ?? '', out.valorFactura ?? '', change.codigoAutorizacion);
  return out;
}
