// The next step for the calling assistant, routed to the reasoner the project's order picks
// (reasoners/routing.ts decides; architecture.md, *Reasoners*): a background provider keeps the
// work (the assistant is told to wait), sampling does it here through the client's model,
// delegation leases it to the caller.
import { loadResearch, reasonerOrderOf } from '../../../engine/projectRecord.js';
import { samplingGoesFirst, workTaker, type RoutingFacts } from '../../../reasoners/routing.js';
import { sampleProjectWork } from '../../../reasoners/sampling.js';
import { recordAudit } from '../../audit/callAudit.js';
import type { ServerContext } from '../../context.js';
import type { ToolCall } from '../../toolkit.js';
import { computeNextStep, type NextStepOutput } from './workflowOutput.js';

function factsOf(ctx: ServerContext): RoutingFacts {
  return { db: ctx.db, now: ctx.now(), ownerAlive: ctx.ownerAlive };
}

/**
 * The project's next step for the calling assistant: the first available reasoner of the
 * project's order gets the work. A background provider keeps it (the assistant is told to wait);
 * sampling does it here through the client's model (with `call`, until `samplingDeadline`);
 * delegation leases it to the caller. With none available, nothing is leased.
 */
export async function routeNextStep(ctx: ServerContext, researchId: string, call: ToolCall | null, samplingDeadline: number): Promise<NextStepOutput> {
  if (call !== null && (await samplingGoesFirst(factsOf(ctx), await loadResearch(ctx.db, researchId)))) {
    const sampled = await sampleWithClientModel(ctx, researchId, call, samplingDeadline);
    if (sampled !== null) return sampled;
  }
  return await routeNextStepWithoutSampling(ctx, researchId);
}

/**
 * routeNextStep when there is no call to sample through (submit_work's answer): it never awaits,
 * so the tool stays synchronous and its audit row commits with its writes as one row, not an
 * intent row plus the call's row (architecture.md, *Identity, scopes, audit*; issue 18 item 11).
 */
export async function routeNextStepWithoutSampling(ctx: ServerContext, researchId: string): Promise<NextStepOutput> {
  const project = await loadResearch(ctx.db, researchId);
  const taker = await workTaker(factsOf(ctx), project);
  if (taker === 'provider') {
    return asBackground(await computeNextStep(ctx, researchId, false), 'An LLM provider is doing this project\'s work in the background (in the Co-Scientist app); there is nothing for you to do. Follow it with get_research_status, or call continue_research with wait_seconds to wait for the next checkpoint.');
  }
  if (taker === 'delegated') return await computeNextStep(ctx, researchId, true);
  return asBackground(await computeNextStep(ctx, researchId, false), `This project's work is reserved for ${reasonerOrderOf(project.settings).join(' or ')}, and none is available to you now (the Co-Scientist app's provider runs only while the app is open). The scientist can change this in the app.`);
}

/** Work waiting for someone else is "busy" for this caller, with the reason instead of "pick it up". */
function asBackground(next: NextStepOutput, message: string): NextStepOutput {
  return next.state === 'ready' || next.state === 'busy' ? { ...next, state: 'busy', message } : next;
}

async function sampleWithClientModel(ctx: ServerContext, researchId: string, call: ToolCall, deadline: number): Promise<NextStepOutput | null> {
  const reasoner = ctx.sampling?.reasoner(ctx.clientId, () => deadline);
  if (reasoner === undefined) return null;
  const scrub = (text: string): string => ctx.providers?.scrub(text) ?? text;
  const run = await sampleProjectWork(
    { db: ctx.db, actor: { clientId: ctx.clientId, now: () => ctx.now() }, owner: ctx.workerId, ownerAlive: ctx.ownerAlive, verify: ctx.verifyCitation(researchId), grounding: ctx.grounding, scrub },
    researchId,
    reasoner,
    deadline,
    call.signal,
  );
  ctx.feed.poke();
  for (const done of run.tasks) {
    await recordAudit(ctx.db, { clientId: ctx.clientId, action: 'reasoner:sampling', target: `research://projects/${researchId}`, args: done, outcome: 'success', errorCode: null, startedAt: ctx.now(), durationMs: 0 });
  }
  // A failure falls back to delegation: the task stays leased to this caller and comes back as its work item.
  if (run.failure !== null && !call.signal.aborted) ctx.sampling?.markUnavailable(run.failure);
  const next = await computeNextStep(ctx, researchId, true);
  const note = [
    run.tasks.length > 0 ? `Your client's model completed ${run.tasks.length} work item(s) through sampling.` : null,
    run.failure !== null ? `Sampling stopped (${run.failure}); do this work item yourself.` : null,
  ].filter((line): line is string => line !== null);
  return note.length === 0 ? next : { ...next, message: `${note.join(' ')} ${next.message}` };
}
