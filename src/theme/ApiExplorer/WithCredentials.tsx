/**
 * The request panel as try-it shows it: the sandbox credentials panel
 * (compact: "Crear credenciales de prueba", or whose credentials the body
 * carries) above the API theme's panel. Fetched with the request panel
 * (./index.tsx), so a reference page loads none of it at start.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import ApiExplorer from '@theme-original/ApiExplorer';
import SandboxCredentials from '@site/src/components/SandboxCredentials';

export default function ApiExplorerWithCredentials(props: ComponentProps<typeof ApiExplorer>): ReactNode {
  return (
    <>
      <SandboxCredentials compact />
      <ApiExplorer {...props} />
    </>
  );
}
