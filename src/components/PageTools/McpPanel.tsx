/**
 * "Conectar su asistente (MCP)": the portal's MCP URL and the configuration
 * to paste into Claude Code, Cursor and VS Code, made from the origin the
 * reader is on (so a local `npm start`, a staging copy and production each
 * give their own). Loaded by PageTools only when the reader opens it.
 */
import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import {MCP_PATH} from '@site/core/config';
import styles from './styles.module.css';

export interface McpConfigs {
  readonly url: string;
  readonly claudeCode: string;
  readonly cursor: string;
  readonly vscode: string;
}

/** The server's name in the assistant's list: integraciones-<product>. */
export function serverName(productName: string): string {
  return `integraciones-${productName.toLowerCase()}`;
}

/** The MCP URL on `origin` and each assistant's configuration for it. */
export function mcpConfigs(origin: string, productName: string): McpConfigs {
  const url = `${origin.replace(/\/+$/, '')}${MCP_PATH}`;
  const name = serverName(productName);
  return {
    url,
    claudeCode: `claude mcp add --transport http ${name} ${url}`,
    cursor: JSON.stringify({mcpServers: {[name]: {url}}}, null, 2),
    vscode: JSON.stringify({servers: {[name]: {type: 'http', url}}}, null, 2),
  };
}

function Config({title, file, code}: {title: string; file?: string; code: string}): ReactNode {
  return (
    <div className={styles.config}>
      <h3 className={styles.configTitle}>
        {title}
        {file !== undefined && (
          <>
            {' '}
            <code>{file}</code>
          </>
        )}
      </h3>
      <pre className={styles.code}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export default function McpPanel({origin, productName, id}: {origin: string; productName: string; id: string}): ReactNode {
  const configs = mcpConfigs(origin, productName);
  return (
    <section
      id={id}
      className={styles.panel}
      aria-label={translate({id: 'pageTools.mcp.panel', message: 'Conectar su asistente (MCP)', description: 'Docs page: name of the panel with the MCP configuration'})}
    >
      <p>
        {translate({
          id: 'pageTools.mcp.intro',
          message:
            'Su asistente de código (Claude Code, Cursor, VS Code) puede buscar en esta documentación, leer cada operación de los contratos, calcular firmas y probar llamadas en el sandbox con el servidor MCP del portal:',
          description: 'Docs page: first line of the MCP panel, before the URL',
        })}{' '}
        <code data-mcp-url>{configs.url}</code>
      </p>
      <Config title="Claude Code" code={configs.claudeCode} />
      <Config title="Cursor" file=".cursor/mcp.json" code={configs.cursor} />
      <Config title="VS Code" file=".vscode/mcp.json" code={configs.vscode} />
      <p className={styles.note}>
        {translate({
          id: 'pageTools.mcp.sandbox',
          message:
            'Sin credenciales, las herramientas del sandbox actúan como el comercio de demostración público; con las suyas, agregue la cabecera Authorization: Basic (usuario:clave del sandbox).',
          description: 'Docs page: MCP panel, how the sandbox tools pick the merchant',
        })}{' '}
        <Link to="/guias/asistentes">
          {translate({id: 'pageTools.mcp.guide', message: 'Use el portal desde su asistente', description: 'Docs page: MCP panel, link to the guide page about assistants'})}
        </Link>
      </p>
    </section>
  );
}
