// Applying a reasoner's result to its task — the same validation and effects whichever reasoner
// did the thinking (architecture.md, *Reasoners*). A task's result is applied exactly once: completion is a
// guarded status change in the same transaction as the effects.
import type { z } from 'zod';
import type { Db } from '../../store/database.js';
import { writeTransaction } from '../../store/database.js';
import { findHypothesis, setSafetyFlag, updateHypothesisGate, updateHypothesisStatus } from '../../store/hypotheses.js';
import { insertMatch } from '../../store/matches.js';
import { insertReview } from '../../store/reviews.js';
import { completeTask } from '../../store/tasks.js';
import { recordChange, type Actor } from '../changes.js';
import { DomainError } from '../errors.js';
import { createHypotheses, verifyCitations, type CitationVerifier, type CreatedHypothesis } from '../hypotheses.js';
import { newId } from '../recordIds.js';
import { refreshRatings } from '../ranking.js';
import { loadResearch, updateResearch } from '../projectRecord.js';
import {
  ComparisonResultSchema,
  EvolutionResultSchema,
  GenerationResultSchema,
  MetaReviewResultSchema,
  ReviewResultSchema,
  type ComparisonResult,
  type EvolutionResult,
  type EvolutionStrategy,
  type GenerationMethod,
  type GenerationResult,
  type MetaReviewResult,
  type ReviewResult,
  type ReviewType,
} from '../schemas.js';
import { advance } from './supervisor.js';
import { getTask } from './tasks.js';
import type { ResearchProject, Task, TaskKind } from '../types.js';

export const RESULT_SCHEMAS: Record<TaskKind, z.ZodType> = {
  generate: GenerationResultSchema,
  review: ReviewResultSchema,
  compare: ComparisonResultSchema,
  evolve: EvolutionResultSchema,
  meta_review: MetaReviewResultSchema,
};

export interface SubmitInput {
  taskId: string;
  result: unknown;
  /** Which reasoner produced it: `delegated:<client>`, `sampling:<client>`, `provider:<model>`. */
  reasoner: string;
}

export interface SubmitOutcome {
  task: Task;
  /** Short facts about what was stored, e.g. "3 hypotheses created". */
  summary: string;
  created: string[];
}

export async function submitWork(db: Db, actor: Actor, input: SubmitInput, verify: CitationVerifier): Promise<SubmitOutcome> {
  const task = await getTask(db, input.taskId);
  if (task.status === 'done' || task.status === 'cancelled') {
    throw new DomainError('conflict', `Task ${task.id} is already ${task.status === 'done' ? 'completed; its result was applied once and is kept' : 'cancelled'}. Call continue_research for the next work item.`, { status: task.status });
  }
  const parsed = RESULT_SCHEMAS[task.kind].safeParse(input.result);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 12).map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`);
    throw new DomainError('invalid_input', `The result does not match the ${task.kind} output schema: ${issues.join('; ')}. Fix these and submit again; the task is still yours.`, { issues });
  }
  return await writeTransaction(db, async () => {
    if (!await completeTask(db, task.id, input.reasoner, actor.now().toISOString())) {
      throw new DomainError('conflict', `Task ${task.id} was completed by another submission a moment ago; nothing was applied twice.`);
    }
    const project = await loadResearch(db, task.projectId);
    const outcome = await apply(db, actor, project, task, parsed.data, input.reasoner, verify);
    await updateResearch(db, project.id, { reasoningCallsUsed: project.reasoningCallsUsed + 1 }, actor.now());
    await recordChange(db, actor, 'task.completed', project.id, { task_id: task.id, kind: task.kind });
    await advance(db, actor, project.id);
    return { task: await getTask(db, task.id), ...outcome };
  });
}

async function apply(db: Db, actor: Actor, project: ResearchProject, task: Task, result: unknown, reasoner: string, verify: CitationVerifier): Promise<Omit<SubmitOutcome, 'task'>> {
  switch (task.kind) {
    case 'generate':
      return await applyGeneration(db, actor, project, task, result as GenerationResult, reasoner, verify);
    case 'review':
      return await applyReviews(db, actor, project, task, result as ReviewResult, reasoner, verify);
    case 'compare':
      return await applyComparisons(db, actor, project, task, result as ComparisonResult);
    case 'evolve':
      return await applyEvolution(db, actor, project, task, result as EvolutionResult, reasoner, verify);
    case 'meta_review':
      await updateResearch(db, project.id, { metaReview: result as MetaReviewResult }, actor.now());
      return { summary: 'meta-review stored; its feedback goes to later generation and review', created: [] };
  }
}

async function applyGeneration(db: Db, actor: Actor, project: ResearchProject, task: Task, result: GenerationResult, reasoner: string, verify: CitationVerifier) {
  const allowed = Number(task.payload.count ?? result.hypotheses.length);
  if (result.hypotheses.length > allowed) {
    throw new DomainError('invalid_input', `This task asked for ${allowed} hypotheses; ${result.hypotheses.length} were submitted. Submit at most ${allowed}.`);
  }
  const created = await createHypotheses(db, actor, {
    projectId: project.id,
    iteration: project.iteration,
    batchTaskId: task.id,
    reasoner,
    verify,
    items: result.hypotheses.map((draft) => ({ draft, method: task.payload.method as GenerationMethod, origin: 'generated' as const, parents: [], gate: 'new' as const })),
  });
  await recordChange(db, actor, 'hypothesis.created', project.id, { hypothesis_ids: created.map((c) => c.hypothesis.id) });
  const kept = created.filter((c) => !c.discarded);
  const flagged = kept.filter((c) => c.safety.flagged).length;
  return {
    summary: `${kept.length} hypotheses created${flagged > 0 ? `; ${flagged} flagged for a safety review in the app` : ''}; they wait for the scientist's approval${await discardedNote(db, created)}`,
    created: created.map((c) => c.hypothesis.id),
  };
}

/** What the proximity check discarded, for the submitter: "; discarded as near-duplicates: H7 (of H2)". */
async function discardedNote(db: Db, created: readonly CreatedHypothesis[]): Promise<string> {
  const discarded = created.filter((c) => c.discarded);
  if (discarded.length === 0) return '';
  const label = async (id: string | null): Promise<string> => (id === null ? '?' : `H${(await findHypothesis(db, id))?.seq ?? '?'}`);
  const notes = await Promise.all(discarded.map(async (c) => `H${c.hypothesis.seq} (of ${await label(c.hypothesis.nearDuplicateOf)})`));
  return `; discarded as near-duplicates (stored as rejected, out of the run): ${notes.join(', ')}`;
}

async function applyReviews(db: Db, actor: Actor, project: ResearchProject, task: Task, result: ReviewResult, reasoner: string, verify: CitationVerifier) {
  const expected = new Set((task.payload.hypothesis_ids as string[] | undefined) ?? []);
  const seen = new Set(result.reviews.map((r) => r.hypothesis_id));
  const missing = [...expected].filter((id) => !seen.has(id));
  const unexpected = [...seen].filter((id) => !expected.has(id));
  if (missing.length > 0 || unexpected.length > 0 || seen.size !== result.reviews.length) {
    throw new DomainError('invalid_input', `Submit exactly one review per hypothesis of this task (${[...expected].join(', ')}).${missing.length > 0 ? ` Missing: ${missing.join(', ')}.` : ''}${unexpected.length > 0 ? ` Not part of this task: ${unexpected.join(', ')}.` : ''}`);
  }
  const at = actor.now().toISOString();
  const created: string[] = [];
  let flagged = 0;
  for (const review of result.reviews) {
    const id = newId('rev');
    await insertReview(db, {
      id,
      projectId: project.id,
      hypothesisId: review.hypothesis_id,
      type: (typeof task.payload.review_type === 'string' ? task.payload.review_type : 'initial') as ReviewType,
      ...review.scores,
      strengths: review.strengths,
      weaknesses: review.weaknesses,
      recommendations: review.recommendations,
      citations: await verifyCitations(review.citations, verify),
      assumptionChecks: review.assumption_checks,
      fundamentalFlaw: review.fundamental_flaw,
      narrative: review.narrative ?? null,
      reviewer: reasoner,
      judge: 'model',
      taskId: task.id,
      createdAt: at,
    });
    created.push(id);
    if ((await findHypothesis(db, review.hypothesis_id))?.status === 'pending') await updateHypothesisStatus(db, [review.hypothesis_id], 'reviewed', at);
    if (review.safety_concern === 'concerning') {
      await flagForSafetyReview(db, review.hypothesis_id, reasoner, review.safety_reason, at);
      flagged += 1;
    }
  }
  await recordChange(db, actor, 'review.created', project.id, { review_ids: created });
  return { summary: `${created.length} reviews stored${flagged > 0 ? `; ${flagged} hypothes${flagged === 1 ? 'is' : 'es'} sent to a safety review in the app` : ''}`, created };
}

/**
 * A reviewer's `concerning` answer takes the path a flag of the safety screen takes: the hypothesis
 * carries a safety flag (out of the tournament) and goes back to the gate, which opens a
 * safety_review only the scientist decides in the app.
 */
async function flagForSafetyReview(db: Db, hypothesisId: string, reasoner: string, reason: string | undefined, at: string): Promise<void> {
  const hypothesis = await findHypothesis(db, hypothesisId);
  if (hypothesis === undefined || hypothesis.status === 'rejected') return;
  // Flags are joined with "; " and split on it again for the checkpoint's reasons.
  const said = (reason ?? 'no reason given').replace(/;\s*/g, ', ');
  const flag = `the reviewer (${reasoner}) answered the safety question "concerning": ${said}`;
  await setSafetyFlag(db, hypothesisId, hypothesis.safetyFlag === null ? flag : `${hypothesis.safetyFlag}; ${flag}`, at);
  await updateHypothesisGate(db, [hypothesisId], 'new', at);
}

async function applyComparisons(db: Db, actor: Actor, project: ResearchProject, task: Task, result: ComparisonResult) {
  const pairs = new Map(((task.payload.pairs as Array<{ pair_id: string; first: string; second: string }> | undefined) ?? []).map((p) => [p.pair_id, p]));
  const judged = new Set(result.judgements.map((j) => j.pair_id));
  const missing = [...pairs.keys()].filter((id) => !judged.has(id));
  if (missing.length > 0 || judged.size !== result.judgements.length || result.judgements.some((j) => !pairs.has(j.pair_id))) {
    throw new DomainError('invalid_input', `Submit exactly one judgement per pair of this task (${[...pairs.keys()].join(', ')}).${missing.length > 0 ? ` Missing: ${missing.join(', ')}.` : ''}`);
  }
  const at = actor.now().toISOString();
  let recorded = 0;
  for (const judgement of result.judgements) {
    const pair = pairs.get(judgement.pair_id) as { pair_id: string; first: string; second: string };
    const inserted = await insertMatch(db, {
      id: newId('mat'),
      projectId: project.id,
      firstId: pair.first,
      secondId: pair.second,
      winnerId: judgement.winner === 'first' ? pair.first : pair.second,
      judge: 'model',
      confidence: judgement.confidence,
      rationale: judgement.rationale,
      debate: judgement.debate,
      taskId: task.id,
      pairId: pair.pair_id,
      createdBy: actor.clientId,
      createdAt: at,
    });
    if (inserted) recorded += 1;
  }
  const state = await refreshRatings(db, project, actor.now());
  await recordChange(db, actor, 'tournament.updated', project.id, { matches: state.matches.length, certified: state.board.certified });
  return { summary: `${recorded} matches recorded; ranking ${state.board.certified ? 'certified' : 'not yet certified'} after ${state.matches.length} matches`, created: [] };
}

async function applyEvolution(db: Db, actor: Actor, project: ResearchProject, task: Task, result: EvolutionResult, reasoner: string, verify: CitationVerifier) {
  const parentId = String(task.payload.hypothesis_id);
  const partnerId = typeof task.payload.partner_id === 'string' ? task.payload.partner_id : null;
  const parents = partnerId === null ? [parentId] : [parentId, partnerId];
  const [created] = await createHypotheses(db, actor, {
    projectId: project.id,
    iteration: project.iteration,
    batchTaskId: task.id,
    reasoner,
    verify,
    items: [{ draft: result.hypothesis, method: task.payload.strategy as EvolutionStrategy, origin: 'evolved', parents, gate: task.payload.approved === true ? 'approved' : 'new' }],
  });
  if (created === undefined) throw new DomainError('internal_error', 'The evolved hypothesis was not stored.');
  if (created.discarded) {
    await recordChange(db, actor, 'hypothesis.created', project.id, { hypothesis_ids: [created.hypothesis.id], parents });
    return { summary: `evolved hypothesis ${created.hypothesis.id} discarded${await discardedNote(db, [created])}; its parents are unchanged`, created: [created.hypothesis.id] };
  }
  // The originals stay in the tournament; `evolved` records that they have descendants.
  const at = actor.now().toISOString();
  for (const id of parents) {
    const parent = await findHypothesis(db, id);
    if (parent !== undefined && ['reviewed', 'in_tournament'].includes(parent.status)) await updateHypothesisStatus(db, [id], 'evolved', at);
  }
  await recordChange(db, actor, 'hypothesis.created', project.id, { hypothesis_ids: [created.hypothesis.id], parents });
  return { summary: `evolved hypothesis ${created.hypothesis.id} created from ${parents.join(' + ')} (${String(task.payload.strategy)})`, created: [created.hypothesis.id] };
}
