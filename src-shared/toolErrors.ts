// Where a failed tool call carries its machine-readable error. Not in structuredContent: a tool
// that declares an outputSchema must return structured results that conform to it (MCP spec), and
// strict clients (the MCP Inspector among them) validate error results too. So an error result has
// only its text block and this envelope in `_meta`. Kept free of imports with runtime code so the
// desktop host can read errors with the same key the server writes them under.
import type { DomainErrorCode } from '../src-mcp/engine/errors.js';

/** The `_meta` key of a tool error result (a prefixed key, as the spec's `_meta` naming rules ask). */
export const TOOL_ERROR_META_KEY = 'co-scientist/error';

export interface ToolErrorEnvelope {
  code: DomainErrorCode;
  message: string;
  details: Record<string, unknown>;
}
