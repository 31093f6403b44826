// Who takes part in a project's tournament, counted in SQL: a judgement on a project with 10,000
// hypotheses must not load them all under the write lock just to learn how many there are.
import type { Db } from './database.js';
import { cachedPluck } from './statements.js';

/** Statuses that take part in the tournament: reviewed, competing, or already evolved from. */
export const COMPETING_STATUSES = ['reviewed', 'in_tournament', 'evolved'] as const;

/**
 * Whether a project has more than `threshold` competitors (a competing status, approved by the
 * scientist, not flagged by the safety screen). Stops counting past the threshold: a vote on a
 * project with 10,000 hypotheses only needs to know that it is large.
 */
export function competitorsExceed(db: Db, projectId: string, threshold: number): boolean {
  const counted = cachedPluck(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM hypotheses WHERE project_id = ? AND status IN (${COMPETING_STATUSES.map(() => '?').join(', ')})
       AND gate = 'approved' AND safety_flag IS NULL LIMIT ?)`,
  ).get(projectId, ...COMPETING_STATUSES, threshold + 1) as number;
  return counted > threshold;
}
