/**
 * The words of the manual and of the message that carries it, in Spanish.
 * Translators get them through Docusaurus: `npm run write-translations`
 * writes them to i18n/en/manuals/manual.json, and the English build uses
 * that file (see translateContent in ./index.ts).
 */
import type {TranslationFileContent} from '@docusaurus/types';

export const TEXT_IDS = [
  'manual.title',
  'manual.subtitle',
  'manual.contents',
  'manual.onlineVersion',
  'manual.generated',
  'manual.pageNumber',
  'manual.otherPages',
  'manual.fileName',
  'mail.subject',
  'mail.greeting',
  'mail.intro',
  'mail.channelsHeading',
  'mail.pdfLink',
  'mail.support',
  'mail.footer',
] as const;

export type TextId = (typeof TEXT_IDS)[number];
export type ManualsTexts = Readonly<Record<TextId, string>>;

export const SPANISH: TranslationFileContent & Record<TextId, {message: string; description: string}> = {
  'manual.title': {message: 'Manual de integración', description: 'Title of the PDF manual (cover, footer, file metadata)'},
  'manual.subtitle': {
    message: 'Variables POST, servicios REST, REST de tarjetas, SOAP y plugins de comercio electrónico',
    description: 'Line under the title on the cover of the PDF manual',
  },
  'manual.contents': {message: 'Contenido', description: 'Heading of the table of contents of the PDF manual'},
  'manual.onlineVersion': {message: 'Versión en línea:', description: 'Label before the portal address of a page, in the PDF manual'},
  'manual.generated': {message: 'Generado el {date}.', description: 'Cover of the PDF manual; {date} is the build date (YYYY-MM-DD)'},
  'manual.pageNumber': {message: 'Página {page} de {pages}', description: 'Footer of each page of the PDF manual'},
  'manual.otherPages': {message: 'Guías', description: 'Chapter of the PDF manual with the pages that belong to no channel of the navbar'},
  'manual.fileName': {
    message: 'manual-integracion-{product}',
    description: 'File name of the PDF manual, without ".pdf"; lower-case letters, digits and hyphens only',
  },
  'mail.subject': {message: 'Manual de integración de Integraciones {product}', description: 'Subject of the message that carries the manual'},
  'mail.greeting': {message: 'Hola:', description: 'First line of the message that carries the manual'},
  'mail.intro': {
    message: 'Adjuntamos el manual de integración de Integraciones {product} en PDF. Explica cómo cobrar con cada canal de la pasarela.',
    description: 'Paragraph of the message that carries the manual',
  },
  'mail.channelsHeading': {message: 'Cada canal, en el portal:', description: 'Heading of the list of channel links in the message'},
  'mail.pdfLink': {message: 'El manual en línea (PDF)', description: 'Link to the PDF on the portal, in the message'},
  'mail.support': {
    message: 'Para sus credenciales, soporte y paso a producción, escriba a {email}.',
    description: 'Support line of the message; {email} is the support address',
  },
  'mail.footer': {
    message: 'Recibe este correo porque alguien pidió enviarle los manuales desde el portal de integraciones.',
    description: 'Last line of the message: why the person received it',
  },
};

/** Plain messages from a translation file's content (or the Spanish defaults). */
export function textsFrom(content: TranslationFileContent, product: string): ManualsTexts {
  const out = {} as Record<TextId, string>;
  for (const id of TEXT_IDS) {
    out[id] = (content[id]?.message ?? SPANISH[id].message).replaceAll('{product}', product);
  }
  return out;
}

/** A safe file name: "manual-integracion-pasarela.pdf". */
export function pdfFileName(texts: ManualsTexts): string {
  const base = texts['manual.fileName']
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base === '' ? 'manual' : base}.pdf`;
}
