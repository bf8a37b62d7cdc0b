/**
 * The verifier of a return or confirmation POST (the response variables of
 * /vpost/integracion?tab=sonda): reads its body, urlencoded or JSON, checks its
 * firma{product} with ./signatures.ts, and then what the signature does not
 * cover (checkConfirmation: the status against the signed authorization code,
 * the merchant's own order, forward-only changes), the recipe of
 * /vpost/integracion?tab=sonda. Pure functions shared by the signature
 * workbench (src/components/SignatureWorkbench, which only shows their
 * answers) and the assistants' verify_confirmation tool (server/mcp); the
 * handlers of samples/<language>/ apply the same rules, which
 * tests/samples/postChannel.test.ts holds them to.
 */
import {TRANSACTION_APPROVED_CODES, type ApprovalMeaning} from './data/enumerations';
import {REJECTED_AUTHORIZATION_CODES} from './data/resultCodes';
import {responseSignature} from './signatures';

/** The variables of the confirmation that enter firma{product}, in the order they are concatenated after the key. */
export const SIGNED_FIELDS = ['codigoFactura', 'valorFactura', 'codigoAutorizacion'] as const;

export type ParseError =
  | {readonly kind: 'empty'}
  | {readonly kind: 'badJson'; readonly detail: string}
  | {readonly kind: 'notAnObject'}
  | {readonly kind: 'notUrlencoded'}
  | {readonly kind: 'duplicateField'; readonly name: string};

export type ParseResult =
  {readonly ok: true; readonly format: 'json' | 'urlencoded'; readonly fields: ReadonlyMap<string, string>} | {readonly ok: false; readonly error: ParseError};

/**
 * Parses a POST body. JSON when it starts with "{"; otherwise
 * application/x-www-form-urlencoded, with pairs separated by "&" or by line
 * breaks (a body copied from a log often wraps). A field given twice is an
 * error, not a silent choice of one value.
 */
export function parseConfirmation(body: string): ParseResult {
  const text = body.trim();
  if (text === '') {
    return {ok: false, error: {kind: 'empty'}};
  }
  const fields = new Map<string, string>();
  if (text.startsWith('{') || text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return {ok: false, error: {kind: 'badJson', detail: error instanceof Error ? error.message : String(error)}};
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return {ok: false, error: {kind: 'notAnObject'}};
    }
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      // Strings as they came; numbers and booleans as JSON writes them. Objects and null carry no signed value.
      if (typeof value === 'string') fields.set(name, value);
      else if (typeof value === 'number' || typeof value === 'boolean') fields.set(name, String(value));
    }
    return {ok: true, format: 'json', fields};
  }
  const pairs = text
    .split(/&|\r?\n/)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  if (pairs.length === 0 || pairs.some((pair) => !pair.includes('='))) {
    return {ok: false, error: {kind: 'notUrlencoded'}};
  }
  for (const pair of pairs) {
    const [[name, value] = ['', '']] = new URLSearchParams(pair);
    if (name === '') {
      return {ok: false, error: {kind: 'notUrlencoded'}};
    }
    if (fields.has(name)) {
      return {ok: false, error: {kind: 'duplicateField', name}};
    }
    fields.set(name, value);
  }
  return {ok: true, format: 'urlencoded', fields};
}

export type VerifyError =
  {readonly kind: 'emptyKey'} | {readonly kind: 'noSignature'; readonly expectedName: string} | {readonly kind: 'missingFields'; readonly names: readonly string[]};

export interface Verification {
  readonly valid: boolean;
  /** The name of the signature field read: firma{product}, or another firma… field when that one is absent. */
  readonly signatureField: string;
  readonly received: string;
  readonly expected: string;
  /** The inputs in the order they were concatenated, the key first. */
  readonly inputs: readonly {readonly name: string; readonly value: string}[];
  readonly concatenated: string;
}

export type VerifyResult = {readonly ok: true; readonly verification: Verification} | {readonly ok: false; readonly error: VerifyError};

/**
 * Recomputes firma{product} from the confirmation's fields and the key. The
 * received signature is compared without regard to letter case (a hexadecimal
 * digest means the same in capitals) and without surrounding spaces.
 */
export function verifyConfirmation(fields: ReadonlyMap<string, string>, key: string, productName: string): VerifyResult {
  if (key === '') {
    return {ok: false, error: {kind: 'emptyKey'}};
  }
  const expectedName = `firma${productName}`;
  const signatureField = fields.has(expectedName) ? expectedName : [...fields.keys()].find((name) => /^firma/i.test(name));
  if (signatureField === undefined) {
    return {ok: false, error: {kind: 'noSignature', expectedName}};
  }
  const missing = SIGNED_FIELDS.filter((name) => !fields.has(name));
  if (missing.length > 0) {
    return {ok: false, error: {kind: 'missingFields', names: missing}};
  }
  const [codigoFactura, valorFactura, codigoAutorizacion] = SIGNED_FIELDS.map((name) => fields.get(name) ?? '') as [string, string, string];
  const expected = responseSignature(key, codigoFactura, valorFactura, codigoAutorizacion);
  const received = fields.get(signatureField) ?? '';
  return {
    ok: true,
    verification: {
      valid: received.trim().toLowerCase() === expected,
      signatureField,
      received,
      expected,
      inputs: [
        {name: 'llave', value: key},
        {name: 'codigoFactura', value: codigoFactura},
        {name: 'valorFactura', value: valorFactura},
        {name: 'codigoAutorizacion', value: codigoAutorizacion},
      ],
      concatenated: `${key}${codigoFactura}${valorFactura}${codigoAutorizacion}`,
    },
  };
}

// --- Whether to believe it: the rest of the page's recipe (/vpost/integracion?tab=sonda#confirmación-segura) ---

/**
 * What transaccionAprobada says, by meaning (core/data/enumerations.ts). The
 * signature does not bind it: only the signed codigoAutorizacion tells a real
 * approval from an edited one.
 */
export type ConfirmationStatus = ApprovalMeaning;

/**
 * Where an order may go from each state as confirmations arrive: forward
 * only. An order starts pending. Approved can only be reversed; rejected,
 * aborted and reversed are final (factura is unique per purchase, so a new
 * attempt is a new invoice). A reversed confirmation may carry the approved
 * payment's code, so once reversed nothing makes the order approved again.
 */
export const ALLOWED_CHANGES: Readonly<Record<ConfirmationStatus, readonly ConfirmationStatus[]>> = {
  pending: ['successful', 'rejected', 'aborted', 'reversed'],
  successful: ['reversed'],
  rejected: [],
  aborted: [],
  reversed: [],
};

/**
 * Whether a codigoAutorizacion authorizes anything: not empty (pending,
 * aborted, rejected without a card) and not the rejected code of a card
 * (00000, or 00 for Mastercard; core/data/resultCodes.ts).
 */
export function authorizes(codigoAutorizacion: string): boolean {
  const code = codigoAutorizacion.trim();
  return code !== '' && !REJECTED_AUTHORIZATION_CODES.some((rejected) => rejected.code === code);
}

/** An order of the merchant's own records: what it sent in factura and valor, and the state it is in (pending when absent). */
export interface StoredOrder {
  readonly factura: string;
  readonly valor: string;
  readonly estado?: ConfirmationStatus;
}

export type ConfirmationProblem =
  | {readonly kind: 'badSignature'}
  | {readonly kind: 'noStatus'}
  | {readonly kind: 'unknownStatus'; readonly value: string}
  /** transaccionAprobada 1 with a code that authorizes nothing: a rejected, pending or aborted confirmation edited to approved. */
  | {readonly kind: 'approvedWithoutAuthorization'; readonly code: string}
  /** pending, rejected or aborted with a real authorization code: an approved confirmation edited. */
  | {readonly kind: 'authorizationWithoutApproval'; readonly status: ConfirmationStatus; readonly code: string}
  | {readonly kind: 'otherInvoice'; readonly received: string; readonly stored: string}
  | {readonly kind: 'otherAmount'; readonly received: string; readonly stored: string}
  /** A change the order cannot make (ALLOWED_CHANGES): a replay or an old confirmation. */
  | {readonly kind: 'backwards'; readonly from: ConfirmationStatus; readonly to: ConfirmationStatus};

export interface ConfirmationCheck {
  readonly verification: Verification;
  /** What transaccionAprobada says, when it is one of the five values. */
  readonly status: ConfirmationStatus | null;
  /** Every reason not to believe it or not to apply it; empty when it can be applied. */
  readonly problems: readonly ConfirmationProblem[];
  /** Whether codigoFactura and valorFactura were compared with a stored order. */
  readonly orderChecked: boolean;
  /** The same status the order already has: acknowledge it, apply nothing (a resend). */
  readonly repeated: boolean;
  /** Deliver now: no problem, approved, compared with the stored order, and not already approved. */
  readonly deliver: boolean;
}

export type CheckResult = {readonly ok: true; readonly check: ConfirmationCheck} | {readonly ok: false; readonly error: VerifyError};

const STATUS_BY_CODE: ReadonlyMap<string, ConfirmationStatus> = new Map(TRANSACTION_APPROVED_CODES.map((c) => [String(c.code), c.meaning]));

/**
 * The whole check of the page's recipe, on a parsed confirmation: the
 * signature; transaccionAprobada against the signed codigoAutorizacion (the
 * signature does not cover the status); codigoFactura and valorFactura against
 * the merchant's stored order, as text (the signature concatenates its parts
 * without a separator, so digits can move between them); and, when the order's
 * state is known, only a forward change. Without `order` the answer can say
 * the confirmation is believable, never that the goods can go.
 */
/**
 * What transaccionAprobada says, and why it cannot be believed when it contradicts the signed
 * authorization code (an approval without a real code, or a real code without an approval): the
 * part of the recipe that needs no key and no order.
 */
export function statusOf(fields: ReadonlyMap<string, string>): {readonly status: ConfirmationStatus | null; readonly problem: ConfirmationProblem | null} {
  const code = fields.get('codigoAutorizacion') ?? '';
  const statusText = fields.get('transaccionAprobada');
  const status = statusText === undefined ? null : (STATUS_BY_CODE.get(statusText.trim()) ?? null);
  if (statusText === undefined) return {status, problem: {kind: 'noStatus'}};
  if (status === null) return {status, problem: {kind: 'unknownStatus', value: statusText}};
  if (status === 'successful' && !authorizes(code)) return {status, problem: {kind: 'approvedWithoutAuthorization', code}};
  if ((status === 'pending' || status === 'rejected' || status === 'aborted') && authorizes(code)) {
    return {status, problem: {kind: 'authorizationWithoutApproval', status, code}};
  }
  return {status, problem: null};
}

export function checkConfirmation(fields: ReadonlyMap<string, string>, key: string, productName: string, order?: StoredOrder): CheckResult {
  const verified = verifyConfirmation(fields, key, productName);
  if (!verified.ok) return verified;
  const {verification} = verified;
  const problems: ConfirmationProblem[] = [];
  if (!verification.valid) problems.push({kind: 'badSignature'});

  const {status, problem} = statusOf(fields);
  if (problem !== null) problems.push(problem);

  let repeated = false;
  if (order !== undefined) {
    const invoice = (fields.get('codigoFactura') ?? '').trim();
    const amount = (fields.get('valorFactura') ?? '').trim();
    if (invoice !== order.factura.trim()) problems.push({kind: 'otherInvoice', received: invoice, stored: order.factura.trim()});
    if (amount !== order.valor.trim()) problems.push({kind: 'otherAmount', received: amount, stored: order.valor.trim()});
    const from = order.estado ?? 'pending';
    if (status !== null && status === from) repeated = true;
    else if (status !== null && !ALLOWED_CHANGES[from].includes(status)) problems.push({kind: 'backwards', from, to: status});
  }
  return {
    ok: true,
    check: {
      verification,
      status,
      problems,
      orderChecked: order !== undefined,
      repeated,
      deliver: problems.length === 0 && order !== undefined && status === 'successful' && !repeated,
    },
  };
}
