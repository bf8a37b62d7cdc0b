import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import ThemedImage from '@theme/ThemedImage';

/**
 * The navbar brand (also used by the mobile menu): the logo and the site title,
 * "Integraciones <product>" or "Integrations <product>". The original reads the
 * title from themeConfig.navbar.title, whose translation file could only hold a
 * fixed product name; siteConfig.title is set per locale in docusaurus.config.ts
 * from PRODUCT_NAME. The logo is decorative: the title names the link.
 */
export default function NavbarLogo(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {logo} = useThemeConfig().navbar;
  const href = useBaseUrl(logo?.href ?? '/');
  const light = useBaseUrl(logo?.src ?? '');
  const dark = useBaseUrl(logo?.srcDark ?? logo?.src ?? '');
  return (
    <Link to={href} className="navbar__brand">
      {logo !== undefined && (
        <div className="navbar__logo">
          <ThemedImage sources={{light, dark}} alt="" width={logo.width} height={logo.height} />
        </div>
      )}
      <b className="navbar__title text--truncate">{siteConfig.title}</b>
    </Link>
  );
}
