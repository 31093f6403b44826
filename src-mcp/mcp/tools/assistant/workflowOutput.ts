// The shared shape of "what happens next" in tool results: a work item to do, checkpoints waiting
// for the scientist, others busy, or the end. Several tools return it, so a delegated assistant can
// loop continue_research → submit_work → … without guessing.
import { z } from 'zod';
import { writeTransaction } from '../../../store/database.js';
import { EDIT_SCHEMAS } from '../../../engine/workflow/checkpointRules.js';
import { CHECKPOINT_KINDS } from '../../../engine/schemas.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { nextStep, type NextStep } from '../../../engine/workflow/supervisor.js';
import type { Checkpoint } from '../../../engine/types.js';
import { buildWorkItem, delegatedReasoner, type WorkItem } from '../../../reasoners/workItems.js';
import type { ServerContext } from '../../context.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';

export const ProjectStatusEnum = z.enum(['initializing', 'active', 'paused', 'completed']);

// A work item reaches the model once: its instructions (with the rules when asked for) are in the
// text block; structuredContent carries the data a program needs (ids, context) without a second
// copy of the text. The output schema is the same for every item of a kind, so like the rules it
// comes once, with them (include_rules=true); every item names it by its rules version. See
// docs/work-items.md.
export const WorkItemSchema = z.object({
  task_id: z.string(),
  kind: z.enum(['generate', 'review', 'compare', 'evolve', 'meta_review']),
  research_id: z.string(),
  title: z.string(),
  rules: z.object({ version: z.string(), included: z.boolean().describe('Whether the text block carries the rules.') }),
  context: z.record(z.string(), z.unknown()).describe('Task data: ids to echo back, counts, pairs in slot order.'),
  output_schema: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('JSON Schema of the submit_work result; sent with the rules (include_rules=true), the same for every item of the kind.'),
  lease_expires_at: z.string().nullable(),
});
export type WorkItemOutput = z.infer<typeof WorkItemSchema>;

export function workItemOutput(item: WorkItem, includeRules: boolean): WorkItemOutput {
  return {
    task_id: item.task_id,
    kind: item.kind,
    research_id: item.research_id,
    title: item.title,
    rules: { version: item.rules.version, included: includeRules },
    context: item.context,
    ...(includeRules ? { output_schema: item.output_schema } : {}),
    lease_expires_at: item.lease_expires_at,
  };
}

/**
 * The model-facing form of a work item: its rules named by version, then the instructions. Asked
 * for with include_rules, the text is the rules alone: the item itself came in the previous result,
 * and sending it again would say it twice.
 */
export function workItemMarkdown(item: WorkItem, includeRules: boolean): string {
  if (includeRules) {
    return [
      item.rules.text,
      `For work item ${item.task_id}, whose task came in the previous result (lost it? continue_research(research_id="${item.research_id}") again).`,
    ].join('\n');
  }
  // Every item carries this header, so it is one line: the task id in the call to make, and the
  // rules by version (the server instructions and continue_research's description already say the
  // rules are read once per kind per conversation). No title: the instructions open with the task.
  return [`## Work item → submit_work(task_id="${item.task_id}", result=…) · rules \`${item.rules.version}\` (not read yet? include_rules=true)`, item.instructions].join('\n');
}

export const CheckpointSchema = z.object({
  checkpoint_id: z.string(),
  research_id: z.string(),
  kind: z.enum(CHECKPOINT_KINDS),
  iteration: z.number().int(),
  status: z.enum(['pending', 'decided', 'withdrawn']),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  edit_schema: z.record(z.string(), z.unknown()).describe('JSON Schema of `data` for an edit decision.'),
  decision: z
    .object({ decision_id: z.string(), action: z.enum(['approve', 'edit', 'reject']), note: z.string().nullable(), decided_by: z.string(), decided_at: z.string() })
    .nullable(),
});

export const NextStepSchema = z.object({
  research_id: z.string(),
  state: z.enum(['work', 'ready', 'awaiting_decision', 'busy', 'completed', 'paused']),
  message: z.string(),
  status: ProjectStatusEnum,
  stage: z.string(),
  progress: z.number(),
  work_item: WorkItemSchema.nullable(),
  checkpoints: z.array(CheckpointSchema),
});
export type NextStepWire = z.infer<typeof NextStepSchema>;
/** The next step inside the server: the work item whole, until a tool renders it (nextStepData, nextStepMarkdown). */
export type NextStepOutput = Omit<NextStepWire, 'work_item'> & { work_item: WorkItem | null };

export function nextStepData(next: NextStepOutput, includeRules = false): NextStepWire {
  return { ...next, work_item: next.work_item === null ? null : workItemOutput(next.work_item, includeRules) };
}

/**
 * How much of a checkpoint a client is shown. The app's own server gets everything (its edit
 * forms need every hypothesis of a batch); an assistant gets a batch's first hypotheses inline and
 * the rest through checkpoint://{id}, so a 100-hypothesis batch does not cost ~13k tokens per look.
 */
export type CheckpointView = 'full' | 'assistant';

/** Hypotheses of a batch shown inline to an assistant (all their ids are always in hypothesis_ids). */
const INLINE_BATCH_HYPOTHESES = 10;

export function checkpointViewFor(ctx: Pick<ServerContext, 'clientId'>): CheckpointView {
  return ctx.clientId === DESKTOP_CLIENT ? 'full' : 'assistant';
}

function payloadFor(checkpoint: Checkpoint, view: CheckpointView): Record<string, unknown> {
  const listed = checkpoint.payload.hypotheses;
  if (view === 'full' || !Array.isArray(listed) || listed.length <= INLINE_BATCH_HYPOTHESES) return checkpoint.payload;
  return {
    ...checkpoint.payload,
    hypotheses: listed.slice(0, INLINE_BATCH_HYPOTHESES),
    hypotheses_not_shown: listed.length - INLINE_BATCH_HYPOTHESES,
    all_hypotheses: `checkpoint://${checkpoint.id}`,
  };
}

export function checkpointOutput(checkpoint: Checkpoint, view: CheckpointView): z.infer<typeof CheckpointSchema> {
  return {
    checkpoint_id: checkpoint.id,
    research_id: checkpoint.projectId,
    kind: checkpoint.kind,
    iteration: checkpoint.iteration,
    status: checkpoint.status,
    created_at: checkpoint.createdAt,
    payload: payloadFor(checkpoint, view),
    edit_schema: z.toJSONSchema(EDIT_SCHEMAS[checkpoint.kind], { io: 'input' }) as Record<string, unknown>,
    decision:
      checkpoint.decision === null
        ? null
        : {
            decision_id: checkpoint.decision.id,
            action: checkpoint.decision.action,
            note: checkpoint.decision.note,
            decided_by: checkpoint.decision.decidedBy,
            decided_at: checkpoint.decision.decidedAt,
          },
  };
}

/** Runs the supervisor and describes the result; `lease` hands the next work item to this caller. */
export async function computeNextStep(ctx: ServerContext, researchId: string, lease: boolean): Promise<NextStepOutput> {
  const owner = lease ? ctx.workerId : null;
  const step = await writeTransaction(ctx.db, async () => await nextStep(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, researchId, owner, ctx.ownerAlive));
  ctx.feed.poke();
  return await describeStep(ctx, researchId, step);
}

export async function describeStep(ctx: ServerContext, researchId: string, step: NextStep): Promise<NextStepOutput> {
  const project = await loadResearch(ctx.db, researchId);
  const base = { research_id: researchId, status: project.status, stage: project.stage, progress: project.progress, work_item: null, checkpoints: [] };
  switch (step.kind) {
    case 'work': {
      const item: WorkItem = await buildWorkItem(ctx.db, step.task, ctx.grounding, delegatedReasoner(ctx.clientId));
      return { ...base, state: 'work', work_item: item, message: `Do this work item, then call submit_work(task_id="${item.task_id}", result=…).` };
    }
    case 'awaiting_decision':
      return {
        ...base,
        state: 'awaiting_decision',
        checkpoints: step.checkpoints.map((c) => checkpointOutput(c, checkpointViewFor(ctx))),
        message: `Waiting for the scientist to decide ${step.checkpoints.map((c) => `${c.kind} (${c.id})`).join(', ')}. They approve, edit or reject it in the Co-Scientist app${step.checkpoints.some((c) => c.kind === 'safety_review') ? '; safety reviews are decided only there' : ''}. Call continue_research with wait_seconds to wait for the decision.`,
      };
    case 'ready':
      return { ...base, state: 'ready', message: `${step.tasks.length} work item(s) are ready (${step.tasks.map((t) => t.kind).join(', ')}). An assistant picks them up with continue_research.` };
    case 'busy':
      return { ...base, state: 'busy', message: `${step.tasks.length} work item(s) are being done by other workers (${[...new Set(step.tasks.map((t) => t.leaseOwner ?? 'queued'))].join(', ')}). Call continue_research again shortly.` };
    case 'completed':
      return { ...base, state: 'completed', message: step.reason === null ? 'The research project is complete. Use get_results or export_results.' : `The project ended: ${step.reason}.` };
    case 'paused':
      return { ...base, state: 'paused', message: pausedMessage(step.reason) };
  }
}

/** Who may resume a paused project, as resumeResearch enforces it: anyone who may change the project, within its budget. */
export const RESUME_RULE = 'Resume it with manage_research (action "resume") when the user asks, from this assistant or any other allowed to change the project, or the scientist resumes it in the Co-Scientist app.';

/** Who paused the project and why (its stop reason), and who can resume it. */
function pausedMessage(reason: string | null): string {
  if (reason?.startsWith('budget_exhausted') === true) {
    return `The project is paused: ${reason}. Only the scientist can raise the budget, in the Co-Scientist app; file the request with manage_research (action "resume", add_reasoning_calls) for them to approve.`;
  }
  // A project paused before who and why were recorded has no stop reason.
  const why = reason === null ? 'The project is paused (who paused it and why were not recorded).' : `The project is paused: ${reason}.`;
  return `${why} ${RESUME_RULE}`;
}

export function nextStepMarkdown(next: NextStepOutput, includeRules = false): string {
  const status = `**${next.research_id}** — ${next.status}, stage ${next.stage}, ${Math.round(next.progress * 100)}%`;
  // A work item's header says what to do with it; the message (in structuredContent) would say it twice.
  if (next.work_item !== null) return [status, workItemMarkdown(next.work_item, includeRules)].join('\n');
  // The message names every waiting checkpoint (kind and id); their payloads are in structuredContent.
  return [status, next.message].join('\n');
}
