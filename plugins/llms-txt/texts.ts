/**
 * The words of the Markdown this plugin writes itself, in Spanish: the API
 * reference pages made from the contracts (core/openapi/markdown.ts) and the
 * index, llms.txt. Translators get them through Docusaurus: `npm run
 * translations:write` writes them to i18n/en/llms-txt/markdown.json, and the
 * English build uses that file (translateContent in ./index.ts).
 */
import type {TranslationFileContent} from '@docusaurus/types';
import {REFERENCE_MARKDOWN_TEXTS, type ReferenceMarkdownTexts} from '../../core/openapi/markdown';

const INDEX_TEXTS = {
  'llms.currentVersion': 'Estas páginas documentan la versión {version}. Las de versiones anteriores están al final, en «{older}».',
  'llms.otherDocs': 'Guías',
  'llms.pages': 'Herramientas y entorno de pruebas',
  'llms.contracts': 'Contratos',
  'llms.contract': 'Contrato OpenAPI de {channel}',
  'llms.wsdl': 'Contrato WSDL del servicio SOAP',
  'llms.olderVersions': 'Versiones anteriores',
  'llms.olderVersionsIntro': 'Versiones que ya no se mantienen. Para integrar, use la versión actual, arriba.',
  'llms.olderSection': '{version}: {section}',
} as const;

/** What each text is, for the translators. */
const DESCRIPTIONS: Readonly<Record<TextId, string>> = {
  'reference.md.call': 'API reference as Markdown (/rest/autenticacion.md): heading of the method and URLs',
  'reference.md.method': 'API reference as Markdown: label before the HTTP method',
  'reference.md.server': 'API reference as Markdown: column of the server (environment) in the table of URLs',
  'reference.md.url': 'API reference as Markdown: column of the full URL in the table of URLs',
  'reference.md.production': 'API reference as Markdown: line under the table of URLs (the contracts give the demo environment only); {email} is the support address',
  'reference.md.headers': 'API reference as Markdown: heading of the request headers table',
  'reference.md.contentType': 'API reference as Markdown: description of the Content-Type header',
  'reference.md.pathParameters': 'API reference as Markdown: heading of the path parameters table',
  'reference.md.requestBody': 'API reference as Markdown: heading of the request fields table',
  'reference.md.noBody': 'API reference as Markdown: said when the operation takes no request body',
  'reference.md.column.name': 'API reference as Markdown: column of the field name',
  'reference.md.column.type': 'API reference as Markdown: column of the field type',
  'reference.md.column.required': 'API reference as Markdown: column saying whether the field is required',
  'reference.md.column.description': 'API reference as Markdown: column of the field description',
  'reference.md.column.values': 'API reference as Markdown: column of the allowed values (enumeration, pattern, bounds, default)',
  'reference.md.yes': 'API reference as Markdown: a required field (Required column)',
  'reference.md.no': 'API reference as Markdown: an optional field (Required column)',
  'reference.md.conditional': 'API reference as Markdown: fields required only when another has a value; {field}, {value}, {then}, {else} are filled in',
  'reference.md.arrayOf': 'API reference as Markdown: type of a list; {type} is the type of its items',
  'reference.md.value.empty': 'API reference as Markdown: allowed value of a field that must be empty',
  'reference.md.value.notEmpty': 'API reference as Markdown: allowed value of a field that must not be empty',
  'reference.md.value.pattern': 'API reference as Markdown: a regular expression the value must match; {pattern}',
  'reference.md.value.minLength': 'API reference as Markdown: minimum length; {n}',
  'reference.md.value.maxLength': 'API reference as Markdown: maximum length; {n}',
  'reference.md.value.minimum': 'API reference as Markdown: minimum number; {n}',
  'reference.md.value.maximum': 'API reference as Markdown: maximum number; {n}',
  'reference.md.value.maxItems': 'API reference as Markdown: maximum number of items of a list; {n}',
  'reference.md.value.default': 'API reference as Markdown: default value; {value}',
  'reference.md.value.only': 'API reference as Markdown: the one value a field takes; {value}',
  'reference.md.requestExamples': 'API reference as Markdown: heading of the request examples',
  'reference.md.curl': 'API reference as Markdown: line before the curl command of the first example',
  'reference.md.responses': 'API reference as Markdown: heading of the responses',
  'reference.md.responseFields': 'API reference as Markdown: heading of a response fields table',
  'reference.md.responseExamples': 'API reference as Markdown: heading of the response examples',
  'reference.md.resultCodes': 'API reference as Markdown: heading of the result codes',
  'reference.md.httpStatus': 'API reference as Markdown: an HTTP status of the operation; {status} and {description} are filled in',
  'reference.md.fieldValues': 'API reference as Markdown: title of the table of values of one response field; {field}',
  'reference.md.column.value': 'API reference as Markdown: column of a result code',
  'reference.md.column.meaning': 'API reference as Markdown: column of what a result code means',
  'reference.md.valuesPage': 'API reference as Markdown: link to the table of values; {url}',
  'reference.md.contract': 'API reference as Markdown: link to the OpenAPI contract; {file}, {url}, {operationId}',
  'llms.currentVersion': 'llms.txt: line under the title; {version} is the current version label, {older} the heading of the older versions',
  'llms.otherDocs': 'llms.txt: heading of the guides that belong to no navbar channel',
  'llms.pages': 'llms.txt: heading of the pages outside the docs (sandbox rules, signature workbench, changelog, manuals form)',
  'llms.contracts': 'llms.txt: heading of the contract downloads',
  'llms.contract': 'llms.txt: link to one channel OpenAPI contract; {channel} is the navbar label',
  'llms.wsdl': 'llms.txt: link to the SOAP WSDL',
  'llms.olderVersions': 'llms.txt: heading of the pages of older versions',
  'llms.olderVersionsIntro': 'llms.txt: line under the heading of the older versions',
  'llms.olderSection': 'llms.txt: heading of one channel of an older version; {version} and {section}',
};

export const SPANISH_TEXTS = {...REFERENCE_MARKDOWN_TEXTS, ...INDEX_TEXTS};
export type TextId = keyof typeof SPANISH_TEXTS;
export type MarkdownTexts = Readonly<Record<TextId, string>> & ReferenceMarkdownTexts;

/** The Spanish texts as a translation file. */
export const SPANISH: TranslationFileContent = Object.fromEntries(
  (Object.keys(SPANISH_TEXTS) as TextId[]).map((id) => [id, {message: SPANISH_TEXTS[id], description: DESCRIPTIONS[id]}]),
);

/** Plain messages from a translation file's content (the Spanish ones where it has none). */
export function textsFrom(content: TranslationFileContent): MarkdownTexts {
  return Object.fromEntries((Object.keys(SPANISH_TEXTS) as TextId[]).map((id) => [id, content[id]?.message ?? SPANISH_TEXTS[id]])) as MarkdownTexts;
}

/** Fills `{name}` in a text. */
export const fill = (text: string, values: Readonly<Record<string, string>>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
