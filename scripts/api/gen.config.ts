// The site's config plus docusaurus-plugin-openapi-docs, for `docusaurus gen-api-docs`
// only (scripts/gen-api.mjs points DOCUSAURUS_CLI_CONFIG here). See scripts/api/generation.ts.
import type {Config} from '@docusaurus/types';
import site from '../../docusaurus.config';
import {openApiPluginOptions} from './generation';

const config: Config = {
  ...site,
  plugins: [...(site.plugins ?? []), ['docusaurus-plugin-openapi-docs', openApiPluginOptions()]],
};

export default config;
