import React, {type ReactNode} from 'react';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {SANDBOX_BASE} from '@site/core/config';

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

type ApiBase = 'core' | 'auth' | 'rest' | 'restV2Auth';

/**
 * A gateway API address of the configuration (its demo environment by
 * default), or with `sandbox` the same service in this portal's sandbox: the
 * sandbox answers each service at /sandbox plus the path of its address
 * (server/sandbox/contracts.ts), relative to the portal. `path` is appended.
 */
export function ApiAddress({base, sandbox = false, path = ''}: {readonly base: ApiBase; readonly sandbox?: boolean; readonly path?: string}): ReactNode {
  const address = usePortalConfig().apiBases[base].replace(/\/+$/, '');
  const text = sandbox ? `${SANDBOX_BASE}${new URL(address).pathname.replace(/\/+$/, '')}` : address;
  return <code>{`${text}${path}`}</code>;
}
