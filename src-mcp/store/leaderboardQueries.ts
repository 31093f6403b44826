// Named statements behind the desktop's tournament views (leaderboard, Elo history, match list,
// compare). They read only the columns those views show: the leaderboard of a 10,000-hypothesis
// project must not parse every citation and protocol just to draw a table.
import type { Db } from './database.js';
import { LINE_COLUMNS, lineOf, type LeaderboardLine, type LineValues } from './hypotheses.js';
import { cachedPluck, cachedRaw } from './statements.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

export type { LeaderboardLine } from './hypotheses.js';

/** Every hypothesis of a project, in creation order. */
export function leaderboardLines(db: Db, projectId: string): Promise<LeaderboardLine[]> {
  return onConnection(db, () => {
    return (cachedRaw(db, `SELECT ${LINE_COLUMNS} FROM hypotheses WHERE project_id = ? ORDER BY seq`).all(projectId) as LineValues[]).map(lineOf);
  });
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

export function matchLogLines(db: Db, projectId: string): Promise<MatchLogLine[]> {
  return onConnection(db, () => {
    return sqlite(db)
      .prepare(
        `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId
         FROM matches WHERE project_id = ? ORDER BY seq`,
      )
      .all(projectId) as MatchLogLine[];
  });
}

/**
 * How many matches a project has and the last one's sequence number: with an append-only log, its
 * identity. The count comes from project_counts (migration 0005) and the last seq from the end of
 * matches_by_project, so this reads two index entries, not the log.
 */
export function matchLogStats(db: Db, projectId: string): Promise<{ count: number; lastSeq: number }> {
  return onConnection(db, () => {
    const count = (cachedPluck(db, 'SELECT matches FROM project_counts WHERE project_id = ?').get(projectId) as number | undefined) ?? 0;
    const lastSeq = (cachedPluck(db, 'SELECT MAX(seq) FROM matches WHERE project_id = ?').get(projectId) as number | null) ?? 0;
    return { count, lastSeq };
  });
}

/**
 * The project's leaderboard version (migration 0009): triggers bump it on every change to its
 * hypotheses or matches, so an unchanged version means an unchanged board. 0 for an unknown project.
 */
export function leaderboardVersion(db: Db, projectId: string): Promise<number> {
  return onConnection(db, () => {
    return (cachedPluck(db, 'SELECT leaderboard_version FROM project_counts WHERE project_id = ?').get(projectId) as number | undefined) ?? 0;
  });
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

export function matchPage(db: Db, query: MatchPageQuery): Promise<{ rows: MatchListing[]; total: number }> {
  return onConnection(db, () => {
    const params = {
      projectId: query.projectId,
      hypothesisId: query.hypothesisId ?? null,
      judge: query.judge ?? null,
      beforeSeq: query.beforeSeq ?? null,
      limit: query.limit,
    };
    const filter = `project_id = @projectId AND (@hypothesisId IS NULL OR first_id = @hypothesisId OR second_id = @hypothesisId)
      AND (@judge IS NULL OR judge = @judge)`;
    const rows = sqlite(db)
      .prepare(
        `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId, confidence,
           rationale, created_by AS createdBy, created_at AS createdAt
         FROM matches WHERE ${filter} AND (@beforeSeq IS NULL OR seq < @beforeSeq) ORDER BY seq DESC LIMIT @limit`,
      )
      .all(params) as MatchListing[];
    const total = (sqlite(db).prepare(`SELECT COUNT(*) AS n FROM matches WHERE ${filter}`).get(params) as { n: number }).n;
    return { rows, total };
  });
}

/** Every match between two hypotheses, in either slot order, oldest first. */
export function headToHead(db: Db, a: string, b: string): Promise<MatchLogLine[]> {
  return onConnection(db, () => {
    return sqlite(db)
      .prepare(
        `SELECT id, seq, first_id AS firstId, second_id AS secondId, winner_id AS winnerId, judge, task_id AS taskId
         FROM matches WHERE (first_id = @a AND second_id = @b) OR (first_id = @b AND second_id = @a) ORDER BY seq`,
      )
      .all({ a, b }) as MatchLogLine[];
  });
}
