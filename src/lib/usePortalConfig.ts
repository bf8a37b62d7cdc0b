import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {PortalConfig} from '../../core/config';

/** The typed portal config that docusaurus.config.ts put in customFields. */
export default function usePortalConfig(): PortalConfig {
  const {siteConfig} = useDocusaurusContext();
  const portal = siteConfig.customFields?.portal;
  if (portal === undefined || portal === null || typeof portal !== 'object') {
    throw new Error('customFields.portal is missing: docusaurus.config.ts must set it from loadPortalConfig().');
  }
  return portal as PortalConfig;
}
