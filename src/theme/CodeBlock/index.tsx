/// <reference types="@docusaurus/theme-live-codeblock" />
import React, {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ClassicCodeBlock from '@theme-init/CodeBlock';

// @docusaurus/theme-live-codeblock's CodeBlock imports its Playground (react-live,
// sucrase) statically, so every page with a code block would download it. This
// one draws ordinary blocks with the classic theme's CodeBlock and fetches the
// live block only for a ```` ```jsx live ```` fence, as a chunk of its own; until
// it arrives, the fence is shown as ordinary highlighted code.
const LiveCodeBlock = lazy(() => import('@theme/LiveCodeBlock'));

function isLive(props: Props): props is Props & {children?: string} {
  return Boolean((props as {live?: boolean}).live) && (props.children === undefined || typeof props.children === 'string');
}

export default function CodeBlock(props: Props): ReactNode {
  if (!isLive(props)) {
    return <ClassicCodeBlock {...props} />;
  }
  // data-live-code: the server gives this page a policy that lets the edited code run (server/site/csp.ts).
  return (
    <div data-live-code="">
      <Suspense fallback={<ClassicCodeBlock {...props} />}>
        <LiveCodeBlock {...props} />
      </Suspense>
    </div>
  );
}
