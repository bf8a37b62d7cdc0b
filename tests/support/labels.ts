/**
 * Jest stand-in for `@portal/labels/<topic>.json` (plugins/labels): the
 * labels of every topic, in the locale chosen with setTestLocale() — Spanish
 * from core/data/labels, English through i18n/en/portal-labels as the site
 * build does. Jest maps each topic to tests/support/labels/<topic>.ts.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {LABELS_DIR, translate} from '../../plugins/labels';
import * as locale from './translate';

type Labels = Parameters<typeof translate>[0];

const ROOT = join(__dirname, '../..');

function load(topic: string, lang: 'es' | 'en'): Labels {
  const labels = JSON.parse(readFileSync(join(ROOT, LABELS_DIR, `${topic}.json`), 'utf8')) as Labels;
  const english = join(ROOT, 'i18n/en/portal-labels', `${topic}.json`);
  if (lang === 'es' || !existsSync(english)) return labels;
  return translate(labels, JSON.parse(readFileSync(english, 'utf8')) as Record<string, {message: string}>);
}

/** The labels of a topic, read in the test's locale each time a component reads one. */
export function labelsOf(topic: string): Labels {
  const cache = new Map<string, Labels>();
  return new Proxy(
    {},
    {
      get(_target, key) {
        const lang = locale.currentLocale;
        if (!cache.has(lang)) cache.set(lang, load(topic, lang));
        return typeof key === 'string' ? cache.get(lang)![key] : undefined;
      },
    },
  );
}
