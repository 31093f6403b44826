// The error vocabulary of the research server's tools, shared by the server (which writes it),
// the desktop host (which reads it) and the tests. Where a failed tool call carries its
// machine-readable error: not in structuredContent — a tool that declares an outputSchema must
// return structured results that conform to it (MCP spec), and strict clients (the MCP Inspector
// among them) validate error results too — so an error result has only its text block and this
// envelope in `_meta`. Dependency-free by rule (architecture.md, *Layers and folders*).

/** Every code a tool error carries, once; the server's DomainError and the host's mapping are typed by it. */
export const TOOL_ERROR_CODES = [
  'invalid_input',
  'resource_not_found',
  'insufficient_permissions',
  'rate_limit_exceeded',
  'conflict',
  'safety_blocked',
  'budget_exhausted',
  /** The database (PostgreSQL on a lab server) is not answering; nothing of the call was saved; retry. */
  'database_unavailable',
  'internal_error',
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

export function isToolErrorCode(code: unknown): code is ToolErrorCode {
  return typeof code === 'string' && (TOOL_ERROR_CODES as readonly string[]).includes(code);
}

/** The `_meta` key of a tool error result (a prefixed key, as the spec's `_meta` naming rules ask). */
export const TOOL_ERROR_META_KEY = 'co-scientist/error';

export interface ToolErrorEnvelope {
  code: ToolErrorCode;
  message: string;
  details: Record<string, unknown>;
}
