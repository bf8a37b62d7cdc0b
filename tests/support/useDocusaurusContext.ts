/** Jest stand-in for @docusaurus/useDocusaurusContext with the real portal config. */
import {loadPortalConfig} from '../../core/config';
import {currentLocale} from './translate';

export const testPortalConfig = loadPortalConfig({});
let portal = testPortalConfig;

/** The portal config the next renders see (a test's own environment); no argument restores the defaults. */
export function setTestPortalConfig(config: typeof testPortalConfig = testPortalConfig): void {
  portal = config;
}

export default function useDocusaurusContext() {
  return {
    siteConfig: {customFields: {portal}},
    i18n: {currentLocale, defaultLocale: 'es', locales: ['es', 'en']},
  };
}
