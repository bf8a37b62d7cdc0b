import React, {createContext, useCallback, useContext, useMemo, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
import {buildSample, isSampleKey, type SampleKey} from '@site/src/data/codeSamples';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useToast} from '@site/src/components/Toasts';
import CodeSampleDialog from './index';
import {sampleTitle} from './sampleTitles';
import useClipboard from './useClipboard';

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
  const {i18n} = useDocusaurusContext();
  const config = usePortalConfig();
  const toast = useToast();

  // The static HTML never contains the dialog; it opens once the page has
  // hydrated, so a deep link does not make the first render differ from it.
  const isBrowser = useIsBrowser();
  const requested = new URLSearchParams(location.search).get(SAMPLE_PARAM);
  const openKey = isBrowser && isSampleKey(requested) ? requested : null;

  const api = useMemo<CodeSampleApi>(
    () => ({
      open: (key) => history.push({pathname: location.pathname, search: withParam(location.search, key), hash: location.hash}),
      linkTo: (key) => `${location.pathname}${withParam(location.search, key)}`,
    }),
    [history, location.pathname, location.search, location.hash],
  );

  const close = useCallback(() => {
    history.replace({pathname: location.pathname, search: withParam(location.search, null), hash: location.hash});
  }, [history, location.pathname, location.search, location.hash]);

  const onCopied = useCallback(
    () => toast.show(translate({id: 'codeDialog.copied', message: 'Texto copiado', description: 'Toast shown after the code of a sample was copied'}), 'success'),
    [toast],
  );
  const onCopyFailed = useCallback(
    () =>
      toast.show(
        translate({id: 'codeDialog.copyFailed', message: 'No se pudo copiar; seleccione el código y cópielo a mano.', description: 'Toast shown when the browser refused to copy the sample'}),
        'error',
      ),
    [toast],
  );
  const copy = useClipboard(onCopied, onCopyFailed);

  const locale = i18n.currentLocale === 'en' ? 'en' : 'es';
  const sample = openKey === null ? null : buildSample(openKey, config.purchaseEndpoints.demo, locale, sampleTitle(openKey));

  return (
    <CodeSampleContext.Provider value={api}>
      {children}
      {sample !== null && (
        <CodeSampleDialog
          title={sampleTitle(sample.key)}
          format={sample.format}
          code={sample.code}
          onCopy={(code) => void copy(code)}
          onClose={close}
        />
      )}
    </CodeSampleContext.Provider>
  );
}
