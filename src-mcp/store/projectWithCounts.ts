// A project read together with its counters (migration 0005), in one statement: what a status poll
// and a list page need first. Each statement is a round trip on PostgreSQL, where a poll's reads,
// not their work, were its cost (docs/benchmarks.md, *PostgreSQL*); on SQLite the join costs
// nothing a second read did not. Like findProject, a trashed project reads as gone.
import type { Db } from './database.js';
import { perEngine, type Dialect } from './dialect.js';
import { COUNT_COLUMNS, countsOf, type HypothesisCounts, type RawCounts } from './projectCounts.js';
import { PROJECT_COLUMNS, projectOf, type ProjectRow, type RawProject } from './projects.js';
import { STATE_COLUMNS, stateOf, type ProjectStateRow, type RawState } from './projectState.js';
import { notTrashed } from './projectTrash.js';
import { row } from './sql.js';

/** A counter row's columns are NULL when the project has none (LEFT JOIN): countsOf reads them as zero. */
type NullableCounts = { [column in keyof RawCounts]: number | null };

// The counter row is joined, not required: a project inserted before its trigger existed has none.
const FROM = (d: Dialect): string =>
  `FROM projects LEFT JOIN project_counts ON project_counts.project_id = projects.id WHERE projects.id = ? AND ${notTrashed(d, 'projects')}`;

const RECORD = perEngine((d) => `SELECT ${PROJECT_COLUMNS}, ${STATE_COLUMNS}, ${COUNT_COLUMNS} ${FROM(d)}`);

export interface ProjectRecordWithCounts {
  project: ProjectRow;
  state: ProjectStateRow;
  counts: HypothesisCounts;
}

/** The project's row, its research-engine state and its counts; undefined for an unknown or trashed project. */
export async function findProjectWithCounts(db: Db, projectId: string): Promise<ProjectRecordWithCounts | undefined> {
  const raw = await row<RawProject & RawState & NullableCounts>(db, RECORD, [projectId]);
  return raw === undefined ? undefined : { project: projectOf(raw), state: stateOf(raw), counts: countsOf(raw) };
}

const COUNTS = perEngine((d) => `SELECT projects.id, ${COUNT_COLUMNS} ${FROM(d)}`);

/** A live project's counts, which say it exists too; undefined for an unknown or trashed project. */
export async function liveProjectCounts(db: Db, projectId: string): Promise<HypothesisCounts | undefined> {
  const raw = await row<{ id: string } & NullableCounts>(db, COUNTS, [projectId]);
  return raw === undefined ? undefined : countsOf(raw);
}
