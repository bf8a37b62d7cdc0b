/**
 * How the sandbox's pages read a browser form: the body parser for
 * application/x-www-form-urlencoded (UTF-8, as the samples post it), the
 * schema every form body shares, and the error handler that answers bad
 * input with a page saying what was wrong (4xx), never a 500.
 */
import {isUnavailable, sendUnavailable} from './errors';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {layout, sendPage, linksLine} from '../pages/layout';
import {PageRefusal, type RefusalItem} from '../rules/refusal';
import {requestLocale} from '../../locale';
import {pageMessage as m, pageText, type PageMessage} from '../words';
import type {Locale} from '../../../core/locale';

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

/** A refusal of one problem of one sentence. */
const one = (message: PageMessage): RefusalItem[] => [[message]];

/** Parses the body into names and values; a name that comes twice is refused. */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.prototype.hasOwnProperty.call(fields, name)) {
      throw new PageRefusal(400, one(m('refusals.repeated', {name})));
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

/** The refusal page: every problem, escaped, field names as code. */
export function refusalPage(lang: Locale, items: readonly RefusalItem[]): string {
  const t = pageText(lang);
  const body = `<div class="banner refused" role="alert"><p>${t.html('refusedIntro')}</p><ul>${items.map((item) => `<li>${item.map((message) => t.sayHtml(message)).join(' ')}</li>`).join('')}</ul></div>
<p>${t.html('tryAgain')}</p>`;
  return layout({lang, title: t.text('refusedTitle'), body, notice: t.html('notice'), links: linksLine(lang)});
}

/** The problems of a schema error of a form or a query. */
function schemaItems(error: FastifyError): RefusalItem[] {
  return (error.validation ?? []).map((item): RefusalItem => {
    const params = item.params;
    const path = item.instancePath.replace(/^\//, '');
    const name = path === '' ? ([params.missingProperty, params.additionalProperty].find((value) => typeof value === 'string') ?? '') : path;
    switch (item.keyword) {
      case 'required':
        return [m('refusals.required', {name})];
      case 'maxLength':
        return [m('refusals.tooLong', {name, limit: String(params.limit)})];
      case 'maxProperties':
        return [m('refusals.tooManyFields', {limit: String(params.limit)})];
      case 'additionalProperties':
        return [m('refusals.notAccepted', {name})];
      case 'type':
        return [name === '' ? m('refusals.formMissing') : m('refusals.notText', {name})];
      default: {
        const named = name || error.validationContext || '';
        return [named === '' ? m('refusals.formNotValid') : m('refusals.notValid', {name: named})];
      }
    }
  });
}

/** The error handler of the sandbox's pages: a page with what was wrong, in a 4xx. */
export function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isUnavailable(error)) return sendUnavailable(request, reply);
  const lang = error instanceof PageRefusal && error.lang !== undefined ? error.lang : requestLocale(request);
  let status: number;
  let items: readonly RefusalItem[];
  if (error instanceof PageRefusal) {
    status = error.status;
    items = error.items;
  } else if (error.validation !== undefined) {
    status = 400;
    items = schemaItems(error);
  } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    status = 413;
    items = one(m('refusals.formTooLarge', {limit: FORM_BODY_LIMIT}));
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    status = 415;
    items = one(m('refusals.formType'));
  } else if (error.statusCode === 429) {
    status = 429;
    items = one(m('refusals.tooMany'));
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    items = one(m('refusals.formNotValid'));
  } else {
    request.log.error(error, 'sandbox page failed');
    status = 500;
    items = one(m('refusals.unexpected'));
  }
  // The request log keeps the refusal as the reader got it, as text (with what only the merchant may read, when there is more).
  const forLog = error instanceof PageRefusal && error.ownerItems !== undefined ? error.ownerItems : items;
  const t = pageText(lang);
  if (request.sandboxLog !== null) request.sandboxLog.errores = forLog.map((item) => item.map((message) => t.say(message)).join(' '));
  return sendPage(reply, status, refusalPage(lang, items));
}
