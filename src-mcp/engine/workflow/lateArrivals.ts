// Hypotheses that arrive after their cycle's review stage — the scientist's own, written while the
// tournament runs, or an ad-hoc evolution approved late — would otherwise never be reviewed nor
// play a match (issue 15 item 3). The supervisor calls this before each stage transition: it queues
// their review, and sends a project past the tournament back to it so they get their matches.
import type { Db } from '../../store/database.js';
import { withdrawCheckpoint } from '../../store/checkpoints.js';
import { projectHypotheses } from '../../store/hypotheses.js';
import { recordChange, type Actor } from '../changes.js';
import { pendingCheckpointsOf } from './checkpoints.js';
import { createTask } from './tasks.js';
import type { ResearchProject, Task } from '../types.js';
import { moveTo, REVIEW_BATCH } from './stages.js';

const PAST_REVIEW: ReadonlySet<ResearchProject['stage']> = new Set(['rank', 'evolve']);

/** Returns true when it queued work or moved the project (the supervisor looks again). */
export async function catchUpLateArrivals(db: Db, actor: Actor, project: ResearchProject, open: readonly Task[]): Promise<boolean> {
  if (!PAST_REVIEW.has(project.stage)) return false;
  const inReview = new Set(open.filter((t) => t.kind === 'review').flatMap((t) => (t.payload.hypothesis_ids as string[] | undefined) ?? []));
  const hypotheses = (await projectHypotheses(db, project.id)).filter((h) => h.gate === 'approved' && h.safetyFlag === null);
  const unreviewed = hypotheses.filter((h) => h.status === 'pending' && !inReview.has(h.id));
  if (unreviewed.length > 0) {
    for (let i = 0; i < unreviewed.length; i += REVIEW_BATCH) {
      const ids = unreviewed.slice(i, i + REVIEW_BATCH).map((h) => h.id);
      await createTask(db, actor, project.id, 'review', { hypothesis_ids: ids, review_type: project.iteration === 1 ? 'initial' : 'full', iteration: project.iteration, late: true });
    }
    return true;
  }
  // Reviewed but never entered: the rank stage enters them and pairs them before the cycle goes on.
  if (project.stage === 'evolve' && open.length === 0 && hypotheses.some((h) => h.status === 'reviewed')) {
    await moveTo(db, actor, project, 'rank');
    return true;
  }
  return false;
}

/**
 * A hypothesis added while the final report waits (stage `report`) would be left out of a report
 * approved as it stands. The waiting report is withdrawn with the reason (kept, shown in the
 * project's timeline) and the project goes back to the tournament: the supervisor then queues the
 * newcomer's review (catchUpLateArrivals), the rank stage pairs it, and a fresh report follows.
 */
export async function withdrawWaitingReport(db: Db, actor: Actor, project: ResearchProject, newcomerSeq: number): Promise<void> {
  if (project.stage !== 'report') return;
  const reason = `Withdrawn: H${newcomerSeq} was added while this report waited. It is reviewed and ranked first; a new final report follows.`;
  const at = actor.now().toISOString();
  for (const report of (await pendingCheckpointsOf(db, project.id)).filter((c) => c.kind === 'final_report')) {
    if (await withdrawCheckpoint(db, { checkpointId: report.id, reason, by: actor.clientId, at })) {
      await recordChange(db, actor, 'checkpoint.withdrawn', project.id, { checkpoint_id: report.id, kind: report.kind, reason });
    }
  }
  await moveTo(db, actor, project, 'rank');
}
