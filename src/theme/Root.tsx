import React, {type ReactNode} from 'react';
import {ToastProvider} from '@site/src/components/Toasts';
import {CodeSampleProvider} from '@site/src/components/CodeSampleDialog/CodeSampleProvider';

/** Hosts, once for the whole site, the toasts and the global code dialog. */
export default function Root({children}: {readonly children: ReactNode}): ReactNode {
  return (
    <ToastProvider>
      <CodeSampleProvider>{children}</CodeSampleProvider>
    </ToastProvider>
  );
}
