// Driving the workflow in delegated mode: continue_research hands out the next work item (or says
// what the project waits for), submit_work stores the result. manage_research pauses, resumes, deletes.
import { z } from 'zod';
import { submitWork } from '../../../engine/workflow/submissions.js';
import { getTask } from '../../../engine/workflow/tasks.js';
import { deleteResearch, pauseResearch, resumeResearch } from '../../../engine/workflow/requests.js';
import { changeProject, requestProjectChange } from '../../../engine/workflow/projectChanges.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { defineTool } from '../../toolkit.js';
import { NextStepSchema, RESUME_RULE, nextStepData, nextStepMarkdown } from './workflowOutput.js';
import { routeNextStep, routeNextStepWithoutSampling } from './workflowRouting.js';
import { offerInlineDecision } from './chatDecision.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { buildWorkItem, delegatedReasoner } from '../../../reasoners/workItems.js';
import { beforeWaitingOutside } from '../../../store/writeObserver.js';

const ResearchId = z.string().min(1).describe('Project id from start_research or list_research_projects, e.g. "res_3f9a1c0b2d4e".');
/** Desktop clients time out at 60 s; stay well inside it. */
const MAX_WAIT_SECONDS = 40;
const POLL_MS = 250;
/** How long one call may spend having the client's model do work items (sampling), inside the 60 s client timeout. */
const MAX_SAMPLING_SECONDS = 35;

export const continueResearchTool = defineTool({
  name: 'continue_research',
  title: 'Continue a research project',
  description: [
    'Advance a project one step: returns your next work item (generate, review, compare, evolve, meta-review; its rules named by version: read them once per kind per conversation with include_rules=true), a checkpoint the scientist decides in the app, or completion.',
    'Loop: continue_research → do the item → submit_work (which returns the next step). While a checkpoint waits, tell the user and call again with wait_seconds. Do not invent steps.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['hypotheses:generate', 'reviews:write'],
  input: z.object({
    research_id: ResearchId,
    wait_seconds: z.number().int().min(0).max(MAX_WAIT_SECONDS).default(0).describe('When the project waits for a decision or for other workers, wait up to this long for that to change (0-40).'),
    include_rules: z.boolean().default(false).describe('Return the rules and result shape of your current work item\'s kind (once per kind per conversation) instead of its task text.'),
    include_text: z.boolean().default(false).describe('Return your current work item with the full text of every hypothesis, also those you wrote (when they are no longer in this conversation).'),
  }),
  output: NextStepSchema,
  async run(args, ctx, call) {
    const started = Date.now();
    const deadline = started + args.wait_seconds * 1000;
    // The project's reasoner order decides who does the work: a background provider, this client's model, or the caller.
    const samplingDeadline = started + MAX_SAMPLING_SECONDS * 1000;
    let next = await routeNextStep(ctx, args.research_id, call, samplingDeadline);
    // Where the user can answer here, the decision is offered inline (approval in chat).
    if (next.state === 'awaiting_decision' && (await offerInlineDecision(ctx, call, next.checkpoints.map((c) => c.checkpoint_id)))) {
      next = await routeNextStep(ctx, args.research_id, call, samplingDeadline);
    }
    while ((next.state === 'awaiting_decision' || next.state === 'busy') && Date.now() < deadline && !call.signal.aborted) {
      // Waiting on the scientist or on other workers: nothing of this call may hold the connection meanwhile.
      await beforeWaitingOutside();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const waited = Math.round((Date.now() - started) / 1000);
      // Long waits report progress, so the client can show that we are waiting on the scientist.
      call.sendProgress(waited, args.wait_seconds, next.state === 'busy' ? 'Waiting for other workers' : 'Waiting for the scientist\'s decision');
      next = await routeNextStep(ctx, args.research_id, call, samplingDeadline);
    }
    // An item names the hypotheses this assistant wrote instead of re-sending them; include_text rebuilds it for a reader without them.
    if (args.include_text && next.work_item !== null) next = { ...next, work_item: await buildWorkItem(ctx.db, await getTask(ctx.db, next.work_item.task_id), ctx.grounding) };
    return { data: nextStepData(next, args.include_rules), markdown: nextStepMarkdown(next, args.include_rules), target: `research://projects/${args.research_id}` };
  },
});

export const submitWorkTool = defineTool({
  name: 'submit_work',
  title: 'Submit a work item result',
  description: [
    'Submit a work item\'s result (from continue_research or the generate/review/rank/evolve tools). It must match the result shape and length limits; stored once, so a retry cannot duplicate. On a validation error the task stays yours: fix what the message names and resubmit. Returns the next step.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['hypotheses:generate', 'reviews:write'],
  input: z.object({
    task_id: z.string().min(1).describe('task_id of the work item, e.g. "tsk_5e0c2a9b1f3d".'),
    result: z.record(z.string(), z.unknown()).describe('The JSON object the work item asked for.'),
  }),
  output: z.object({
    task_id: z.string(),
    kind: z.string(),
    stored: z.string().describe('What was stored.'),
    created_ids: z.array(z.string()),
    next: NextStepSchema,
  }),
  async run(args, ctx) {
    const task = await getTask(ctx.db, args.task_id);
    const outcome = await submitWork(
      ctx.db,
      { clientId: ctx.clientId, now: () => ctx.now() },
      { taskId: task.id, result: args.result, reasoner: delegatedReasoner(ctx.clientId) },
      ctx.verifyCitation(task.projectId),
    );
    const next = await routeNextStepWithoutSampling(ctx, outcome.task.projectId);
    return {
      target: `research://projects/${outcome.task.projectId}`,
      data: { task_id: outcome.task.id, kind: outcome.task.kind, stored: outcome.summary, created_ids: outcome.created, next: nextStepData(next) },
      markdown: [`Stored: ${outcome.summary}.`, nextStepMarkdown(next)].join('\n'),
    };
  },
});

export const manageResearchTool = defineTool({
  name: 'manage_research',
  title: 'Pause, resume, reopen or delete a project',
  description: [
    'Pause a project (no new work handed out), resume it, reopen a completed one for another cycle, or delete it. Only when the user asked.',
    'From an assistant, add_reasoning_calls (with resume) and reopen are requests the scientist approves in the app (checkpoint_id in the result); nothing changes until then. Deleting is permanent and done only by the scientist in the app.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  scopes: ['research:write'],
  desktopOnlyActions: ['delete'],
  input: z.object({
    research_id: ResearchId,
    action: z.enum(['pause', 'resume', 'reopen', 'delete']).describe('pause | resume | reopen (a completed project) | delete (desktop app only)'),
    add_reasoning_calls: z.number().int().min(0).max(10_000).default(0).describe('With resume or reopen: reasoning calls to add to the budget (a request to the scientist, from an assistant).'),
    add_hypotheses: z.number().int().min(0).max(100).default(0).describe('With reopen: hypotheses to generate in the new cycle.'),
    reason: z.string().max(500).optional().describe('With pause: why, recorded with who paused and shown to whoever meets the paused project. With a request: why it is needed, shown to the scientist.'),
  }),
  output: z.object({
    research_id: z.string(),
    action: z.string(),
    status: z.string(),
    checkpoint_id: z.string().nullable().optional().describe('The change_request the scientist must decide, when this call only filed a request.'),
  }),
  async run(args, ctx) {
    const actor = { clientId: ctx.clientId, now: () => ctx.now() };
    const isScientist = ctx.clientId === DESKTOP_CLIENT;
    if (args.action === 'delete') {
      // Only the desktop gets here (desktopOnlyActions).
      await deleteResearch(ctx.db, actor, args.research_id);
      return { data: { research_id: args.research_id, action: 'delete', status: 'deleted', checkpoint_id: null }, markdown: `Deleted research project ${args.research_id}.`, target: `research://projects/${args.research_id}` };
    }
    const change = args.action === 'reopen' || (args.action === 'resume' && args.add_reasoning_calls > 0)
      ? { change: args.action === 'reopen' ? ('reopen' as const) : ('raise_budget' as const), addReasoningCalls: args.add_reasoning_calls, addHypotheses: args.add_hypotheses }
      : null;
    let request: string | null = null;
    if (args.action === 'pause') await pauseResearch(ctx.db, actor, args.research_id, { by: isScientist ? 'the scientist' : `the assistant "${ctx.clientId}"`, reason: args.reason ?? null });
    else if (change === null) await resumeResearch(ctx.db, actor, args.research_id);
    else if (isScientist) await changeProject(ctx.db, actor, args.research_id, change);
    else request = (await requestProjectChange(ctx.db, actor, args.research_id, change, args.reason ?? null)).id;
    if (isScientist && args.action === 'resume' && change !== null && (await loadResearch(ctx.db, args.research_id)).status === 'paused') await resumeResearch(ctx.db, actor, args.research_id);
    const project = await loadResearch(ctx.db, args.research_id);
    return {
      data: { research_id: project.id, action: args.action, status: project.status, checkpoint_id: request },
      markdown: request === null
        ? `Research project ${project.id} is now ${project.status}${project.status === 'paused' && project.stopReason !== null ? ` (${project.stopReason}). ${RESUME_RULE}` : '.'}`
        : `Requested: ${args.action === 'reopen' ? 'reopen' : 'a larger budget'} for research project ${project.id} (still ${project.status}). The scientist decides it in the Co-Scientist app (checkpoint ${request}); tell the user.`,
      target: `research://projects/${project.id}`,
    };
  },
});
