/** The gateway's enumerations and the POST channel's defaults (/guias/valores, /vpost/integracion). */

export const CURRENCIES = ['COP', 'USD', 'EUR', 'GTQ'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The REST documentation lists only these. */
export const REST_CURRENCIES: readonly Currency[] = ['COP', 'USD', 'EUR'];

export const LANGUAGES = ['ES', 'US', 'BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** tipoDocumento of the POST form. */
export const POST_DOCUMENT_TYPES = ['CC', 'CE', 'NIT', 'PAS', 'Otro'] as const;
export type PostDocumentType = (typeof POST_DOCUMENT_TYPES)[number];

/** Codes of Extra9 (older variant) and tipoDocumento (REST). */
export const DOCUMENT_TYPE_CODES = [
  {code: 1, kind: 'citizenId'},
  {code: 2, kind: 'nit'},
  {code: 3, kind: 'foreignId'},
  {code: 4, kind: 'identityCard'},
  {code: 5, kind: 'passport'},
] as const;
export type DocumentKind = (typeof DOCUMENT_TYPE_CODES)[number]['kind'];

/** transaccionAprobada of the return and confirmation responses. */
export const TRANSACTION_APPROVED_CODES = [
  {code: 1, meaning: 'successful', confirmationOnly: false},
  {code: 0, meaning: 'pending', confirmationOnly: false},
  {code: -1, meaning: 'rejected', confirmationOnly: false},
  {code: 2, meaning: 'aborted', confirmationOnly: false},
  {code: 3, meaning: 'reversed', confirmationOnly: true},
] as const;
export type ApprovalMeaning = (typeof TRANSACTION_APPROVED_CODES)[number]['meaning'];

export const DEFAULTS = {tipoMoneda: 'COP', lenguaje: 'ES', ocultarValorCOP: false} as const;

/** Test cards: every demo card expires 2027-12 with CVC 123. */
export const TEST_CARD = {expiryYear: '2027', expiryMonth: '12', cvc: '123'} as const;

/** Recurrence period (periodo / campo6): 0 creates a token, 1..364 is days. */
export const PERIOD = {token: 0, min: 1, max: 364} as const;

export const TIME_ZONE_OFFSET = '-05:00';
