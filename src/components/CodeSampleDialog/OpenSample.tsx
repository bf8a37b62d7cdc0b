import React, {useCallback, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import {buildSample, type SampleKey} from '@site/core/data/codeSamples';
import {samplePurchaseEndpoint} from '@site/core/config';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useToast} from '@site/src/components/Toasts';
import CodeSampleDialog from './index';
import {sampleTitle} from './sampleTitles';
import useClipboard from './useClipboard';

/**
 * The dialog with one sample in it: builds the sample for the page's language,
 * posting to the sandbox's purchase page on this portal when the sandbox is on
 * (the address the reader is on, so it is right whatever host and port serve
 * the portal), to the documented demo purchase page when it is off. Copies it
 * and says so. A chunk of its own, fetched the first time a sample opens.
 */
export default function OpenSample({sampleKey, onClose}: {readonly sampleKey: SampleKey; readonly onClose: () => void}): ReactNode {
  const {i18n, siteConfig} = useDocusaurusContext();
  const config = usePortalConfig();
  const toast = useToast();

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

  const title = sampleTitle(sampleKey);
  // The dialog only opens in the browser; siteConfig.url stands in where there is no window.
  const origin = typeof window === 'undefined' ? siteConfig.url : window.location.origin;
  const endpoint = samplePurchaseEndpoint(config, origin);
  const sample = buildSample(sampleKey, endpoint, i18n.currentLocale === 'en' ? 'en' : 'es', title);
  return <CodeSampleDialog title={title} format={sample.format} code={sample.code} onCopy={(code) => void copy(code)} onClose={onClose} />;
}
