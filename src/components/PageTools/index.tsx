import React, {Suspense, lazy, useId, useState, useSyncExternalStore, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {copyText} from '@site/src/components/CodeSampleDialog/useClipboard';
import {REFERENCE_CHANNELS, downloadFile} from '@site/core/openapi/contracts';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

// The MCP panel's code is fetched the first time a reader opens it, never with the page.
const McpPanel = lazy(() => import('./McpPanel'));

/** What an assistant is asked to do with the page: read its Markdown, then help. */
export function assistantPrompt(markdownAddress: string, locale: string): string {
  return locale === 'en' ? `Read ${markdownAddress} and help me with what it explains.` : `Lea ${markdownAddress} y ayúdeme con lo que explica. Responda en español.`;
}

/** "Abrir en ChatGPT" and "Abrir en Claude": a new conversation with the prompt already typed. */
export function assistantLinks(prompt: string): {chatgpt: string; claude: string} {
  const q = encodeURIComponent(prompt);
  return {chatgpt: `https://chatgpt.com/?q=${q}`, claude: `https://claude.ai/new?q=${q}`};
}

/** The Markdown copy of a page: the build writes /vpost/integracion.md beside /vpost/integracion (docusaurus-plugin-llms-txt). */
export function markdownUrl(pathname: string): string {
  return `${pathname.replace(/\/+$/, '')}.md`;
}

/** The reference channel a path belongs to (/rest/..., /en/tcrest), or null for a guide. */
export function referenceChannel(pathname: string): string | null {
  const first = pathname.replace(/^\/en(?=\/)/, '').split('/')[1] ?? '';
  return (REFERENCE_CHANNELS as readonly string[]).includes(first) ? first : null;
}

/** The page's address does not change its origin: nothing to subscribe to. */
const noSubscription = () => () => {};
const readerOrigin = () => window.location.origin;

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
 * "Abrir en ChatGPT" / "Abrir en Claude" start a conversation about the page's
 * Markdown, and "Conectar su asistente (MCP)" opens the configuration for the
 * portal's MCP server (./McpPanel.tsx, loaded on the first click).
 */
export default function PageTools(): ReactNode {
  const {pathname} = useLocation();
  const {i18n, siteConfig} = useDocusaurusContext();
  const portal = usePortalConfig();
  const [status, setStatus] = useState<Status>('idle');
  const [mcpOpen, setMcpOpen] = useState(false);
  const panelId = useId();
  // The reader's origin once in the browser; the built site's own address while rendering on the server.
  const origin = useSyncExternalStore(noSubscription, readerOrigin, () => siteConfig?.url ?? '');
  const md = markdownUrl(pathname);
  const channel = referenceChannel(pathname);
  // Static files are copied into each locale's site: /openapi/rest.yaml, /en/openapi/rest.en.yaml.
  const contract = useBaseUrl(`/${downloadFile(channel ?? '', i18n.currentLocale === 'en' ? 'en' : 'es')}`);
  const contractUrl = channel === null ? null : contract;
  const links = assistantLinks(assistantPrompt(`${origin}${md}`, i18n.currentLocale));

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
      <Link className={styles.link} href={links.chatgpt} target="_blank" rel="noopener noreferrer">
        {translate({id: 'pageTools.chatgpt', message: 'Abrir en ChatGPT', description: "Docs page: link that opens ChatGPT with a prompt pointing at the page's Markdown"})}
      </Link>
      <Link className={styles.link} href={links.claude} target="_blank" rel="noopener noreferrer">
        {translate({id: 'pageTools.claude', message: 'Abrir en Claude', description: "Docs page: link that opens Claude with a prompt pointing at the page's Markdown"})}
      </Link>
      {portal.mcp && (
        <button type="button" className="button button--link button--sm" aria-expanded={mcpOpen} aria-controls={panelId} onClick={() => setMcpOpen(!mcpOpen)}>
          {translate({
            id: 'pageTools.mcp',
            message: 'Conectar su asistente (MCP)',
            description: "Docs page: button that shows how to connect a coding assistant to the portal's MCP server",
          })}
        </button>
      )}
      <span role="status" className={status === 'failed' ? styles.failed : styles.status}>
        {status === 'copied' && translate({id: 'pageTools.copied', message: 'Página copiada como Markdown.', description: 'Docs page: the page was copied'})}
        {status === 'failed' &&
          translate({id: 'pageTools.failed', message: 'No se pudo copiar la página; ábrala en Markdown y cópiela desde allí.', description: 'Docs page: copying the page failed'})}
      </span>
      {mcpOpen && (
        <Suspense fallback={null}>
          <McpPanel id={panelId} origin={origin} productName={portal.productName} />
        </Suspense>
      )}
    </div>
  );
}
