/**
 * The code snippets the API reference's tabs show, made as the page makes
 * them: for each operation page gen:api wrote (every contract, version and
 * locale), the request the theme's panel starts with (its Postman request,
 * the first server made absolute on the portal being read, the body try-it
 * starts with, the path parameters' examples, the security placeholder the
 * page shows), built by the theme's request builder as the portal swizzles it
 * (src/theme/ApiExplorer/buildPostmanRequest.ts) and converted by
 * postman-code-generators with the tabs and options of
 * src/lib/openapi/languageTabs.ts, as the theme's CodeSnippets does.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {sampleFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample';
import {resolveSchemaWithSelections} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/resolveSchemaWithSelections';
import codegen from 'postman-code-generators';
import {Request} from 'postman-collection';
import buildPostmanRequest from '../../src/theme/ApiExplorer/buildPostmanRequest';
import {LANGUAGE_TABS, type LanguageTab} from '../../src/lib/openapi/languageTabs';
import {REFERENCE_CHANNELS, type Locale} from '../../core/openapi/contracts';
import {withOrigin, withPostmanRequest} from '../../src/lib/openapi/stableContent';
import {allVersions, versionedGeneratedDir} from '../../core/node/openapiVersions';
import {PROJECT} from '../../server/testSupport/sampleLanguages';

/** An operation page of the reference. */
export interface OperationPage {
  readonly channel: string;
  readonly version: string;
  readonly locale: Locale;
  /** The page's file, relative to the project. */
  readonly file: string;
  /** "pagoPse (POST /confirmacionTransaccionMedioPago)" */
  readonly operation: string;
  readonly api: Operation;
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly example?: unknown;
  readonly examples?: Record<string, {value?: unknown}>;
  readonly schema?: {default?: unknown; example?: unknown};
}

interface SecurityScheme {
  readonly type: string;
  readonly scheme?: string;
  readonly in?: string;
  readonly name?: string;
}

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly servers?: {url: string}[];
  readonly parameters?: Parameter[];
  readonly requestBody?: {content?: Record<string, {schema?: unknown}>};
  readonly responses?: Record<string, {content?: Record<string, unknown>}>;
  readonly security?: Record<string, string[]>[];
  readonly securitySchemes?: Record<string, SecurityScheme>;
  readonly postman?: unknown;
}

/** Every operation page gen:api wrote, for every contract, version and locale. */
export function operationPages(): OperationPage[] {
  const pages: OperationPage[] = [];
  for (const channel of REFERENCE_CHANNELS) {
    for (const version of allVersions(PROJECT)) {
      for (const locale of ['es', 'en'] as const) {
        const dir = versionedGeneratedDir(channel, locale, version);
        if (!existsSync(join(PROJECT, dir))) throw new Error(`${dir} is missing: run \`npm run gen:api\` first (npm test does).`);
        for (const name of readdirSync(join(PROJECT, dir))
          .filter((file) => file.endsWith('.api.mdx'))
          .sort()) {
          const file = `${dir}/${name}`;
          const line = /^api: (.*)$/m.exec(readFileSync(join(PROJECT, file), 'utf8'));
          if (line === null) throw new Error(`${file} has no api in its front matter`);
          const api = JSON.parse(line[1]!) as Operation;
          pages.push({channel, version, locale, file, operation: `${api.operationId} (${api.method.toUpperCase()} ${api.path})`, api});
        }
      }
    }
  }
  return pages;
}

/** The request body try-it starts with (the theme's Body: sampleFromSchema of the resolved schema). */
export function exampleBody(api: Operation): string | undefined {
  const schema = api.requestBody?.content?.['application/json']?.schema;
  if (schema === undefined) return undefined;
  return JSON.stringify(sampleFromSchema(resolveSchemaWithSelections(schema as never, {}, 'requestBody'), {type: 'request'}), null, 2);
}

/** What the page's security panel puts in a snippet while the reader has typed nothing (masked): a placeholder. */
function maskedAuth(api: Operation) {
  const data: Record<string, Record<string, string>> = {};
  const options: Record<string, (SecurityScheme & {key: string})[]> = {};
  for (const option of api.security ?? []) {
    const id = Object.keys(option).join(' and ');
    for (const key of Object.keys(option)) {
      const scheme = api.securitySchemes?.[key];
      if (scheme === undefined) continue;
      (options[id] ??= []).push({...scheme, key});
      data[key] = scheme.type === 'apiKey' ? {apiKey: `<${scheme.name ?? key}>`} : {};
    }
  }
  return {data, options, selected: Object.keys(options)[0]};
}

/** The placeholders the page shows where the reader's token goes (header credentials). */
export function credentialPlaceholders(api: Operation): string[] {
  return Object.values(maskedAuth(api).data).flatMap((d) => Object.values(d));
}

/** The first value the page fills a parameter with (the theme's ApiItem: default, then the examples). */
function prefill(parameter: Parameter): unknown {
  const named = parameter.examples === undefined ? undefined : Object.values(parameter.examples)[0]?.value;
  return parameter.schema?.default ?? parameter.example ?? parameter.schema?.example ?? named;
}

/**
 * The snippet of `tab` for the operation, as the page shows it on a portal at
 * `origin` after the reader put `token` in the body's token fields (the body
 * is otherwise the one try-it starts with).
 */
export function snippetOf(api: Operation, tab: LanguageTab, origin: string, body: string | undefined): Promise<string> {
  const operation = withOrigin(withPostmanRequest(api), origin) as Operation & {postman: object};
  const params = {path: [] as object[], query: [] as object[], header: [] as object[], cookie: [] as object[]};
  for (const parameter of operation.parameters ?? []) {
    const value = prefill(parameter);
    params[parameter.in as keyof typeof params]?.push(value === undefined ? parameter : {...parameter, value: String(value)});
  }
  const accept = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))[0];
  const contentType = Object.keys(operation.requestBody?.content ?? {})[0];
  const scope = globalThis as {window?: unknown};
  const before = scope.window;
  // The builder starts from the page's own origin (window.location.origin), then takes the server.
  scope.window = {location: {origin}};
  let request;
  try {
    request = buildPostmanRequest(new Request(operation.postman), {
      server: operation.servers?.[0],
      queryParams: params.query as never,
      pathParams: params.path as never,
      cookieParams: params.cookie as never,
      headerParams: params.header as never,
      contentType: contentType as string,
      accept: accept as string,
      body: (body === undefined ? {type: 'empty'} : {type: 'raw', content: {type: 'string', value: body}}) as never,
      auth: maskedAuth(operation) as never,
    });
  } finally {
    scope.window = before;
  }
  return new Promise((resolve, reject) => {
    codegen.convert(tab.language, tab.variant, request, tab.options, (error: unknown, snippet: string) => {
      if (error) reject(new Error(`${tab.language} ${tab.variant}: ${String(error)}`));
      else resolve(snippet);
    });
  });
}

export {LANGUAGE_TABS};
