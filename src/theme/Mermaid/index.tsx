import React, {lazy, Suspense, type ReactNode} from 'react';
import {isSequenceDiagram, withProductName} from '@site/src/components/SequenceDiagram/detect';
import usePortalConfig from '@site/src/lib/usePortalConfig';

// The drawing code is a chunk of its own: this component sits in the MDX
// components that every page loads, and most pages have no diagram. The build
// waits for it, so the SVG is in the page's HTML either way.
const SequenceDiagram = lazy(() => import('@site/src/components/SequenceDiagram'));

/** Thrown while a page is built: the writer sees which diagram to change. */
export class UnsupportedDiagramError extends Error {
  override name = 'UnsupportedDiagramError';
}

/**
 * What a ```mermaid block of a page renders (markdown.mermaid in
 * docusaurus.config.ts). Every diagram of the guides is a sequence diagram,
 * drawn here as SVG when the page is built, so readers never download
 * Mermaid: a flow page loaded about 510 KB of gzipped JavaScript with it. The
 * Mermaid library is not part of the site at all (it cost about 5 s of every
 * locale's build); another kind of diagram stops the build with a message.
 */
export default function Mermaid({value}: {readonly value: string}): ReactNode {
  const {productName} = usePortalConfig();
  if (!isSequenceDiagram(value)) {
    const first =
      value
        .split('\n')
        .find((line) => line.trim() !== '')
        ?.trim() ?? '';
    throw new UnsupportedDiagramError(`Only sequence diagrams are drawn on this site: a mermaid block must start with "sequenceDiagram", and this one starts with "${first}".`);
  }
  const source = withProductName(value, productName);
  return (
    <Suspense fallback={<pre>{source}</pre>}>
      <SequenceDiagram source={source} />
    </Suspense>
  );
}
