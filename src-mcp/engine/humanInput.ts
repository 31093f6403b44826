// What the scientist does directly in the desktop app, beside deciding checkpoints: write their own
// hypothesis, write their own review, and archive a project. Their work enters the same tables
// through the same rules as a reasoner's, marked as human, and the workflow carries on from it.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { updateHypothesisStatus } from '../store/hypotheses.js';
import { insertReview } from '../store/reviews.js';
import { recordChange, type Actor } from './changes.js';
import { createHypotheses, getHypothesis, type CitationVerifier, type CreatedHypothesis } from './hypotheses.js';
import { newId } from './recordIds.js';
import { withdrawWaitingReport } from './workflow/lateArrivals.js';
import { DomainError } from './errors.js';
import { loadResearch, updateResearch } from './projectRecord.js';
import type { HypothesisDraft, ReviewScores, ReviewType } from './schemas.js';
import { advance } from './workflow/supervisor.js';

/**
 * Stores the scientist's own hypothesis. It is approved as written (they wrote it, so no batch
 * approval), unless the safety screen flags it: then it waits in a safety review like any other.
 * The workflow reviews it at its next review stage and then lets it compete; added while the final
 * report waits, it withdraws that report so that no report is approved without it.
 */
export async function addHumanHypothesis(db: Db, actor: Actor, projectId: string, draft: HypothesisDraft, verify: CitationVerifier): Promise<CreatedHypothesis> {
  return await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    // Stage `done` with status active: the final report is approved and its last work still runs.
    if (project.status === 'completed' || project.stage === 'done') {
      throw new DomainError('conflict', `Research project ${projectId} is completed: reopen it (with a new budget) to add a hypothesis that is reviewed and ranked.`);
    }
    const [created] = await createHypotheses(db, actor, {
      projectId,
      iteration: project.iteration,
      batchTaskId: null,
      reasoner: null,
      verify,
      items: [{ draft, method: 'human', origin: 'human', parents: [], gate: 'approved' }],
    });
    if (created === undefined) throw new Error('createHypotheses stored nothing for one draft');
    await recordChange(db, actor, 'hypothesis.created', projectId, { hypothesis_ids: [created.hypothesis.id], origin: 'human' });
    await withdrawWaitingReport(db, actor, project, created.hypothesis.seq);
    await advance(db, actor, projectId);
    return created;
  });
}

export interface HumanReviewInput {
  hypothesisId: string;
  reviewType: ReviewType;
  scores: ReviewScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
}

/** Stores the scientist's own review (judge `human`); a pending hypothesis counts as reviewed, as after a reasoner's review. */
export async function addHumanReview(db: Db, actor: Actor, input: HumanReviewInput): Promise<{ reviewId: string; projectId: string }> {
  return await writeTransaction(db, async () => {
    const hypothesis = await getHypothesis(db, input.hypothesisId);
    const at = actor.now().toISOString();
    const reviewId = newId('rev');
    await insertReview(db, {
      id: reviewId,
      projectId: hypothesis.projectId,
      hypothesisId: hypothesis.id,
      type: input.reviewType,
      ...input.scores,
      strengths: input.strengths,
      weaknesses: input.weaknesses,
      recommendations: input.recommendations,
      citations: [],
      assumptionChecks: [],
      fundamentalFlaw: false,
      narrative: null,
      reviewer: actor.clientId,
      judge: 'human',
      taskId: null,
      createdAt: at,
    });
    if (hypothesis.status === 'pending') await updateHypothesisStatus(db, [hypothesis.id], 'reviewed', at);
    await recordChange(db, actor, 'review.created', hypothesis.projectId, { review_ids: [reviewId], hypothesis_id: hypothesis.id, origin: 'human' });
    await advance(db, actor, hypothesis.projectId);
    return { reviewId, projectId: hypothesis.projectId };
  });
}

/**
 * Archives (hides from the app's main list) or restores a project. The time lives in the
 * project's settings, so no migration is needed; archiving twice keeps the first time.
 * Returns the archive time, or null when the project is not archived.
 */
export async function setArchived(db: Db, actor: Actor, projectId: string, archived: boolean): Promise<string | null> {
  return await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    const { archivedAt, ...rest } = project.settings;
    if (archived === (archivedAt !== undefined)) return archivedAt ?? null;
    const at = actor.now().toISOString();
    const settings = archived ? { ...rest, archivedAt: at } : rest;
    await updateResearch(db, projectId, { settings: settings as unknown as Record<string, unknown> }, actor.now());
    await recordChange(db, actor, archived ? 'project.archived' : 'project.unarchived', projectId);
    return archived ? at : null;
  });
}
