// What tools/list needs (each tool's description and who may see it) apart from what tools/call
// needs (the definitions with their zod schemas and handlers, and all the code behind them). A
// build precomputes the catalog (scripts/build.mjs fills in toolSchemas.precomputed.ts), so a
// server start answers initialize and tools/list without loading ~45 tool modules (~25 ms of a
// ~150 ms cold start); the definitions load on the first tools/call. Run from the sources (tests),
// the catalog is derived from the definitions when first listed.
import { isVisibleWith, type ToolCatalog, type ToolDefinition } from './toolkit.js';
import type { ServerContext } from './context.js';
import type { ClientPolicy } from './access/identity.js';
import { PRECOMPUTED_TOOL_CATALOG } from './schemas/toolSchemas.precomputed.js';
import { describeTool, type CatalogEntry } from './schemas/toolSchemas.js';

export function catalogEntryOf(tool: ToolDefinition): CatalogEntry {
  return { scopes: tool.scopes, desktopOnly: tool.desktopOnly === true, lab: tool.lab ?? null, appOnly: tool.appOnly === true, tool: describeTool(tool) };
}

let registry: Promise<ReadonlyMap<string, ToolDefinition>> | undefined;
function definitions(): Promise<ReadonlyMap<string, ToolDefinition>> {
  registry ??= import('./toolRegistry.js').then(({ ALL_TOOLS }) => new Map(ALL_TOOLS.map((tool) => [tool.name, tool])));
  return registry;
}

let derived: Promise<readonly CatalogEntry[]> | undefined;

export const toolCatalog: ToolCatalog = {
  entries() {
    if (PRECOMPUTED_TOOL_CATALOG !== undefined) return Promise.resolve(PRECOMPUTED_TOOL_CATALOG);
    derived ??= definitions().then((byName) => [...byName.values()].map(catalogEntryOf));
    return derived;
  },
  async definition(name) {
    return (await definitions()).get(name);
  },
};

/** Names of the tools `ctx`'s client may call (what its tools/list shows). */
export async function callableToolNames(ctx: ServerContext): Promise<ReadonlySet<string>> {
  const policy = await ctx.policy();
  return new Set((await toolCatalog.entries()).filter((entry) => isVisibleWith(entry, ctx.clientId, policy)).map((entry) => entry.tool.name));
}

/**
 * The same, synchronously, for the server instructions (fixed when the connection is created):
 * known from the build's precomputed catalog; undefined when run from the sources.
 */
export function callableToolNamesNow(ctx: ServerContext, policy: Pick<ClientPolicy, 'scopes'>): ReadonlySet<string> | undefined {
  return PRECOMPUTED_TOOL_CATALOG === undefined ? undefined : new Set(PRECOMPUTED_TOOL_CATALOG.filter((entry) => isVisibleWith(entry, ctx.clientId, policy)).map((entry) => entry.tool.name));
}
