import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import LogoMark from '@site/static/img/logo.svg';

/**
 * The navbar brand (also used by the mobile menu): the logo and the site title,
 * "Integraciones <product>" or "Integrations <product>". The original reads the
 * title from themeConfig.navbar.title, whose translation file could only hold a
 * fixed product name; siteConfig.title is set per locale in docusaurus.config.ts
 * from PRODUCT_NAME. The logo is decorative: the title names the link.
 *
 * The logo (themeConfig.navbar.logo.src, static/img/logo.svg) is drawn inline,
 * not as an <img>: an SVG file shown as an image gets a document of its own,
 * built on the main thread as the page starts (the first one also sets up the
 * browser's SVG image machinery), where the
 * inline drawing is a few elements of the page. The import names the file
 * itself (an import cannot follow the config), so the config's logo.src says
 * to change both together; e2e/startup.test.ts checks that the navbar draws
 * /img/logo.svg.
 */
export default function NavbarLogo(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {logo} = useThemeConfig().navbar;
  const href = useBaseUrl(logo?.href ?? '/');
  return (
    <Link to={href} className="navbar__brand">
      {logo !== undefined && (
        <div className="navbar__logo">
          <LogoMark aria-hidden="true" focusable="false" />
        </div>
      )}
      <b className="navbar__title text--truncate">{siteConfig.title}</b>
    </Link>
  );
}
