// Named statements behind the desktop's tournament views (leaderboard, Elo history, match list,
// compare). They read only the columns those views show: the leaderboard of a 10,000-hypothesis
// project must not parse every citation and protocol just to draw a table.
import type { Db } from './database.js';
import { LINE_COLUMNS, lineOf, type LeaderboardLine, type LineValues } from './hypotheses.js';
import { rows, scalar, tuples } from './sql.js';

export type { LeaderboardLine } from './hypotheses.js';

/** Every hypothesis of a project, in creation order. */
const LINES = `SELECT ${LINE_COLUMNS} FROM hypotheses WHERE project_id = ? ORDER BY seq`;

export async function leaderboardLines(db: Db, projectId: string): Promise<LeaderboardLine[]> {
  return (await tuples<LineValues>(db, LINES, [projectId])).map(lineOf);
}

/** A match as the rating replay needs it: no rationale, no debate transcript. */
export interface MatchLogLine {
  id: string;
  seq: number;
  firstId: string;
  secondId: string;
  winnerId: string;
  judge: 'model' | 'human';
  /** The compare task that produced it (one judging round); null for a scientist's own vote. */
  taskId: string | null;
}

const MATCH_LOG = `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId
  FROM matches WHERE project_id = ? ORDER BY seq`;

export async function matchLogLines(db: Db, projectId: string): Promise<MatchLogLine[]> {
  return rows<MatchLogLine>(db, MATCH_LOG, [projectId]);
}

/**
 * How many matches a project has and the last one's sequence number: with an append-only log, its
 * identity. The count comes from project_counts (migration 0005) and the last seq from the end of
 * matches_by_project, so this reads two index entries, not the log.
 */
export async function matchLogStats(db: Db, projectId: string): Promise<{ count: number; lastSeq: number }> {
  const count = (await scalar<number>(db, 'SELECT matches FROM project_counts WHERE project_id = ?', [projectId])) ?? 0;
  const lastSeq = (await scalar<number | null>(db, 'SELECT MAX(seq) FROM matches WHERE project_id = ?', [projectId])) ?? 0;
  return { count, lastSeq };
}

/**
 * The project's leaderboard version (migration 0009): triggers bump it on every change to its
 * hypotheses or matches, so an unchanged version means an unchanged board. 0 for an unknown project.
 */
export async function leaderboardVersion(db: Db, projectId: string): Promise<number> {
  return (await scalar<number>(db, 'SELECT leaderboard_version FROM project_counts WHERE project_id = ?', [projectId])) ?? 0;
}

/** A match as the match list shows it. */
export interface MatchListing extends MatchLogLine {
  confidence: number | null;
  rationale: string;
  createdBy: string;
  createdAt: string;
}

export interface MatchPageQuery {
  projectId: string;
  /** Only matches this hypothesis played. */
  hypothesisId?: string | undefined;
  judge?: 'model' | 'human' | undefined;
  /** Newest first: continue with matches whose seq is below this one. */
  beforeSeq?: number | undefined;
  limit: number;
}

// The filters are switches (`@x IS NULL OR …`): the match list is a desktop view, not a hot path.
// The casts type the parameters for PostgreSQL, which cannot tell what `@x IS NULL` compares.
const MATCH_FILTER = `project_id = @projectId
  AND (CAST(@hypothesisId AS TEXT) IS NULL OR first_id = @hypothesisId OR second_id = @hypothesisId)
  AND (CAST(@judge AS TEXT) IS NULL OR judge = @judge)`;
const MATCH_PAGE = `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId, confidence,
    rationale, created_by AS createdBy, created_at AS createdAt
  FROM matches WHERE ${MATCH_FILTER} AND (CAST(@beforeSeq AS BIGINT) IS NULL OR seq < @beforeSeq) ORDER BY seq DESC LIMIT @limit`;
const MATCH_TOTAL = `SELECT COUNT(*) FROM matches WHERE ${MATCH_FILTER}`;

export async function matchPage(db: Db, query: MatchPageQuery): Promise<{ rows: MatchListing[]; total: number }> {
  const filter = { projectId: query.projectId, hypothesisId: query.hypothesisId ?? null, judge: query.judge ?? null };
  const page = await rows<MatchListing>(db, MATCH_PAGE, { ...filter, beforeSeq: query.beforeSeq ?? null, limit: query.limit });
  const total = (await scalar<number>(db, MATCH_TOTAL, filter)) ?? 0;
  return { rows: page, total };
}

const HEAD_TO_HEAD = `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId
  FROM matches WHERE (first_id = @a AND second_id = @b) OR (first_id = @b AND second_id = @a) ORDER BY seq`;

/** Every match between two hypotheses, in either slot order, oldest first. */
export async function headToHead(db: Db, a: string, b: string): Promise<MatchLogLine[]> {
  return rows<MatchLogLine>(db, HEAD_TO_HEAD, { a, b });
}
