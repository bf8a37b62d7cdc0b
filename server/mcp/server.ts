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
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import type {McpContext} from './context';
import {CHANNEL_PROMPTS, promptText, promptTitle} from './prompts';
import {resources} from './resources';
import {CREDENTIALS_REFUSED, SandboxCredentialsError, SandboxToolError, type CallerContext, type Credentials} from './sandbox';
import {GET_PAGE, SEARCH_DOCS} from './tools/docs';
import {GET_OPERATION, LIST_OPERATIONS} from './tools/operations';
import {SANDBOX_CERTIFICATION, SANDBOX_CERTIFY, SANDBOX_INBOX, SANDBOX_REQUEST, SANDBOX_REQUEST_LOG} from './tools/sandbox';
import {COMPUTE_SIGNATURE, VERIFY_CONFIRMATION} from './tools/signatures';
import {failure, invalid, type PortalTool} from './tools/tool';

/** Every tool, in the order tools/list gives them. */
const TOOLS: readonly PortalTool[] = [
  SEARCH_DOCS,
  GET_PAGE,
  LIST_OPERATIONS,
  GET_OPERATION,
  COMPUTE_SIGNATURE,
  VERIFY_CONFIRMATION,
  SANDBOX_REQUEST,
  SANDBOX_INBOX,
  SANDBOX_REQUEST_LOG,
  SANDBOX_CERTIFY,
  SANDBOX_CERTIFICATION,
];

/** Zod's issues as one sentence: "query: must not be empty; limit: too big". */
function issues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
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
  const tools = TOOLS.filter((t) => context.sandbox !== null || t.needsSandbox !== true);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t): Tool => ({
      name: t.name,
      description: t.description,
      inputSchema: z.toJSONSchema(t.input, {io: 'input'}) as Tool['inputSchema'],
      annotations: {readOnlyHint: t.readOnly, openWorldHint: t.openWorld === true},
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (tool === undefined) {
      throw invalid(`Unknown tool "${request.params.name}"; the tools are ${tools.map((t) => t.name).join(', ')}.`);
    }
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw invalid(`Invalid arguments for ${tool.name}: ${issues(parsed.error)}.`);
    try {
      return await tool.run({context, caller, from}, parsed.data);
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
