// The step-up answer of the MCP authorization spec (2026-07-28, *Scope Challenge Handling* /
// *Runtime Insufficient Scope Errors*): a tools/call whose tool needs scopes the caller's OAuth
// token does not carry is answered at the HTTP level with 403 and
// `WWW-Authenticate: Bearer error="insufficient_scope", scope="<the scopes the tool needs>"`, so
// the client can ask the user for more and retry. The challenge names every scope the operation
// needs (the spec: all at once; the client accumulates what it held before, the server keeps no
// memory of it).
//
// Decided here, before the SDK handler, because our tools/call is one request handler over the
// tool catalog (mcp/toolkit.ts), not per-tool registrations the SDK's `scopeChallenge` option sees.
// What a new token cannot fix stays the tool's coded `insufficient_permissions` result: token mode
// (the scientist's stored policy, no OAuth to step up through), desktop-only tools, and the PI role
// a lab grants through a claim (checkpoints, engine/workflow/checkpointRules.ts).
import { missingScopes, type Scope } from '../../mcp/access/scopes.js';
import type { ToolCatalog } from '../../mcp/toolkit.js';
import type { LabIdentity } from './auth/labIdentity.js';

export interface ScopeShortfall {
  tool: string;
  /** Every scope the tool needs: the challenge's `scope`. */
  required: readonly Scope[];
  missing: readonly Scope[];
}

/** The first tools/call among a request's messages that the caller's token lacks scopes for, if any. */
export async function scopeShortfallOf(messages: readonly unknown[] | undefined, identity: LabIdentity, catalog: ToolCatalog): Promise<ScopeShortfall | undefined> {
  if (messages === undefined || identity.grant === 'stored-policy') return undefined;
  const granted = identity.grant.scopes;
  const names = messages.flatMap((message) => toolCalled(message) ?? []);
  if (names.length === 0) return undefined;
  const entries = await catalog.entries();
  for (const name of names) {
    const entry = entries.find((candidate) => candidate.tool.name === name);
    // Unknown tools are the handler's protocol error; desktop-only ones no scope opens, except
    // those a lab opens over its network endpoint (ToolDefinition.lab).
    if (entry === undefined || (entry.desktopOnly && entry.lab === null)) continue;
    const missing = missingScopes(granted, entry.scopes);
    if (missing.length > 0) return { tool: name, required: entry.scopes, missing };
  }
  return undefined;
}

function toolCalled(message: unknown): string | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || params === null || typeof params !== 'object') return undefined;
  return typeof params.name === 'string' ? params.name : undefined;
}
