// Turning what the research server answered, or how calling it failed, into the contract's
// Result vocabulary. The server's tool errors carry snake_case codes (src-shared/toolErrors.ts);
// the renderer keys its messages on the contract's SCREAMING_SNAKE codes.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type CallToolResult } from '@modelcontextprotocol/client';
import { isToolErrorCode, TOOL_ERROR_META_KEY, type ToolErrorCode } from '../../src-shared/toolErrors.js';
import type { z } from 'zod';
import type { ErrorCode, RouteError } from '../../src-shared/routes/index.js';
import { ServerUnavailableError } from './serverConnection.js';
import { UnreadableAnswerError } from './desktopStdioTransport.js';
import { describeError } from './log.js';
import { LabScopeRefused } from './lab/labConnection.js';

// A Record over the shared list, so a code added there fails the typecheck until it is mapped here:
// no server code reaches the renderer as INTERNAL unless it means an internal error.
export const ROUTE_CODE_OF_TOOL_ERROR: Readonly<Record<ToolErrorCode, ErrorCode>> = {
  invalid_input: 'INVALID_INPUT',
  resource_not_found: 'NOT_FOUND',
  insufficient_permissions: 'PERMISSION_DENIED',
  rate_limit_exceeded: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  safety_blocked: 'SAFETY_BLOCKED',
  budget_exhausted: 'BUDGET_EXHAUSTED',
  database_unavailable: 'SERVER_UNAVAILABLE',
  internal_error: 'INTERNAL',
};

export type ToolOutcome = { ok: true; data: unknown } | { ok: false; error: RouteError };

/** Reads a tool result: its structuredContent on success, its `_meta` error envelope on failure. */
export function readToolResult(tool: string, result: CallToolResult): ToolOutcome {
  const structured = result.structuredContent;
  if (result.isError) {
    const reported = toolError(result._meta);
    const message = reported?.message ?? firstText(result) ?? `The research server reported a failure in ${tool}.`;
    const code = reported !== null && isToolErrorCode(reported.code) ? ROUTE_CODE_OF_TOOL_ERROR[reported.code] : 'INTERNAL';
    return { ok: false, error: { code, message } };
  }
  if (structured === undefined) {
    return { ok: false, error: { code: 'INTERNAL', message: `The research server answered ${tool} without structured data.` } };
  }
  return { ok: true, data: structured };
}

/** Maps a thrown failure of a tool call (transport, protocol, our own waits) to a RouteError. */
export function callFailure(tool: string, error: unknown): RouteError {
  if (error instanceof ServerUnavailableError) return { code: 'SERVER_UNAVAILABLE', message: error.message };
  if (error instanceof UnreadableAnswerError) return { code: 'INTERNAL', message: error.message };
  if (error instanceof LabScopeRefused) return { code: 'PERMISSION_DENIED', message: error.message };
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return { code: 'SERVER_UNAVAILABLE', message: 'The research server stopped while answering; it is restarting. Try again in a moment.' };
      case SdkErrorCode.RequestTimeout:
        return { code: 'SERVER_UNAVAILABLE', message: `The research server did not answer ${tool} in time. Try again in a moment.` };
      default:
        break;
    }
  }
  if (error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) {
    return { code: 'INVALID_INPUT', message: error.message };
  }
  return { code: 'INTERNAL', message: `Calling ${tool} failed: ${describeError(error)}` };
}

/** The server's coded error (see src-shared/toolErrors.ts); null if absent or malformed, and the text is used. */
function toolError(meta: unknown): { code: string; message: string } | null {
  if (!isRecord(meta)) return null;
  const envelope = meta[TOOL_ERROR_META_KEY];
  if (!isRecord(envelope)) return null;
  const { code, message } = envelope;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return { code, message };
}

function firstText(result: CallToolResult): string | null {
  for (const block of result.content) {
    if (block.type === 'text' && block.text.trim() !== '') return block.text.trim();
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool's answer that does not match what the app expects: the versions of app and server may differ. */
export function unexpectedAnswer(source: string, error: z.ZodError): ToolOutcome {
  const message =
    `The research server's answer to ${source} is not what this app expects (${describeIssues(error)}). ` +
    'The app and its server may be from different versions; reinstalling the app fixes that.';
  return { ok: false, error: { code: 'INTERNAL', message } };
}

/** "goal: Invalid input: expected string, received number; hypothesis_count: …" — names the fields to fix. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

