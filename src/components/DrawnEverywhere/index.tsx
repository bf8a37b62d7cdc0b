import type {ReactNode} from 'react';

interface Props {
  readonly children?: () => ReactNode;
  readonly fallback?: ReactNode;
}

/**
 * Docusaurus' <BrowserOnly> contract, drawn on the server as well.
 *
 * The API theme wraps a reference page's parameters, request body and
 * responses in <BrowserOnly>, so the built HTML only had grey skeletons where
 * they go: a reader without JavaScript, a search engine or a PDF export saw no
 * parameter, and when the browser drew them they pushed the responses down the
 * screen (a layout shift on every reference page). Those three parts read
 * nothing of the browser: the page's request-panel store exists on the server
 * too, and the server draws them with it as the first browser render does, so
 * hydration keeps the server's markup. patches/openapi-theme puts this in place
 * of BrowserOnly for those three theme modules only; the request panel and the
 * endpoint's server address stay browser-only.
 */
export default function DrawnEverywhere({children}: Props): ReactNode {
  return <>{children?.()}</>;
}
