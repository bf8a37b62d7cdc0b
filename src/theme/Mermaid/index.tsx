import React, {lazy, Suspense, type ReactNode} from 'react';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import {isSequenceDiagram, withProductName} from '@site/src/components/SequenceDiagram/detect';
import usePortalConfig from '@site/src/lib/usePortalConfig';

type Props = WrapperProps<typeof MermaidType>;

// Any other kind of diagram still gets Mermaid, fetched only by its page.
const OriginalMermaid = lazy(() => import('@theme-original/Mermaid'));
// The drawing code is a chunk of its own too: this wrapper sits in the MDX
// components that every page loads, and most pages have no diagram. The build
// waits for it, so the SVG is in the page's HTML either way.
const SequenceDiagram = lazy(() => import('@site/src/components/SequenceDiagram'));

/**
 * Sequence diagrams (every diagram of the guides) are drawn as SVG when the
 * page is built, so the reader's browser never loads Mermaid for them:
 * measured, a flow page went from about 510 KB of gzipped JavaScript to the
 * weight of any other guide page.
 */
export default function Mermaid(props: Props): ReactNode {
  const {productName} = usePortalConfig();
  if (isSequenceDiagram(props.value)) {
    const source = withProductName(props.value, productName);
    return (
      <Suspense fallback={<pre>{source}</pre>}>
        <SequenceDiagram source={source} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<pre>{props.value}</pre>}>
      <OriginalMermaid {...props} />
    </Suspense>
  );
}
