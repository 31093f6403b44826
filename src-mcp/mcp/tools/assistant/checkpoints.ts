// Checkpoints: where the workflow waits for the scientist (docs/seed-mapping.md, seed 004 `decide`).
import { z } from 'zod';
import { decide } from '../../../engine/workflow/decisions.js';
import { queryCheckpoints } from '../../../engine/workflow/checkpoints.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { defineTool } from '../../toolkit.js';
import { CheckpointSchema, NextStepSchema, checkpointOutput, checkpointViewFor, computeNextStep, nextStepData, nextStepMarkdown } from './workflowOutput.js';

export const listCheckpointsTool = defineTool({
  name: 'list_checkpoints',
  title: 'List checkpoints',
  description: [
    'Checkpoints where the workflow waits for the scientist (research_plan, hypothesis_batch, evolution_plan, final_report, safety_review), each with a payload and an edit_schema. Pending by default; status "decided" gives the history. Projects the scientist archived are left out unless you name one (research_id) or pass include_archived. Tell the user what waits; they decide in the app unless they allowed decisions in chat.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  input: z.object({
    research_id: z.string().min(1).optional().describe('Only this project\'s checkpoints.'),
    status: z.enum(['pending', 'decided']).default('pending'),
    limit: z.number().int().min(1).max(50).default(10),
    cursor: z.string().optional().describe('next_cursor of a previous call.'),
    include_archived: z.boolean().default(false).describe('Also list archived projects\' checkpoints (left out by default, as in the app).'),
  }),
  output: z.object({
    checkpoints: z.array(CheckpointSchema),
    next_cursor: z.string().nullable(),
    archived_hidden: z.number().int().describe('Checkpoints of archived projects left out (0 with include_archived or research_id).'),
  }),
  async run(args, ctx) {
    if (args.research_id !== undefined) await loadResearch(ctx.db, args.research_id);
    // A project named by id is listed even when archived: the caller asked for it.
    const excludeArchived = !args.include_archived && args.research_id === undefined;
    const page = await queryCheckpoints(ctx.db, { projectId: args.research_id, status: args.status, limit: args.limit, cursor: args.cursor, excludeArchived });
    const checkpoints = page.checkpoints.map((c) => checkpointOutput(c, checkpointViewFor(ctx)));
    // Said once, on the first page, not again on every page after it.
    const hiddenNote =
      page.archivedHidden > 0 && args.cursor === undefined
        ? [`${page.archivedHidden} ${args.status} checkpoint${page.archivedHidden === 1 ? '' : 's'} of archived projects not listed (include_archived: true lists them).`]
        : [];
    const lines =
      checkpoints.length === 0
        ? [`No ${args.status} checkpoints${args.research_id === undefined ? '' : ` for ${args.research_id}`}.`, ...hiddenNote]
        : [...hiddenNote, ...checkpoints.map((c) =>
            c.decision === null
              ? `- **${c.checkpoint_id}** ${c.kind} of ${c.research_id} (iteration ${c.iteration}) — pending since ${c.created_at}`
              : `- **${c.checkpoint_id}** ${c.kind} of ${c.research_id} — ${c.decision.action} by ${c.decision.decided_by}${c.decision.note === null ? '' : `: "${c.decision.note}"`}`,
          )];
    return { data: { checkpoints, next_cursor: page.nextCursor, archived_hidden: page.archivedHidden }, markdown: lines.join('\n') };
  },
});

export const decideTool = defineTool({
  name: 'decide',
  title: 'Decide a checkpoint',
  description: [
    'Approve, edit or reject a pending checkpoint — only when the user has told you their decision in this conversation and this assistant is allowed to decide (by default decisions are made in the Co-Scientist app; safety reviews always are). Never decide on your own judgement.',
    'approve: no data. edit: `data` is the edited content, matching the checkpoint\'s edit_schema. reject: `note` is required and must say what is wrong and what to do instead — it is fed to the next attempt. Pass a decision_id to make a retry safe: the same id is applied once.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['checkpoints:decide'],
  input: z.object({
    checkpoint_id: z.string().min(1).describe('e.g. "chk_4d2e9a0b7c1f" from list_checkpoints or continue_research.'),
    action: z.enum(['approve', 'edit', 'reject']),
    data: z.record(z.string(), z.unknown()).optional().describe('With edit: the edited content (see edit_schema).'),
    note: z.string().max(4000).optional().describe('Required with reject: what is wrong and what to do instead.'),
    decision_id: z.string().min(1).max(100).optional().describe('Idempotency key: retrying with the same id never applies a decision twice.'),
  }),
  output: z.object({ checkpoint: CheckpointSchema, applied: z.boolean(), next: NextStepSchema }),
  async run(args, ctx) {
    const outcome = await decide(
      ctx.db,
      { clientId: ctx.clientId, now: () => ctx.now() },
      { checkpointId: args.checkpoint_id, action: args.action, data: args.data, note: args.note, decisionId: args.decision_id },
      { clientId: ctx.clientId, isDesktop: ctx.clientId === DESKTOP_CLIENT, mayDecideCheckpoints: (await ctx.policy()).mayDecideCheckpoints },
    );
    // Deciding does not make this client a worker: the next work item stays free for an assistant.
    const next = await computeNextStep(ctx, outcome.checkpoint.projectId, false);
    const checkpoint = checkpointOutput(outcome.checkpoint, checkpointViewFor(ctx));
    return {
      target: `checkpoint://${checkpoint.checkpoint_id}`,
      data: { checkpoint, applied: outcome.applied, next: nextStepData(next) },
      markdown: [
        outcome.applied ? `Decision recorded: ${args.action} on ${checkpoint.kind} ${checkpoint.checkpoint_id}.` : `This decision was already applied (decision ${checkpoint.decision?.decision_id}); nothing changed.`,
        '',
        nextStepMarkdown(next),
      ].join('\n'),
    };
  },
});
