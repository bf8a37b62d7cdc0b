// The site's config with its translations read from and written to another
// folder, for the `docusaurus write-translations` of scripts/check-translations.mjs
// (which passes this file as --config, and a copy of i18n/ as CHECK_TRANSLATIONS_I18N):
// the check never writes into the project, so it can run beside the build.
import type {Config} from '@docusaurus/types';
import site from '../docusaurus.config';

const path = process.env.CHECK_TRANSLATIONS_I18N;
if (path === undefined || path === '') {
  throw new Error('scripts/translations.config.ts is for scripts/check-translations.mjs, which sets CHECK_TRANSLATIONS_I18N.');
}

const config: Config = {...site, i18n: {...site.i18n, path}};

export default config;
