import React, {type ReactNode} from 'react';
import usePortalConfig from '@site/src/lib/usePortalConfig';

/** The configured product name, e.g. inside "firma<ProductName />". */
export default function ProductName(): ReactNode {
  return <>{usePortalConfig().productName}</>;
}

/** A variable whose name ends with the product name, such as firma{product}. */
export function ProductVar({prefix}: {readonly prefix: string}): ReactNode {
  return <code>{`${prefix}${usePortalConfig().productName}`}</code>;
}

/** The support address as a mailto link. */
export function SupportEmail(): ReactNode {
  const {supportEmail} = usePortalConfig();
  // eslint-disable-next-line @docusaurus/no-html-links -- a mailto: link, which <Link> would open in a new tab.
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

/** One of the configured addresses, shown as code. */
export function ConfigValue({name}: {readonly name: 'purchaseDemo' | 'purchaseProduction' | 'terminalDemo' | 'terminalProduction'}): ReactNode {
  const config = usePortalConfig();
  const values = {
    purchaseDemo: config.purchaseEndpoints.demo,
    purchaseProduction: config.purchaseEndpoints.production,
    terminalDemo: config.terminals.demo,
    terminalProduction: config.terminals.production,
  };
  return <code>{values[name]}</code>;
}
