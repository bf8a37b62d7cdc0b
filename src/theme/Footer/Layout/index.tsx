import React, {type ReactNode} from 'react';
import FooterLayout from '@theme-original/Footer/Layout';
import type FooterLayoutType from '@theme/Footer/Layout';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

type Props = WrapperProps<typeof FooterLayoutType>;

/**
 * Closes the footer with the site title, "Integraciones <product>" in Spanish and
 * "Integrations <product>" in English. themeConfig.footer.copyright would be
 * translated by a file holding a fixed product name; siteConfig.title follows
 * PRODUCT_NAME in every locale (docusaurus.config.ts).
 */
export default function FooterLayoutWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return <FooterLayout {...props} copyright={props.copyright || <div className="footer__copyright">{siteConfig.title}</div>} />;
}
