/**
 * One module swapped for another, for some importers only: how the patches
 * put their own versions in place of a dependency's modules without touching
 * anyone else's imports of the same name.
 */
import type {Plugin} from '@docusaurus/types';

type ConfigureWebpackUtils = Parameters<NonNullable<Plugin['configureWebpack']>>[2];
type ReplacementPlugin = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['NormalModuleReplacementPlugin']>;

export interface ImportReplacement {
  /** The request as the importer writes it, e.g. /^crypto-js$/. */
  readonly request: RegExp;
  /** The folder of the importing module. */
  readonly importer: RegExp;
  /** The absolute path of the module to import instead. */
  readonly target: string;
}

/** A bundler plugin that points `request`, when made from a module under `importer`, at `target`. */
export function replaceImport(utils: ConfigureWebpackUtils, {request, importer, target}: ImportReplacement): ReplacementPlugin {
  return new utils.currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: {request: string; context?: string}) => {
    if (importer.test(resource.context ?? '')) resource.request = target;
  });
}
