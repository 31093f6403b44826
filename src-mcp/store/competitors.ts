// Who takes part in a project's tournament, counted in SQL: a judgement on a project with 10,000
// hypotheses must not load them all under the write lock just to learn how many there are.
import type { Db } from './database.js';

/** Statuses that take part in the tournament: reviewed, competing, or already evolved from. */
export const COMPETING_STATUSES = ['reviewed', 'in_tournament', 'evolved'] as const;

/** Competitors: a competing status, approved by the scientist, not flagged by the safety screen. */
export function countCompetitors(db: Db, projectId: string): number {
  return db
    .prepare(
      `SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status IN (${COMPETING_STATUSES.map(() => '?').join(', ')})
         AND gate = 'approved' AND safety_flag IS NULL`,
    )
    .pluck()
    .get(projectId, ...COMPETING_STATUSES) as number;
}
