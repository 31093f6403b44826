// What tools/list needs (each tool's description and who may see it) apart from what tools/call
// needs (the definitions with their zod schemas and handlers, and all the code behind them). A
// build precomputes the catalog (scripts/build.mjs fills in toolSchemas.precomputed.ts), so a
// server start answers initialize and tools/list without loading ~45 tool modules (~25 ms of a
// ~150 ms cold start); the definitions load on the first tools/call. Run from the sources (tests),
// the catalog is derived from the definitions when first listed.
import type { ToolCatalog, ToolDefinition } from './toolkit.js';
import { PRECOMPUTED_TOOL_CATALOG } from './toolSchemas.precomputed.js';
import { describeTool, type CatalogEntry } from './toolSchemas.js';

export function catalogEntryOf(tool: ToolDefinition): CatalogEntry {
  return { scopes: tool.scopes, desktopOnly: tool.desktopOnly === true, tool: describeTool(tool) };
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
