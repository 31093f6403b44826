// Every tool the server has, in the order tools/list shows them. Loaded on the first tools/call (or
// the first listing of a build without a precomputed catalog): see toolCatalog.ts. The audience of
// a tool is its folder — tools/assistant/ or tools/desktop/ — and, for the toolkit, the
// `desktopOnly` flag every tools/desktop/ definition carries (test/unit/src-mcp/mcp/toolAudience.test.ts
// keeps the two in step).
import { RESEARCH_TOOLS } from './tools/assistant/research.js';
import { KNOWLEDGE_TOOLS } from './tools/assistant/knowledge.js';
import { continueResearchTool, manageResearchTool, submitWorkTool } from './tools/assistant/workflow.js';
import { decideTool, listCheckpointsTool } from './tools/assistant/checkpoints.js';
import { evolveHypothesisTool, generateHypothesesTool, listHypothesesTool, rankHypothesesTool, reviewHypothesisTool } from './tools/assistant/hypotheses.js';
import { exportResultsTool, getResultsTool } from './tools/assistant/results.js';
import { getClientPoliciesTool, setClientPolicyTool } from './tools/desktop/policies.js';
import { doctorTool } from './tools/desktop/doctor.js';
import { DESKTOP_PROJECT_TOOLS } from './tools/desktop/projects.js';
import { DESKTOP_HYPOTHESIS_TOOLS, setHypothesisTitleTool } from './tools/desktop/hypotheses.js';
import { recordJudgementTool, TOURNAMENT_DESKTOP_TOOLS } from './tools/desktop/tournament.js';
import { manageKnowledgeRootsTool } from './tools/desktop/knowledgeRoots.js';
import { AUDIT_TOOLS } from './tools/desktop/audit.js';
import { configureProvidersTool } from './tools/desktop/providers.js';
import { listCitingHypothesesTool } from './tools/desktop/knowledgeCitedBy.js';
import { getKnowledgeDocumentTool } from './tools/desktop/knowledgeDocument.js';
import { CHAT_VIEW_TOOLS } from './tools/assistant/chatViewActions.js';
import type { ToolDefinition } from './toolkit.js';

export const ALL_TOOLS: readonly ToolDefinition[] = [
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
  manageKnowledgeRootsTool,
  ...DESKTOP_PROJECT_TOOLS,
  ...DESKTOP_HYPOTHESIS_TOOLS,
  setHypothesisTitleTool,
  listCitingHypothesesTool,
  getKnowledgeDocumentTool,
  ...TOURNAMENT_DESKTOP_TOOLS,
  ...AUDIT_TOOLS,
  configureProvidersTool,
  ...CHAT_VIEW_TOOLS,
];
