/**
 * Options of docusaurus-plugin-openapi-docs, which writes the reference pages
 * from the contracts. The plugin only adds the `gen-api-docs` command, so it is
 * registered in the generation-only config (scripts/api/gen.config.ts), not in
 * docusaurus.config.ts: its options would otherwise ship, serialized in the
 * site config, inside the JavaScript of every page.
 */
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {REFERENCE_CHANNELS, requestPath, type Locale} from '../../core/openapi/contracts';
import {allVersions, versionedGeneratedDir, versionedPagesSource} from '../../core/node/openapiVersions';
const LOCALES: readonly Locale[] = ['es', 'en'];

/** One entry per contract, version and language; the pages' slug is each operation's x-page-key (scripts/api/page.mustache). */
export function openApiPluginOptions(): {id: string; docsPluginId: string; config: Record<string, OpenApiPlugin.Options>} {
  const config: Record<string, OpenApiPlugin.Options> = {};
  const entries = REFERENCE_CHANNELS.flatMap((id) => allVersions().flatMap((version) => LOCALES.map((locale) => ({id, version, locale}))));
  for (const {id, version, locale} of entries) {
    // rest, rest-en, rest-v1, rest-v1-en, ...
    config[[id, ...(version === 'current' ? [] : [version]), ...(locale === 'es' ? [] : [locale])].join('-')] = {
      specPath: versionedPagesSource(id, locale, version),
      outputDir: versionedGeneratedDir(id, locale, version),
      template: 'scripts/api/page.mustache',
      showInfoPage: false,
      // The operation goes into the page's front matter as JSON, not gzipped and in base64: the
      // browser then has nothing to inflate as a reference page starts (pako, in the render that
      // draws the page), and the page's script compresses better (brotli of the JSON is smaller).
      disableCompression: true,
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
  return {id: 'openapi', docsPluginId: 'rest', config};
}
