// A tool's answer passed on as the JSON bytes the research server wrote (desktopStdioTransport.ts,
// requestUnparsed): the host reads only its envelope and hands the page on, so the renderer parses it
// once and nothing in between parses, checks or re-serialises it (issue 17; docs/benchmarks.md,
// the GUI's whole board). What still guarantees that the renderer gets a checked page: the
// server checked structuredContent against the tool's output schema just before writing it
// (src-mcp/mcp/toolkit.ts), the route's output schema is that very schema (one in src-shared), and
// the host checks here that the answer is a successful result of that request whose
// structuredContent is an object with every member the schema requires. A failed call, a
// JSON-RPC error and a malformed answer each come back as the specific RouteError the parsed path
// gives (toolResult.ts).
import { ProtocolError, type CallToolResult } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import { MalformedJsonError, spanValue, type ObjectMembers, type Span } from './jsonMembers.js';
import type { UnparsedAnswer } from './desktopStdioTransport.js';
import { callFailure, readToolResult, type ToolOutcome } from './toolResult.js';

/** A route's answer as the server's JSON bytes (a span of its answer's line), with where its members lie. */
export class CheckedJson {
  readonly #line: Buffer;
  readonly #span: Span;
  readonly #members: ObjectMembers;

  constructor(line: Buffer, span: Span, members: ObjectMembers) {
    this.#line = line;
    this.#span = span;
    this.#members = members;
  }

  /** The value's UTF-8 bytes, as the server wrote them (no copy). */
  get bytes(): Buffer {
    return this.#line.subarray(this.#span.start, this.#span.end);
  }

  /** One member's value, parsed on its own (for small ones: the host reads next_cursor). */
  member(key: string): unknown {
    const span = this.#members.spans.get(key);
    return span === undefined ? undefined : spanValue(this.#line, span);
  }

  /** The whole value, for callers that need objects (Electron's IPC, tests). */
  parse(): unknown {
    return spanValue(this.#line, this.#span);
  }
}

/** A member of a route's answer, whether it is still the server's bytes (CheckedJson) or a parsed object. */
export function answerMember(data: unknown, key: string): unknown {
  if (data instanceof CheckedJson) return data.member(key);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

/** The members an object schema requires: what the host's envelope check insists on. */
export function requiredMembers(schema: z.ZodObject): readonly string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

/** A tools/call answer's line → the route's outcome, its structuredContent kept as the server's bytes. */
export function readUnparsedToolAnswer(tool: string, answer: UnparsedAnswer, required: readonly string[]): ToolOutcome {
  const { bytes, members } = answer;
  const fail = (message: string): ToolOutcome => ({ ok: false, error: { code: 'INTERNAL', message: `The research server's answer to ${tool} ${message}` } });
  try {
    const error = members.spans.get('error');
    if (error !== undefined) {
      const { code, message, data } = spanValue(bytes, error) as { code?: unknown; message?: unknown; data?: unknown };
      if (typeof code !== 'number' || typeof message !== 'string') return fail('is an error without a code and message.');
      return { ok: false, error: callFailure(tool, new ProtocolError(code, message, data)) };
    }
    const result = members.spans.get('result');
    const resultMembers = members.objects.get('result');
    if (result === undefined) return fail('has neither a result nor an error.');
    if (resultMembers === undefined) return fail('has a result that is not an object.');
    const isError = resultMembers.spans.get('isError');
    // A failed call is small; read it as the parsed path does, so its coded error reaches the scientist.
    if (isError !== undefined && spanValue(bytes, isError) === true) return readToolResult(tool, spanValue(bytes, result) as CallToolResult);
    const structured = resultMembers.spans.get('structuredContent');
    if (structured === undefined) return { ok: false, error: { code: 'INTERNAL', message: `The research server answered ${tool} without structured data.` } };
    const page = resultMembers.objects.get('structuredContent');
    if (page === undefined) return fail('has structured data that is not an object.');
    const missing = required.filter((key) => !page.spans.has(key));
    if (missing.length > 0) {
      return fail(
        `is not what this app expects (missing ${missing.join(', ')}). The app and its server may be from different versions; reinstalling the app fixes that.`,
      );
    }
    return { ok: true, data: new CheckedJson(bytes, structured, page) };
  } catch (error) {
    if (error instanceof MalformedJsonError || error instanceof SyntaxError) return fail(`is not valid JSON (${error.message}).`);
    throw error;
  }
}
