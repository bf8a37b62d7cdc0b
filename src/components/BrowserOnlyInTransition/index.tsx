import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

interface Props {
  readonly children?: () => ReactNode;
  readonly fallback?: ReactNode;
}

/**
 * Docusaurus' <BrowserOnly>, drawn in a transition.
 *
 * What the API theme draws only in the browser, inside <BrowserOnly> (the
 * request panel beside the operation, the endpoint's server address) appears
 * with the update that tells the page it has hydrated, which React renders in
 * one piece. Here the same content is rendered once the page has hydrated, as
 * a transition, so React draws it in short slices and the page stays
 * responsive; the fallback (the theme's skeleton) shows until then, as before.
 * patches/openapi-theme puts this in place of BrowserOnly for the API theme's
 * modules, but for the operation's parameters, body and responses, which are
 * drawn on the server as well (src/components/DrawnEverywhere).
 */
export default function BrowserOnlyInTransition({children, fallback}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (isBrowser) startTransition(() => setReady(true));
  }, [isBrowser]);

  if (ready) return <>{children?.()}</>;
  return fallback ?? null;
}
