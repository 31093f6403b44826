// How tools/list shows the chat views (issue 34, MCP Apps `io.modelcontextprotocol/ui`). A client
// that declared the extension gets each producing tool linked to its view (`_meta.ui.resourceUri`)
// and the app-only tools marked `visibility: ["app"]`, which its host offers to the views and never
// to the model. Any other client gets exactly the listing it had before: no app-only tool (a host
// without MCP Apps would hand it to its model) and no `_meta` (bytes in every conversation for
// nothing), so the delegated protocol's context budget does not move.
import { CLIENT_CAPABILITIES_META_KEY, type McpServer, type ServerContext as RequestContext, type Tool } from '@modelcontextprotocol/server';
import { EXTENSION_ID, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { CatalogEntry } from '../schemas/toolSchemas.js';
import { VIEW_OF_TOOL, chatViewUri } from '../../../src-shared/chatViews.js';

interface ExtensionsCapability {
  extensions?: Record<string, unknown>;
}

/** Whether this request's client declared MCP Apps: in the 2026-era request envelope, else at initialize. */
export function clientShowsApps(mcp: McpServer, request: RequestContext): boolean {
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? mcp.server.getClientCapabilities()) as ExtensionsCapability | undefined;
  const declared = capabilities?.extensions?.[EXTENSION_ID];
  return declared !== undefined && declared !== null && declared !== false;
}

/** The tool as this client's tools/list shows it: [] for an app-only tool the client cannot show. */
export function listedFor(entry: CatalogEntry, showsApps: boolean): Tool[] {
  if (!showsApps) return entry.appOnly ? [] : [entry.tool];
  const view = VIEW_OF_TOOL[entry.tool.name];
  if (view === undefined && !entry.appOnly) return [entry.tool];
  const ui = { ...(view === undefined ? {} : { resourceUri: chatViewUri(view) }), ...(entry.appOnly ? { visibility: ['app'] } : {}) };
  // The flat key is the same link for hosts that implemented the extension's first drafts.
  const legacy = view === undefined ? {} : { [RESOURCE_URI_META_KEY]: chatViewUri(view) };
  return [{ ...entry.tool, _meta: { ...entry.tool._meta, ui, ...legacy } }];
}

/** Why an app-only tool was refused to a client that declared no MCP Apps support. */
export function appOnlyRefusal(tool: string): string {
  return `${tool} is called by Co-Scientist's views in the chat (MCP Apps), and this client did not declare MCP Apps support. Decide in the Co-Scientist app, or with decide when the scientist allowed this assistant to.`;
}
