/** Jest stand-in for @docusaurus/useDocusaurusContext with the real portal config. */
import {loadPortalConfig} from '../../core/config';
import {currentLocale} from './translate';

export const testPortalConfig = loadPortalConfig({});

export default function useDocusaurusContext() {
  return {
    siteConfig: {customFields: {portal: testPortalConfig}},
    i18n: {currentLocale, defaultLocale: 'es', locales: ['es', 'en']},
  };
}
