// Reading a failed tool call the way a client must: the coded error lives in `_meta` under
// TOOL_ERROR_META_KEY, never in structuredContent (which would have to match the tool's
// outputSchema). One helper for every test, so a change of the envelope is a change here.
import { isToolErrorCode, TOOL_ERROR_META_KEY, type ToolErrorEnvelope } from '../../src-shared/toolErrors.js';

/** Any tool result: the SDK client's, the raw wire form, or the Inspector's JSON output. */
export interface AnyToolResult {
  isError?: unknown;
  content?: unknown;
  structuredContent?: unknown;
  _meta?: unknown;
}

/** A code from the one shared list (src-shared/toolErrors.ts). */
export const isKnownErrorCode = isToolErrorCode;

/** The envelope of a failed call, or null if there is none or it is malformed. */
export function readToolError(result: AnyToolResult): ToolErrorEnvelope | null {
  const meta = result._meta as Record<string, unknown> | undefined;
  const envelope = meta?.[TOOL_ERROR_META_KEY] as Partial<ToolErrorEnvelope> | undefined;
  if (result.isError !== true || envelope === undefined || !isKnownErrorCode(envelope.code) || typeof envelope.message !== 'string') return null;
  return { code: envelope.code, message: envelope.message, details: envelope.details ?? {} };
}

/** The envelope of a failed call; throws, saying what it got, if the result is not a well-formed error. */
export function toolErrorOf(result: AnyToolResult): ToolErrorEnvelope {
  const error = readToolError(result);
  if (error === null) throw new Error(`expected a tool error with a ${TOOL_ERROR_META_KEY} envelope, got ${JSON.stringify(result).slice(0, 500)}`);
  return error;
}

/** What a failed call said, for the message of a test that expected success. */
export function describeToolFailure(result: AnyToolResult): string {
  const meta = result._meta as Record<string, unknown> | undefined;
  return JSON.stringify(meta?.[TOOL_ERROR_META_KEY] ?? result.content ?? result);
}

/**
 * How an error result breaks the contract every error result keeps, [] if it does not: no
 * structuredContent, a `_meta` envelope with a known code, a message and an object of details,
 * and a text block that leads with the same code and message.
 */
export function errorEnvelopeProblems(result: AnyToolResult): string[] {
  if (result.isError !== true) return ['not an error result (isError is not true)'];
  const problems: string[] = [];
  if (result.structuredContent !== undefined) problems.push('an error result must not carry structuredContent (it would have to match the outputSchema)');
  const error = readToolError(result);
  if (error === null) return [...problems, `no well-formed ${TOOL_ERROR_META_KEY} envelope with a known code in _meta: ${JSON.stringify(result._meta ?? null).slice(0, 300)}`];
  const { details } = error;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) problems.push('details must be an object');
  if (error.message.trim() === '') problems.push('empty message');
  const text = (Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : []).find((block) => block.type === 'text')?.text;
  if (typeof text !== 'string' || !text.startsWith(`Error (${error.code}): ${error.message}`)) problems.push(`text block does not lead with "Error (${error.code}): <message>": ${JSON.stringify(text).slice(0, 200)}`);
  return problems;
}

/**
 * Asserts the error-result contract (see errorEnvelopeProblems) and returns the envelope. Throws
 * rather than using a runner's expect, so Playwright's support code can share this module.
 */
export function expectErrorEnvelope(result: AnyToolResult, where: string): ToolErrorEnvelope {
  const problems = errorEnvelopeProblems(result);
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}`);
  return toolErrorOf(result);
}
