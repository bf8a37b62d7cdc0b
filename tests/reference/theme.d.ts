// The API theme's own Markdown component, which tests/reference compares the portal's with.
declare module 'docusaurus-theme-openapi-docs/lib/theme/Markdown' {
  import type {ComponentType, ReactNode} from 'react';

  const Markdown: ComponentType<{children?: ReactNode}>;
  export default Markdown;
}
