// Builds the MCP server instance for one connection. serveStdio calls this once per connection
// (and once for a discarded 2026-era discover probe); everything shared lives in ServerContext.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from './context.js';
import { installTools } from './toolkit.js';
import { installResources } from './resources.js';
import { installPrompts } from './prompts.js';
import { ConnectionNotifier } from './notifier.js';
import { RESEARCH_TOOLS } from './tools/research.js';
import { KNOWLEDGE_TOOLS } from './tools/knowledge.js';
import { continueResearchTool, manageResearchTool, submitWorkTool } from './tools/workflow.js';
import { decideTool, listCheckpointsTool } from './tools/checkpoints.js';
import { evolveHypothesisTool, generateHypothesesTool, listHypothesesTool, rankHypothesesTool, reviewHypothesisTool } from './tools/hypotheses.js';
import { exportResultsTool, getResultsTool } from './tools/results.js';
import { recordJudgementTool } from './tools/judgements.js';
import { getClientPoliciesTool, setClientPolicyTool } from './tools/policies.js';
import { doctorTool } from './tools/doctor.js';
import { DESKTOP_PROJECT_TOOLS } from './tools/desktopProjects.js';
import { DESKTOP_HYPOTHESIS_TOOLS } from './tools/desktopHypotheses.js';
import { TOURNAMENT_DESKTOP_TOOLS } from './tools/tournamentDesktop.js';
import { AUDIT_TOOLS } from './tools/audit.js';
import { configureProvidersTool } from './tools/providers.js';
import { SERVER_INSTRUCTIONS } from './instructions.js';

export const SERVER_NAME = 'co-scientist';

export const ALL_TOOLS = [
  ...RESEARCH_TOOLS,
  manageResearchTool,
  continueResearchTool,
  submitWorkTool,
  listCheckpointsTool,
  decideTool,
  generateHypothesesTool,
  reviewHypothesisTool,
  rankHypothesesTool,
  evolveHypothesisTool,
  listHypothesesTool,
  getResultsTool,
  exportResultsTool,
  recordJudgementTool,
  getClientPoliciesTool,
  setClientPolicyTool,
  doctorTool,
  ...KNOWLEDGE_TOOLS,
  // Desktop-only: listed to the GUI's own server alone.
  ...DESKTOP_PROJECT_TOOLS,
  ...DESKTOP_HYPOTHESIS_TOOLS,
  ...TOURNAMENT_DESKTOP_TOOLS,
  ...AUDIT_TOOLS,
  configureProvidersTool,
];

export function createMcpServer(ctx: ServerContext, era: 'legacy' | 'modern', version: string): McpServer {
  const mcp = new McpServer(
    { name: SERVER_NAME, title: 'Co-Scientist', version },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
      },
      instructions: SERVER_INSTRUCTIONS,
    },
  );
  installTools(mcp, ALL_TOOLS, ctx);
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
