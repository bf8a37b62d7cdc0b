/**
 * The portal's MCP server: the tools, resources and prompts an assistant gets
 * at /mcp. Stateless: ./index.ts makes one per HTTP request, for the caller
 * that request names (its Basic credentials, or none).
 *
 * The SDK's low-level Server, not McpServer: McpServer answers a tool call
 * with bad arguments as a tool result flagged isError; here a bad argument is
 * a JSON-RPC error (InvalidParams) whose message says what to send instead,
 * and only a failure while doing the work (the sandbox refused, say) is a
 * tool result with isError.
 */
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {checkConfirmation, parseConfirmation, type ConfirmationProblem, type ConfirmationStatus, type ParseError, type VerifyError} from '../../core/confirmation';
import {REFERENCE_CHANNELS, requestPath, type JsonObject} from '../../core/openapi/contracts';
import {amountValidation, checksum, postSecurityToken, responseSignature} from '../../core/signatures';
import {SANDBOX_RULES} from '../../core/data/sandbox';
import {callUrl, contractFile, requestExamples, type OperationInfo} from './operations';
import {sitePath, type DocPage, type Locale} from './pages';
import {CHANNEL_PROMPTS, promptText, promptTitle} from './prompts';
import {CREDENTIALS_REFUSED, SandboxCredentialsError, SandboxToolError, type CallerContext, type Credentials, type SandboxGateway} from './sandbox';
import type {DocsSearch} from './search';

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

const locale = z.enum(['es', 'en']).optional().describe('Language of the answer: es (default) or en.');
const version = z.string().max(20).optional().describe("Docs version: 'current' (default) or a cut one such as 'v1'.");
const channel = z.enum(REFERENCE_CHANNELS).optional().describe('Contract: rest (payments), apirest (reconciliation), tcrest (card REST).');
const SIGNATURE_KINDS = ['firma', 'checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const;

/** The state words of the page's handlers (samples/<language>/confirmacion.*), by meaning. */
const STATE_WORDS = {pendiente: 'pending', aprobada: 'successful', rechazada: 'rejected', abortada: 'aborted', reversada: 'reversed'} as const satisfies Record<
  string,
  ConfirmationStatus
>;
const ORDER_STATES = ['pendiente', 'aprobada', 'rechazada', 'abortada', 'reversada'] as const satisfies readonly (keyof typeof STATE_WORDS)[];
const wordOf = (status: ConfirmationStatus): string => Object.entries(STATE_WORDS).find(([, meaning]) => meaning === status)![0];

const INPUTS = {
  search_docs: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(500).describe('The question or keywords, in Spanish or English, with or without accents.'),
    locale,
    version,
    limit: z.number().int().min(1).max(10).optional().describe('How many pages (default 5).'),
  }),
  get_page: z.object({
    path: z.string().trim().min(1, 'path must not be empty').max(2000).describe('The page path (/vpost/integracion, /en/rest/pse) or its full URL, with or without .md.'),
  }),
  list_operations: z.object({channel, version, locale}),
  get_operation: z.object({
    operationId: z.string().max(100).optional().describe('The operationId (autenticar, pagoTarjeta...). Or give method and path.'),
    method: z.string().max(10).optional().describe('HTTP method, with path.'),
    path: z.string().max(300).optional().describe('The documented path, e.g. /autenticar or /confirmacionTransaccionMedioPago#pse.'),
    channel,
    version,
    locale,
  }),
  compute_signature: z.object({
    kind: z.enum(SIGNATURE_KINDS).describe('firma (firma{product} of a response/confirmation), checksum, tokenSeguridad (of the POST form) or md5ValidacionValor.'),
    inputs: z
      .record(z.string(), z.string().max(1000))
      .describe(
        'firma: llave, codigoFactura, valorFactura, codigoAutorizacion. checksum: factura, valor, llave. tokenSeguridad: llave and hora (HH:mm, UTC-05:00) or instante (ISO date-time; default now). md5ValidacionValor: llave, valor.',
      ),
  }),
  verify_confirmation: z.object({
    body: z
      .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
      .describe('The body of the return or confirmation POST as received: urlencoded text (a=1&b=2) or JSON (text or object).'),
    key: z.string().min(1, 'key must not be empty: it is the terminal key (llave)').max(1000).describe("The terminal's key (llave)."),
    order: z
      .object({
        factura: z.string().min(1).max(200).describe('The invoice number you sent in factura.'),
        valor: z.string().min(1).max(50).describe('The amount you sent in valor, as you sent it.'),
        estado: z.enum(ORDER_STATES).optional().describe('The state your records hold for the order (default pendiente); a confirmation may only move it forward.'),
      })
      .optional()
      .describe(
        'Your stored order. Without it the answer can say whether the confirmation is believable, never that the goods can go: the signature joins its parts without a separator, so invoice and amount must be compared with your own records.',
      ),
  }),
  sandbox_request: z.object({
    operationId: z.string().min(1).max(100).describe('The operation to call (list_operations lists them).'),
    channel,
    body: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "The JSON body; default the contract's first example. usuario, clave and terminal are always your merchant's; a missing tokenSeguridad (accessToken), or the example's placeholder, is replaced by a fresh one.",
      ),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe('Path parameters of a GET operation (fecha_inicio, fecha_fin, pagina).'),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  sandbox_inbox: z.object({locale: z.enum(['es', 'en']).optional().describe("Language of the inbox's sentences (motivo, firmaTexto): es (default) or en.")}),
  sandbox_request_log: z.object({
    errorsOnly: z.boolean().optional().describe('Only the requests that failed.'),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  sandbox_certify: z.object({
    urlConfirmacion: z.string().trim().min(1).max(SANDBOX_RULES.notify.maxUrlLength).describe("The URL of the merchant's confirmation handler."),
    urlRespuesta: z
      .string()
      .trim()
      .min(1)
      .max(SANDBOX_RULES.notify.maxUrlLength)
      .optional()
      .describe("The URL of the merchant's return page; without it, the return page's checks are left out."),
    via: z
      .enum(['directa', 'escuchar'])
      .optional()
      .describe(
        "directa (default): the sandbox posts to the URLs. escuchar: escuchar.mjs, running on the integrator's computer with --reenviar and --retorno, makes the requests (for localhost URLs of a portal hosted elsewhere).",
      ),
    rest: z.boolean().optional().describe("Also check the merchant's REST client: it must be calling the sandbox while the check lasts."),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  sandbox_certification: z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}$/, 'id is the 22-character id sandbox_certify returned')
      .optional()
      .describe("The certification to read; without it, the list of your merchant's certifications."),
    locale: z.enum(['es', 'en']).optional().describe('Language of the report: es (default) or en.'),
  }),
} as const;

type ToolName = keyof typeof INPUTS;

const DESCRIPTIONS: Record<ToolName, string> = {
  search_docs: "Searches the portal's docs (Spanish or English, any version): the best pages with title, URL, Markdown URL and the matching passage.",
  get_page: 'One docs page as Markdown, by path or URL.',
  list_operations: 'The REST operations of the contracts (operationId, method, path, summary, page, sandbox URL).',
  get_operation: 'One REST operation from its contract, every $ref resolved, with its request and response examples, its docs page and its sandbox URL.',
  compute_signature:
    "Computes a security value of the POST channel with the portal's own code (the signature workbench's): firma, checksum, tokenSeguridad or md5ValidacionValor, with every input shown.",
  verify_confirmation:
    "Checks a return or confirmation body of the POST channel as the portal's recipe does (the signature workbench's verifier): firma{product} with the terminal's key; transaccionAprobada against the signed codigoAutorizacion (the signature does not cover the status, so a rejected payment edited to 1 is refused); and, given your stored order, codigoFactura, valorFactura and a forward-only change of state. deliver is true only when the goods can go.",
  sandbox_request:
    "Calls a REST operation in the portal's sandbox as your merchant (the connection's HTTP Basic sandbox credentials, or the public demo merchant) and returns the sandbox's answer.",
  sandbox_inbox: "Your merchant's confirmations in the sandbox, newest first: where each went, the answer, the signed body, whether its firma is valid.",
  sandbox_request_log: "Your merchant's latest requests to the sandbox on every channel, newest first, with the errors as the client got them.",
  sandbox_certify:
    "Starts the sandbox's certification of your merchant's confirmation handler (and return page, and REST client if asked): each status, tampered and edited confirmations, resends, a burst, forged responses. Needs your own sandbox credentials, not the demo merchant's. Returns its id and report URL at once; read the result with sandbox_certification.",
  sandbox_certification:
    "A certification's report (state en-curso, aprobada, fallida or incompleta; each check with its detail, the guide's section and a curl line that repeats the request), or without an id your merchant's certifications.",
};

const SANDBOX_TOOLS: readonly ToolName[] = ['sandbox_request', 'sandbox_inbox', 'sandbox_request_log', 'sandbox_certify', 'sandbox_certification'];

function invalid(message: string): McpError {
  return new McpError(ErrorCode.InvalidParams, message);
}

/** Zod's issues as one sentence: "query: must not be empty; limit: too big". */
function issues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}

function text(value: string): CallToolResult {
  return {content: [{type: 'text', text: value}]};
}

function data(value: unknown): CallToolResult {
  return {content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value as Record<string, unknown>};
}

function failure(message: string): CallToolResult {
  return {content: [{type: 'text', text: message}], isError: true};
}

/**
 * One MCP server for one HTTP request: `caller` is its Basic credentials (null
 * for the public demo merchant), `from` its address, which the sandbox's
 * limits per address count.
 */
export function createMcpServer(context: McpContext, caller: Credentials | null, from: Pick<CallerContext, 'address'> = {}): Server {
  const server = new Server(
    {name: 'integraciones-portal', title: `Integraciones ${context.productName}`, version: context.serverVersion},
    {
      capabilities: {tools: {}, resources: {}, prompts: {}},
      instructions:
        `The integrations portal of ${context.productName}, a Colombian payment gateway: guides and API reference in Spanish (default) and English. ` +
        "Search and read the docs (search_docs, get_page), read the exact REST operation (list_operations, get_operation), compute and check the POST channel's signatures" +
        (context.sandbox
          ? ', try calls in the sandbox as your merchant (sandbox_request, sandbox_inbox, sandbox_request_log), and certify its endpoints (sandbox_certify, sandbox_certification).'
          : '.'),
    },
  );
  const tools = (Object.keys(INPUTS) as ToolName[]).filter((name) => context.sandbox !== null || !SANDBOX_TOOLS.includes(name));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((name): Tool => ({
      name,
      description: DESCRIPTIONS[name],
      inputSchema: z.toJSONSchema(INPUTS[name], {io: 'input'}) as Tool['inputSchema'],
      annotations: {readOnlyHint: name !== 'sandbox_request' && name !== 'sandbox_certify', openWorldHint: name === 'sandbox_certify'},
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name as ToolName;
    if (!tools.includes(name)) {
      throw invalid(`Unknown tool "${request.params.name}"; the tools are ${tools.join(', ')}.`);
    }
    const parsed = INPUTS[name].safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw invalid(`Invalid arguments for ${name}: ${issues(parsed.error)}.`);
    try {
      return await call(context, caller, from, name, parsed.data as never);
    } catch (error) {
      if (error instanceof McpError) throw error;
      // Credentials the sandbox does not know make every sandbox call of the connection wrong: a JSON-RPC error, as at the door.
      if (error instanceof SandboxCredentialsError) throw new McpError(CREDENTIALS_REFUSED, error.message);
      if (error instanceof SandboxToolError) return failure(error.message);
      throw error;
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({resources: resources(context).map(({read: _read, ...resource}) => resource)}));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = resources(context).find((r) => r.uri === request.params.uri);
    if (resource === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${request.params.uri}; resources/list lists them.`);
    return {contents: [{uri: resource.uri, mimeType: resource.mimeType, text: resource.read()}]};
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: CHANNEL_PROMPTS.map((prompt) => ({
      name: prompt.name,
      title: promptTitle(prompt, 'en'),
      description: `${promptTitle(prompt, 'en')} / ${promptTitle(prompt, 'es')}: a walk through the integration and its check in the sandbox.`,
      arguments: [{name: 'locale', description: 'es (default) or en', required: false}],
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = CHANNEL_PROMPTS.find((p) => p.name === request.params.name);
    if (prompt === undefined) throw invalid(`Unknown prompt "${request.params.name}"; the prompts are ${CHANNEL_PROMPTS.map((p) => p.name).join(', ')}.`);
    const lang = request.params.arguments?.locale ?? 'es';
    if (lang !== 'es' && lang !== 'en') throw invalid(`locale must be "es" or "en"; got "${lang}".`);
    return {
      description: promptTitle(prompt, lang),
      messages: [{role: 'user', content: {type: 'text', text: promptText(prompt, lang, context.origin, context.sandbox !== null)}}],
    };
  });
  return server;
}

interface Resource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly mimeType: string;
  readonly read: () => string;
}

/** Every docs page (both locales, every version), every contract, the WSDL. */
function resources(context: McpContext): Resource[] {
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

function checkVersion(context: McpContext, value: string | undefined): string {
  if (value === undefined || value === 'current' || value === context.currentLabel) return 'current';
  if (!context.versions.includes(value)) {
    throw invalid(`Unknown version "${value}"; the versions are current (${context.currentLabel}), ${context.versions.filter((v) => v !== 'current').join(', ')}.`);
  }
  return value;
}

/** A page's path from what an assistant gives: /vpost/integracion, vpost/integracion.md, https://host/en/rest/pse#x. */
export function pagePath(input: string): string {
  let path = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw invalid(`"${input}" is not a URL or a page path.`);
    }
  }
  path = path
    .replace(/[?#].*$/, '')
    .replace(/\.md$/, '')
    .replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Edit distance of two strings (Levenshtein), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_v, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The `count` paths closest to `path`, close enough to be a typo or a moved page. */
function nearestPaths(path: string, paths: readonly string[], count: number): string[] {
  return paths
    .map((p) => ({p, d: distance(path, p)}))
    .filter(({d}) => d <= Math.max(3, Math.floor(path.length / 3)))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map(({p}) => p);
}

function operationSummary(op: OperationInfo & {alsoIn?: string[]}, context: McpContext) {
  return {
    operationId: op.operationId,
    channel: op.channel,
    ...(op.alsoIn !== undefined ? {alsoInChannels: op.alsoIn} : {}),
    method: op.method,
    path: op.path,
    summary: op.summary,
    page: `${context.origin}${op.page}`,
    ...(context.sandbox !== null ? {sandboxUrl: context.sandbox.sandboxUrl(op)} : {}),
  };
}

function findOperation(context: McpContext, args: {operationId?: string; method?: string; path?: string; channel?: string; version?: string; locale?: Locale}): OperationInfo {
  const v = checkVersion(context, args.version);
  const lang = args.locale ?? 'es';
  const pool = context.operations.filter((op) => op.version === v && op.locale === lang && (args.channel === undefined || op.channel === args.channel));
  let found: OperationInfo[];
  if (args.operationId !== undefined) {
    found = pool.filter((op) => op.operationId === args.operationId);
    if (found.length === 0) {
      const ids = [...new Set(pool.map((op) => op.operationId))];
      throw invalid(`No operation "${args.operationId}"${args.channel ? ` in ${args.channel}` : ''}; the operationIds are ${ids.join(', ')}.`);
    }
  } else if (args.method !== undefined && args.path !== undefined) {
    const method = args.method.toUpperCase();
    found = pool.filter((op) => op.method === method && (op.path === args.path || requestPath(op.path) === args.path));
    if (found.length === 0) throw invalid(`No operation ${method} ${args.path}; list_operations lists them.`);
  } else {
    throw invalid('Give operationId, or method and path.');
  }
  // One operationId in several contracts (autenticar, pagoTarjeta): the first channel's, the others named.
  const channels = new Set(found.map((op) => op.channel));
  if (found.length > 1 && channels.size === found.length && args.operationId !== undefined) {
    const first = found[0]!;
    return {...first, alsoIn: found.slice(1).map((op) => op.channel)} as OperationInfo;
  }
  if (found.length > 1) {
    throw invalid(`${found.length} operations match; name one: ${found.map((op) => `${op.operationId} (channel ${op.channel}, ${op.method} ${op.path})`).join('; ')}.`);
  }
  return found[0]!;
}

function signature(kind: (typeof SIGNATURE_KINDS)[number], inputs: Record<string, string>, productName: string) {
  const need = (...names: string[]): string[] => {
    const missing = names.filter((n) => inputs[n] === undefined || inputs[n] === '');
    if (missing.length > 0) throw invalid(`compute_signature ${kind} needs the inputs ${names.join(', ')}; missing: ${missing.join(', ')}.`);
    return names.map((n) => inputs[n]!);
  };
  switch (kind) {
    case 'firma': {
      const [llave, codigoFactura, valorFactura, codigoAutorizacion] = need('llave', 'codigoFactura', 'valorFactura', 'codigoAutorizacion') as [string, string, string, string];
      return {
        name: `firma${productName}`,
        value: responseSignature(llave, codigoFactura, valorFactura, codigoAutorizacion),
        formula: 'MD5(llave + codigoFactura + valorFactura + codigoAutorizacion)',
        concatenated: `${llave}${codigoFactura}${valorFactura}${codigoAutorizacion}`,
      };
    }
    case 'checksum': {
      const [factura, valor, llave] = need('factura', 'valor', 'llave') as [string, string, string];
      let value: string;
      try {
        value = checksum(factura, valor, llave);
      } catch (error) {
        throw invalid(`compute_signature checksum: ${(error as Error).message}`);
      }
      return {name: 'checksum', value, formula: 'SHA-512(factura + valor without decimals + llave)'};
    }
    case 'tokenSeguridad': {
      const [llave] = need('llave') as [string];
      let at: Date;
      if (inputs.hora !== undefined) {
        const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(inputs.hora);
        if (match === null) throw invalid(`compute_signature tokenSeguridad: hora must be HH:mm (00:00 to 23:59, UTC-05:00); got "${inputs.hora}".`);
        // The instant whose time in UTC-05:00 is hora.
        at = new Date(Date.UTC(2000, 0, 1, Number(match[1]) + 5, Number(match[2])));
      } else if (inputs.instante !== undefined) {
        at = new Date(inputs.instante);
        if (Number.isNaN(at.getTime())) throw invalid(`compute_signature tokenSeguridad: instante must be an ISO date-time; got "${inputs.instante}".`);
      } else {
        at = new Date();
      }
      return {name: 'tokenSeguridad', value: postSecurityToken(llave, at), formula: 'MD5(llave + HH:mm in UTC-05:00)', at: at.toISOString()};
    }
    case 'md5ValidacionValor': {
      const [llave, valor] = need('llave', 'valor') as [string, string];
      return {name: 'md5ValidacionValor', value: amountValidation(llave, valor), formula: 'MD5(llave + valor)'};
    }
  }
}

function parseMessage(error: ParseError): string {
  switch (error.kind) {
    case 'empty':
      return 'body is empty: paste the body of the confirmation you received.';
    case 'badJson':
      return `body starts like JSON but is not valid JSON: ${error.detail}`;
    case 'notAnObject':
      return "body must be a JSON object whose properties are the confirmation's variables.";
    case 'notUrlencoded':
      return 'body is neither urlencoded (codigoFactura=...&valorFactura=...) nor a JSON object.';
    case 'duplicateField':
      return `body gives ${error.name} twice.`;
  }
}

function problemMessage(problem: ConfirmationProblem): string {
  switch (problem.kind) {
    case 'badSignature':
      return 'The signature does not match: check the key and take the values as they arrived. Do not treat the purchase as paid.';
    case 'noStatus':
      return 'The body has no transaccionAprobada.';
    case 'unknownStatus':
      return `transaccionAprobada is "${problem.value}"; it can only be 1, 0, -1, 2 or 3.`;
    case 'approvedWithoutAuthorization':
      return `transaccionAprobada is 1 but codigoAutorizacion is ${problem.code === '' ? 'empty' : `"${problem.code}", the code of a rejected card`}: the signature does not cover transaccionAprobada, and only an approved payment carries a real authorization code. This is a rejected, pending or aborted confirmation edited to approved: refuse it.`;
    case 'authorizationWithoutApproval':
      return `transaccionAprobada says ${wordOf(problem.status)} but codigoAutorizacion "${problem.code}" is a real authorization: an approved confirmation with its status edited. Refuse it.`;
    case 'otherInvoice':
      return `codigoFactura "${problem.received}" is not your order's "${problem.stored}".`;
    case 'otherAmount':
      return `valorFactura "${problem.received}" is not your order's amount "${problem.stored}" (digits can move between the signed parts, which are joined without a separator).`;
    case 'backwards':
      return `Your order is ${wordOf(problem.from)}; a confirmation cannot make it ${wordOf(problem.to)} (approved can only become reversed; rejected, aborted and reversed are final). Apply nothing.`;
  }
}

function verifyMessage(error: VerifyError): string {
  switch (error.kind) {
    case 'emptyKey':
      return 'key must not be empty.';
    case 'noSignature':
      return `The confirmation has no ${error.expectedName}.`;
    case 'missingFields':
      return `The confirmation lacks variables that enter the signature: ${error.names.join(', ')}.`;
  }
}

async function call(context: McpContext, caller: Credentials | null, from: Pick<CallerContext, 'address'>, name: ToolName, args: never): Promise<CallToolResult> {
  switch (name) {
    case 'search_docs': {
      const a = args as z.infer<(typeof INPUTS)['search_docs']>;
      const lang = a.locale ?? 'es';
      const v = checkVersion(context, a.version);
      const hits = context.search.search(a.query, lang, v, a.limit ?? 5);
      return data({
        query: a.query,
        locale: lang,
        version: v,
        results: hits.map((hit) => ({
          title: hit.page.title,
          url: `${context.origin}${sitePath(hit.page)}`,
          markdownUrl: `${context.origin}${sitePath(hit.page)}.md`,
          passage: hit.passage,
          score: hit.score,
        })),
      });
    }
    case 'get_page': {
      const a = args as z.infer<(typeof INPUTS)['get_page']>;
      const path = pagePath(a.path);
      const page = context.pages.find((p) => sitePath(p) === path);
      if (page === undefined) {
        const near = nearestPaths(path, context.pages.map(sitePath), 3);
        throw invalid(`No docs page at ${path}.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''} search_docs finds pages by topic.`);
      }
      return text(page.markdown);
    }
    case 'list_operations': {
      const a = args as z.infer<(typeof INPUTS)['list_operations']>;
      const v = checkVersion(context, a.version);
      const lang = a.locale ?? 'es';
      const ops = context.operations.filter((op) => op.version === v && op.locale === lang && (a.channel === undefined || op.channel === a.channel));
      return data({version: v, locale: lang, operations: ops.map((op) => operationSummary(op, context))});
    }
    case 'get_operation': {
      const a = args as z.infer<(typeof INPUTS)['get_operation']>;
      const op = findOperation(context, a);
      return data({
        ...operationSummary(op, context),
        servers: [op.server, ...(op.server.startsWith('/') ? [callUrl(op, context.origin)] : [])],
        requestExamples: requestExamples(op.operation),
        operation: op.operation,
      });
    }
    case 'compute_signature': {
      const a = args as z.infer<(typeof INPUTS)['compute_signature']>;
      return data({kind: a.kind, inputs: a.inputs, ...signature(a.kind, a.inputs, context.productName)});
    }
    case 'verify_confirmation': {
      const a = args as z.infer<(typeof INPUTS)['verify_confirmation']>;
      const body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
      const parsed = parseConfirmation(body);
      if (!parsed.ok) throw invalid(`verify_confirmation: ${parseMessage(parsed.error)}`);
      const order = a.order === undefined ? undefined : {factura: a.order.factura, valor: a.order.valor, estado: STATE_WORDS[a.order.estado ?? 'pendiente']};
      const result = checkConfirmation(parsed.fields, a.key, context.productName, order);
      if (!result.ok) throw invalid(`verify_confirmation: ${verifyMessage(result.error)}`);
      const {verification, status, problems, orderChecked, repeated, deliver} = result.check;
      const advice =
        problems.length > 0
          ? 'Refuse it (answer 4xx) and change nothing.'
          : !orderChecked
            ? 'Believable, but compare codigoFactura and valorFactura with your stored order (pass order) before you deliver anything.'
            : repeated
              ? 'Already applied: acknowledge it (200) and change nothing.'
              : deliver
                ? 'Record the order as approved and deliver it, once.'
                : `Record the order as ${status === null ? '' : wordOf(status)}; deliver nothing.`;
      return data({
        format: parsed.format,
        valid: problems.length === 0,
        signatureValid: verification.valid,
        signatureField: verification.signatureField,
        received: verification.received,
        expected: verification.expected,
        inputs: verification.inputs,
        concatenated: verification.concatenated,
        transaccionAprobada: parsed.fields.get('transaccionAprobada') ?? null,
        status: status === null ? null : wordOf(status),
        problems: problems.map((problem) => ({kind: problem.kind, message: problemMessage(problem)})),
        orderChecked,
        repeated,
        deliver,
        advice,
      });
    }
    case 'sandbox_request': {
      const a = args as z.infer<(typeof INPUTS)['sandbox_request']>;
      const sandbox = context.sandbox!;
      const op = findOperation(context, {operationId: a.operationId, ...(a.channel ? {channel: a.channel} : {})});
      const who: CallerContext = {...from, lang: a.locale ?? 'es'};
      const merchant = await sandbox.merchant(caller, who);
      const result = await sandbox.request(op, a.body as JsonObject | undefined, a.params, merchant, who);
      return data({merchant: {usuario: merchant.usuario, terminal: merchant.terminal, demo: merchant.demo}, ...result});
    }
    case 'sandbox_inbox':
    case 'sandbox_request_log': {
      const a = args as {errorsOnly?: boolean; locale?: 'es' | 'en'};
      const sandbox = context.sandbox!;
      const who: CallerContext = {...from, lang: a.locale ?? 'es'};
      const merchant = await sandbox.merchant(caller, who);
      const errorsOnly = name === 'sandbox_request_log' && a.errorsOnly === true;
      const records = await sandbox.records(name === 'sandbox_inbox' ? 'inbox' : 'log', merchant, errorsOnly, who);
      return data({merchant: {usuario: merchant.usuario, terminal: merchant.terminal, demo: merchant.demo}, ...records});
    }
    case 'sandbox_certify': {
      const {locale: lang, ...request} = args as z.infer<(typeof INPUTS)['sandbox_certify']>;
      const who: CallerContext = {...from, lang: lang ?? 'es'};
      const merchant = await context.sandbox!.merchant(caller, who);
      const started = await context.sandbox!.certify(merchant, {via: 'directa', ...request}, who);
      return data({...started, next: 'Read the result with sandbox_certification and this id; the run takes from a few seconds to about a minute (longer with the REST client).'});
    }
    case 'sandbox_certification': {
      const a = args as z.infer<(typeof INPUTS)['sandbox_certification']>;
      const who: CallerContext = {...from, lang: a.locale ?? 'es'};
      const merchant = await context.sandbox!.merchant(caller, who);
      return data(await context.sandbox!.certification(merchant, a.id, who));
    }
  }
}
