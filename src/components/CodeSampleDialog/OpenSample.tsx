import React, {useCallback, useId, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import {buildSample, type SampleKey} from '@site/core/data/codeSamples';
import {samplePurchaseEndpoint} from '@site/core/config';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {activeCredentials, useSandboxCredentials} from '@site/src/lib/sandboxCredentials';
import {useToast} from '@site/src/components/Toasts';
import SandboxCredentials from '@site/src/components/SandboxCredentials';
import CodeSampleDialog from './index';
import TryInSandbox, {TryNote} from './TryInSandbox';
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
        translate({
          id: 'codeDialog.copyFailed',
          message: 'No se pudo copiar; seleccione el código y cópielo a mano.',
          description: 'Toast shown when the browser refused to copy the sample',
        }),
        'error',
      ),
    [toast],
  );
  const copy = useClipboard(onCopied, onCopyFailed);

  const title = sampleTitle(sampleKey);
  // The dialog only opens in the browser; siteConfig.url stands in where there is no window.
  const origin = typeof window === 'undefined' ? siteConfig.url : window.location.origin;
  const endpoint = samplePurchaseEndpoint(config, origin);
  const locale = i18n.currentLocale === 'en' ? 'en' : 'es';
  // With the sandbox on, the sample carries the reader's sandbox usuario;
  // the demo merchant's samples keep it empty, as the payment helper's default is.
  const remembered = useSandboxCredentials();
  const usuario = config.sandbox && remembered !== null ? remembered.usuario : '';
  const sample = buildSample(sampleKey, endpoint, locale, title, usuario);
  const noteId = useId();
  const tryable = config.sandbox && sampleKey !== 'cifrado';
  const credentials = activeCredentials(remembered);
  return (
    <CodeSampleDialog
      title={title}
      format={sample.format}
      code={sample.code}
      onCopy={(code) => void copy(code)}
      onClose={onClose}
      actions={tryable ? <TryInSandbox path={sampleKey} locale={locale} endpoint={endpoint} credentials={credentials} describedBy={noteId} /> : undefined}
    >
      {config.sandbox ? (
        <>
          <SandboxCredentials compact />
          {tryable && <TryNote id={noteId} credentials={credentials} />}
        </>
      ) : undefined}
    </CodeSampleDialog>
  );
}
