// Builds the MCP server instance for one connection. serveStdio calls this once per connection
// (and once for a discarded 2026-era discover probe); everything shared lives in ServerContext.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '../mcp/context.js';
import { installTools } from '../mcp/toolkit.js';
import { callableToolNamesNow, toolCatalog } from '../mcp/toolCatalog.js';
import { installResources } from '../mcp/resources/install.js';
import { installPrompts } from '../mcp/prompts.js';
import { ConnectionNotifier } from '../mcp/notifications/notifier.js';
import { SERVER_INSTRUCTIONS, serverInstructions } from '../mcp/instructions.js';

export const SERVER_NAME = 'co-scientist';

export async function createMcpServer(ctx: ServerContext, era: 'legacy' | 'modern', version: string): Promise<McpServer> {
  // The instructions name only tools this client can call (run from the sources, all of them).
  const callable = callableToolNamesNow(ctx, await ctx.policy());
  const mcp = new McpServer(
    { name: SERVER_NAME, title: 'Co-Scientist', version },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
      },
      instructions: callable === undefined ? SERVER_INSTRUCTIONS : serverInstructions((tool) => callable.has(tool)),
    },
  );
  installTools(mcp, toolCatalog, ctx);
  installResources(mcp, ctx);
  installPrompts(mcp, ctx);
  const notifier = new ConnectionNotifier(mcp, era, ctx.clientId);
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
