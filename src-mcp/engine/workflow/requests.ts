// Work asked for explicitly (an assistant calling generate_hypotheses, review_hypothesis, …) rather
// than by the supervisor. It goes through the same queue, leases and result validation.
import type { Db } from '../../store/database.js';
import { writeTransaction } from '../../store/database.js';
import { insertMatch } from '../../store/matches.js';
import { competitorsExceed } from '../../store/competitors.js';
import { cancelOpenTasks } from '../../store/tasks.js';
import { deleteProject } from '../../store/projectState.js';
import { projectExists } from '../../store/projectTrash.js';
import { recordChange, type Actor } from '../changes.js';
import { pendingCheckpointsOf } from './checkpoints.js';
import { DomainError } from '../errors.js';
import { getHypothesis } from '../hypotheses.js';
import { newId } from '../recordIds.js';
import { LARGE_TOURNAMENT, isCompetitor, rankingState, recordMatchIncrementally, refreshRatings } from '../ranking.js';
import { loadResearch, projectNotFound, updateResearch } from '../projectRecord.js';
import type { EvolutionStrategy, GenerationMethod, ReviewType } from '../schemas.js';
import { advance } from './supervisor.js';
import { createTask, leaseTaskTo } from './tasks.js';
import type { Hypothesis, ResearchProject, Task } from '../types.js';
import { nextComparisonSet } from './stages.js';

/**
 * Hands a freshly created task to its requester, or leaves it queued when there is no worker to
 * hand it to: the desktop app asks for work on the scientist's behalf (owner null) but does no
 * reasoning itself, so the task waits for whichever assistant next calls continue_research.
 */
async function leaseOrQueue(db: Db, actor: Actor, task: Task, owner: string | null): Promise<Task> {
  return owner === null ? task : await leaseTaskTo(db, actor, task.id, owner);
}

async function assertRunnable(db: Db, project: ResearchProject): Promise<void> {
  const refusal = await runnableRefusal(db, project);
  if (refusal !== null) throw refusal;
}

/** Why no work can be asked for on this project now (a safety hold, completed, out of budget), or null. */
async function runnableRefusal(db: Db, project: ResearchProject): Promise<DomainError | null> {
  const safety = (await pendingCheckpointsOf(db, project.id)).find((c) => c.kind === 'safety_review');
  if (safety !== undefined) {
    const reasons = (safety.payload.reasons as string[] | undefined)?.join('; ') ?? 'flagged by the safety screen';
    return new DomainError('safety_blocked', `Research project ${project.id} is held for a safety review (${reasons}). Only the scientist can clear it, in the Co-Scientist desktop app; explain this to the user and do not try to work around it.`, { checkpoint_id: safety.id });
  }
  if (project.status === 'completed') {
    return new DomainError('conflict', `Research project ${project.id} is completed. Reopen it for another cycle with manage_research (action "reopen", add_reasoning_calls for the new work; from an assistant this files a request the scientist approves in the Co-Scientist app), or start a new project.`);
  }
  if (project.reasoningCallsUsed >= project.settings.maxReasoningCalls) {
    return new DomainError('budget_exhausted', `Research project ${project.id} has used all ${project.settings.maxReasoningCalls} reasoning calls of its budget. Only the scientist can raise it: ask them in the Co-Scientist app, or file the request with manage_research (action "resume", add_reasoning_calls) for them to approve.`);
  }
  return null;
}

/**
 * What each stage allows (docs/workflow-rules.md): nothing on a completed project (reopen it),
 * no generation before the scientist approved the plan, and review or evolution only of
 * hypotheses the scientist approved and did not reject.
 */
function assertPlanApproved(project: ResearchProject, what: string): void {
  if (project.stage === 'plan') {
    throw new DomainError('conflict', `Research project ${project.id} is waiting for the scientist to approve its research plan; ${what} can start once they have.`, { stage: project.stage });
  }
}

function assertApprovedHypothesis(hypothesis: Hypothesis, what: string): void {
  const refusal = unapprovedRefusal(hypothesis, what);
  if (refusal !== null) throw refusal;
}

function unapprovedRefusal(hypothesis: Hypothesis, what: string): DomainError | null {
  if (hypothesis.status === 'rejected') {
    return new DomainError('conflict', `H${hypothesis.seq} (${hypothesis.id}) was rejected; ${what} works only on hypotheses the scientist kept.`, { hypothesis_id: hypothesis.id, status: hypothesis.status });
  }
  if (hypothesis.gate !== 'approved') {
    return new DomainError('conflict', `H${hypothesis.seq} (${hypothesis.id}) is not approved by the scientist yet (${hypothesis.gate === 'awaiting_approval' ? 'it waits in a checkpoint' : 'it waits for the next batch'}); ${what} is possible once it is.`, { hypothesis_id: hypothesis.id, gate: hypothesis.gate });
  }
  return null;
}

/** Why a review or evolution of this hypothesis would be refused now, or null: the app greys its buttons with it. */
export async function hypothesisWorkRefusal(db: Db, hypothesis: Hypothesis): Promise<string | null> {
  const refusal = await runnableRefusal(db, await loadResearch(db, hypothesis.projectId)) ?? unapprovedRefusal(hypothesis, 'a review or evolution');
  return refusal?.message ?? null;
}

export async function requestGeneration(db: Db, actor: Actor, owner: string | null, projectId: string, input: { count: number; method: GenerationMethod }): Promise<Task> {
  return await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    await assertRunnable(db, project);
    assertPlanApproved(project, 'generation');
    const task = await createTask(db, actor, projectId, 'generate', { method: input.method, count: input.count, iteration: project.iteration, scientist_feedback: null, requested_by: actor.clientId });
    return await leaseOrQueue(db, actor, task, owner);
  });
}

export async function requestReview(db: Db, actor: Actor, owner: string | null, hypothesisId: string, reviewType: ReviewType): Promise<Task> {
  return await writeTransaction(db, async () => {
    const hypothesis = await getHypothesis(db, hypothesisId);
    const project = await loadResearch(db, hypothesis.projectId);
    await assertRunnable(db, project);
    assertApprovedHypothesis(hypothesis, 'a review');
    const task = await createTask(db, actor, project.id, 'review', { hypothesis_ids: [hypothesis.id], review_type: reviewType, iteration: project.iteration, requested_by: actor.clientId });
    return await leaseOrQueue(db, actor, task, owner);
  });
}

export async function requestEvolution(db: Db, actor: Actor, owner: string | null, hypothesisId: string, strategy: EvolutionStrategy, partnerId: string | undefined): Promise<Task> {
  return await writeTransaction(db, async () => {
    const hypothesis = await getHypothesis(db, hypothesisId);
    const project = await loadResearch(db, hypothesis.projectId);
    await assertRunnable(db, project);
    assertApprovedHypothesis(hypothesis, 'evolution');
    if (strategy === 'combine' && partnerId === undefined) {
      throw new DomainError('invalid_input', 'The combine strategy merges two hypotheses: pass partner_id, a second hypothesis of the same project.', { field: 'partner_id' });
    }
    if (partnerId !== undefined) {
      const partner = await getHypothesis(db, partnerId, project.id);
      if (partner.id === hypothesis.id) throw new DomainError('invalid_input', 'partner_id must be a different hypothesis.', { field: 'partner_id' });
      assertApprovedHypothesis(partner, 'evolution');
    }
    // Not approved by an evolution plan: the result waits in a hypothesis_batch checkpoint.
    const task = await createTask(db, actor, project.id, 'evolve', { hypothesis_id: hypothesis.id, strategy, partner_id: partnerId, iteration: project.iteration, approved: false, requested_by: actor.clientId });
    return await leaseOrQueue(db, actor, task, owner);
  });
}

/** A batch of comparisons chosen by active pairing, or undefined when fewer than two hypotheses compete. */
export async function requestComparisons(db: Db, actor: Actor, owner: string | null, projectId: string): Promise<Task | undefined> {
  return await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    await assertRunnable(db, project);
    const state = await rankingState(db, project);
    if (state.ids.length < 2) return undefined;
    const payload = await nextComparisonSet(db, project, state);
    const { pairs } = payload;
    if (pairs.length === 0) return undefined;
    const task = await createTask(db, actor, projectId, 'compare', { ...payload, iteration: project.iteration, requested_by: actor.clientId });
    return await leaseOrQueue(db, actor, task, owner);
  });
}

/** A scientist's own verdict on a pair (arena mode): recorded as a human judgement. Returns the pair's project. */
export async function recordHumanJudgement(db: Db, actor: Actor, input: { firstId: string; secondId: string; winnerId: string; rationale: string }): Promise<string> {
  return await writeTransaction(db, async () => {
    const first = await getHypothesis(db, input.firstId);
    const second = await getHypothesis(db, input.secondId, first.projectId);
    if (first.id === second.id) throw new DomainError('invalid_input', 'A judgement compares two different hypotheses.');
    if (input.winnerId !== first.id && input.winnerId !== second.id) {
      throw new DomainError('invalid_input', `winner_id must be ${first.id} or ${second.id}.`, { field: 'winner_id' });
    }
    // The two are checked themselves: loading all competitors (10,000 rows on a large project)
    // under the write lock stalled every other client's calls for about a second.
    if (!isCompetitor(first) || !isCompetitor(second)) {
      throw new DomainError('conflict', 'Both hypotheses must be reviewed and approved before they can be compared.');
    }
    await insertMatch(db, {
      id: newId('mat'),
      projectId: first.projectId,
      firstId: first.id,
      secondId: second.id,
      winnerId: input.winnerId,
      judge: 'human',
      confidence: null,
      rationale: input.rationale,
      debate: [],
      taskId: null,
      pairId: null,
      createdBy: actor.clientId,
      createdAt: actor.now().toISOString(),
    });
    if (await competitorsExceed(db, first.projectId, LARGE_TOURNAMENT)) await recordMatchIncrementally(db, { firstId: first.id, secondId: second.id, winnerId: input.winnerId }, actor.now());
    else await refreshRatings(db, await loadResearch(db, first.projectId), actor.now());
    await recordChange(db, actor, 'tournament.updated', first.projectId, { human: true });
    return first.projectId;
  });
}

/** How the stop reason of a project someone paused begins; what follows says who and why. */
const PAUSED_BY = 'paused by ';

/**
 * Pauses a project, recording who paused it (`by`: "the scientist", or which assistant) and why, so
 * that whoever meets the paused project later is told both (issue 32 §2).
 */
export async function pauseResearch(db: Db, actor: Actor, projectId: string, pause: { by: string; reason: string | null }): Promise<void> {
  await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    if (project.status === 'completed') throw new DomainError('conflict', `Research project ${projectId} is already completed.`);
    const reason = pause.reason?.trim() ?? '';
    const stopReason = `${PAUSED_BY}${pause.by}${reason === '' ? ' (no reason given)' : `: ${reason}`}`;
    await updateResearch(db, projectId, { status: 'paused', stopReason }, actor.now());
    await recordChange(db, actor, 'project.updated', projectId, { status: 'paused', stop_reason: stopReason });
  });
}

/** Resumes a paused project within its budget; raising the budget is a project change (projectChanges.ts). */
export async function resumeResearch(db: Db, actor: Actor, projectId: string): Promise<void> {
  await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    if (project.status === 'completed') throw new DomainError('conflict', `Research project ${projectId} is completed; reopen it (manage_research action "reopen") to continue the work.`);
    if (project.settings.maxReasoningCalls <= project.reasoningCallsUsed) {
      throw new DomainError('budget_exhausted', `The budget of ${project.settings.maxReasoningCalls} reasoning calls is used up; only the scientist can raise it (resume with add_reasoning_calls > 0 files the request).`, { field: 'add_reasoning_calls' });
    }
    await updateResearch(db, projectId, { status: project.stage === 'plan' ? 'initializing' : 'active', stopReason: null }, actor.now());
    await recordChange(db, actor, 'project.updated', projectId, { status: 'active' });
    await advance(db, actor, projectId);
  });
}

/** Deletes a project for good, whether or not it is in the trash (engine/projectTrash.ts). */
export async function deleteResearch(db: Db, actor: Actor, projectId: string): Promise<void> {
  await writeTransaction(db, async () => {
    if (!await projectExists(db, projectId)) throw projectNotFound(projectId);
    await cancelOpenTasks(db, projectId, actor.now().toISOString());
    await deleteProject(db, projectId);
    await recordChange(db, actor, 'project.deleted', projectId);
  });
}
