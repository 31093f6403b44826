// Placeholder: scripts/build.mjs replaces this module, in the bundles it writes, with the JSON
// Schemas of every tool computed from the same sources during that build (so they can never be
// stale). Anything else that loads the sources (tests, a plain esbuild run) sees `undefined` and
// computes each tool's schemas when it is first listed.
import type { Tool } from '@modelcontextprotocol/server';

export interface ToolSchemas {
  inputSchema: Tool['inputSchema'];
  outputSchema: Tool['outputSchema'];
}

export const PRECOMPUTED_TOOL_SCHEMAS: Readonly<Record<string, ToolSchemas>> | undefined = undefined;
