// Named statements for hypotheses. Nothing here deletes a hypothesis: the workflow only changes status.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { COMPETITOR_CONDITION } from './competitors.js';
import type { HypothesisRecord } from '../../src-shared/schemas/hypotheses.js';
import { perEngine } from './dialect.js';
import type { EngineTexts } from './sql.js';
import { execute, scalar, scalars, tuples } from './sql.js';
import { writeTransaction } from './transactions.js';
import { chunkSizes, insertRows } from './bulkInsert.js';

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

// Rows come back as arrays (sql.ts's tuples: an object row costs about twice as much to build, and the
// board and list pages are nothing but rows). A leaderboard line is the first LINE_COLUMNS of every
// statement that reads one — a board page, the whole board, a whole hypothesis — and lineOf is its
// one mapping: each SELECT list below must start with LINE_COLUMNS and the tuple types must match.
export const LINE_COLUMNS =
  'id, seq, summary, status, origin, method, gate, safety_flag, parents, iteration, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played, wins';

const LINE_WIDTH = 18;

/** LINE_COLUMNS as the store returns them (LINE_WIDTH values; bigint and double precision as numbers on PostgreSQL too). */
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
/** A whole hypothesis row's columns, in the order hypothesisOfValues reads them. */
export const HYPOTHESIS_ROW_COLUMNS = `${LINE_COLUMNS}, project_id, title, core_claim, rationale, experimental_protocol, testable_predictions, citations,
  assumptions, near_duplicate_of, batch_task_id, created_by, reasoner, created_at, updated_at`;

type DetailValues = [
  projectId: string, title: string | null, coreClaim: string | null, rationale: string, experimentalProtocol: string, testablePredictions: string,
  citations: string, assumptions: string, nearDuplicateOf: string | null, batchTaskId: string | null, createdBy: string, reasoner: string | null,
  createdAt: string, updatedAt: string,
];
export type HypothesisRowValues = [...LineValues, ...DetailValues];

/** A hypothesis from its HYPOTHESIS_ROW_COLUMNS values, in their order. */
export function hypothesisRowOf(values: HypothesisRowValues): HypothesisRow {
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

export async function nextHypothesisSeq(db: Db, projectId: string): Promise<number> {
  return (await scalar<number>(db, 'SELECT COALESCE(MAX(seq), 0) + 1 FROM hypotheses WHERE project_id = ?', [projectId])) ?? 1;
}

// The columns a hypothesis is written with, and one row's values in their order: one mapping for
// a single insert and for many (bulkInsert.ts: on PostgreSQL the counting triggers run once per
// statement, so a seed or a load of many rows writes them a thousand to a statement).
const INSERT_COLUMNS = [
  'id', 'project_id', 'seq', 'title', 'core_claim', 'summary', 'rationale', 'experimental_protocol', 'testable_predictions', 'citations',
  'assumptions', 'method', 'origin', 'status', 'gate', 'parents', 'iteration', 'elo', 'bt_score', 'ci_low', 'ci_high', 'p_top_k', 'rank', 'matches_played',
  'wins', 'near_duplicate_of', 'safety_flag', 'batch_task_id', 'created_by', 'reasoner', 'created_at', 'updated_at',
] as const;

function insertValues(h: HypothesisRow): unknown[] {
  return [
    h.id, h.projectId, h.seq, h.title ?? null, h.coreClaim ?? null, h.summary, h.rationale, h.experimentalProtocol, toJson(h.testablePredictions), toJson(h.citations),
    toJson(h.assumptions), h.method, h.origin, h.status, h.gate, toJson(h.parents), h.iteration, h.elo, h.btScore, h.ciLow, h.ciHigh, h.pTopK, h.rank, h.matchesPlayed,
    h.wins, h.nearDuplicateOf, h.safetyFlag, h.batchTaskId, h.createdBy, h.reasoner, h.createdAt, h.updatedAt,
  ];
}

export async function insertHypothesis(db: Db, h: HypothesisRow): Promise<void> {
  await insertHypotheses(db, [h]);
}

/** Many hypotheses in few statements (seeds, loads); in a transaction of the caller's when they must go together. */
export async function insertHypotheses(db: Db, hypotheses: readonly HypothesisRow[]): Promise<void> {
  await insertRows(db, 'hypotheses', INSERT_COLUMNS, hypotheses.map(insertValues));
}

const BY_ID = `SELECT ${HYPOTHESIS_ROW_COLUMNS} FROM hypotheses WHERE id = ?`;

export async function findHypothesis(db: Db, id: string): Promise<HypothesisRow | undefined> {
  const values = (await tuples<HypothesisRowValues>(db, BY_ID, [id]))[0];
  return values === undefined ? undefined : hypothesisRowOf(values);
}

const OF_PROJECT = `SELECT ${HYPOTHESIS_ROW_COLUMNS} FROM hypotheses WHERE project_id = ? ORDER BY seq`;

export async function projectHypotheses(db: Db, projectId: string): Promise<HypothesisRow[]> {
  return (await tuples<HypothesisRowValues>(db, OF_PROJECT, [projectId])).map(hypothesisRowOf);
}

/**
 * Mean Elo of the hypotheses that have played a match; null before the first match. Not a counter:
 * every rating update moves it, and a running sum would drift from the exact mean. Only the
 * project resource shows it, not the status poll.
 */
export async function averagePlayedElo(db: Db, projectId: string): Promise<number | null> {
  return (await scalar<number | null>(db, 'SELECT AVG(elo) FROM hypotheses WHERE project_id = ? AND matches_played > 0', [projectId])) ?? null;
}

// Several ids in one statement (a JSON array bound once): atomic without a transaction of its own,
// as the synchronous loop it replaces was, and one round trip on PostgreSQL.
const SET_STATUS = perEngine((d) => `UPDATE hypotheses SET status = ?, updated_at = ? WHERE id IN (${d.jsonArrayValues('?')})`);

export async function updateHypothesisStatus(db: Db, ids: readonly string[], status: HypothesisRow['status'], updatedAt: string): Promise<void> {
  if (ids.length === 0) return;
  await execute(db, SET_STATUS, [status, updatedAt, JSON.stringify(ids)]);
}

// A reworded summary outdates the core claim written with the old one: it falls back to one derived
// from the new summary. (The casts type the parameters for PostgreSQL, which cannot tell `@x IS NULL`'s.)
const SET_TEXT = `UPDATE hypotheses SET summary = COALESCE(CAST(@summary AS TEXT), summary), rationale = COALESCE(CAST(@rationale AS TEXT), rationale),
    core_claim = CASE WHEN CAST(@summary AS TEXT) IS NULL THEN core_claim ELSE NULL END,
    experimental_protocol = COALESCE(CAST(@experimentalProtocol AS TEXT), experimental_protocol), updated_at = @updatedAt WHERE id = @id`;

export async function updateHypothesisText(
  db: Db,
  id: string,
  patch: { summary?: string | undefined; rationale?: string | undefined; experimentalProtocol?: string | undefined },
  updatedAt: string,
): Promise<void> {
  await execute(db, SET_TEXT, { id, summary: patch.summary ?? null, rationale: patch.rationale ?? null, experimentalProtocol: patch.experimentalProtocol ?? null, updatedAt });
}

const SET_GATE = perEngine((d) => `UPDATE hypotheses SET gate = ?, updated_at = ? WHERE id IN (${d.jsonArrayValues('?')})`);

export async function updateHypothesisGate(db: Db, ids: readonly string[], gate: HypothesisRow['gate'], updatedAt: string): Promise<void> {
  if (ids.length === 0) return;
  await execute(db, SET_GATE, [gate, updatedAt, JSON.stringify(ids)]);
}

export async function setSafetyFlag(db: Db, id: string, flag: string | null, updatedAt: string): Promise<void> {
  await execute(db, 'UPDATE hypotheses SET safety_flag = ?, updated_at = ? WHERE id = ?', [flag, updatedAt, id]);
}

/** What a rating refresh writes back: the hypothesis's own rating columns. */
export type RatingUpdate = Pick<HypothesisRow, 'id' | 'elo' | 'btScore' | 'ciLow' | 'ciHigh' | 'pTopK' | 'rank' | 'matchesPlayed' | 'wins'>;

// A rating refresh rewrites every competitor's row: one UPDATE per chunk of rows, not per row, so
// that on PostgreSQL it is a few round trips instead of one per hypothesis (4,000 ratings took
// 3.7 s: docs/benchmarks.md, *rating refresh*). The new values arrive as a VALUES list joined to
// the table by id (UPDATE … FROM, SQLite 3.33+ and PostgreSQL alike); each value is cast so that
// PostgreSQL types the parameters as the columns are typed, and SQLite stores what its column
// affinity would have made of the bare value. The CTE's columns are named apart from the table's,
// so the board key's unqualified status, gate and safety_flag are the row's own.
const RATING_COLUMNS = [
  ['new_id', 'id', 'TEXT'],
  ['new_elo', 'elo', 'DOUBLE PRECISION'],
  ['new_bt_score', 'btScore', 'DOUBLE PRECISION'],
  ['new_ci_low', 'ciLow', 'DOUBLE PRECISION'],
  ['new_ci_high', 'ciHigh', 'DOUBLE PRECISION'],
  ['new_p_top_k', 'pTopK', 'DOUBLE PRECISION'],
  ['new_rank', 'rank', 'INTEGER'],
  ['new_matches_played', 'matchesPlayed', 'INTEGER'],
  ['new_wins', 'wins', 'INTEGER'],
] as const satisfies ReadonlyArray<readonly [string, keyof RatingUpdate, string]>;

// The board key of migration 0013 (0 and the rank for a ranked competitor, else 1 and minus Elo).
// SQLite: written with the ratings so that the migration's AFTER UPDATE trigger finds it right and
// leaves the row alone — one write per row of a rating refresh, not two (on the right of SET,
// status, gate and safety_flag are the row's current values). PostgreSQL: its BEFORE UPDATE trigger
// sets the key on the row being written, so the statement leaves it out.
const RANKED_COMPETITOR = `new_rank IS NOT NULL AND ${COMPETITOR_CONDITION}`;
const BOARD_KEY = `, board_bucket = CASE WHEN ${RANKED_COMPETITOR} THEN 0 ELSE 1 END, board_value = CASE WHEN ${RANKED_COMPETITOR} THEN new_rank ELSE -new_elo END`;

/** The UPDATE for `rows` ratings (its text per engine, made once per chunk size). */
const ratingStatements = new Map<number, EngineTexts>();

function ratingStatement(rows: number): EngineTexts {
  let statement = ratingStatements.get(rows);
  if (statement === undefined) {
    const tuple = `(${RATING_COLUMNS.map(([, , type]) => `CAST(? AS ${type})`).join(', ')})`;
    statement = perEngine(
      (d) => `WITH ratings (${RATING_COLUMNS.map(([column]) => column).join(', ')}) AS (VALUES ${Array.from({ length: rows }, () => tuple).join(', ')})
  UPDATE hypotheses SET elo = new_elo, bt_score = new_bt_score, ci_low = new_ci_low, ci_high = new_ci_high, p_top_k = new_p_top_k,
    rank = new_rank, matches_played = new_matches_played, wins = new_wins, updated_at = ?${d.engine === 'sqlite' ? BOARD_KEY : ''}
  FROM ratings WHERE hypotheses.id = new_id`,
    );
    ratingStatements.set(rows, statement);
  }
  return statement;
}

/** Writes each hypothesis's ratings; several rows in one transaction (a refresh is one state of the board, never half of one). */
export async function updateRatings(db: Db, updates: readonly RatingUpdate[], updatedAt: string): Promise<void> {
  if (updates.length === 0) return;
  const write = async (): Promise<void> => {
    let start = 0;
    for (const size of chunkSizes(updates.length)) {
      const chunk = updates.slice(start, (start += size));
      await execute(db, ratingStatement(size), [...chunk.flatMap((update) => RATING_COLUMNS.map(([, field]) => update[field])), updatedAt]);
    }
  };
  await (updates.length === 1 ? write() : writeTransaction(db, write));
}

const IDS_STARTING_WITH = "SELECT id FROM hypotheses WHERE lower(id) LIKE lower(?) ESCAPE '\\' ORDER BY created_at DESC LIMIT ?";

/** Ids starting with `prefix` (in any case, as SQLite's LIKE reads it on both engines), newest first: argument completion for clients. */
export async function hypothesisIdsStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return scalars<string>(db, IDS_STARTING_WITH, [`${escaped}%`, limit]);
}
