// Named aggregate statements behind a project's status (get_research_status, the project resource).
// They count in SQL instead of loading every hypothesis and review: a status poll on a project with
// 10,000 hypotheses must not parse 20,000 rows of JSON.
import type { Db } from './database.js';
import { findHypothesis, type HypothesisRow } from './hypotheses.js';

export interface HypothesisCounts {
  total: number;
  /** Hypotheses with at least one review. */
  reviewed: number;
  /** Status in_tournament or evolved. */
  inTournament: number;
  rejected: number;
  /** Mean Elo of the hypotheses that have played a match; null before the first match. */
  averagePlayedElo: number | null;
}

export function hypothesisCounts(db: Db, projectId: string): HypothesisCounts {
  const row = db
    .prepare(
      `SELECT COUNT(*) AS total,
         COALESCE(SUM(EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = h.id)), 0) AS reviewed,
         COALESCE(SUM(status IN ('in_tournament', 'evolved')), 0) AS inTournament,
         COALESCE(SUM(status = 'rejected'), 0) AS rejected,
         AVG(CASE WHEN matches_played > 0 THEN elo END) AS averagePlayedElo
       FROM hypotheses h WHERE project_id = ?`,
    )
    .get(projectId) as HypothesisCounts;
  return row;
}

/** The best-ranked hypotheses that are not rejected, by rank (then creation order), at most `limit`. */
export function topRankedHypotheses(db: Db, projectId: string, limit: number): HypothesisRow[] {
  const ids = db
    .prepare("SELECT id FROM hypotheses WHERE project_id = ? AND rank IS NOT NULL AND status <> 'rejected' ORDER BY rank, seq LIMIT ?")
    .pluck()
    .all(projectId, limit) as string[];
  return ids.map((id) => findHypothesis(db, id)).filter((row): row is HypothesisRow => row !== undefined);
}
