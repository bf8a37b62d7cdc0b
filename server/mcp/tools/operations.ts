/** The contract tools: list the REST operations, and read one with its examples. */
import {z} from 'zod';
import {requestPath} from '../../../core/openapi/contracts';
import {callUrl, requestExamples, type OperationInfo} from '../operations';
import type {Locale} from '../pages';
import type {McpContext} from '../context';
import {channel, checkVersion, data, invalid, locale, tool, version} from './tool';

export const LIST_OPERATIONS = tool({
  name: 'list_operations',
  description: 'The REST operations of the contracts (operationId, method, path, summary, page, sandbox URL).',
  input: z.object({channel, version, locale}),
  readOnly: true,
  async run({context}, a) {
    const v = checkVersion(context, a.version);
    const lang = a.locale ?? 'es';
    const ops = context.operations.filter((op) => op.version === v && op.locale === lang && (a.channel === undefined || op.channel === a.channel));
    return data({version: v, locale: lang, operations: ops.map((op) => operationSummary(op, context))});
  },
});

export const GET_OPERATION = tool({
  name: 'get_operation',
  description: 'One REST operation from its contract, every $ref resolved, with its request and response examples, its docs page and its sandbox URL.',
  input: z.object({
    operationId: z.string().max(100).optional().describe('The operationId (autenticar, pagoTarjeta...). Or give method and path.'),
    method: z.string().max(10).optional().describe('HTTP method, with path.'),
    path: z.string().max(300).optional().describe('The documented path, e.g. /autenticar or /confirmacionTransaccionMedioPago#pse.'),
    channel,
    version,
    locale,
  }),
  readOnly: true,
  async run({context}, a) {
    const op = findOperation(context, a);
    return data({
      ...operationSummary(op, context),
      servers: [op.server, ...(op.server.startsWith('/') ? [callUrl(op, context.origin)] : [])],
      requestExamples: requestExamples(op.operation),
      operation: op.operation,
    });
  },
});

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

export function findOperation(
  context: McpContext,
  args: {operationId?: string; method?: string; path?: string; channel?: string; version?: string; locale?: Locale},
): OperationInfo {
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
