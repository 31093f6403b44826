// Every tool the server has, in the order tools/list shows them. Loaded on the first tools/call (or
// the first listing of a build without a precomputed catalog): see toolCatalog.ts.
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
import { setHypothesisTitleTool } from './tools/hypothesisTitle.js';
import { listCitingHypothesesTool } from './tools/knowledgeCitedBy.js';
import { TOURNAMENT_DESKTOP_TOOLS } from './tools/tournamentDesktop.js';
import { AUDIT_TOOLS } from './tools/audit.js';
import { configureProvidersTool } from './tools/providers.js';
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
  // Desktop-only: listed to the GUI's own server alone.
  ...DESKTOP_PROJECT_TOOLS,
  ...DESKTOP_HYPOTHESIS_TOOLS,
  setHypothesisTitleTool,
  listCitingHypothesesTool,
  ...TOURNAMENT_DESKTOP_TOOLS,
  ...AUDIT_TOOLS,
  configureProvidersTool,
];
