/**
 * @jest-environment node
 */
// The document, navbar and footer title is "Integraciones <product>" in Spanish
// and "Integrations <product>" in English, with the product name of the
// environment in both. Docusaurus builds each locale with
// DOCUSAURUS_CURRENT_LOCALE set and reloads the config for it.
import {configFor} from '../support/siteConfig';

describe('site title per locale', () => {
  it('follows PRODUCT_NAME in Spanish and in English', () => {
    expect(configFor({DOCUSAURUS_CURRENT_LOCALE: 'es', PRODUCT_NAME: 'Recaudo'}).title).toBe('Integraciones Recaudo');
    expect(configFor({DOCUSAURUS_CURRENT_LOCALE: 'en', PRODUCT_NAME: 'Recaudo'}).title).toBe('Integrations Recaudo');
    expect(configFor({DOCUSAURUS_CURRENT_LOCALE: undefined, PRODUCT_NAME: 'Recaudo'}).title).toBe('Integraciones Recaudo');
  });

  it('leaves no navbar title, logo alt, copyright or support label that a translation file could pin to one product or address', () => {
    const {themeConfig} = configFor({DOCUSAURUS_CURRENT_LOCALE: 'en', PRODUCT_NAME: 'Recaudo', SUPPORT_EMAIL: 'ayuda@recaudo.example'});
    const {navbar, footer} = themeConfig as {navbar: {title?: string; logo?: {alt?: string}}; footer: {copyright?: string; links: {items: {label?: string}[]}[]}};
    expect(navbar.title).toBeUndefined();
    expect(navbar.logo?.alt).toBeUndefined();
    expect(footer.copyright).toBeUndefined();
    const labels = footer.links.flatMap((column) => column.items.map((item) => item.label ?? ''));
    expect(labels.filter((label) => label.includes('Recaudo') || label.includes('@'))).toEqual([]);
  });
});
