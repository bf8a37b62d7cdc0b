/**
 * Result codes and states of the gateway's REST and SOAP operations.
 * The OpenAPI contracts under openapi/ carry the same values in their enums;
 * tests/contracts/data.test.ts checks that they agree with this module, and the
 * values page (/guias/valores) renders its tables from it.
 *
 * Codes are strings: the gateway sends every REST value as a string unless its contract says otherwise.
 */

export type PaymentOutcome = 'success' | 'rejected' | 'pending' | 'processing' | 'reversed' | 'unexpectedError' | 'questionValidation';

export interface ResultCode<M extends string = string> {
  readonly code: string;
  readonly meaning: M;
  /** A note that narrows where the code appears (e.g. "wallets" for 2). */
  readonly scope?: 'wallets';
}

/** CodigoRespuesta of payments: card, referenced and wallets. */
export const PAYMENT_RESPONSE_CODES: readonly ResultCode<PaymentOutcome>[] = [
  {code: '0', meaning: 'success'},
  {code: '1', meaning: 'rejected'},
  {code: '2', meaning: 'pending', scope: 'wallets'},
  {code: '3', meaning: 'processing'},
  {code: '4', meaning: 'reversed'},
  {code: '99', meaning: 'unexpectedError'},
];

/** The variant that one card documentation uses: 99 is question validation and 2 the unexpected error. */
export const CARD_VARIANT_RESPONSE_CODES: readonly ResultCode<PaymentOutcome>[] = [
  {code: '0', meaning: 'success'},
  {code: '1', meaning: 'rejected'},
  {code: '2', meaning: 'unexpectedError'},
  {code: '3', meaning: 'processing'},
  {code: '4', meaning: 'reversed'},
  {code: '99', meaning: 'questionValidation'},
];

/** estado of referenced and PSE payments. */
export const ESTADO_REFERENCED_PSE = ['PENDIENTE', 'RECHAZADA', 'FALLIDA'] as const;
/** estado of card payments (VALIDACION: the bank asks the buyer questions, see Cuestionario). */
export const ESTADO_CARD = ['OK', 'RECHAZADA', 'FALLIDA', 'VALIDACION'] as const;
export type EstadoValue = (typeof ESTADO_REFERENCED_PSE)[number] | (typeof ESTADO_CARD)[number];

export type OperationOutcome = 'success' | 'authenticationError' | 'noInformation' | 'created' | 'rejected' | 'unexpectedError' | 'unexpectedOrValidationError';

/**
 * Result codes of the other operations, keyed by the operation, with the
 * response field that carries them.
 */
export const OPERATION_RESULT_CODES = {
  '/autenticar': {
    field: 'codigoRespuesta',
    codes: [
      {code: '0', meaning: 'success'},
      {code: '1', meaning: 'authenticationError'},
      {code: '99', meaning: 'unexpectedError'},
    ],
  },
  '/consultarEstadoTransaccion': {
    field: 'codigoRespuesta',
    codes: [
      {code: '0', meaning: 'success'},
      {code: '1', meaning: 'noInformation'},
      {code: '99', meaning: 'unexpectedError'},
    ],
  },
  '/consultaInfoToken': {
    field: 'estado',
    codes: [
      {code: '0', meaning: 'success'},
      {code: '99', meaning: 'unexpectedOrValidationError'},
    ],
  },
  '/crearBotonPago': {
    field: 'estado',
    codes: [
      {code: '0', meaning: 'created'},
      {code: '99', meaning: 'unexpectedError'},
    ],
  },
  '/crearTokenTarjeta': {
    field: 'CodigoRespuesta',
    codes: [
      {code: '0', meaning: 'success'},
      {code: '1', meaning: 'rejected'},
      {code: '99', meaning: 'unexpectedError'},
    ],
  },
} as const satisfies Record<string, {readonly field: string; readonly codes: readonly ResultCode<OperationOutcome>[]}>;

export type OperationWithCodes = keyof typeof OPERATION_RESULT_CODES;

/** estado of delete, reverse and e-mail payment: "true" means done, "false" no change (or an error for e-mail). */
export const BOOLEAN_ESTADO_OPERATIONS = ['/eliminarRecurrenciaToken', '/reversarTransaccionTarjeta', '/enviarPagoCorreo'] as const;
export const BOOLEAN_ESTADO = ['true', 'false'] as const;

export type RejectedBrand = 'visa' | 'amex' | 'diners' | 'ownBrand' | 'si' | 'mastercard';

/** numeroAutorizacion of a rejected card transaction, by brand. */
export const REJECTED_AUTHORIZATION_CODES: readonly {readonly code: string; readonly brands: readonly RejectedBrand[]}[] = [
  {code: '00000', brands: ['visa', 'amex', 'diners', 'ownBrand', 'si']},
  {code: '00', brands: ['mastercard']},
];

/** The e-mail payment operation, at the path the portal chose for it (the gateway's own documentation does not give one). */
export const EMAIL_PAYMENT_OPERATION = '/enviarPagoCorreo';

/** Transactions per page of the reconciliation GET. */
export const RECONCILIATION_PAGE_SIZE = 10;

/** tipoBorrado of /eliminarRecurrenciaToken and the tipoDocumento it requires. */
export const DELETE_TYPES = [
  {code: '1', kind: 'recurrence'},
  {code: '0', kind: 'token'},
] as const;
export const DELETE_DOCUMENT_TYPE = '0';

/** Person type of PSE (campo3). */
export const PSE_PERSON_TYPES = [
  {code: '0', kind: 'natural'},
  {code: '1', kind: 'legal'},
] as const;

/** Limits of the payment button. */
export const BUTTON_LIMITS = {percentageMin: 1, percentageMax: 100} as const;
export const BUTTON_FIELD_DATA_TYPES = ['alfanumerico', 'numerico'] as const;
export const BUTTON_FIELD_KINDS = ['texto', 'seleccion'] as const;
