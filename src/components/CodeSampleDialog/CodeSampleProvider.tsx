import React, {createContext, lazy, Suspense, useCallback, useContext, useMemo, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {isSampleKey, type SampleKey} from '@site/core/data/sampleKeys';

// The samples, the highlighter and the clipboard code load with the first sample opened.
const OpenSample = lazy(() => import('./OpenSample'));

/** The query parameter that names the open sample: a link of its own for each one. */
export const SAMPLE_PARAM = 'muestra';

interface CodeSampleApi {
  readonly open: (key: SampleKey) => void;
  /** The address that opens a sample on the current page. */
  readonly linkTo: (key: SampleKey) => string;
}

const CodeSampleContext = createContext<CodeSampleApi | null>(null);

export function useCodeSamples(): CodeSampleApi {
  const api = useContext(CodeSampleContext);
  if (api === null) {
    throw new Error('useCodeSamples() must be used inside <CodeSampleProvider> (src/theme/Root.tsx hosts it).');
  }
  return api;
}

function withParam(search: string, key: SampleKey | null): string {
  const params = new URLSearchParams(search);
  if (key === null) {
    params.delete(SAMPLE_PARAM);
  } else {
    params.set(SAMPLE_PARAM, key);
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * Hosts the one code dialog of the site. The open sample lives in the URL
 * (?muestra=key), so a sample opened from a button can be shared as a link,
 * and Back closes it.
 */
export function CodeSampleProvider({children}: {readonly children: ReactNode}): ReactNode {
  const location = useLocation();
  const history = useHistory();
  // The static HTML never contains the dialog; it opens once the page has
  // hydrated, so a deep link does not make the first render differ from it.
  const isBrowser = useIsBrowser();
  const requested = new URLSearchParams(location.search).get(SAMPLE_PARAM);
  const openKey = isBrowser && isSampleKey(requested) ? requested : null;

  const api = useMemo<CodeSampleApi>(
    () => ({
      open: (key) => history.push({pathname: location.pathname, search: withParam(location.search, key), hash: location.hash}),
      // The static HTML is built without a query string; once hydrated, the
      // link keeps the page's own parameters (the open tab: ?tab=pruebas-vpost),
      // so it reopens the sample over the tab it sits in. Without isBrowser in
      // the dependencies the link would keep the prerendered address.
      linkTo: (key) => `${location.pathname}${withParam(isBrowser ? location.search : '', key)}`,
    }),
    [history, isBrowser, location.pathname, location.search, location.hash],
  );

  const close = useCallback(() => {
    history.replace({pathname: location.pathname, search: withParam(location.search, null), hash: location.hash});
  }, [history, location.pathname, location.search, location.hash]);

  return (
    <CodeSampleContext.Provider value={api}>
      {children}
      {openKey !== null && (
        <Suspense fallback={null}>
          <OpenSample sampleKey={openKey} onClose={close} />
        </Suspense>
      )}
    </CodeSampleContext.Provider>
  );
}
