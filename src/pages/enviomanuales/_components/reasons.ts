/**
 * The screen's words for each answer of the utils service. Translation ids
 * stay literal at each call so that write-translations can extract them.
 */
import {translate} from '@docusaurus/Translate';
import type {DeliveryReason, EntryReason} from '@site/core/manualsApi';
import type {Failure} from './useSendManuals';

export function reasonText(reason: EntryReason | DeliveryReason): string {
  switch (reason) {
    case 'NO_ES_TEXTO':
      return translate({id: 'enviomanuales.reason.notText', message: 'no es texto', description: 'Why the server refused an entry of the address list: it is not a string'});
    case 'VACIO':
      return translate({id: 'enviomanuales.reason.blank', message: 'está en blanco', description: 'Why the server refused an entry: it is blank'});
    case 'DEMASIADO_LARGO':
      return translate({id: 'enviomanuales.reason.tooLong', message: 'tiene más de 254 caracteres', description: 'Why the server refused an address: longer than 254 characters'});
    case 'SALTO_DE_LINEA':
      return translate({id: 'enviomanuales.reason.lineBreak', message: 'tiene un salto de línea', description: 'Why the server refused an address: it contains a line break'});
    case 'NOMBRE_VISIBLE':
      return translate({
        id: 'enviomanuales.reason.displayName',
        message: 'lleva un nombre; escriba solo la dirección',
        description: 'Why the server refused an address: it has a display name such as "Ana <ana@x.co>"',
      });
    case 'CARACTER_NO_PERMITIDO':
      return translate({
        id: 'enviomanuales.reason.character',
        message: 'tiene comillas, comas o punto y coma; separe las direcciones solo con comas, una en cada entrada',
        description: 'Why the server refused an address: quotes, commas or semicolons',
      });
    case 'FORMATO':
      return translate({
        id: 'enviomanuales.reason.format',
        message: 'no es una dirección de correo válida',
        description: 'Why the server refused an address: not a valid e-mail address',
      });
    case 'ENVIO_RECHAZADO':
      return translate({
        id: 'enviomanuales.reason.refusedBySmtp',
        message: 'el servidor de correo la rechazó',
        description: 'Why a message was not delivered: the mail server refused the recipient',
      });
    case 'ENVIO_NO_POSIBLE':
      return translate({
        id: 'enviomanuales.reason.notDelivered',
        message: 'no se pudo entregar',
        description: 'Why a message was not delivered: the mail server could not be reached',
      });
    case 'TIEMPO_AGOTADO':
      return translate({
        id: 'enviomanuales.reason.timedOut',
        message: 'el servidor de correo no respondió a tiempo',
        description: 'Why a message was not delivered: the mail server did not answer before the request deadline',
      });
  }
}

/** One sentence saying what went wrong, for failures that are not about single entries. */
export function failureText(failure: Failure): string {
  switch (failure.kind) {
    case 'invalid':
      return translate({id: 'enviomanuales.failure.invalid', message: 'Corrija estos correos y vuelva a enviar:', description: 'Above the list of addresses the server refused'});
    case 'delivery':
      return translate({
        id: 'enviomanuales.failure.delivery',
        message: 'No se pudo enviar el manual a:',
        description: 'Above the list of addresses the manual could not be sent to',
      });
    case 'empty':
      return translate({id: 'enviomanuales.failure.empty', message: 'Escriba al menos un correo.', description: 'The list was sent empty'});
    case 'tooMany':
      return translate(
        {
          id: 'enviomanuales.failure.tooMany',
          message: 'Se admiten hasta {limit} correos distintos por envío; la lista tiene {count}.',
          description: 'Too many addresses in one request',
        },
        {limit: failure.limit, count: failure.count},
      );
    case 'expired':
      return translate({id: 'enviomanuales.failure.expired', message: 'La página caducó: recárguela e intente de nuevo.', description: 'The XSRF token was missing or wrong'});
    case 'rateLimited':
      return translate({
        id: 'enviomanuales.failure.rateLimited',
        message: 'Demasiados envíos seguidos: espere un minuto e intente de nuevo.',
        description: 'The rate limit answered 429',
      });
    case 'addressLimit':
      return translate(
        {
          id: 'enviomanuales.failure.addressLimit',
          message: 'Desde su conexión ya se pidieron manuales para {limit} correos en la última hora, el máximo: intente más tarde.',
          description: 'The form sends to at most {limit} recipients an hour from one client address',
        },
        {limit: failure.limit},
      );
    case 'recipientLimit':
      return translate(
        {
          id: 'enviomanuales.failure.recipientLimit',
          message: 'Estos correos ya recibieron {limit} manuales hoy, el máximo; quítelos de la lista o intente mañana: {recipients}',
          description: 'Some recipients already got the most manuals a day; {recipients} lists them',
        },
        {limit: failure.limit, recipients: failure.recipients.join(', ')},
      );
    case 'tooLarge':
      return translate({id: 'enviomanuales.failure.tooLarge', message: 'La lista es demasiado larga para un solo envío.', description: 'The request body was over the size limit'});
    case 'network':
      return translate({
        id: 'enviomanuales.failure.network',
        message: 'No hubo respuesta del servidor: revise la conexión e intente de nuevo.',
        description: 'The request did not reach the server',
      });
    case 'server':
      return translate(
        {
          id: 'enviomanuales.failure.server',
          message: 'El servidor respondió con un error ({status}); intente más tarde.',
          description: 'Any other error answer; {status} is the HTTP status',
        },
        {status: failure.status},
      );
  }
}
