import React, {useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {copyText} from '@site/src/components/CodeSampleDialog/useClipboard';
import {REFERENCE_CHANNELS, downloadFile} from '@site/src/lib/openapi/contracts';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

/** The Markdown copy of a page: the build writes /vpost/integracion.md beside /vpost/integracion (docusaurus-plugin-llms-txt). */
export function markdownUrl(pathname: string): string {
  return `${pathname.replace(/\/+$/, '')}.md`;
}

/** The reference channel a path belongs to (/rest/..., /en/tcrest), or null for a guide. */
export function referenceChannel(pathname: string): string | null {
  const first = pathname.replace(/^\/en(?=\/)/, '').split('/')[1] ?? '';
  return (REFERENCE_CHANNELS as readonly string[]).includes(first) ? first : null;
}

/** Copies the page's Markdown (fetched on click, never before) to the clipboard. */
async function copyMarkdown(url: string): Promise<void> {
  const response = await fetch(url, {headers: {accept: 'text/markdown'}});
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await copyText(await response.text());
}

/**
 * Above every docs page (guides and API reference): "Copiar página" puts the
 * page's Markdown on the clipboard, with a link to that Markdown; a reference
 * page also offers its OpenAPI contract (static/openapi, written by gen:api).
 */
export default function PageTools(): ReactNode {
  const {pathname} = useLocation();
  const {i18n} = useDocusaurusContext();
  const [status, setStatus] = useState<Status>('idle');
  const md = markdownUrl(pathname);
  const channel = referenceChannel(pathname);
  // Static files are copied into each locale's site: /openapi/rest.yaml, /en/openapi/rest.en.yaml.
  const contract = useBaseUrl(`/${downloadFile(channel ?? '', i18n.currentLocale === 'en' ? 'en' : 'es')}`);
  const contractUrl = channel === null ? null : contract;

  const onCopy = async (): Promise<void> => {
    setStatus('copying');
    try {
      await copyMarkdown(md);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className={styles.tools}>
      <button type="button" className="button button--secondary button--sm" onClick={() => void onCopy()} disabled={status === 'copying'}>
        {translate({id: 'pageTools.copy', message: 'Copiar página', description: 'Docs page: button that copies the page as Markdown'})}
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a Markdown file, not a page: <Link> would route it inside the app. */}
      <a className={styles.link} href={md} type="text/markdown">
        {translate({id: 'pageTools.markdown', message: 'Ver en Markdown', description: 'Docs page: link to the page as Markdown'})}
      </a>
      {contractUrl !== null && (
        // eslint-disable-next-line @docusaurus/no-html-links -- a download, not a page: <Link> would route it inside the app.
        <a className={styles.link} href={contractUrl} download>
          {translate({id: 'pageTools.contract', message: 'Descargar contrato OpenAPI', description: 'API reference page: link that downloads the OpenAPI contract'})}
        </a>
      )}
      <span role="status" className={status === 'failed' ? styles.failed : styles.status}>
        {status === 'copied' && translate({id: 'pageTools.copied', message: 'Página copiada como Markdown.', description: 'Docs page: the page was copied'})}
        {status === 'failed' && translate({id: 'pageTools.failed', message: 'No se pudo copiar la página; ábrala en Markdown y cópiela desde allí.', description: 'Docs page: copying the page failed'})}
      </span>
    </div>
  );
}
