// Prompt templates (docs/seed-mapping.md, seed 000 "Prompt Templates"): what a scientist picks from the client's prompt
// menu to start a guided workflow. Texts live with the other prompts in src-mcp/reasoners/prompts.
import { completable, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { getHypothesis } from '../engine/hypotheses.js';
import { toReview } from '../engine/reviews.js';
import { reviewsOfHypothesis } from '../store/reviews.js';
import { hypothesisIdsStartingWith } from '../store/hypotheses.js';
import { hypothesisAnalysisPrompt, literatureReviewPrompt, researchWorkflowPrompt } from '../reasoners/prompts/mcpPrompts.js';
import type { ServerContext } from './context.js';
import { callableToolNames } from './toolCatalog.js';
import { audited, canRead } from './access/resourceAccess.js';

function userText(text: string) {
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
}

export function installPrompts(mcp: McpServer, ctx: ServerContext): void {
  mcp.registerPrompt(
    'research-workflow',
    { title: 'Research workflow', description: 'Guides you through a complete AI co-scientist project: start, let the scientist approve each stage, generate, review, rank, evolve and report.' },
    async () => {
      // The guide names only tools this client can call (issue 15 item 9).
      const callable = await callableToolNames(ctx);
      return await audited(ctx, 'prompt:get', 'research-workflow', ['research:read'], () => userText(researchWorkflowPrompt((tool) => callable.has(tool))));
    },
  );

  mcp.registerPrompt(
    'hypothesis-analysis',
    {
      title: 'Analyse a hypothesis',
      description: 'A deep analysis of one hypothesis: assumptions, evidence, weaknesses, the decisive experiment.',
      argsSchema: z.object({
        hypothesis_id: completable(z.string().min(1).describe('Hypothesis id, e.g. hyp_0a1b2c3d4e5f'), async (value) =>
          await canRead(ctx, ['hypotheses:read']) ? await hypothesisIdsStartingWith(ctx.db, value, 20) : [],
        ),
      }),
    },
    async ({ hypothesis_id }) => {
      const callable = await callableToolNames(ctx);
      return await audited(ctx, 'prompt:get', `hypothesis-analysis:${hypothesis_id}`, ['hypotheses:read'], async () => {
        const hypothesis = await getHypothesis(ctx.db, hypothesis_id);
        return userText(hypothesisAnalysisPrompt(hypothesis, (await reviewsOfHypothesis(ctx.db, hypothesis.id)).map(toReview), (tool) => callable.has(tool)));
      });
    },
  );

  mcp.registerPrompt(
    'literature-review',
    {
      title: 'Literature review',
      description: 'Review the literature on a topic using the knowledge base, and add what you find to it.',
      argsSchema: z.object({ topic: z.string().min(3).max(500).describe('The topic, e.g. "epigenetic regulation of hepatic stellate cells"') }),
    },
    async ({ topic }) => {
      const callable = await callableToolNames(ctx);
      return await audited(ctx, 'prompt:get', 'literature-review', ['knowledge:read'], () => userText(literatureReviewPrompt(topic, (tool) => callable.has(tool))));
    },
  );
}
