import React, {lazy, Suspense, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import type {PanelProps} from './Panel';
import styles from './styles.module.css';

// The panel (its texts, the sandbox API calls, the clipboard) is a chunk of
// its own, fetched in the browser by the pages that show it: the sandbox page,
// try-it, the code dialog and the signature workbench. No other page loads it.
const Panel = lazy(() => import('./Panel'));

/**
 * "Crear credenciales de prueba", wherever the portal offers it.
 * The static HTML cannot know what this browser remembers, so it holds a
 * placeholder of the panel's size; the panel draws once the page runs.
 * With the sandbox off (SANDBOX=off) there is nothing to create credentials for.
 */
export default function SandboxCredentials({compact = false}: PanelProps): ReactNode {
  const {sandbox} = usePortalConfig();
  const isBrowser = useIsBrowser();
  if (!sandbox) {
    return compact ? null : (
      <p className={styles.panel}>
        {translate({
          id: 'sandboxCredentials.off',
          message: 'El entorno de pruebas está apagado en este servidor (SANDBOX=off).',
          description: 'Credentials panel: the sandbox is turned off',
        })}
      </p>
    );
  }
  const placeholder = <div className={compact ? styles.placeholderCompact : styles.placeholder} aria-busy="true" />;
  if (!isBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Panel compact={compact} />
    </Suspense>
  );
}
