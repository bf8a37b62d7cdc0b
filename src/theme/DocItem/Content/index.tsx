import React, {type ComponentProps, type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import PageTools from '@site/src/components/PageTools';

type Props = ComponentProps<typeof Content>;

/** Every docs page (guides and API reference) starts with its tools: copy as Markdown, the Markdown link, the contract. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageTools />
      <Content {...props} />
    </>
  );
}
