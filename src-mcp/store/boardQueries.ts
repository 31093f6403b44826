// Named statements behind a leaderboard page (migrations 0010 and 0013): every page — the first one after a
// judgement too — reads its own rows from the board-order index, the project's counter row, the
// top-k and the latest judging round, never the whole project or its match log.
import type { Db } from './database.js';
import { LINE_COLUMNS, lineOf, type LeaderboardLine, type LineValues } from './hypotheses.js';
import { isCompetitorRow } from './competitors.js';
import { perEngine } from './dialect.js';
import { execute, row, rows, scalars, tuples } from './sql.js';
import { writeTransaction } from './transactions.js';

/** A row's place on the board: (bucket, value, seq), ascending. */
export type BoardKey = [number, number, number];

export interface BoardLine {
  line: LeaderboardLine;
  competing: boolean;
  /** Migration 0013: 0 for a ranked competitor, 1 for everyone else. */
  bucket: number;
  /** Migration 0013: the rank of a ranked competitor, minus Elo for everyone else. */
  value: number;
  /** As the last rating refresh stored them (engine/ranking.ts). */
  previousRank: number | null;
  movement: number | null;
}

// A board row is a leaderboard line (LINE_COLUMNS, mapped by lineOf in hypotheses.ts) followed by
// the board's own columns, in this order.
const BOARD_COLUMNS = `${LINE_COLUMNS}, previous_rank, rank_movement, board_bucket, board_value`;

type BoardValues = [...LineValues, previousRank: number | null, movement: number | null, bucket: number, value: number, version: number | null];

function boardLineOf(values: BoardValues): BoardLine {
  const line = lineOf(values);
  // The board's own columns follow the line's 18 (indexed, not sliced: one array fewer per row).
  return { line, competing: isCompetitorRow(line), bucket: values[20], value: values[21], previousRank: values[18], movement: values[19] };
}

/** A line's place on the board, which a cursor after it carries: made for a page's last line only, not an array per row. */
export function boardKeyOf(board: BoardLine): BoardKey {
  return [board.bucket, board.value, board.line.seq];
}

// INDEXED BY (SQLite): without statistics the planner could pick (project_id, rank) and sort.
// board_bucket (0: a ranked competitor, 1: everyone else) and board_value (rank, or minus Elo) are
// the columns of migration 0013, kept by triggers; its SQLite index carries every column of
// BOARD_COLUMNS, so a page reads the index alone (a covering index). PostgreSQL's keeps the key
// only and reads the page's rows from the table (its migration 0012 says why).
// Each row also carries the project's leaderboard version (migration 0009), an uncorrelated
// subquery both engines evaluate once per statement: the page and the version it was read at come
// from one snapshot without a read transaction, so a page whose board header is cached for that
// version costs one statement (on PostgreSQL, BEGIN, a version read and COMMIT were three more
// round trips: docs/benchmarks.md, *PostgreSQL*).
const VERSION = '(SELECT leaderboard_version FROM project_counts WHERE project_id = ?) AS version';
const FIRST_PAGE = perEngine(
  (d) => `SELECT ${BOARD_COLUMNS}, ${VERSION} FROM hypotheses${d.indexedBy('hypotheses_in_board_order')}
  WHERE project_id = ? ORDER BY board_bucket, board_value, seq LIMIT ?`,
);
const NEXT_PAGE = perEngine(
  (d) => `SELECT ${BOARD_COLUMNS}, ${VERSION} FROM hypotheses${d.indexedBy('hypotheses_in_board_order')}
  WHERE project_id = ? AND (board_bucket, board_value, seq) > (?, ?, ?) ORDER BY board_bucket, board_value, seq LIMIT ?`,
);

/** The page statement as SQLite runs it, from the top or after a cursor (exported for the query-plan test). */
export function boardPageSql(afterCursor: boolean): string {
  return (afterCursor ? NEXT_PAGE : FIRST_PAGE).sqlite;
}

/** Its parameters: the project twice (the version's, the page's), the cursor's key when there is one, the limit. */
export function boardPageParams(projectId: string, after: BoardKey | null, limit: number): unknown[] {
  return after === null ? [projectId, projectId, limit] : [projectId, projectId, ...after, limit];
}

export interface BoardPageLines {
  lines: BoardLine[];
  /** The project's leaderboard version the lines were read at; undefined when the page is empty (no row carried it). */
  version: number | undefined;
}

/** Up to `limit` rows of the board after `after` (from the top when null), in board order, with the version they were read at. */
export async function boardLines(db: Db, projectId: string, after: BoardKey | null, limit: number): Promise<BoardPageLines> {
  const values = await tuples<BoardValues>(db, after === null ? FIRST_PAGE : NEXT_PAGE, boardPageParams(projectId, after, limit));
  const first = values[0];
  // No counter row reads as version 0, as leaderboardVersion has it.
  // The version is the statement's last column (VERSION after BOARD_COLUMNS), whatever their number.
  return { lines: values.map(boardLineOf), version: first === undefined ? undefined : ((first[first.length - 1] as number | null) ?? 0) };
}

export interface BoardCounts {
  hypotheses: number;
  competitors: number;
  /** Matches between two current competitors. */
  competitorMatches: number;
}

const COUNTS = `SELECT status_pending + status_reviewed + status_in_tournament + status_evolved + status_rejected AS hypotheses,
    competitors, competitor_matches AS competitorMatches FROM project_counts WHERE project_id = ?`;

/** One counter row (migrations 0005 and 0010); zeros for an unknown project. */
export async function boardCounts(db: Db, projectId: string): Promise<BoardCounts> {
  return (await row<BoardCounts>(db, COUNTS, [projectId])) ?? { hypotheses: 0, competitors: 0, competitorMatches: 0 };
}

const TOP_P_TOP_K = perEngine(
  (d) => `SELECT p_top_k FROM hypotheses${d.indexedBy('hypotheses_in_board_order')}
  WHERE project_id = ? AND board_bucket = 0 AND board_value <= ? ORDER BY board_bucket, board_value, seq LIMIT ?`,
);

/** P(top-k) of the ranked competitors with rank ≤ k, best first (at most k rows from the index). */
export async function topRankedPTopK(db: Db, projectId: string, k: number): Promise<Array<number | null>> {
  return scalars<number | null>(db, TOP_P_TOP_K, [projectId, k, k]);
}

const TRAILING_MATCHES = perEngine(
  (d) => `SELECT m.task_id AS taskId, m.judge FROM matches m${d.indexedBy('matches_by_project')}
    JOIN hypotheses a ON a.id = m.first_id JOIN hypotheses b ON b.id = m.second_id
  WHERE m.project_id = ?
    AND a.status IN ('reviewed', 'in_tournament', 'evolved') AND a.gate = 'approved' AND a.safety_flag IS NULL
    AND b.status IN ('reviewed', 'in_tournament', 'evolved') AND b.gate = 'approved' AND b.safety_flag IS NULL
  ORDER BY m.seq DESC LIMIT ?`,
);

/**
 * The last `limit` matches between current competitors, oldest first: enough of the log's end to
 * find its latest judging round without reading the log.
 */
export async function trailingCompetitorMatches(db: Db, projectId: string, limit: number): Promise<Array<{ taskId: string | null; judge: 'model' | 'human' }>> {
  return (await rows<{ taskId: string | null; judge: 'model' | 'human' }>(db, TRAILING_MATCHES, [projectId, limit])).reverse();
}

const SET_MOVEMENT = 'UPDATE hypotheses SET previous_rank = @previousRank, rank_movement = @movement WHERE id = @id';

/** Stores each competitor's rank before the latest round and the places it moved in it (null: nothing to compare), all or none. */
export async function updateRankMovements(db: Db, movements: ReadonlyArray<{ id: string; previousRank: number | null; movement: number | null }>): Promise<void> {
  if (movements.length === 0) return;
  const write = async (): Promise<void> => {
    for (const movement of movements) await execute(db, SET_MOVEMENT, movement);
  };
  await (movements.length === 1 ? write() : writeTransaction(db, write));
}
