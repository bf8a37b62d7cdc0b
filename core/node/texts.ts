/**
 * Reads a topic of the portal's words (../texts.ts) in one language, from the
 * project folder: the Spanish of core/data/labels/<topic>.json, or the English
 * of i18n/en/portal-labels/<topic>.json (the translation file that
 * `npm run translations:write` keeps, plugins/labels). An English entry that
 * is missing or still marked "TODO: " gives the Spanish text, so nobody reads
 * the marker.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Locale} from '../locale';
import {flatten, type Labels} from '../texts';

/** Where the Spanish topics are, relative to the project folder. */
export const LABELS_DIR = 'core/data/labels';
/** Where their English translation files are. */
export const ENGLISH_LABELS_DIR = 'i18n/en/portal-labels';
/** The prefix `npm run translations:write` puts before a string nobody has translated yet. */
export const TODO_PREFIX = 'TODO: ';

/** The Spanish texts of a topic, by id. */
export function spanishTopic(topic: string, projectDir: string = process.cwd()): Record<string, string> {
  return flatten(JSON.parse(readFileSync(join(projectDir, LABELS_DIR, `${topic}.json`), 'utf8')) as Labels);
}

/** The texts of a topic in `locale`, by id: every Spanish id, in English where it is translated. */
export function readTopic(topic: string, locale: Locale, projectDir: string = process.cwd()): Record<string, string> {
  const spanish = spanishTopic(topic, projectDir);
  if (locale === 'es') return spanish;
  const file = join(projectDir, ENGLISH_LABELS_DIR, `${topic}.json`);
  const english = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, {message?: unknown}>) : {};
  return Object.fromEntries(
    Object.entries(spanish).map(([id, text]) => {
      const message = english[id]?.message;
      return [id, typeof message === 'string' && !message.startsWith(TODO_PREFIX) ? message : text];
    }),
  );
}
