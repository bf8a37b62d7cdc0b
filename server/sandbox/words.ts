/**
 * The sandbox's words in the reader's language. Its pages' sentences are the
 * topic `sandboxPages`, its refusals in JSON and SOAP the topic
 * `sandboxErrors`: Spanish in core/data/labels/<topic>.json, English in
 * i18n/en/portal-labels/<topic>.json (../texts.ts). The rules themselves
 * are explained on the rules page (src/pages/sandbox/index.mdx). What is left
 * here: the links every page ends with, and the JSON API's error body.
 */
import {SANDBOX_PAGES, SANDBOX_RULES} from '../../core/data/sandbox';
import type {TextValues} from '../../core/texts';
import {textsOf, type Message, type TextId, type Texts} from '../texts';
import {SANDBOX_BASE} from '../../core/config';
import type {Locale} from '../../core/locale';

export type PageTexts = Texts<'sandboxPages'>;
export type ErrorTexts = Texts<'sandboxErrors'>;
/** A sentence of the pages, said once the page's language is known. */
export type PageMessage = Message<'sandboxPages'>;
/** A refusal's sentence in JSON or SOAP, said once the caller's language is known. */
export type ErrorMessage = Message<'sandboxErrors'>;

/** The sandbox's rules page (src/pages/sandbox/index.mdx) in `lang`. */
export const rulesPage = (lang: Locale): string => (lang === 'en' ? `/en${SANDBOX_BASE}` : SANDBOX_BASE);

/** The pages' words in `lang`. */
export const pageText = (lang: Locale): PageTexts => textsOf('sandboxPages', lang);
/** The refusals' words in `lang`. */
export const errorText = (lang: Locale): ErrorTexts => textsOf('sandboxErrors', lang);

/** A page sentence to say later. */
export const pageMessage = (id: TextId<'sandboxPages'>, values?: PageMessage['values']): PageMessage => (values === undefined ? {id} : {id, values});
/** A refusal to say later. */
export const errorMessage = (id: TextId<'sandboxErrors'>, values?: ErrorMessage['values']): ErrorMessage => (values === undefined ? {id} : {id, values});

export type DeliveryStatus = 'en-cola' | 'entregada' | 'respuesta-error' | 'rechazada' | 'fallida';

/** The codes of the JSON API's error answers `{codigo, mensaje, registro}`. */
export type ApiErrorCode =
  | 'CREDENCIALES_INVALIDAS'
  | 'NO_ENCONTRADO'
  | 'LIMITE_CREDENCIALES'
  | 'LIMITE_FLUJOS'
  | 'LIMITE_SOLICITUDES'
  | 'LIMITE_INTENTOS'
  | 'CERTIFICACION_EN_CURSO'
  | 'LIMITE_CERTIFICACIONES'
  | 'DESTINO_NO_PERMITIDO'
  | 'CERTIFICACION_TERMINADA'
  | 'CERTIFICACION_PROPIA'
  | 'NO_PENDIENTE'
  | 'DEMO_FIJO'
  | 'SOLICITUD_INVALIDA'
  | 'JSON_INVALIDO'
  | 'TIPO_NO_ADMITIDO'
  | 'CUERPO_GRANDE'
  | 'ERROR_INTERNO'
  | 'NO_DISPONIBLE'
  | 'RUTA_DESCONOCIDA'
  | 'URL_INVALIDA';

/** What the API's sentences name: the sandbox's limits (core/data/sandbox.ts) and the rules page of the language. */
const apiValues = (lang: Locale): TextValues => ({
  merchantsPerHour: SANDBOX_RULES.merchants.perHourPerAddress,
  streams: SANDBOX_RULES.events.streamsPerMerchant,
  signInPerMerchant: SANDBOX_RULES.signIn.perMerchant,
  signInPerAddress: SANDBOX_RULES.signIn.perAddress,
  signInMinutes: SANDBOX_RULES.signIn.windowMinutes,
  certificationsPerHour: SANDBOX_RULES.certification.runsPerHour,
  rules: rulesPage(lang),
});

/** The sentence of an API error code, as plain text, or for a page. */
export const apiSentence = (lang: Locale, codigo: ApiErrorCode, form: 'text' | 'html' = 'text'): string => errorText(lang)[form](`api.${codigo}`, apiValues(lang));

/**
 * The error body every sandbox JSON answer shares, with the link to the request log. `detail` (a
 * schema's problems, already in the reader's words) follows the code's sentence; a request refused
 * with no detail says where to check it.
 */
export function errorBody(lang: Locale, codigo: ApiErrorCode, detail?: string): {codigo: ApiErrorCode; mensaje: string; registro: string} {
  const mensaje =
    detail !== undefined
      ? `${apiSentence(lang, codigo)}: ${detail}`
      : codigo === 'SOLICITUD_INVALIDA'
        ? errorText(lang).text('apiInvalidRequest', apiValues(lang))
        : apiSentence(lang, codigo);
  return {codigo, mensaje, registro: SANDBOX_PAGES.requestLog};
}
