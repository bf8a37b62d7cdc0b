/**
 * Jest stand-in for @theme/Admonition and @theme/CodeBlock, which the API
 * theme's Markdown uses for admonitions and fenced code: a marked box, so a
 * test sees that the block was drawn by them.
 */
import React, {type ReactNode} from 'react';

export default function ThemeBlock({children}: {children?: ReactNode}): ReactNode {
  return <div data-theme-block="">{children}</div>;
}
