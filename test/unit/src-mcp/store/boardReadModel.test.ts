// The leaderboard read model of migration 0010 on a real store (either engine): the competitor and
// competitor-match counters stay equal to a recount through every kind of change (a flag, a gate,
// a rejection, a vote, a deleted match, a deleted hypothesis with its matches, a rolled-back
// write); pages walk the board in the engine's order from the board-order index without sorting;
// and the rank movement the refresh stored is the refit of the log before the latest round.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, writeTransaction } from '../../../../src-mcp/store/database.js';
import { execute } from '../../../../src-mcp/store/sql.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { boardCounts, boardPageParams, boardPageSql } from '../../../../src-mcp/store/boardQueries.js';
import { COMPETITOR_CONDITION } from '../../../../src-mcp/store/competitors.js';
import { projectHypotheses, setSafetyFlag, updateHypothesisGate, updateHypothesisStatus } from '../../../../src-mcp/store/hypotheses.js';
import { insertMatch, projectMatches } from '../../../../src-mcp/store/matches.js';
import { boardRound, leaderboardPage, previousRanks, type LeaderboardViewRow } from '../../../../src-mcp/engine/views/leaderboardView.js';
import { isCompetitor, toTournamentMatch } from '../../../../src-mcp/engine/ranking.js';
import { seedTournamentInto } from '../../../../bench/leaderboard-seed.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

const AT = '2026-11-26T00:00:00.000Z';
let projectId: string;
let db: Db;

// A fresh store per test (on PostgreSQL the setup file drops its database after the file).
beforeEach(async () => {
  db = await openTestStore('cosci-board-');
  projectId = (await seedTournamentInto(db, { hypotheses: 40, rounds: 3, seed: 11 })).projectId;
});

afterEach(async () => {
  await closeDatabase(db);
});

async function recount(): Promise<{ competitors: number; competitorMatches: number }> {
  const competing = new Set((await projectHypotheses(db, projectId)).filter(isCompetitor).map((h) => h.id));
  const competitorMatches = (await projectMatches(db, projectId)).filter((m) => competing.has(m.firstId) && competing.has(m.secondId)).length;
  return { competitors: competing.size, competitorMatches };
}

async function counters(): Promise<{ competitors: number; competitorMatches: number }> {
  const { competitors, competitorMatches } = await boardCounts(db, projectId);
  return { competitors, competitorMatches };
}

async function wholeBoard(limit: number): Promise<LeaderboardViewRow[]> {
  const rows: LeaderboardViewRow[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await leaderboardPage(db, projectId, { limit, ...(cursor === undefined ? {} : { cursor }) });
    rows.push(...page.rows);
    if (page.nextCursor === null) return rows;
    cursor = page.nextCursor;
  }
}

const vote = async (id: string, first: string, second: string) =>
  await insertMatch(db, { id, projectId, firstId: first, secondId: second, winnerId: second, judge: 'human', confidence: null, rationale: 'Scientist vote.', debate: [], taskId: null, pairId: null, createdBy: 'desktop', createdAt: AT });

describe('leaderboard read model (migration 0010)', () => {
  it('keeps the competitor and competitor-match counters equal to a recount through every kind of change', async () => {
    expect(await counters()).toEqual(await recount());
    expect((await counters()).competitorMatches).toBeGreaterThan(0);
    const [a, b, c, d, e] = (await wholeBoard(100)).map((row) => row.line.id) as [string, string, string, string, string];

    await writeTransaction(db, async () => await setSafetyFlag(db, a, 'dual_use', AT));
    expect(await counters()).toEqual(await recount());
    await writeTransaction(db, async () => await vote('mat_with_flagged', a, b));
    expect(await counters()).toEqual(await recount());
    await writeTransaction(db, async () => await setSafetyFlag(db, a, null, AT));
    expect(await counters()).toEqual(await recount());

    await writeTransaction(db, async () => await updateHypothesisGate(db, [b], 'awaiting_approval', AT));
    expect(await counters()).toEqual(await recount());
    await writeTransaction(db, async () => await updateHypothesisGate(db, [b], 'approved', AT));
    await writeTransaction(db, async () => await updateHypothesisStatus(db, [c], 'rejected', AT));
    expect(await counters()).toEqual(await recount());

    await writeTransaction(db, async () => await vote('mat_between', d, e));
    expect(await counters()).toEqual(await recount());
    await writeTransaction(db, async () => await execute(db, 'DELETE FROM matches WHERE id = ?', ['mat_between']));
    expect(await counters()).toEqual(await recount());

    // A deleted hypothesis takes its matches with it (ON DELETE CASCADE): counted off once.
    await writeTransaction(db, async () => await execute(db, 'DELETE FROM hypotheses WHERE id = ?', [d]));
    expect(await counters()).toEqual(await recount());

    const before = await counters();
    await expect(
      writeTransaction(db, async () => {
        await setSafetyFlag(db, e, 'dual_use', AT);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await counters()).toEqual(before);
  });

  it('walks the board in the engine order by cursor', async () => {
    await writeTransaction(db, async () => await setSafetyFlag(db, (await wholeBoard(5))[0]?.line.id as string, 'dual_use', AT));
    const hypotheses = await projectHypotheses(db, projectId);
    const expected = hypotheses
      .map((h) => ({ id: h.id, key: isCompetitor(h) && h.rank !== null ? [0, h.rank, h.seq] : [1, -h.elo, h.seq] }))
      .sort((x, y) => (x.key[0] as number) - (y.key[0] as number) || (x.key[1] as number) - (y.key[1] as number) || (x.key[2] as number) - (y.key[2] as number))
      .map((row) => row.id);
    expect((await wholeBoard(7)).map((row) => row.line.id)).toEqual(expected);
    expect((await wholeBoard(1000)).map((row) => row.line.id)).toEqual(expected);
  });

  // SQLite's plans: PostgreSQL has no INDEXED BY, and its board index is not a covering one (its migration 0013).
  it.skipIf(testEngine() === 'postgres')('reads a board page from the board-order index alone, without sorting', () => {
    for (const afterCursor of [false, true]) {
      const args = boardPageParams(projectId, afterCursor ? [0, 3, 3] : null, 10);
      const plan = (sqlite(db).prepare(`EXPLAIN QUERY PLAN ${boardPageSql(afterCursor)}`).all(...args) as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
      // Migration 0013: the page's every column is in the index; the table is never read.
      expect(plan).toContain('USING COVERING INDEX hypotheses_in_board_order');
      expect(plan).not.toContain('TEMP B-TREE');
      // After a cursor the page starts with an index seek: a row deep in the board costs no more than the top.
      if (afterCursor) expect(plan).toContain('(board_bucket,board_value,seq)>(?,?,?)');
    }
  });

  it('stores the rank movement of the latest round as the refit of the log before it', async () => {
    const page = await leaderboardPage(db, projectId, { limit: 100 });
    const competing = new Set((await projectHypotheses(db, projectId)).filter(isCompetitor).map((h) => h.id));
    const log = (await projectMatches(db, projectId)).map(toTournamentMatch).filter((m) => competing.has(m.first) && competing.has(m.second));
    const round = await boardRound(db, projectId);
    expect(round.matches).toBeGreaterThan(0);
    expect(page.movementWindow).toEqual(round);
    const previous = previousRanks([...competing], log, round.matches);
    for (const row of page.rows) expect(row.previousRank).toBe(previous.get(row.line.id) ?? null);
    const compared = page.rows.filter((row) => row.rank !== null && row.previousRank !== null);
    expect(compared.length).toBeGreaterThan(0);
    expect(compared.map((row) => row.movement)).toEqual(compared.map((row, position) => (row.previousRank as number) - (position + 1)));
  });

  it('names the competitor condition of migration 0006 in its counters', () => {
    // The triggers spell the condition out; if store/competitors.ts changes it, they must follow.
    expect(COMPETITOR_CONDITION).toBe("status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL");
  });
});
