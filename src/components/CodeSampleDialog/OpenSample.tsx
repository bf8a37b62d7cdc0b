import React, {useCallback, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import {buildSample, type SampleKey} from '@site/src/data/codeSamples';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useToast} from '@site/src/components/Toasts';
import CodeSampleDialog from './index';
import {sampleTitle} from './sampleTitles';
import useClipboard from './useClipboard';

/**
 * The dialog with one sample in it: builds the sample for the configured demo
 * endpoint and the page's language, copies it and says so. A chunk of its own,
 * fetched the first time a sample opens.
 */
export default function OpenSample({sampleKey, onClose}: {readonly sampleKey: SampleKey; readonly onClose: () => void}): ReactNode {
  const {i18n} = useDocusaurusContext();
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
  const sample = buildSample(sampleKey, config.purchaseEndpoints.demo, i18n.currentLocale === 'en' ? 'en' : 'es', title);
  return <CodeSampleDialog title={title} format={sample.format} code={sample.code} onCopy={(code) => void copy(code)} onClose={onClose} />;
}
