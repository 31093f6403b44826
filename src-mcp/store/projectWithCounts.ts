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
import { HYPOTHESIS_ROW_COLUMNS, hypothesisRowOf, LINE_COLUMNS, lineOf, type HypothesisRow, type LeaderboardLine } from './hypotheses.js';
import { CHECKPOINT_COLUMNS, checkpointRowOf, PENDING_LIMIT, PENDING_ORDER, PENDING_WHERE, type CheckpointRow } from './checkpoints.js';
import { USAGE_GROUP_TUPLES, usageSummaryOfTuples, type UsageSummary } from './usage.js';
import { RECENT_WORKER_TUPLES, workersOfTuples, type BackgroundWorkerRow } from './backgroundWorkers.js';

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

// A status's whole read in one statement: the record above, the best hypotheses and the open
// checkpoints, the last two as JSON arrays of rows (Dialect.jsonTuplesOf). On PostgreSQL the two
// lists were two more round trips on every poll (bench/team-server.ts); the statement reads the
// same open checkpoints, in the same order, as pendingCheckpoints. The best hypotheses: ranked,
// neither rejected nor superseded (status `evolved` is never a top hypothesis), by rank, then
// creation order; the (project, rank) index finds them. The project resource shows their texts, so
// it reads whole rows; the status poll shows a summary and a rating, so it reads leaderboard lines:
// a whole row's long texts, built into JSON by the database and parsed again here, were most of
// the poll's statement on PostgreSQL (docs/benchmarks.md, *The status poll reads lines*).
const TOP_RANKED_ORDER = 'rank, seq';
const topRanked = (columns: string): string => `SELECT ${columns} FROM hypotheses
             WHERE project_id = projects.id AND rank IS NOT NULL AND status NOT IN ('rejected', 'evolved') ORDER BY ${TOP_RANKED_ORDER} LIMIT ?`;
const PENDING = `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints WHERE project_id = projects.id AND ${PENDING_WHERE} ORDER BY ${PENDING_ORDER} LIMIT ${PENDING_LIMIT}`;
const statusRecord = (d: Dialect, topColumns: string, more = ''): string =>
  `SELECT ${PROJECT_COLUMNS}, ${STATE_COLUMNS}, ${COUNT_COLUMNS},
       ${d.jsonTuplesOf(topColumns, topRanked(topColumns), TOP_RANKED_ORDER)} AS top_hypotheses,
       ${d.jsonTuplesOf(CHECKPOINT_COLUMNS, PENDING, PENDING_ORDER)} AS pending_checkpoints${more}
     ${FROM(d)}`;
export const STATUS_RECORD = perEngine((d) => statusRecord(d, HYPOTHESIS_ROW_COLUMNS));
// get_research_status also shows the project's reasoning usage and whether a provider works in the
// background: in the same statement, two more JSON arrays (on PostgreSQL two more statements,
// sent at once with this one, had made the poll wait on four backends, with only two cores).
const STATUS_WITH_USAGE = perEngine((d) =>
  statusRecord(
    d,
    LINE_COLUMNS,
    `,
       ${d.jsonTuplesOf(USAGE_GROUP_TUPLES.columns, USAGE_GROUP_TUPLES.of('projects.id'))} AS usage,
       ${d.jsonTuplesOf(RECENT_WORKER_TUPLES.columns, RECENT_WORKER_TUPLES.of('?'), RECENT_WORKER_TUPLES.order)} AS recent_workers`,
  ),
);

/** A status: `Top` is how its best hypotheses are read (whole rows, or leaderboard lines for the poll). */
export interface ProjectStatusRecord<Top = HypothesisRow> extends ProjectRecordWithCounts {
  /** The best-ranked hypotheses (see topRanked), at most the number asked for. */
  topHypotheses: Top[];
  /** The open checkpoints, oldest first (pendingCheckpoints). */
  pendingCheckpoints: CheckpointRow[];
}

export interface ProjectStatusWithUsage extends ProjectStatusRecord<LeaderboardLine> {
  /** usageSummary's answer. */
  usage: UsageSummary;
  /** recentBackgroundWorkers' answer for the same `since`. */
  recentWorkers: BackgroundWorkerRow[];
}

type RawStatus = RawProject & RawState & NullableCounts & { top_hypotheses: string; pending_checkpoints: string };

function statusOf<Top, Values>(raw: RawStatus, topOf: (values: Values) => Top): ProjectStatusRecord<Top> {
  return {
    project: projectOf(raw),
    state: stateOf(raw),
    counts: countsOf(raw),
    topHypotheses: (JSON.parse(raw.top_hypotheses) as Values[]).map(topOf),
    pendingCheckpoints: (JSON.parse(raw.pending_checkpoints) as unknown[][]).map(checkpointRowOf),
  };
}

/** What a status shows, in one statement; undefined for an unknown or trashed project. */
export async function findProjectStatusRecord(db: Db, projectId: string, top: number): Promise<ProjectStatusRecord | undefined> {
  const raw = await row<RawStatus>(db, STATUS_RECORD, [top, projectId]);
  return raw === undefined ? undefined : statusOf(raw, hypothesisRowOf);
}

/** The poll's status (its best hypotheses as lines) with the project's reasoning usage and the background workers heard from since `workersSince` (ISO time), still one statement. */
export async function findProjectStatusWithUsage(db: Db, projectId: string, top: number, workersSince: string): Promise<ProjectStatusWithUsage | undefined> {
  const raw = await row<RawStatus & { usage: string; recent_workers: string }>(db, STATUS_WITH_USAGE, [top, workersSince, projectId]);
  if (raw === undefined) return undefined;
  return {
    ...statusOf(raw, lineOf),
    usage: usageSummaryOfTuples(JSON.parse(raw.usage) as unknown[][]),
    recentWorkers: workersOfTuples(JSON.parse(raw.recent_workers) as unknown[][]),
  };
}
