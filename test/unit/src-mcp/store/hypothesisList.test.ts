// list_hypotheses' page query on a real store (either engine): on SQLite it reads the list-order indexes of migration
// 0005 (no sort of the whole project, the cursor is a seek), and its pages, concatenated, are
// exactly the project in the documented order with nothing skipped or repeated.
import { describe, expect, it } from 'vitest';
import { closeDatabase, type Db, writeTransaction } from '../../../../src-mcp/store/database.js';
import { execute, rows as sqlRows } from '../../../../src-mcp/store/sql.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { findHypothesis, insertHypothesis, type HypothesisRow } from '../../../../src-mcp/store/hypotheses.js';
import { findProjectStatusRecord, findProjectStatusWithUsage, STATUS_RECORD } from '../../../../src-mcp/store/projectWithCounts.js';
import { leaderboardLines } from '../../../../src-mcp/store/leaderboardQueries.js';
import { insertCheckpoint, pendingCheckpoints, recordDecision } from '../../../../src-mcp/store/checkpoints.js';
import { hypothesisPageSql, queryHypotheses, type HypothesisQuery } from '../../../../src-mcp/store/hypothesisList.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';
import { HYPOTHESIS_STATUS_VALUES } from '../../../../src-shared/schemas/hypotheses.js';

const AT = '2026-11-01T00:00:00.000Z';
const STATUSES = HYPOTHESIS_STATUS_VALUES;

async function seeded(): Promise<Db> {
  const db = await openTestStore('cosci-list-');
  for (const projectId of ['res_big', 'res_other']) {
    await insertProject(db, { id: projectId, goal: 'A goal', domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
  }
  await writeTransaction(db, async () => {
    for (let i = 0; i < 400; i += 1) {
      // Ranked ones (some sharing a rank, so seq breaks ties) and unranked ones with repeated Elo values.
      const ranked = i % 3 !== 0;
      const row: HypothesisRow = {
        id: `hyp_${i}`, projectId: i % 10 === 9 ? 'res_other' : 'res_big', seq: i + 1, summary: `H${i}`, rationale: 'r', experimentalProtocol: 'e',
        testablePredictions: [], citations: [], assumptions: [], method: 'literature_based', origin: 'generated', status: STATUSES[i % STATUSES.length] ?? 'pending',
        gate: 'approved', parents: [], iteration: 1, elo: 900 + ((i * 37) % 200), btScore: null, ciLow: null, ciHigh: null, pTopK: null,
        rank: ranked ? 1 + ((i * 7) % 150) : null, matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null, batchTaskId: null,
        createdBy: 'test', reasoner: null, createdAt: AT, updatedAt: AT,
      };
      await insertHypothesis(db, row);
    }
  });
  return db;
}

/** The documented order, computed in JavaScript from every row of the project. */
async function expectedOrder(db: Db, query: Omit<HypothesisQuery, 'limit' | 'after'>): Promise<string[]> {
  const rows = await sqlRows<{ id: string; seq: number; rank: number | null; elo: number; status: string }>(db, 'SELECT id, seq, rank, elo, status FROM hypotheses WHERE project_id = ?', [query.projectId]);
  const key = (row: { rank: number | null; elo: number }): number => (row.rank === null ? 1_000_000 - row.elo : row.rank);
  return rows
    .filter((row) => (query.status === undefined || row.status === query.status) && (query.minElo === undefined || row.elo >= query.minElo))
    .sort((a, b) => key(a) - key(b) || a.seq - b.seq)
    .map((row) => row.id);
}

async function allPages(db: Db, query: Omit<HypothesisQuery, 'limit' | 'after'>, limit: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: HypothesisQuery['after'];
  for (let page = 0; page < 1000; page += 1) {
    const result = await queryHypotheses(db, { ...query, limit, after });
    ids.push(...result.rows.map((row) => row.id));
    totals.push(result.total);
    if (result.next === null) return { ids, totals };
    after = result.next;
  }
  throw new Error('paging did not end');
}

function plan(db: Db, query: HypothesisQuery): string {
  const params: Record<string, unknown> = { projectId: query.projectId, limit: query.limit + 1 };
  if (query.status !== undefined) params.status = query.status;
  if (query.minElo !== undefined) params.minElo = query.minElo;
  if (query.after !== undefined) Object.assign(params, { afterKey: query.after.sortKey, afterSeq: query.after.seq });
  return (sqlite(db).prepare(`EXPLAIN QUERY PLAN ${hypothesisPageSql(query)}`).all(params) as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
}

describe('hypothesis list query', () => {
  // SQLite's plans (and INDEXED BY): PostgreSQL's planner chooses by statistics, and its
  // list-order index is not a covering one (its migration 0012 says why).
  it.skipIf(testEngine() === 'postgres')('reads a page from the list-order index without sorting, and seeks to a cursor', async () => {
    const db = await seeded();
    try {
      const first = plan(db, { projectId: 'res_big', limit: 50 });
      expect(first).toContain('USING COVERING INDEX hypotheses_in_list_order (project_id=?)');
      const cursor = plan(db, { projectId: 'res_big', limit: 50, after: { sortKey: 40, seq: 12 } });
      expect(cursor).toContain('USING COVERING INDEX hypotheses_in_list_order (project_id=? AND <expr>>?)');
      const byStatus = plan(db, { projectId: 'res_big', status: 'rejected', limit: 50 });
      expect(byStatus).toContain('USING INDEX hypotheses_by_status_in_list_order (project_id=? AND status=?)');
      const byStatusAfter = plan(db, { projectId: 'res_big', status: 'pending', limit: 50, after: { sortKey: 40, seq: 12 } });
      expect(byStatusAfter).toContain('USING INDEX hypotheses_by_status_in_list_order (project_id=? AND status=? AND <expr>>?)');
      for (const detail of [first, cursor, byStatus, byStatusAfter]) expect(detail).not.toContain('TEMP B-TREE');
    } finally {
      await closeDatabase(db);
    }
  });

  it('pages through exactly the documented order, with every filter, and reports the right total', async () => {
    const db = await seeded();
    try {
      const cases: Array<Omit<HypothesisQuery, 'limit' | 'after'>> = [
        { projectId: 'res_big' },
        { projectId: 'res_other' },
        ...STATUSES.map((status) => ({ projectId: 'res_big', status })),
        { projectId: 'res_big', minElo: 1000 },
        { projectId: 'res_big', status: 'evolved', minElo: 950 },
        { projectId: 'res_big', status: 'no_such_status' },
        { projectId: 'res_missing' },
      ];
      for (const query of cases) {
        const expected = await expectedOrder(db, query);
        for (const limit of [1, 7, 50, 500]) {
          const { ids, totals } = await allPages(db, query, limit);
          expect({ query, limit, ids }).toEqual({ query, limit, ids: expected });
          expect(new Set(totals)).toEqual(new Set([expected.length]));
        }
      }
      expect((await expectedOrder(db, { projectId: 'res_big' })).length).toBe(360);
      // Every field of a list row is the stored one (rows come back as arrays, mapped by position).
      await execute(db, "UPDATE hypotheses SET citations = '[{\"title\":\"T\",\"verified\":true},{\"title\":\"U\",\"verified\":false},{\"title\":\"V\"},\"a bare string\"]', parents = '[\"hyp_1\"]', bt_score = 3.5, ci_low = 1, ci_high = 6, p_top_k = 0.25, near_duplicate_of = 'hyp_2', safety_flag = 'flag', matches_played = 4, gate = 'new' WHERE id = 'hyp_4'");
      for (const row of (await queryHypotheses(db, { projectId: 'res_big', limit: 400 })).rows) {
        const stored = await findHypothesis(db, row.id) as HypothesisRow;
        const { unverifiedCitations, ...fields } = row;
        expect(Object.keys(fields)).toHaveLength(17);
        expect(fields).toEqual(Object.fromEntries(Object.keys(fields).map((field) => [field, stored[field as keyof HypothesisRow]])));
        // The count kept by migration 0012's triggers is JavaScript's own reading of the citations.
        expect(unverifiedCitations).toBe(stored.citations.filter((c) => !(c as { verified?: unknown }).verified).length);
        if (row.id === 'hyp_4') expect(unverifiedCitations).toBe(3);
      }
    } finally {
      await closeDatabase(db);
    }
  });

  it('reads a status’s top five in rank then seq order, without rejected or superseded ones, every field as stored (whole rows; the poll’s as board lines)', async () => {
    const db = await seeded();
    try {
      const all = await sqlRows<{ id: string; rank: number; seq: number; status: string }>(db, "SELECT id, rank, seq, status FROM hypotheses WHERE project_id = 'res_big' AND rank IS NOT NULL");
      // A superseded parent (stored status `evolved`) is never a top hypothesis (issue 32 §2).
      const expected = all.filter((row) => row.status !== 'rejected' && row.status !== 'evolved').sort((a, b) => a.rank - b.rank || a.seq - b.seq).slice(0, 5).map((row) => row.id);
      // The status read carries its rows as JSON (Dialect.jsonTuplesOf): doubles, text and JSON columns must come back exactly.
      await execute(db, `UPDATE hypotheses SET elo = 1234.5678901234567, bt_score = 0.30000000000000004, ci_low = -1e-300, ci_high = 1.7976931348623157e308, p_top_k = 0.3333333333333333,
                           citations = '[{"title":"Ä \\"quoted\\" ✓","verified":true}]', title = 'tab\there', core_claim = NULL WHERE id = ?`, [expected[0]]);
      const record = await findProjectStatusRecord(db, 'res_big', 5);
      expect(record?.topHypotheses.map((row) => row.id)).toEqual(expected);
      for (const row of record?.topHypotheses ?? []) expect(row).toEqual(await findHypothesis(db, row.id));
      expect(record?.topHypotheses[0]?.elo).toBe(1234.5678901234567);
      expect((await findProjectStatusRecord(db, 'res_big', 1))?.topHypotheses.map((row) => row.id)).toEqual(expected.slice(0, 1));
      // get_research_status's statement reads the same hypotheses as leaderboard lines, each line as the board reads it.
      const board = new Map((await leaderboardLines(db, 'res_big')).map((line) => [line.id, line]));
      const poll = await findProjectStatusWithUsage(db, 'res_big', 5, '2026-01-01T00:00:00.000Z');
      expect(poll?.topHypotheses).toEqual(expected.map((id) => board.get(id)));
      expect(poll?.topHypotheses[0]?.elo).toBe(1234.5678901234567);
      expect(poll?.topHypotheses[0]?.btScore).toBe(0.30000000000000004);
      expect((await findProjectStatusWithUsage(db, 'res_big', 1, '2026-01-01T00:00:00.000Z'))?.topHypotheses.map((line) => line.id)).toEqual(expected.slice(0, 1));
    } finally {
      await closeDatabase(db);
    }
  });

  it('reads the open checkpoints with the status, oldest first, as pendingCheckpoints does; none as an empty list', async () => {
    const db = await seeded();
    try {
      expect((await findProjectStatusRecord(db, 'res_big', 1))?.pendingCheckpoints).toEqual([]);
      const open = (id: string, createdAt: string, payload: Record<string, unknown>) => insertCheckpoint(db, { id, projectId: 'res_big', kind: 'hypothesis_batch', payload, iteration: 2 ** 40, createdAt });
      await open('chk_b', '2026-11-02T00:00:00.000Z', { note: 'Ä "quoted" \\ ✓', n: 0.1 });
      await open('chk_a', '2026-11-01T00:00:00.000Z', { list: [1, null, true] });
      await open('chk_c', '2026-11-03T00:00:00.000Z', {});
      await insertCheckpoint(db, { id: 'chk_other', projectId: 'res_other', kind: 'research_plan', payload: {}, iteration: 1, createdAt: AT });
      await recordDecision(db, { checkpointId: 'chk_c', decisionId: 'dec_c', action: 'approve', data: null, note: null, decidedBy: 'pi', decidedAt: AT });
      const record = await findProjectStatusRecord(db, 'res_big', 1);
      expect(record?.pendingCheckpoints.map((c) => c.id)).toEqual(['chk_a', 'chk_b']);
      expect(record?.pendingCheckpoints).toEqual(await pendingCheckpoints(db, 'res_big'));
      expect(await findProjectStatusRecord(db, 'res_gone', 1)).toBeUndefined();
    } finally {
      await closeDatabase(db);
    }
  });

  // SQLite's plan of the status read: the project by its key, the top five from the (project,
  // rank, seq) index and the open checkpoints from the project's, neither table sorted whole (the
  // aggregate sorts only the rows its LIMIT kept: JSON arrays keep their order).
  it.skipIf(testEngine() === 'postgres')('reads the status poll’s top five from the (project, rank, seq) index', async () => {
    const db = await seeded();
    try {
      const detail = (sqlite(db).prepare(`EXPLAIN QUERY PLAN ${STATUS_RECORD.sqlite}`).all(5, 'res_big') as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
      expect(detail).toContain('USING INDEX hypotheses_by_project_rank_seq');
      expect(detail).not.toContain('SCAN hypotheses');
      expect(detail).not.toContain('SCAN checkpoints');
      expect(detail).not.toContain('TEMP B-TREE FOR ORDER BY');
    } finally {
      await closeDatabase(db);
    }
  });
});
