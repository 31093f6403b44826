// The scientist's own pairwise verdicts (arena mode in the app): recorded as human judgements,
// which the Bradley-Terry fit counts with their own position-bias term.
import { z } from 'zod';
import { recordHumanJudgement } from '../../../engine/requests.js';
import { defineTool } from '../../toolkit.js';

export const recordJudgementTool = defineTool({
  name: 'record_judgement',
  title: 'Record a human judgement',
  description: 'Records the scientist\'s verdict on a pair of hypotheses (first/second in the order they were shown) as a human match in the tournament, and refreshes the ranking. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['reviews:write'],
  desktopOnly: true,
  input: z.object({
    first_id: z.string().min(1).describe('The hypothesis shown on the left / first.'),
    second_id: z.string().min(1).describe('The hypothesis shown on the right / second.'),
    winner_id: z.string().min(1).describe('first_id or second_id.'),
    rationale: z.string().max(4000).default('Judged by the scientist.'),
  }),
  output: z.object({ research_id: z.string(), winner_id: z.string(), judge: z.literal('human') }),
  run(args, ctx) {
    const projectId = recordHumanJudgement(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, { firstId: args.first_id, secondId: args.second_id, winnerId: args.winner_id, rationale: args.rationale });
    return { data: { research_id: projectId, winner_id: args.winner_id, judge: 'human' as const }, markdown: `Recorded the scientist's judgement: ${args.winner_id} wins.`, target: `research://projects/${projectId}` };
  },
});
