// Named statements for tournament matches: the match log that ratings are reproduced from.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { projectCounts } from './projectCounts.js';
import { execute, rows } from './sql.js';
import { insertRows } from './bulkInsert.js';

export interface MatchRow {
  id: string;
  projectId: string;
  /** Slot order as presented to the judge. */
  firstId: string;
  secondId: string;
  winnerId: string;
  judge: 'model' | 'human';
  confidence: number | null;
  rationale: string;
  debate: Array<{ speaker: string; argument: string }>;
  taskId: string | null;
  pairId: string | null;
  createdBy: string;
  createdAt: string;
  seq: number;
}

// The next seq is read in the INSERT itself. Two writers could still read the same MAX(seq) were
// they not serialised: on SQLite by the one write lock, on PostgreSQL by the store's database-wide
// advisory write lock, which every write transaction takes first (postgres/transactions.ts). The
// callers append inside writeTransaction; UNIQUE (project_id, seq) turns any unserialised race into
// an error, never into two matches sharing a place in the log.
const APPEND = `INSERT INTO matches (id, project_id, first_id, second_id, winner_id, judge, confidence, rationale, debate, task_id, pair_id,
    created_by, created_at, seq)
  SELECT @id, @projectId, @firstId, @secondId, @winnerId, @judge, @confidence, @rationale, @debate, @taskId, @pairId,
    @createdBy, @createdAt, COALESCE(MAX(seq), 0) + 1 FROM matches WHERE project_id = @projectId
  ON CONFLICT (task_id, pair_id) DO NOTHING`;

/** Appends a match with the next sequence number; returns false when this (task, pair) was already recorded. */
export async function insertMatch(db: Db, match: Omit<MatchRow, 'seq'>): Promise<boolean> {
  return (await execute(db, APPEND, { ...match, debate: toJson(match.debate) })) > 0;
}

const LOG_COLUMNS = ['id', 'project_id', 'first_id', 'second_id', 'winner_id', 'judge', 'confidence', 'rationale', 'debate', 'task_id', 'pair_id', 'created_by', 'created_at', 'seq'] as const;

/**
 * A stretch of match log with its sequence numbers already given (a seed, a load), in few
 * statements (bulkInsert.ts: on PostgreSQL the counting triggers run once per statement).
 */
export async function insertMatchLog(db: Db, matches: readonly MatchRow[]): Promise<void> {
  await insertRows(db, 'matches', LOG_COLUMNS, matches.map((m) => [
    m.id, m.projectId, m.firstId, m.secondId, m.winnerId, m.judge, m.confidence, m.rationale, toJson(m.debate), m.taskId, m.pairId, m.createdBy, m.createdAt, m.seq,
  ]));
}

interface Raw {
  id: string; project_id: string; first_id: string; second_id: string; winner_id: string; judge: 'model' | 'human';
  confidence: number | null; rationale: string; debate: string; task_id: string | null; pair_id: string | null;
  created_by: string; created_at: string; seq: number;
}

export async function projectMatches(db: Db, projectId: string): Promise<MatchRow[]> {
  return (await rows<Raw>(db, 'SELECT * FROM matches WHERE project_id = ? ORDER BY seq', [projectId])).map((raw) => ({
    id: raw.id,
    projectId: raw.project_id,
    firstId: raw.first_id,
    secondId: raw.second_id,
    winnerId: raw.winner_id,
    judge: raw.judge,
    confidence: raw.confidence,
    rationale: raw.rationale,
    debate: fromJson(raw.debate, []),
    taskId: raw.task_id,
    pairId: raw.pair_id,
    createdBy: raw.created_by,
    createdAt: raw.created_at,
    seq: raw.seq,
  }));
}

/** From the trigger-kept counter (migration 0005): COUNT(*) scanned 100,000 index entries per status poll. */
export async function countMatches(db: Db, projectId: string): Promise<number> {
  return (await projectCounts(db, projectId)).matches;
}
