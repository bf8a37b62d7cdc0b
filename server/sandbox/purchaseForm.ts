/**
 * How the sandbox's pages read a browser form: the body parser for
 * application/x-www-form-urlencoded (UTF-8, as the samples post it), the
 * schema every form body shares, and the error handler that answers bad
 * input with a page saying what was wrong (4xx), never a 500.
 */
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_RULES} from '../../src/data/sandbox';
import {escapeHtml, layout, pickLang, sendPage} from './pages/layout';
import {linksLine, TEXT} from './pages/text';

/** A form of the purchase page fits in a small fraction of this. */
export const FORM_BODY_LIMIT = SANDBOX_RULES.form.bodyBytes;
/** Variables per form, and characters per value. */
export const FORM_LIMITS = SANDBOX_RULES.form;

/** A form body: names to values, every value a string. */
export const FORM_BODY_SCHEMA = {
  type: 'object',
  maxProperties: FORM_LIMITS.fields,
  additionalProperties: {type: 'string', maxLength: FORM_LIMITS.valueLength},
} as const;

/** A refusal of the sandbox's pages: its status, and sentences in both languages (already escaped HTML). */
export class PageRefusal extends Error {
  override name = 'PageRefusal';
  constructor(
    readonly status: number,
    readonly items: Readonly<Record<'es' | 'en', readonly string[]>>,
    /** The page's language, when the refusal knows it (the form's lenguaje). */
    readonly lang?: 'es' | 'en',
  ) {
    super(items.en.join(' '));
  }
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** Parses the body into names and values; a name that comes twice is refused. */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.prototype.hasOwnProperty.call(fields, name)) {
      throw new PageRefusal(400, {
        es: [`La variable ${code(name)} llegó más de una vez.`],
        en: [`The variable ${code(name)} arrived more than once.`],
      });
    }
    fields[name] = value;
  }
  // A plain object again, so the schema and the handlers see ordinary properties.
  return {...fields};
}

export function acceptForms(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', {parseAs: 'string', bodyLimit: FORM_BODY_LIMIT}, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** The refusal page. */
export function refusalPage(lang: 'es' | 'en', items: readonly string[]): string {
  const t = TEXT[lang];
  const body = `<div class="banner refused" role="alert"><p>${escapeHtml(t.refusedIntro)}</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul></div>
<p>${escapeHtml(t.tryAgain)}</p>`;
  return layout({lang, title: t.refusedTitle, body, notice: escapeHtml(t.notice), links: linksLine(lang)});
}

/** Sentences for a schema error of a form or a query. */
function schemaItems(error: FastifyError): Record<'es' | 'en', string[]> {
  const es: string[] = [];
  const en: string[] = [];
  for (const item of error.validation ?? []) {
    const params = item.params;
    const path = item.instancePath.replace(/^\//, '');
    const name = path === '' ? ([params.missingProperty, params.additionalProperty].find((value) => typeof value === 'string') ?? '') : path;
    switch (item.keyword) {
      case 'required':
        es.push(`Falta la variable ${code(name)}.`);
        en.push(`The variable ${code(name)} is missing.`);
        break;
      case 'maxLength':
        es.push(`${code(name)} supera ${String(params.limit)} caracteres.`);
        en.push(`${code(name)} is longer than ${String(params.limit)} characters.`);
        break;
      case 'maxProperties':
        es.push(`El formulario trae más de ${String(params.limit)} variables.`);
        en.push(`The form carries more than ${String(params.limit)} variables.`);
        break;
      case 'additionalProperties':
        es.push(`No se admite ${code(name)} aquí.`);
        en.push(`${code(name)} is not accepted here.`);
        break;
      case 'type':
        es.push(name === '' ? 'Falta el formulario: envíelo como application/x-www-form-urlencoded.' : `${code(name)} no es texto.`);
        en.push(name === '' ? 'The form is missing: send it as application/x-www-form-urlencoded.' : `${code(name)} is not text.`);
        break;
      default:
        es.push(`${code(name || error.validationContext || '')} no es válido (${escapeHtml(item.message ?? item.keyword)}).`);
        en.push(`${code(name || error.validationContext || '')} is not valid (${escapeHtml(item.message ?? item.keyword)}).`);
    }
  }
  return {es, en};
}

/** The error handler of the sandbox's pages: a page with what was wrong, in a 4xx. */
export function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = error instanceof PageRefusal && error.lang !== undefined ? error.lang : pickLang((request.query as {lang?: unknown} | undefined)?.lang, request.headers['accept-language']);
  let status: number;
  let items: Readonly<Record<'es' | 'en', readonly string[]>>;
  if (error instanceof PageRefusal) {
    status = error.status;
    items = error.items;
  } else if (error.validation !== undefined) {
    status = 400;
    items = schemaItems(error);
  } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    status = 413;
    items = {es: [`El formulario supera ${FORM_BODY_LIMIT} bytes.`], en: [`The form is larger than ${FORM_BODY_LIMIT} bytes.`]};
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    status = 415;
    items = {
      es: ['Envíe el formulario por POST como application/x-www-form-urlencoded (un formulario HTML normal).'],
      en: ['Send the form by POST as application/x-www-form-urlencoded (a plain HTML form).'],
    };
  } else if (error.statusCode === 429) {
    status = 429;
    items = {es: ['Demasiadas solicitudes; espere un minuto.'], en: ['Too many requests; wait a minute.']};
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    items = {es: [escapeHtml(error.message)], en: [escapeHtml(error.message)]};
  } else {
    request.log.error(error, 'sandbox page failed');
    status = 500;
    items = {es: ['Error inesperado del entorno de pruebas.'], en: ['Unexpected sandbox error.']};
  }
  return sendPage(reply, status, refusalPage(lang, items[lang]));
}
