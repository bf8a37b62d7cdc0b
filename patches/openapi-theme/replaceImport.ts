/**
 * One module swapped for another, for some importers only: how the patches
 * put their own versions in place of a dependency's modules without touching
 * anyone else's imports of the same name.
 */
import type {Plugin} from '@docusaurus/types';

type ConfigureWebpackUtils = Parameters<NonNullable<Plugin['configureWebpack']>>[2];
type ReplacementPlugin = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['NormalModuleReplacementPlugin']>;

/**
 * A bundler plugin that points `request` (as the importer writes it, e.g.
 * /^crypto-js$/), when made from a module whose folder matches `importer`, at
 * the module of absolute path `target`.
 */
export function replaceImport(utils: ConfigureWebpackUtils, {request, importer, target}: {request: RegExp; importer: RegExp; target: string}): ReplacementPlugin {
  return new utils.currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: {request: string; context?: string}) => {
    if (importer.test(resource.context ?? '')) resource.request = target;
  });
}
