/** The MCP resources: every docs page (both locales, every version) as Markdown, every contract, the WSDL. */
import {REFERENCE_CHANNELS} from '../../core/openapi/contracts';
import type {McpContext} from './context';
import {contractFile} from './operations';
import {sitePath} from './pages';

export interface Resource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly mimeType: string;
  readonly read: () => string;
}

/** Every docs page (both locales, every version), every contract, the WSDL. */
export function resources(context: McpContext): Resource[] {
  const pages = context.pages.map((page) => ({
    uri: `${context.origin}${sitePath(page)}.md`,
    name: `${page.locale}${page.version === 'current' ? '' : `/${page.version}`}${page.path}`,
    title: page.title,
    mimeType: 'text/markdown',
    read: () => page.markdown,
  }));
  const contracts = context.versions.flatMap((v) =>
    REFERENCE_CHANNELS.flatMap((id) =>
      (['es', 'en'] as const).flatMap((lang) => {
        const file = contractFile(id, lang, v);
        if (!context.operations.some((op) => op.channel === id && op.version === v && op.locale === lang)) return [];
        return [{uri: `${context.origin}/${file}`, name: file, title: `OpenAPI ${id} (${lang}, ${v})`, mimeType: 'application/yaml', read: () => context.readBuildFile(file)}];
      }),
    ),
  );
  const wsdl = {
    uri: `${context.origin}/soap/pagos.wsdl`,
    name: 'soap/pagos.wsdl',
    title: 'WSDL del servicio SOAP',
    mimeType: 'text/xml',
    read: () => context.readBuildFile('soap/pagos.wsdl'),
  };
  return [...pages, ...contracts, wsdl];
}
