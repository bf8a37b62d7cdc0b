/**
 * The words of the manual and of the message that carries it: the topic
 * `manual` of the portal's words, in Spanish in core/data/labels/manual.json
 * and in English in i18n/en/portal-labels/manual.json (plugins/labels gives
 * translators that file; core/node/texts.ts reads either).
 */
import type {Locale} from '../../core/locale';
import {readTopic} from '../../core/node/texts';
import {formatText, type TextIds} from '../../core/texts';

export type TextId = TextIds<typeof import('../../core/data/labels/manual.json')>;
export type ManualsTexts = Readonly<Record<TextId, string>>;

/** The topic's name in core/data/labels. */
export const MANUAL_TOPIC = 'manual';

/** The texts by id as plain text, with `{product}` filled in (the others, such as `{date}`, are the PDF's to fill). */
export function textsFrom(texts: Readonly<Record<string, string>>, product: string): ManualsTexts {
  return Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, formatText(text, {product})])) as ManualsTexts;
}

/** The manual's texts in `locale`, read in the project folder. */
export function manualTexts(locale: Locale, product: string, siteDir: string): ManualsTexts {
  return textsFrom(readTopic(MANUAL_TOPIC, locale, siteDir), product);
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
