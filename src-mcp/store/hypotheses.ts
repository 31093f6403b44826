// Named statements for hypotheses. Nothing here deletes a hypothesis: the workflow only changes status.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { cached, cachedPluck, cachedRaw } from './statements.js';
import { sqlite } from './handle.js';
import { COMPETITOR_CONDITION } from './competitors.js';
import type { HypothesisRecord } from '../../src-shared/schemas/hypotheses.js';
import { onConnection } from './unitOfWork.js';

/** A hypothesis as stored (the shared record of src-shared), with what only the table keeps. */
export interface HypothesisRow extends HypothesisRecord {
  citations: Array<Record<string, unknown>>;
  method: string;
  /** The 95% interval of the Bradley-Terry score, as its two columns. */
  ciLow: number | null;
  ciHigh: number | null;
  /** The generate/evolve work item whose answer made it (null for the scientist's own). */
  batchTaskId: string | null;
}

/** One leaderboard line: ratings as stored by the last refresh, plus what filters and lineage need. */
export type LeaderboardLine = Pick<
  HypothesisRow,
  'id' | 'seq' | 'summary' | 'status' | 'origin' | 'method' | 'gate' | 'safetyFlag' | 'parents' | 'iteration' | 'elo' | 'btScore' | 'ciLow' | 'ciHigh' | 'pTopK' | 'rank' | 'matchesPlayed' | 'wins'
>;

// Rows come back as arrays (cachedRaw: an object row costs about twice as much to build, and the
// board and list pages are nothing but rows). A leaderboard line is the first LINE_COLUMNS of every
// statement that reads one — a board page, the whole board, a whole hypothesis — and lineOf is its
// one mapping: each SELECT list below must start with LINE_COLUMNS and the tuple types must match.
export const LINE_COLUMNS =
  'id, seq, summary, status, origin, method, gate, safety_flag, parents, iteration, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played, wins';

const LINE_WIDTH = 18;

/** LINE_COLUMNS as SQLite returns them (LINE_WIDTH values). */
export type LineValues = [
  id: string, seq: number, summary: string, status: HypothesisRow['status'], origin: HypothesisRow['origin'], method: string, gate: HypothesisRow['gate'], safetyFlag: string | null,
  parents: string, iteration: number, elo: number, btScore: number | null, ciLow: number | null, ciHigh: number | null,
  pTopK: number | null, rank: number | null, matchesPlayed: number, wins: number,
];

/** The parents column: '[]' is by far the most common value; skipping JSON.parse for it keeps 10,000 rows cheap. */
export function parentIds(json: string): string[] {
  return json === '[]' ? [] : fromJson<string[]>(json, []);
}

/** A leaderboard line from a row that starts with LINE_COLUMNS (whatever columns follow them). */
export function lineOf(values: readonly [...LineValues, ...unknown[]]): LeaderboardLine {
  const [id, seq, summary, status, origin, method, gate, safetyFlag, parents, iteration, elo, btScore, ciLow, ciHigh, pTopK, rank, matchesPlayed, wins] = values;
  return { id, seq, summary, status, origin, method, gate, safetyFlag, parents: parentIds(parents), iteration, elo, btScore, ciLow, ciHigh, pTopK, rank, matchesPlayed, wins };
}

// A whole hypothesis: the line, then the rest of the row.
const ROW_COLUMNS = `${LINE_COLUMNS}, project_id, title, core_claim, rationale, experimental_protocol, testable_predictions, citations,
  assumptions, near_duplicate_of, batch_task_id, created_by, reasoner, created_at, updated_at`;

type DetailValues = [
  projectId: string, title: string | null, coreClaim: string | null, rationale: string, experimentalProtocol: string, testablePredictions: string,
  citations: string, assumptions: string, nearDuplicateOf: string | null, batchTaskId: string | null, createdBy: string, reasoner: string | null,
  createdAt: string, updatedAt: string,
];
type RowValues = [...LineValues, ...DetailValues];

function rowOf(values: RowValues): HypothesisRow {
  const [projectId, title, coreClaim, rationale, experimentalProtocol, testablePredictions, citations, assumptions, nearDuplicateOf, batchTaskId, createdBy, reasoner, createdAt, updatedAt] =
    values.slice(LINE_WIDTH) as DetailValues;
  return {
    ...lineOf(values),
    projectId,
    title,
    coreClaim,
    rationale,
    experimentalProtocol,
    testablePredictions: fromJson(testablePredictions, []),
    citations: fromJson(citations, []),
    assumptions: fromJson(assumptions, []),
    nearDuplicateOf,
    batchTaskId,
    createdBy,
    reasoner,
    createdAt,
    updatedAt,
  };
}

export function nextHypothesisSeq(db: Db, projectId: string): Promise<number> {
  return onConnection(db, () => {
    const row = cached(db, 'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM hypotheses WHERE project_id = ?').get(projectId) as { next: number };
    return row.next;
  });
}

export function insertHypothesis(db: Db, h: HypothesisRow): Promise<void> {
  return onConnection(db, () => {
    cached(
      db,
      `INSERT INTO hypotheses (id, project_id, seq, title, core_claim, summary, rationale, experimental_protocol, testable_predictions, citations,
         assumptions, method, origin, status, gate, parents, iteration, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played,
         wins, near_duplicate_of, safety_flag, batch_task_id, created_by, reasoner, created_at, updated_at)
       VALUES (@id, @projectId, @seq, @title, @coreClaim, @summary, @rationale, @experimentalProtocol, @testablePredictions, @citations,
         @assumptions, @method, @origin, @status, @gate, @parents, @iteration, @elo, @btScore, @ciLow, @ciHigh, @pTopK, @rank, @matchesPlayed,
         @wins, @nearDuplicateOf, @safetyFlag, @batchTaskId, @createdBy, @reasoner, @createdAt, @updatedAt)`,
    ).run({
      ...h,
      title: h.title ?? null,
      coreClaim: h.coreClaim ?? null,
      testablePredictions: toJson(h.testablePredictions),
      citations: toJson(h.citations),
      assumptions: toJson(h.assumptions),
      parents: toJson(h.parents),
    });
  }, 'writes');
}

export function findHypothesis(db: Db, id: string): Promise<HypothesisRow | undefined> {
  return onConnection(db, () => {
    const values = cachedRaw(db, `SELECT ${ROW_COLUMNS} FROM hypotheses WHERE id = ?`).get(id) as RowValues | undefined;
    return values === undefined ? undefined : rowOf(values);
  });
}

export function projectHypotheses(db: Db, projectId: string): Promise<HypothesisRow[]> {
  return onConnection(db, () => {
    return (cachedRaw(db, `SELECT ${ROW_COLUMNS} FROM hypotheses WHERE project_id = ? ORDER BY seq`).all(projectId) as RowValues[]).map(rowOf);
  });
}

/** The best-ranked hypotheses that are neither rejected nor superseded (status `evolved`: never a top hypothesis), by rank (then creation order), at most `limit`. */
export function topRankedHypotheses(db: Db, projectId: string, limit: number): Promise<HypothesisRow[]> {
  return onConnection(db, () => {
    const rows = cachedRaw(db, `SELECT ${ROW_COLUMNS} FROM hypotheses WHERE project_id = ? AND rank IS NOT NULL AND status NOT IN ('rejected', 'evolved') ORDER BY rank, seq LIMIT ?`);
    return (rows.all(projectId, limit) as RowValues[]).map(rowOf);
  });
}

/**
 * Mean Elo of the hypotheses that have played a match; null before the first match. Not a counter:
 * every rating update moves it, and a running sum would drift from the exact mean. Only the
 * project resource shows it, not the status poll.
 */
export function averagePlayedElo(db: Db, projectId: string): Promise<number | null> {
  return onConnection(db, () => {
    return cachedPluck(db, 'SELECT AVG(elo) FROM hypotheses WHERE project_id = ? AND matches_played > 0').get(projectId) as number | null;
  });
}

export function updateHypothesisStatus(db: Db, ids: readonly string[], status: HypothesisRow['status'], updatedAt: string): Promise<void> {
  return onConnection(db, () => {
    const statement = cached(db, 'UPDATE hypotheses SET status = ?, updated_at = ? WHERE id = ?');
    for (const id of ids) statement.run(status, updatedAt, id);
  }, 'writes');
}

export function updateHypothesisText(
  db: Db,
  id: string,
  patch: { summary?: string | undefined; rationale?: string | undefined; experimentalProtocol?: string | undefined },
  updatedAt: string,
): Promise<void> {
  return onConnection(db, () => {
    cached(
      db,
      // A reworded summary outdates the core claim written with the old one: it falls back to one derived from the new summary.
      `UPDATE hypotheses SET summary = COALESCE(@summary, summary), rationale = COALESCE(@rationale, rationale),
         core_claim = CASE WHEN @summary IS NULL THEN core_claim ELSE NULL END,
         experimental_protocol = COALESCE(@experimentalProtocol, experimental_protocol), updated_at = @updatedAt WHERE id = @id`,
    ).run({ id, summary: patch.summary ?? null, rationale: patch.rationale ?? null, experimentalProtocol: patch.experimentalProtocol ?? null, updatedAt });
  }, 'writes');
}

export function updateHypothesisGate(db: Db, ids: readonly string[], gate: HypothesisRow['gate'], updatedAt: string): Promise<void> {
  return onConnection(db, () => {
    const statement = cached(db, 'UPDATE hypotheses SET gate = ?, updated_at = ? WHERE id = ?');
    for (const id of ids) statement.run(gate, updatedAt, id);
  }, 'writes');
}

export function setSafetyFlag(db: Db, id: string, flag: string | null, updatedAt: string): Promise<void> {
  return onConnection(db, () => {
    cached(db, 'UPDATE hypotheses SET safety_flag = ?, updated_at = ? WHERE id = ?').run(flag, updatedAt, id);
  }, 'writes');
}

/** What a rating refresh writes back: the hypothesis's own rating columns. */
export type RatingUpdate = Pick<HypothesisRow, 'id' | 'elo' | 'btScore' | 'ciLow' | 'ciHigh' | 'pTopK' | 'rank' | 'matchesPlayed' | 'wins'>;

// The board key of migration 0013 (0 and the rank for a ranked competitor, else 1 and minus Elo),
// written with the ratings so that the migration's update trigger finds it right and leaves the row
// alone: one write per row of a rating refresh, not two. On the right of SET, status, gate and
// safety_flag are the row's current values.
const RANKED_COMPETITOR = `@rank IS NOT NULL AND ${COMPETITOR_CONDITION}`;

export function updateRatings(db: Db, updates: readonly RatingUpdate[], updatedAt: string): Promise<void> {
  return onConnection(db, () => {
    const statement = cached(
      db,
      `UPDATE hypotheses SET elo = @elo, bt_score = @btScore, ci_low = @ciLow, ci_high = @ciHigh, p_top_k = @pTopK,
         rank = @rank, matches_played = @matchesPlayed, wins = @wins, updated_at = @updatedAt,
         board_bucket = CASE WHEN ${RANKED_COMPETITOR} THEN 0 ELSE 1 END, board_value = CASE WHEN ${RANKED_COMPETITOR} THEN @rank ELSE -@elo END
       WHERE id = @id`,
    );
    for (const update of updates) statement.run({ ...update, updatedAt });
  }, 'writes');
}

/** Ids starting with `prefix`, newest first: argument completion for clients. */
export function hypothesisIdsStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  return onConnection(db, () => {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sqlite(db).prepare("SELECT id FROM hypotheses WHERE id LIKE ? ESCAPE '\\' ORDER BY created_at DESC LIMIT ?").pluck().all(`${escaped}%`, limit) as string[];
  });
}
