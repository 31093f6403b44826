// Desktop-only: the scientist renames a hypothesis in the app's hypothesis panel
// (engine/hypothesisTitle.ts says what may change and what is refused).
import { z } from 'zod';
import { projectUri } from '../../../engine/changes.js';
import { retitleHypothesis } from '../../../engine/hypothesisTitle.js';
import { defineTool } from '../../toolkit.js';
import { RetitledSchema } from '../../../../src-shared/schemas/hypotheses.js';

export const setHypothesisTitleTool = defineTool({
  name: 'set_hypothesis_title',
  title: 'Rename a hypothesis',
  description:
    'Gives a hypothesis the short title the scientist typed in the Co-Scientist desktop app (one line, at most 100 characters). Only the title changes, never the hypothesis text. expected_title is the title the scientist saw (null when none was given and a derived one was shown): if it changed meanwhile, nothing is written and a conflict names the current title. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['hypotheses:generate'],
  desktopOnly: true,
  input: z.object({
    hypothesis_id: z.string().min(1).describe('Hypothesis id, e.g. "hyp_0a1b2c3d4e5f".'),
    title: z.string().max(1000).describe('The new title; spaces around it are dropped.'),
    expected_title: z.string().max(1000).nullable().describe('The title the scientist saw, or null when none was given.'),
  }),
  output: RetitledSchema,
  run(args, ctx) {
    const done = retitleHypothesis(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, args.hypothesis_id, args.title, args.expected_title);
    return {
      target: projectUri(done.projectId),
      data: { hypothesis_id: done.hypothesisId, number: done.number, title: done.title, previous_title: done.previous },
      markdown: `H${done.number} is now titled “${done.title}”.`,
    };
  },
});
