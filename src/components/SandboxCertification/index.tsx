import React, {lazy, Suspense, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import styles from './styles.module.css';

// The form, its calls and the report's progress are a chunk of their own,
// fetched in the browser by the one page that shows it: the sandbox page.
const Panel = lazy(() => import('./Panel'));

/**
 * "Certificar mi integración": starts the sandbox's certification of the
 * merchant's confirmation handler, return page and REST client with the
 * credentials this browser remembers, follows the run and lists the reports.
 * Nothing to show with the sandbox off; the static HTML holds the form's place.
 */
export default function SandboxCertification(): ReactNode {
  const {sandbox} = usePortalConfig();
  const isBrowser = useIsBrowser();
  if (!sandbox) return null;
  const placeholder = <div className={styles.placeholder} aria-busy="true" />;
  if (!isBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Panel />
    </Suspense>
  );
}
