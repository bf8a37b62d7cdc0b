/**
 * The one place the utils API checks the content type: the plugin keeps a
 * single content-type parser, for JSON in UTF-8. Any other type has no
 * parser, so Fastify refuses it (415) before reading the body.
 *
 * The parser also bounds how deeply the JSON nests before parsing it: a body
 * such as {"correos": [[[[...]]]]} thousands of levels deep is valid JSON, but
 * nothing that deep can be a request of this API, and walking it (to validate
 * it, to repeat it in the answer) would overflow the stack. It is refused as
 * CUERPO_INVALIDO: the JSON itself is well formed (JSON_INVALIDO would say it is
 * not), its shape is not the API's.
 */
import type {FastifyInstance} from 'fastify';
import {ApiRefusal} from './errors';
import {FIELD} from './addresses';

/**
 * application/json with no parameter or only charset=utf-8 (any case, quoted
 * or not), as Fastify normalises the header before matching a parser:
 * `application/json; charset="UTF-8"`.
 */
export const JSON_CONTENT_TYPE = /^application\/json(?:; charset="utf-8")?$/i;

/**
 * Deepest nesting of lists and objects a body may have. The API's body is two
 * levels ({"correos": [...]}); the margin lets a list holding a stray list or
 * object still be answered entry by entry (NO_ES_TEXTO).
 */
export const MAX_JSON_DEPTH = 8;

/** Whether `text` opens more than `limit` lists or objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        i += 1;
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) {
        return true;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** Replaces the instance's content-type parsers with the API's one (call inside the API's plugin). */
export function acceptJsonOnly(app: FastifyInstance): void {
  // Fastify's own JSON parser (secure-json-parse: "__proto__" and
  // "constructor.prototype" keys are refused as invalid JSON).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_CONTENT_TYPE, {parseAs: 'string'}, (request, body, done) => {
    // parseAs: 'string' hands the body over as text.
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new ApiRefusal(400, 'CUERPO_INVALIDO', {id: 'manuals.nestedTooDeep', values: {depth: MAX_JSON_DEPTH, field: FIELD}}), undefined);
      return;
    }
    // The default parser answers through `done` (its type also admits the promise-returning kind).
    void parseJson(request, text, done);
  });
}
