/**
 * How the sandbox's pages read a browser form: the body parser for
 * application/x-www-form-urlencoded (UTF-8, as the samples post it), the
 * schema every form body shares, and the error handler that answers bad
 * input with a page saying what was wrong (4xx), never a 500.
 */
import {isUnavailable, sendUnavailable} from './unavailable';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {escapeHtml, layout, pickLang, sendPage} from './pages/layout';
import {linksLine, TEXT, type PageRefusalText} from './pages/text';

/** The text of a sentence written as HTML (the request log keeps text). */
export const htmlToText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

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
    /**
     * The same sentences for the merchant's own request log, when they say more than the page may
     * (a value computed with its private key): only its owner reads them there.
     */
    readonly ownerItems?: Readonly<Record<'es' | 'en', readonly string[]>>,
  ) {
    super(items.en.join(' '));
  }

  /** The same refusal in another language. */
  in(lang: 'es' | 'en'): PageRefusal {
    return new PageRefusal(this.status, this.items, lang, this.ownerItems);
  }
}

/** Both languages' sentences of one refusal of the text table. */
const both = (sentence: (t: PageRefusalText) => string): Record<'es' | 'en', string[]> => ({es: [sentence(TEXT.es.refusals)], en: [sentence(TEXT.en.refusals)]});

/** Parses the body into names and values; a name that comes twice is refused. */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.prototype.hasOwnProperty.call(fields, name)) {
      throw new PageRefusal(
        400,
        both((t) => t.repeated(name)),
      );
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
    const add = (sentence: (t: PageRefusalText) => string) => {
      es.push(sentence(TEXT.es.refusals));
      en.push(sentence(TEXT.en.refusals));
    };
    switch (item.keyword) {
      case 'required':
        add((t) => t.required(name));
        break;
      case 'maxLength':
        add((t) => t.tooLong(name, String(params.limit)));
        break;
      case 'maxProperties':
        add((t) => t.tooManyFields(String(params.limit)));
        break;
      case 'additionalProperties':
        add((t) => t.notAccepted(name));
        break;
      case 'type':
        add((t) => (name === '' ? t.formMissing : t.notText(name)));
        break;
      default:
        add((t) => t.notValid(name || error.validationContext || ''));
    }
  }
  return {es, en};
}

/** The error handler of the sandbox's pages: a page with what was wrong, in a 4xx. */
export function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isUnavailable(error)) return sendUnavailable(request, reply);
  const lang =
    error instanceof PageRefusal && error.lang !== undefined ? error.lang : pickLang((request.query as {lang?: unknown} | undefined)?.lang, request.headers['accept-language']);
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
    items = both((t) => t.formTooLarge(FORM_BODY_LIMIT));
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    status = 415;
    items = both((t) => t.formType);
  } else if (error.statusCode === 429) {
    status = 429;
    items = both((t) => t.tooMany);
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    items = both((t) => t.notValid(''));
  } else {
    request.log.error(error, 'sandbox page failed');
    status = 500;
    items = both((t) => t.unexpected);
  }
  // The request log keeps the refusal as the reader got it, as text (with what only the merchant may read, when there is more).
  const forLog = error instanceof PageRefusal && error.ownerItems !== undefined ? error.ownerItems : items;
  if (request.sandboxLog !== null) request.sandboxLog.errores = forLog[lang].map(htmlToText);
  return sendPage(reply, status, refusalPage(lang, items[lang]));
}
