/**
 * The verifier of a return or confirmation POST (spec §3 "Return and
 * confirmation responses"): reads its body, urlencoded or JSON, and checks its
 * firma{product} with ./signatures.ts. Pure functions shared by the signature
 * workbench (src/components/SignatureWorkbench, which only shows their
 * answers) and the assistants' verify_confirmation tool (server/mcp).
 */
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
