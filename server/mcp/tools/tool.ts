/**
 * What every tool of the MCP server is: its name, description and input
 * schema (Zod, listed to the assistant as JSON Schema), whether it changes
 * anything, and what it does with arguments that passed the schema. A bad
 * argument is a JSON-RPC error (InvalidParams) that says what to send
 * instead (../server.ts); a failure while doing the work is a tool result
 * flagged isError.
 */
import {ErrorCode, McpError, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {REFERENCE_CHANNELS} from '../../../core/openapi/contracts';
import type {McpContext} from '../context';
import type {CallerContext, Credentials} from '../sandbox';

/** Who calls a tool: the connection's Basic credentials (null for the demo merchant) and its address. */
export interface ToolCall {
  readonly context: McpContext;
  readonly caller: Credentials | null;
  readonly from: Pick<CallerContext, 'address'>;
}

export interface PortalTool<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  /** Changes nothing anywhere. */
  readonly readOnly: boolean;
  /** Reaches addresses outside the portal (the certification calls the merchant's URLs). */
  readonly openWorld?: boolean;
  /** Offered only when the portal runs its sandbox. */
  readonly needsSandbox?: boolean;
  run(call: ToolCall, args: z.infer<S>): Promise<CallToolResult>;
}

/** A tool, its arguments' type inferred from its schema. */
export const tool = <S extends z.ZodObject>(definition: PortalTool<S>): PortalTool<S> => definition;

export const locale = z.enum(['es', 'en']).optional().describe('Language of the answer: es (default) or en.');
export const version = z.string().max(20).optional().describe("Docs version: 'current' (default) or a cut one such as 'v1'.");
export const channel = z.enum(REFERENCE_CHANNELS).optional().describe('Contract: rest (payments), apirest (reconciliation), tcrest (card REST).');

export function invalid(message: string): McpError {
  return new McpError(ErrorCode.InvalidParams, message);
}

export function text(value: string): CallToolResult {
  return {content: [{type: 'text', text: value}]};
}

export function data(value: unknown): CallToolResult {
  return {content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value as Record<string, unknown>};
}

export function failure(message: string): CallToolResult {
  return {content: [{type: 'text', text: message}], isError: true};
}

/** The docs version an argument names ('current', the current version's label, or a cut one). */
export function checkVersion(context: McpContext, value: string | undefined): string {
  if (value === undefined || value === 'current' || value === context.currentLabel) return 'current';
  if (!context.versions.includes(value)) {
    throw invalid(`Unknown version "${value}"; the versions are current (${context.currentLabel}), ${context.versions.filter((v) => v !== 'current').join(', ')}.`);
  }
  return value;
}
