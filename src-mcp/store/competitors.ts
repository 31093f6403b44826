// Who takes part in a project's tournament, counted in SQL: a judgement on a project with 10,000
// hypotheses must not load them all under the write lock just to learn how many there are.
import type { Db } from './database.js';
import { perEngine } from './dialect.js';
import { scalar } from './sql.js';

/** Statuses that take part in the tournament: reviewed, competing, or already evolved from. */
export const COMPETING_STATUSES = ['reviewed', 'in_tournament', 'evolved'] as const;

/** The WHERE clause of a competitor, exactly as the partial index of migration 0006 states it. */
export const COMPETITOR_CONDITION = `status IN (${COMPETING_STATUSES.map((status) => `'${status}'`).join(', ')}) AND gate = 'approved' AND safety_flag IS NULL`;

/** The same condition on a row already read (the leaderboard's covering index has these columns). */
export function isCompetitorRow(row: { status: string; gate: string; safetyFlag: string | null }): boolean {
  return (COMPETING_STATUSES as readonly string[]).includes(row.status) && row.gate === 'approved' && row.safetyFlag === null;
}

// The partial index of competitors (migration 0006), named on SQLite: without statistics its
// planner prefers (project_id, status), which reads every row. INDEXED BY also makes a WHERE clause
// that no longer implies the index's an error at prepare time rather than a silent slow scan.
// (PostgreSQL's subquery in FROM needs its alias.) Exported for the query-plan test.
export const COMPETITORS_UP_TO = perEngine(
  (d) => `SELECT COUNT(*) FROM (SELECT 1 FROM hypotheses${d.indexedBy('hypotheses_competing')} WHERE project_id = ? AND ${COMPETITOR_CONDITION} LIMIT ?) AS competing`,
);

/**
 * Whether a project has more than `threshold` competitors (a competing status, approved by the
 * scientist, not flagged by the safety screen). Stops counting past the threshold: a vote on a
 * project with 10,000 hypotheses only needs to know that it is large.
 */
export async function competitorsExceed(db: Db, projectId: string, threshold: number): Promise<boolean> {
  const counted = (await scalar<number>(db, COMPETITORS_UP_TO, [projectId, threshold + 1])) ?? 0;
  return counted > threshold;
}
