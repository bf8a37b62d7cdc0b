/**
 * Which texts of a contract a reader sees, so the English contract can be
 * checked against the Spanish one: titles, summaries, descriptions, example
 * labels (x-label) and enum descriptions, wherever they are, except inside example values and literal
 * values (defaults, enums, consts), which are data, not prose.
 */
import {isObject, type Json, type JsonObject} from '../../core/openapi/contracts';

const PROSE_KEYS = new Set(['title', 'summary', 'description', 'x-label']);
/** Keys whose value is data: never prose, whatever it contains. */
const DATA_KEYS = new Set(['value', 'example', 'default', 'enum', 'const', 'required', 'x-page-key', 'pattern', 'format', '$ref']);

/**
 * Texts that read the same in both languages: field names and acronyms used as
 * titles. Anything else must change in English.
 */
export const SAME_IN_BOTH_LANGUAGES: ReadonlySet<string> = new Set(['PSE', 'CodigoRespuesta', 'numeroAutorizacion', 'Cuestionario', 'Euro.']);

export interface Text {
  /** JSON Pointer of the text in the bundled contract. */
  readonly pointer: string;
  readonly spanish: string;
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every prose text of a bundled contract, with its JSON Pointer. */
export function proseTexts(document: JsonObject): Text[] {
  const out: Text[] = [];
  const walk = (value: Json, pointer: string, parentKey: string | null): void => {
    if (Array.isArray(value)) {
      // JSON Schema `examples` is a list of literal values.
      if (parentKey === 'examples') return;
      value.forEach((v, i) => walk(v, `${pointer}/${i}`, null));
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const here = `${pointer}/${escape(key)}`;
      if (DATA_KEYS.has(key)) continue;
      if (key === 'x-enumDescriptions' && isObject(child)) {
        for (const [code, text] of Object.entries(child)) {
          if (typeof text === 'string') out.push({pointer: `${here}/${escape(code)}`, spanish: text});
        }
        continue;
      }
      // A property may be called "title" or "description": under `properties` every key is a name.
      if (PROSE_KEYS.has(key) && typeof child === 'string' && parentKey !== 'properties') {
        out.push({pointer: here, spanish: child});
        continue;
      }
      walk(child, here, key);
    }
  };
  walk(document, '', null);
  return out;
}

/** The value at a JSON Pointer, or undefined. */
export function at(document: Json, pointer: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/**
 * Spanish texts that the English contract still shows in Spanish (unchanged or
 * missing), except the language-neutral ones.
 */
export function untranslatedTexts(spanish: JsonObject, english: JsonObject): Text[] {
  return proseTexts(spanish).filter(({pointer, spanish: text}) => {
    if (SAME_IN_BOTH_LANGUAGES.has(text)) return false;
    const translated = at(english, pointer);
    return typeof translated !== 'string' || translated.trim() === '' || translated === text;
  });
}
