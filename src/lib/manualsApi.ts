/**
 * The contract of POST {utils base}/enviarManuales shared by the utils service
 * (server/validation.ts) and the screen (src/pages/enviomanuales): why the
 * server refused one entry of "correos" (the answer's "motivo").
 */
export type EntryReason =
  | 'NO_ES_TEXTO'
  | 'VACIO'
  | 'DEMASIADO_LARGO'
  | 'SALTO_DE_LINEA'
  | 'NOMBRE_VISIBLE'
  | 'CARACTER_NO_PERMITIDO'
  | 'FORMATO';
