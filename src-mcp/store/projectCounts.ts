// Per-project counts: one row of project_counts, kept by the triggers of migration 0005. A status
// poll or a list total on a project with 10,000 hypotheses and 100,000 matches reads one row
// instead of scanning both tables.
import type { Db } from './database.js';
import { HYPOTHESIS_STATUS_VALUES, type HypothesisStatus } from '../../src-shared/schemas/hypotheses.js';
import { row } from './sql.js';

export interface HypothesisCounts {
  total: number;
  /** Hypotheses with at least one review. */
  reviewed: number;
  /** Status in_tournament or evolved. */
  inTournament: number;
  rejected: number;
  /** Per status (every value of hypotheses.status). */
  byStatus: Readonly<Record<HypothesisStatus, number>>;
  matches: number;
}

/** A project_counts row: one column per status (src-shared's list), then the other counts. */
export type RawCounts = Record<`status_${HypothesisStatus}`, number> & { with_review: number; matches: number };

/** The columns countsOf reads (a statement joining project_counts to another table names them). */
export const COUNT_COLUMNS = [...HYPOTHESIS_STATUS_VALUES.map((status) => `status_${status}`), 'with_review', 'matches'].join(', ');

const COUNTS = `SELECT ${COUNT_COLUMNS} FROM project_counts WHERE project_id = ?`;

/** The project's counts; all zero for a project that does not exist. */
export async function projectCounts(db: Db, projectId: string): Promise<HypothesisCounts> {
  return countsOf(await row<RawCounts>(db, COUNTS, [projectId]));
}

/** Counts from a project_counts row (its columns NULL or absent: all zero). */
export function countsOf(raw: Partial<Record<keyof RawCounts, number | null>> | undefined): HypothesisCounts {
  const byStatus = Object.fromEntries(HYPOTHESIS_STATUS_VALUES.map((status) => [status, raw?.[`status_${status}`] ?? 0])) as Record<HypothesisStatus, number>;
  return {
    total: HYPOTHESIS_STATUS_VALUES.reduce((sum, status) => sum + byStatus[status], 0),
    reviewed: raw?.with_review ?? 0,
    inTournament: byStatus.in_tournament + byStatus.evolved,
    rejected: byStatus.rejected,
    byStatus,
    matches: raw?.matches ?? 0,
  };
}
