// App-only tools (issue 34): what the chat views' buttons call. The host lists them to the view,
// never to the model (`_meta.ui.visibility: ["app"]`, src-mcp/mcp/apps/listing.ts), and the server
// lists and runs them only for a client that declared MCP Apps (toolkit.ts refuses the others). They add no rule of their own: a
// decision goes through `decide` (the same policy — the scope, the scientist's per-assistant and
// per-project grant, never a safety review or a change request — and the same validation), a card
// through the desktop's own hypothesis record.
import { z } from 'zod';
import { defineTool } from '../../toolkit.js';
import { decideTool } from './checkpoints.js';
import { getHypothesisTool } from '../desktop/hypotheses.js';
import { DECIDE_IN_CHAT_TOOL, HYPOTHESIS_CARD_TOOL } from '../../../../src-shared/chatViews.js';

/** Marks a decision taken in a view in the checkpoint's own record (its decision id), so the history shows where it was made. */
export const VIEW_DECISION_PREFIX = 'chat-view:';

export const decideInChatTool = defineTool({
  name: DECIDE_IN_CHAT_TOOL,
  title: 'Decide a checkpoint in the chat view',
  description: 'Called by the checkpoint view when the scientist presses Approve, Edit or Reject; never by the model. Same rules as decide.',
  annotations: decideTool.annotations,
  scopes: decideTool.scopes,
  appOnly: true,
  input: z.object({
    checkpoint_id: z.string().min(1),
    action: z.enum(['approve', 'edit', 'reject']),
    data: z.record(z.string(), z.unknown()).optional(),
    note: z.string().max(4000).optional(),
    decision_id: z.string().min(1).max(80).describe('The view makes one per press, so a retried press is applied once.'),
  }),
  output: decideTool.output,
  async run(args, ctx, call) {
    const outcome = await decideTool.run({ ...args, decision_id: `${VIEW_DECISION_PREFIX}${args.decision_id}` }, ctx, call);
    return { ...outcome, markdown: `Decided in the chat view by ${ctx.clientId}. ${outcome.markdown}` };
  },
});

export const showHypothesisCardTool = defineTool({
  name: HYPOTHESIS_CARD_TOOL,
  title: 'Hypothesis card',
  description: 'Called by the leaderboard view when a row is opened; never by the model (it reads hypothesis://{id}). One hypothesis in full with reviews, citations and lineage.',
  annotations: getHypothesisTool.annotations,
  scopes: getHypothesisTool.scopes,
  appOnly: true,
  input: z.object({ hypothesis_id: z.string().min(1).max(100) }),
  output: getHypothesisTool.output,
  async run(args, ctx, call) {
    return getHypothesisTool.run(args, ctx, call);
  },
});

export const CHAT_VIEW_TOOLS = [decideInChatTool, showHypothesisCardTool];
