/**
 * One module swapped for another, for some importers only: the way the
 * portal's plugins put their own versions in place of a dependency's modules
 * (patches/openapi-theme) without touching anyone else's
 * imports of the same name.
 */
import type {Plugin} from '@docusaurus/types';

type ConfigureWebpackUtils = Parameters<NonNullable<Plugin['configureWebpack']>>[2];
type ReplacementPlugin = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['NormalModuleReplacementPlugin']>;

/** What the bundler's NormalModuleReplacementPlugin hands over before resolving a request. */
interface ImportRequest {
  request: string;
  context?: string;
  contextInfo?: {issuer?: string};
}

export interface ImportReplacement {
  /** The request as the importer writes it, e.g. /^crypto-js$/. */
  readonly request: RegExp;
  /** The folder of the importing module. */
  readonly importer: RegExp;
  /** The importing module's own path, when only some modules of that folder are meant. */
  readonly issuer?: RegExp;
  /** The absolute path of the module to import instead. */
  readonly target: string;
}

/** A bundler plugin that points `request`, when made from a module under `importer`, at `target`. */
export function replaceImport(utils: ConfigureWebpackUtils, {request, importer, issuer, target}: ImportReplacement): ReplacementPlugin {
  return new utils.currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: ImportRequest) => {
    if (!importer.test(resource.context ?? '')) return;
    if (issuer !== undefined && !issuer.test(resource.contextInfo?.issuer ?? '')) return;
    resource.request = target;
  });
}
