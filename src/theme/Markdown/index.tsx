import React, {lazy, Suspense, type ComponentType, type ReactNode} from 'react';
import {renderLiteMarkdown} from '@site/src/lib/liteMarkdown';

interface Props {
  children?: ReactNode;
}

type MarkdownComponent = ComponentType<Props>;

/**
 * The API theme's Markdown (docusaurus-theme-openapi-docs: react-markdown,
 * remark-gfm, rehype-raw), kept for texts outside the subset that
 * src/lib/liteMarkdown draws. The server bundle imports it eagerly, so the
 * built HTML never waits on it; in the browser it is a chunk of its own,
 * fetched the first time such a text is drawn.
 */
const FullMarkdown: MarkdownComponent =
  process.env.PORTAL_SERVER_BUNDLE === 'true'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('@theme-original/Markdown') as {default: MarkdownComponent}).default
    : lazy(() => import('@theme-original/Markdown') as Promise<{default: MarkdownComponent}>);

/**
 * The reference's descriptions, qualifiers and enum tables: drawn directly
 * when they stay within the subset (every text of the portal's contracts
 * does), by the theme's renderer otherwise. While that renderer loads, the
 * text is shown as it is written.
 */
export default function Markdown({children}: Props): ReactNode {
  if (typeof children === 'string') {
    const lite = renderLiteMarkdown(children);
    if (lite !== null) return <>{lite}</>;
  }
  return (
    <Suspense fallback={<p>{children}</p>}>
      <FullMarkdown>{children}</FullMarkdown>
    </Suspense>
  );
}
