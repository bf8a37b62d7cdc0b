/**
 * The API theme's request builder (try-it and the code tabs use it), with the
 * server's URL split into its parts (src/lib/openapi/serverUrl.ts), so every
 * code tab's snippet reaches the server shown (src/theme/README.md).
 */
import buildPostmanRequest from '@theme-original/ApiExplorer/buildPostmanRequest';
import {splitServerUrl} from '@site/src/lib/openapi/serverUrl';

type Build = typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest').default;

export default function buildRequestWithServerParts(...args: Parameters<Build>): ReturnType<Build> {
  const request = (buildPostmanRequest as Build)(...args);
  splitServerUrl(request.url);
  return request;
}
