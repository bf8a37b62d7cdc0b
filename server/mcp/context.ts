/**
 * What the MCP server reads once when the portal's server starts: the docs
 * pages of the build, their search index, the contracts' operations, and the
 * way to the sandbox (in-process) when the sandbox is on.
 */
import {readFileSync} from 'node:fs';
import {join, normalize} from 'node:path';
import {currentVersionNumber} from '../../core/docsVersions';
import {versionsOf} from '../../core/node/docsVersions';
import type {ServerConfig} from '../config';
import {loadDemoMerchant} from '../sandbox/merchants/demoMerchant';
import {loadOperations} from './operations';
import {loadPages} from './pages';
import {SandboxGateway, type Inject} from './sandbox';
import {DocsSearch} from './search';
import type {OperationInfo} from './operations';
import type {DocPage} from './pages';

/** What every tool, resource and prompt reads. */
export interface McpContext {
  readonly pages: readonly DocPage[];
  readonly search: DocsSearch;
  readonly operations: readonly OperationInfo[];
  /** 'current' first, then the cut versions ("v1"). */
  readonly versions: readonly string[];
  /** The current version's number, which readers see as "v2 (actual)": accepted for 'current'. */
  readonly currentLabel: string;
  /** The portal's public address (SITE_URL), without a trailing slash. */
  readonly origin: string;
  readonly productName: string;
  /** The sandbox's tools' access, null when the sandbox is off. */
  readonly sandbox: SandboxGateway | null;
  /** Reads a file of the build (contracts, WSDL) for the resources. */
  readonly readBuildFile: (path: string) => string;
  readonly serverVersion: string;
}

export function loadMcpContext(config: ServerConfig, inject: Inject, projectDir: string = process.cwd()): McpContext {
  const cut = versionsOf('default', projectDir);
  const versions = ['current', ...cut];
  const pages = loadPages(config.buildDir, cut);
  const operations = loadOperations(config.buildDir, versions);
  const origin = config.siteUrl.replace(/\/+$/, '');
  return {
    pages,
    search: new DocsSearch(pages),
    operations,
    versions,
    currentLabel: `v${currentVersionNumber(cut)}`,
    origin,
    productName: config.portal.productName,
    sandbox: config.portal.sandbox ? new SandboxGateway(inject, loadDemoMerchant(projectDir), origin, operations) : null,
    readBuildFile: (path) => {
      const file = normalize(join(config.buildDir, path));
      if (!file.startsWith(normalize(config.buildDir))) throw new Error(`${path} is outside the build.`);
      return readFileSync(file, 'utf8');
    },
    serverVersion: '1.0.0',
  };
}
