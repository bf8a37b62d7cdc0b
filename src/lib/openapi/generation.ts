/**
 * Options of docusaurus-plugin-openapi-docs, which writes the reference pages
 * from the contracts. The plugin only adds the `gen-api-docs` command, so it is
 * registered in the generation-only config (scripts/api/gen.config.ts), not in
 * docusaurus.config.ts: its options would otherwise ship, serialized in the
 * site config, inside the JavaScript of every page.
 */
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {REFERENCE_CHANNELS, generatedDir, pagesSource, requestPath, type Locale} from './contracts';
const LOCALES: readonly Locale[] = ['es', 'en'];

/** One entry per contract and language; the pages' slug is each operation's x-page-key (scripts/api/page.mustache). */
export function openApiPluginOptions(): {id: string; docsPluginId: string; config: Record<string, OpenApiPlugin.Options>} {
  const config: Record<string, OpenApiPlugin.Options> = {};
  for (const id of REFERENCE_CHANNELS) {
    for (const locale of LOCALES) {
      config[locale === 'es' ? id : `${id}-en`] = {
        specPath: pagesSource(id, locale),
        outputDir: generatedDir(id, locale),
        template: 'scripts/api/page.mustache',
        showInfoPage: false,
        markdownGenerators: {
          // A payment method's request is documented at /confirmacionTransaccionMedioPago#<method>;
          // the page and its request panel show (and call) the path without the fragment.
          createApiPageMD: (page) => {
            page.api.path = requestPath(page.api.path);
            return createApiPageMD(page);
          },
        },
      };
    }
  }
  return {id: 'openapi', docsPluginId: 'rest', config};
}
