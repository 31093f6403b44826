// list_hypotheses' pages: the project's hypotheses in leaderboard order, only the columns a list
// shows, read through the list-order indexes of migration 0005 and counted from its counters.
import type { Db } from './database.js';
import { parentIds, type HypothesisRow } from './hypotheses.js';
import { projectCounts, type HypothesisCounts } from './projectCounts.js';
import { perEngine, type Dialect } from './dialect.js';
import { scalar, tuples, type EngineTexts } from './sql.js';
import { inUnit } from './unitOfWork.js';

/** A hypothesis as a list page shows it: no long texts, no bookkeeping columns, citations only counted. */
export type HypothesisListRow = Pick<
  HypothesisRow,
  'id' | 'seq' | 'summary' | 'method' | 'origin' | 'status' | 'gate' | 'parents' | 'elo' | 'btScore' | 'ciLow' | 'ciHigh' | 'pTopK' | 'rank' | 'matchesPlayed' | 'nearDuplicateOf' | 'safetyFlag'
> & { unverifiedCitations: number };

export interface HypothesisQuery {
  projectId: string;
  status?: string | undefined;
  /** Only hypotheses of this origin (generated, evolved, human). */
  origin?: string | undefined;
  minElo?: number | undefined;
  limit: number;
  /** Position after which to continue: the (sort key, seq) of the last row of the previous page. */
  after?: { sortKey: number; seq: number } | undefined;
  /**
   * The project's counters when the caller read them already (with the project: getProjectCounts),
   * or is reading them alongside the page, so the total costs no read of its own.
   */
  counts?: HypothesisCounts | Promise<HypothesisCounts> | undefined;
}

// Ranked first by tournament rank, unranked ones after them by Elo; `sort_key` makes that one number.
// Migration 0005 indexes exactly this expression (hypotheses_in_list_order and
// hypotheses_by_status_in_list_order); SQLite uses those indexes only while the two stay the same.
export const LIST_ORDER = 'CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END';

// Rows come back as arrays (sql.ts's tuples): this SELECT list and the destructuring in fromValues must
// name the same columns in the same order. All of them are in hypotheses_in_list_order (a covering
// index, migration 0012), so an unfiltered page never reads the table rows; the citations are only
// counted (unverified_citations, kept by that migration's triggers), never parsed here.
const LIST_COLUMNS =
  'id, seq, summary, unverified_citations, method, origin, status, gate, parents, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played, near_duplicate_of, safety_flag';

type ListValues = [
  id: string, seq: number, summary: string, unverifiedCitations: number, method: string, origin: HypothesisListRow['origin'], status: HypothesisListRow['status'], gate: HypothesisListRow['gate'],
  parents: string, elo: number, btScore: number | null, ciLow: number | null, ciHigh: number | null, pTopK: number | null, rank: number | null,
  matchesPlayed: number, nearDuplicateOf: string | null, safetyFlag: string | null, sortKey: number,
];

function fromValues(values: ListValues): HypothesisListRow {
  const [id, seq, summary, unverifiedCitations, method, origin, status, gate, parents, elo, btScore, ciLow, ciHigh, pTopK, rank, matchesPlayed, nearDuplicateOf, safetyFlag] = values;
  return {
    id, seq, summary, unverifiedCitations, method, origin, status, gate, parents: parentIds(parents),
    elo, btScore, ciLow, ciHigh, pTopK, rank, matchesPlayed, nearDuplicateOf, safetyFlag,
  };
}

/** Which filters a page has: each combination is its own statement (see pageSql). */
function filterKey(query: HypothesisQuery): number {
  return (query.status === undefined ? 0 : 1) | (query.origin === undefined ? 0 : 2) | (query.minElo === undefined ? 0 : 4) | (query.after === undefined ? 0 : 8);
}

/**
 * The SQL of one page for the filters actually given. Each combination is its own statement (at
 * most sixteen, built and prepared once) instead of one with `@x IS NULL OR …` switches: a switch
 * hides the status equality and the cursor range from the planner, which then scans the project
 * from the top.
 */
function pageSql(d: Dialect, query: HypothesisQuery): string {
  const where = ['project_id = @projectId'];
  if (query.status !== undefined) where.push('status = @status');
  if (query.origin !== undefined) where.push('origin = @origin');
  if (query.minElo !== undefined) where.push('elo >= @minElo');
  // Written as a range on the indexed expression plus the tie-break, so the index seeks to the cursor.
  if (query.after !== undefined) where.push(`${LIST_ORDER} >= @afterKey`, `(${LIST_ORDER} > @afterKey OR seq > @afterSeq)`);
  // A status page names its index on SQLite: the planner would rather filter the covering unfiltered
  // order (migration 0012), which for a rare status walks the whole project.
  const from = query.status === undefined ? 'hypotheses' : `hypotheses${d.indexedBy('hypotheses_by_status_in_list_order')}`;
  return `SELECT ${LIST_COLUMNS}, ${LIST_ORDER} AS sort_key FROM ${from} WHERE ${where.join(' AND ')} ORDER BY sort_key, seq LIMIT @limit`;
}

const PAGE_STATEMENTS = new Map<number, EngineTexts>();

function pageStatement(query: HypothesisQuery): EngineTexts {
  const key = filterKey(query);
  let statement = PAGE_STATEMENTS.get(key);
  if (statement === undefined) {
    statement = perEngine((d) => pageSql(d, query));
    PAGE_STATEMENTS.set(key, statement);
  }
  return statement;
}

/** The page statement as SQLite runs it (exported for the query-plan test). */
export function hypothesisPageSql(query: HypothesisQuery): string {
  return pageStatement(query).sqlite;
}

export function queryHypotheses(db: Db, query: HypothesisQuery): Promise<{ rows: HypothesisListRow[]; total: number; next: { sortKey: number; seq: number } | null }> {
  return inUnit(db, async () => {
    const params: Record<string, unknown> = { projectId: query.projectId, limit: query.limit + 1 };
    if (query.status !== undefined) params.status = query.status;
    if (query.origin !== undefined) params.origin = query.origin;
    if (query.minElo !== undefined) params.minElo = query.minElo;
    if (query.after !== undefined) {
      params.afterKey = query.after.sortKey;
      params.afterSeq = query.after.seq;
    }
    const values = await tuples<ListValues>(db, pageStatement(query), params);
    const page = values.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      rows: page.map(fromValues),
      total: await countHypotheses(db, query),
      next: values.length > query.limit && last !== undefined ? { sortKey: last[18], seq: last[1] } : null,
    };
  });
}

/** How many hypotheses match the filter, across all pages: from the project's counters unless Elo filters too. */
async function countHypotheses(db: Db, query: HypothesisQuery): Promise<number> {
  if (query.minElo === undefined && query.origin === undefined) {
    const counts = await (query.counts ?? projectCounts(db, query.projectId));
    if (query.status === undefined) return counts.total;
    return Object.hasOwn(counts.byStatus, query.status) ? counts.byStatus[query.status as HypothesisRow['status']] : 0;
  }
  const sql = `SELECT COUNT(*) FROM hypotheses WHERE project_id = @projectId${query.status === undefined ? '' : ' AND status = @status'}${query.origin === undefined ? '' : ' AND origin = @origin'}${query.minElo === undefined ? '' : ' AND elo >= @minElo'}`;
  const counted = await scalar<number>(db, sql, {
    projectId: query.projectId,
    ...(query.minElo === undefined ? {} : { minElo: query.minElo }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.origin === undefined ? {} : { origin: query.origin }),
  });
  return counted ?? 0;
}
