// The workflow's stages (architecture.md, *Workflow, tasks and checkpoints*): what each stage of a research project needs next.
// plan → generate → review → rank → evolve → (review → rank …) → report → done. Work becomes tasks
// in the durable queue; the scientist's say becomes checkpoints. `advance` is idempotent: called
// after any change, it creates exactly what the current state is missing and nothing twice.
import type { Db } from '../../store/database.js';
import { listCheckpoints } from '../../store/checkpoints.js';
import { projectHypotheses, updateHypothesisGate, updateHypothesisStatus } from '../../store/hypotheses.js';
import { tasksOfKind } from '../../store/tasks.js';
import { recordChange, type Actor } from '../changes.js';
import { openCheckpoint } from './checkpoints.js';
import { competitors, comparisonBudget, proposePairs, rankingStopDecision, refreshRatings, type RankingState } from '../ranking.js';
import { PROPOSALS_PER_HYPOTHESIS, comparisonSetPayload, pairsWithinSet, type ComparisonSetPayload } from '../comparisonSets.js';
import { updateResearch } from '../projectRecord.js';
import { screenHypothesis, screenText } from '../safety.js';
import { GENERATION_METHODS, type CheckpointKind, type GenerationMethod } from '../schemas.js';
import { createTask } from './tasks.js';
import { evolutionProposals, finalReportPayload } from './payloads.js';
import type { ResearchProject } from '../types.js';

/** Hypotheses per generation work item: a size an assistant writes well in one answer. */
export const GENERATION_BATCH = 5;
/** Hypotheses per review work item. */
export const REVIEW_BATCH = 5;
/** The fewest pairs the scheduler is asked for (a comparison item holds up to comparisonSets' MAX_PAIRS_PER_SET). */
export const COMPARISON_BATCH = 5;

/** One transition of the current stage. Returns true when the state changed and needs another look. */
export async function advanceStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  switch (project.stage) {
    case 'plan':
      return await planStage(db, actor, project);
    case 'generate':
      return await generateStage(db, actor, project);
    case 'review':
      return await reviewStage(db, actor, project);
    case 'rank':
      return await rankStage(db, actor, project);
    case 'evolve':
      return await evolveStage(db, actor, project);
    case 'report':
      await pause(db, actor, project, 'final_report', await finalReportPayload(db, project));
      return true;
    case 'done':
      // Reached only with no open task and no pending checkpoint: the approved report's last work is in.
      await updateResearch(db, project.id, { status: 'completed', progress: 1 }, actor.now());
      await recordChange(db, actor, 'project.updated', project.id, { status: 'completed' });
      return false;
  }
}

/** Opens a checkpoint. The supervisor approves kinds the scientist chose not to pause at. */
export async function pause(db: Db, actor: Actor, project: ResearchProject, kind: CheckpointKind, payload: Record<string, unknown>): Promise<void> {
  await openCheckpoint(db, actor, { projectId: project.id, kind, payload, iteration: project.iteration });
}

async function planStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const verdict = screenText(project.plan.goal);
  if (verdict.flagged && !await goalClearedBySafetyReview(db, project)) {
    await updateResearch(db, project.id, { status: 'paused' }, actor.now());
    await pause(db, actor, project, 'safety_review', { subject: 'goal', text: project.plan.goal, reasons: verdict.reasons, matches: verdict.matches });
    // A paused project is not advanced further until the scientist decides.
    return false;
  }
  await pause(db, actor, project, 'research_plan', { plan: project.plan });
  return true;
}

async function goalClearedBySafetyReview(db: Db, project: ResearchProject): Promise<boolean> {
  return (await listCheckpoints(db, { projectId: project.id, status: 'decided', limit: 1000 })).some(
    (c) => c.kind === 'safety_review' && c.payload.subject === 'goal' && c.payload.text === project.plan.goal && c.decisionAction === 'approve',
  );
}

async function generateStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const hypotheses = await projectHypotheses(db, project.id);
  const accepted = hypotheses.filter((h) => h.origin === 'generated' && h.status !== 'rejected').length;
  const missing = project.plan.hypothesis_budget - accepted;
  if (missing > 0) {
    await createGenerationTasks(db, actor, project, missing);
    await updateResearch(db, project.id, { status: 'active', progress: progressAfter(project) }, actor.now());
    return false;
  }
  await moveTo(db, actor, project, 'review');
  return true;
}

async function createGenerationTasks(db: Db, actor: Actor, project: ResearchProject, missing: number): Promise<void> {
  const feedback = await latestRejectionNote(db, project.id, 'hypothesis_batch');
  const methods: GenerationMethod[] = project.metaReview === null ? ['literature_based', 'debate', 'assumptions'] : ['expansion', ...GENERATION_METHODS.slice(0, 3)];
  const previous = (await tasksOfKind(db, project.id, 'generate')).length;
  for (let made = 0, index = 0; made < missing; index += 1) {
    const count = Math.min(GENERATION_BATCH, missing - made);
    const method = methods[(previous + index) % methods.length] as GenerationMethod;
    await createTask(db, actor, project.id, 'generate', { method, count, iteration: project.iteration, scientist_feedback: feedback });
    made += count;
  }
}

export async function latestRejectionNote(db: Db, projectId: string, kind: CheckpointKind): Promise<string | null> {
  const decided = (await listCheckpoints(db, { projectId, status: 'decided', limit: 1000 })).filter((c) => c.kind === kind);
  const last = decided[decided.length - 1];
  return last?.decisionAction === 'reject' ? last.decisionNote : null;
}

async function reviewStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const unreviewed = (await projectHypotheses(db, project.id)).filter((h) => h.gate === 'approved' && h.status === 'pending' && h.safetyFlag === null);
  if (unreviewed.length > 0) {
    for (let i = 0; i < unreviewed.length; i += REVIEW_BATCH) {
      const ids = unreviewed.slice(i, i + REVIEW_BATCH).map((h) => h.id);
      await createTask(db, actor, project.id, 'review', { hypothesis_ids: ids, review_type: project.iteration === 1 ? 'initial' : 'full', iteration: project.iteration });
    }
    await updateResearch(db, project.id, { progress: progressAfter(project) }, actor.now());
    return false;
  }
  await moveTo(db, actor, project, 'rank');
  return true;
}

async function rankStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const players = await competitors(db, project.id);
  const reviewed = players.filter((h) => h.status === 'reviewed').map((h) => h.id);
  if (reviewed.length > 0) await updateHypothesisStatus(db, reviewed, 'in_tournament', actor.now().toISOString());
  const metaDone = (await tasksOfKind(db, project.id, 'meta_review')).some((t) => t.payload.iteration === project.iteration && t.status === 'done');
  const state = await refreshRatings(db, project, actor.now());
  const everyonePlayed = state.board.entries.every((entry) => entry.matches > 0);
  // A hypothesis that joined after the meta-review (catchUpLateArrivals) plays before the cycle goes on.
  if (metaDone && (everyonePlayed || players.length < 2)) {
    await moveTo(db, actor, project, project.iteration < project.settings.maxIterations ? 'evolve' : 'report');
    return true;
  }
  const stop = rankingStopDecision(project, state);
  const enough = !metaDone && (players.length < 2 || (stop.stop && everyonePlayed) || state.matches.length >= comparisonBudget(players.length) * project.iteration);
  if (enough) {
    await createTask(db, actor, project.id, 'meta_review', { iteration: project.iteration, certified: state.board.certified });
    return false;
  }
  const payload = await nextComparisonSet(db, project, state);
  const { pairs } = payload;
  if (pairs.length === 0) {
    if (metaDone) {
      await moveTo(db, actor, project, project.iteration < project.settings.maxIterations ? 'evolve' : 'report');
      return true;
    }
    await createTask(db, actor, project.id, 'meta_review', { iteration: project.iteration, certified: state.board.certified });
    return false;
  }
  await createTask(db, actor, project.id, 'compare', { ...payload, iteration: project.iteration });
  await updateResearch(db, project.id, { progress: progressAfter(project) }, actor.now());
  return false;
}

/** The next comparison item: the proposals of the active scheduler that fall inside one small shared set. */
export async function nextComparisonSet(db: Db, project: ResearchProject, state: RankingState): Promise<ComparisonSetPayload> {
  const proposals = await proposePairs(db, project, state, Math.max(COMPARISON_BATCH, PROPOSALS_PER_HYPOTHESIS * state.ids.length));
  return comparisonSetPayload(pairsWithinSet(proposals), state.board, { k: project.settings.topK, seed: project.settings.seed, firstPairNumber: state.matches.length + 1 });
}

async function evolveStage(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const plans = (await listCheckpoints(db, { projectId: project.id, limit: 1000 })).filter((c) => c.kind === 'evolution_plan' && c.iteration === project.iteration);
  const decided = plans[plans.length - 1];
  if (decided === undefined) {
    await pause(db, actor, project, 'evolution_plan', { proposals: await evolutionProposals(db, project) });
    return true;
  }
  // A rejected plan sent the project to its report; it is back here only after ranking a late
  // arrival (lateArrivals.withdrawWaitingReport), and goes on to the report again, same cycle.
  if (decided.decisionAction === 'reject') {
    await moveTo(db, actor, project, 'report');
    return true;
  }
  // The approved plan's evolve tasks are done (advance only gets here with no open tasks).
  await updateResearch(db, project.id, { iteration: project.iteration + 1, stage: 'review' }, actor.now());
  await recordChange(db, actor, 'project.updated', project.id, { stage: 'review', iteration: project.iteration + 1 });
  return true;
}

/**
 * The scientist's gate, at any stage: new hypotheses (generated, evolved ad hoc, or added) wait in a
 * hypothesis_batch checkpoint; flagged ones each in a safety_review only the desktop app decides.
 * Returns true when it opened a checkpoint.
 */
export async function gateNewHypotheses(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const fresh = (await projectHypotheses(db, project.id)).filter((h) => h.gate === 'new' && h.status !== 'rejected');
  if (fresh.length === 0) return false;
  const at = actor.now().toISOString();
  for (const h of fresh.filter((candidate) => candidate.safetyFlag !== null)) {
    await updateHypothesisGate(db, [h.id], 'awaiting_approval', at);
    // The passages that triggered the flag, in context, wherever in the hypothesis they sit.
    const { matches } = screenHypothesis(h);
    await pause(db, actor, project, 'safety_review', { subject: 'hypothesis', hypothesis_id: h.id, text: h.summary, reasons: h.safetyFlag?.split('; ') ?? [], matches });
  }
  const batch = fresh.filter((h) => h.safetyFlag === null);
  if (batch.length > 0) {
    await updateHypothesisGate(db, batch.map((h) => h.id), 'awaiting_approval', at);
    await pause(db, actor, project, 'hypothesis_batch', {
      hypothesis_ids: batch.map((h) => h.id),
      hypotheses: batch.map((h) => ({ id: h.id, seq: h.seq, summary: h.summary, method: h.method, near_duplicate_of: h.nearDuplicateOf })),
    });
  }
  return true;
}

export async function moveTo(db: Db, actor: Actor, project: ResearchProject, stage: ResearchProject['stage']): Promise<void> {
  await updateResearch(db, project.id, { stage, progress: progressAfter({ ...project, stage }) }, actor.now());
  await recordChange(db, actor, 'project.updated', project.id, { stage });
}

export async function stopIfOutOfBudget(db: Db, actor: Actor, project: ResearchProject): Promise<boolean> {
  const minutes = (actor.now().getTime() - Date.parse(project.createdAt)) / 60000;
  let reason: string | null = null;
  if (project.reasoningCallsUsed >= project.settings.maxReasoningCalls) {
    reason = `budget_exhausted: all ${project.settings.maxReasoningCalls} reasoning calls of this project are used`;
  } else if (minutes >= project.settings.maxWallClockMinutes) {
    reason = `wall_clock: the project ran for its limit of ${project.settings.maxWallClockMinutes} minutes`;
  }
  if (reason === null) return false;
  await updateResearch(db, project.id, { status: 'paused', stopReason: reason }, actor.now());
  await recordChange(db, actor, 'project.updated', project.id, { status: 'paused', stop_reason: reason });
  return true;
}

// Where each stage sits within one research cycle (generate → review → rank → evolve).
const STAGE_FRACTION = { generate: 0, review: 0.3, rank: 0.5, evolve: 0.9 } as const;

/**
 * The progress to show after a step: never less than what the project already showed. A project
 * sent back to an earlier stage of its cycle (a late arrival, a withdrawn report) keeps its figure
 * until the work passes it again; only a reopen, which starts a new run, sets it lower
 * (projectChangeEffects.ts).
 */
export function progressAfter(project: Pick<ResearchProject, 'stage' | 'iteration' | 'settings' | 'progress'>): number {
  return Math.max(project.progress, progressOf(project));
}

/** Progress in [0, 1]: planning is 0, each cycle shares 0.05–0.9 by stage, the report 0.95, done 1. */
export function progressOf(project: Pick<ResearchProject, 'stage' | 'iteration' | 'settings'>): number {
  if (project.stage === 'plan') return 0;
  if (project.stage === 'report') return 0.95;
  if (project.stage === 'done') return 1;
  const iterations = Math.max(project.settings.maxIterations, project.iteration);
  const value = 0.05 + (0.85 * (project.iteration - 1 + STAGE_FRACTION[project.stage])) / iterations;
  return Math.round(value * 1000) / 1000;
}
