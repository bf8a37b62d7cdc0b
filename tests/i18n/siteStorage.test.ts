/**
 * @jest-environment node
 */
// A reader's saved choices (colour mode, docs version, tabs) live in the
// browser's storage under keys that end in the site's storage namespace. Both
// locales share one, so a choice made in Spanish holds in English; and it is
// the namespace the Spanish site had before they shared it, so choices that
// readers saved there are still read.
import {configFor} from '../support/siteConfig';

const namespaceOf = (env: Record<string, string | undefined>) => configFor(env).storage?.namespace;

describe('storage shared by both locales', () => {
  it('is one namespace for Spanish and English, whatever the address', () => {
    for (const SITE_URL of [undefined, 'https://integraciones.pasarela.example']) {
      const spanish = namespaceOf({DOCUSAURUS_CURRENT_LOCALE: 'es', SITE_URL});
      expect(typeof spanish).toBe('string');
      expect(namespaceOf({DOCUSAURUS_CURRENT_LOCALE: 'en', SITE_URL})).toBe(spanish);
    }
  });

  it("keeps the Spanish site's keys: the colour mode it saved as theme-aae on localhost:3000", () => {
    expect(namespaceOf({DOCUSAURUS_CURRENT_LOCALE: 'en', SITE_URL: undefined})).toBe('aae');
  });

  it('differs between addresses, so two portals on one browser keep their own choices', () => {
    expect(namespaceOf({SITE_URL: 'https://integraciones.pasarela.example'})).not.toBe(namespaceOf({SITE_URL: undefined}));
  });
});
