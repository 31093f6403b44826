// Per-project counts: one row of project_counts, kept by the triggers of migration 0005. A status
// poll or a list total on a project with 10,000 hypotheses and 100,000 matches reads one row
// instead of scanning both tables.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { onConnection } from './unitOfWork.js';

export interface HypothesisCounts {
  total: number;
  /** Hypotheses with at least one review. */
  reviewed: number;
  /** Status in_tournament or evolved. */
  inTournament: number;
  rejected: number;
  /** Per status (every value of hypotheses.status). */
  byStatus: Readonly<Record<HypothesisStatusName, number>>;
  matches: number;
}

export type HypothesisStatusName = 'pending' | 'reviewed' | 'in_tournament' | 'evolved' | 'rejected';

interface RawCounts {
  status_pending: number;
  status_reviewed: number;
  status_in_tournament: number;
  status_evolved: number;
  status_rejected: number;
  with_review: number;
  matches: number;
}

const NONE: RawCounts = { status_pending: 0, status_reviewed: 0, status_in_tournament: 0, status_evolved: 0, status_rejected: 0, with_review: 0, matches: 0 };

/** The project's counts; all zero for a project that does not exist. */
export function projectCounts(db: Db, projectId: string): Promise<HypothesisCounts> {
  return onConnection(db, () => {
    const raw = (cached(db, 'SELECT * FROM project_counts WHERE project_id = ?').get(projectId) as RawCounts | undefined) ?? NONE;
    const byStatus = {
      pending: raw.status_pending,
      reviewed: raw.status_reviewed,
      in_tournament: raw.status_in_tournament,
      evolved: raw.status_evolved,
      rejected: raw.status_rejected,
    };
    return {
      total: byStatus.pending + byStatus.reviewed + byStatus.in_tournament + byStatus.evolved + byStatus.rejected,
      reviewed: raw.with_review,
      inTournament: byStatus.in_tournament + byStatus.evolved,
      rejected: byStatus.rejected,
      byStatus,
      matches: raw.matches,
    };
  });
}
