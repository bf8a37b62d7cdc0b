/**
 * The contract of POST {utils base}/enviarManuales shared by the utils service
 * (server/manuals) and the screen (src/pages/enviomanuales): the operation's
 * path, why the server refused one entry of "correos" (the answer's
 * "motivo"), and why a message could not be delivered.
 */

/** The operation's path under the utils base (UTILS_API_BASE). */
export const ENVIAR_MANUALES = 'enviarManuales';

/**
 * The form is public: without bounds it would relay mail to anyone. At most `perAddressPerHour`
 * recipients an hour from one client address, and `perRecipientPerDay` manuals a day to one
 * recipient, whoever asks (429 LIMITE_DIRECCION / LIMITE_DESTINATARIO with Retry-After).
 */
export const MANUALS_SEND_LIMITS = {perAddressPerHour: 50, perRecipientPerDay: 3} as const;

export type EntryReason = 'NO_ES_TEXTO' | 'VACIO' | 'DEMASIADO_LARGO' | 'SALTO_DE_LINEA' | 'NOMBRE_VISIBLE' | 'CARACTER_NO_PERMITIDO' | 'FORMATO';

/**
 * Why one recipient did not get the message (a "fallidos" entry of 502
 * ENVIO_FALLIDO): the mail server refused it, could not be reached or
 * dropped the connection, or did not answer before the request's deadline.
 */
export type DeliveryReason = 'ENVIO_RECHAZADO' | 'ENVIO_NO_POSIBLE' | 'TIEMPO_AGOTADO';
