/**
 * The contract of POST {utils base}/enviarManuales shared by the utils service
 * (server/manuals) and the screen (src/pages/enviomanuales): the operation's
 * path, and why the server refused one entry of "correos" (the answer's
 * "motivo").
 */

/** The operation's path under the utils base (UTILS_API_BASE). */
export const ENVIAR_MANUALES = 'enviarManuales';

export type EntryReason =
  | 'NO_ES_TEXTO'
  | 'VACIO'
  | 'DEMASIADO_LARGO'
  | 'SALTO_DE_LINEA'
  | 'NOMBRE_VISIBLE'
  | 'CARACTER_NO_PERMITIDO'
  | 'FORMATO';
