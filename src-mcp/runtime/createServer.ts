// Builds the MCP server instance for one connection. serveStdio calls this once per connection
// (and once for a discarded 2026-era discover probe); the lab server once per HTTP request, with
// only the part of the surface that request's method needs (mcp/requestSurface.ts); everything
// shared lives in ServerContext.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '../mcp/context.js';
import { installTools } from '../mcp/toolkit.js';
import { callableToolNamesNow, toolCatalog } from '../mcp/toolCatalog.js';
import { installResources } from '../mcp/resources/install.js';
import { installPrompts } from '../mcp/prompts.js';
import { ConnectionNotifier } from '../mcp/notifications/notifier.js';
import { SERVER_INSTRUCTIONS, serverInstructions } from '../mcp/instructions.js';
import { installs, type RequestSurface } from '../mcp/requestSurface.js';

export const SERVER_NAME = 'co-scientist';

export async function createMcpServer(ctx: ServerContext, era: 'legacy' | 'modern', version: string, surface: RequestSurface = 'whole'): Promise<McpServer> {
  const mcp = new McpServer(
    { name: SERVER_NAME, title: 'Co-Scientist', version },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
      },
      // Only discovery and initialize answer with instructions: a server for one method needs none.
      instructions: surface === 'whole' ? await instructionsFor(ctx) : undefined,
    },
  );
  const notifier = new ConnectionNotifier(mcp, era, ctx.clientId);
  if (installs(surface, 'tools')) installTools(mcp, toolCatalog, ctx);
  if (installs(surface, 'resources')) {
    installResources(mcp, ctx);
    notifier.acceptSubscriptions();
  }
  if (installs(surface, 'prompts')) installPrompts(mcp, ctx);
  const unsubscribe = ctx.feed.subscribe((events) => notifier.onEvents(events));
  // A 2025-era client that declares sampling may lend its model for work items (where a project allows it).
  const detachSampling = era === 'legacy' ? ctx.sampling?.attach(mcp.server) : undefined;
  const previousOnClose = mcp.server.onclose;
  mcp.server.onclose = () => {
    unsubscribe();
    detachSampling?.();
    previousOnClose?.();
  };
  return mcp;
}

/** The instructions name only tools this client can call (run from the sources, all of them). */
async function instructionsFor(ctx: ServerContext): Promise<string> {
  const callable = callableToolNamesNow(ctx, await ctx.policy());
  return callable === undefined ? SERVER_INSTRUCTIONS : serverInstructions((tool) => callable.has(tool));
}
