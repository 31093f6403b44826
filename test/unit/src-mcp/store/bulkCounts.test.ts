// The project's counters under statements of many rows (migration 0016, store/bulkInsert.ts), on
// either engine: a multi-row insert of hypotheses and matches, one UPDATE that makes several
// hypotheses compete at once (two of them with a match between them), one that takes them out
// again, one DELETE of many matches, a rolled-back load and a project import all leave the counts
// equal to a recount. On PostgreSQL an insert or a deletion of many rows updates the counter row
// once per statement, not per row: per row, a load of N rows in one transaction was quadratic there.
// A rating refresh of 1,300 hypotheses is four UPDATE statements (store/hypotheses.ts, updateRatings)
// that leave every rating, board key and count right.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, writeTransaction } from '../../../../src-mcp/store/database.js';
import { execute, rows, scalar } from '../../../../src-mcp/store/sql.js';
import { chunkSizes, insertRows } from '../../../../src-mcp/store/bulkInsert.js';
import { updateRatings, type RatingUpdate } from '../../../../src-mcp/store/hypotheses.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { projectCounts, type HypothesisCounts } from '../../../../src-mcp/store/projectCounts.js';
import { boardCounts } from '../../../../src-mcp/store/boardQueries.js';
import { leaderboardVersion } from '../../../../src-mcp/store/leaderboardQueries.js';
import { compareWithBundle, exportProject, importProject } from '../../../../src-mcp/store/projectTransfer.js';
import { HYPOTHESIS_STATUS_VALUES } from '../../../../src-shared/schemas/hypotheses.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { seededRandom } from '../../../support/seededRandom.js';
import { statementsDuring } from '../../../support/postgresStatements.js';

const AT = '2026-11-29T00:00:00.000Z';
const PROJECT = 'res_bulk';
const HYPOTHESIS_COLUMNS = [
  'id', 'project_id', 'seq', 'summary', 'rationale', 'experimental_protocol', 'testable_predictions', 'citations', 'assumptions', 'method', 'origin',
  'status', 'gate', 'safety_flag', 'parents', 'iteration', 'elo', 'matches_played', 'wins', 'created_by', 'created_at', 'updated_at',
];
const MATCH_COLUMNS = ['id', 'project_id', 'first_id', 'second_id', 'winner_id', 'judge', 'rationale', 'created_by', 'created_at', 'seq'];
const GATES = ['new', 'awaiting_approval', 'approved'] as const;

let db: Db;

beforeEach(async () => {
  db = await openTestStore('cosci-bulkcounts-');
  await insertProject(db, { id: PROJECT, goal: 'Bulk counts', domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
});

afterEach(async () => {
  await closeDatabase(db);
});

/** `count` hypotheses of every status, gate and flag, ids hyp_<from>…, as insertRows takes them. */
function hypothesisRows(from: number, count: number, seed: number): unknown[][] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return [`hyp_${n}`, PROJECT, n, `Hypothesis ${n}`, 'Because.', 'Measure it.', '[]', '[]', '[]', 'literature_based', 'generated',
      pick(HYPOTHESIS_STATUS_VALUES), pick(GATES), random() < 0.1 ? 'dual_use' : null, '[]', 1, 1000, 0, 0, 'test', AT, AT];
  });
}

function matchRows(hypotheses: number, count: number, from: number, seed: number): unknown[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const a = Math.floor(random() * hypotheses);
    let b = Math.floor(random() * (hypotheses - 1));
    if (b >= a) b += 1;
    return [`mat_${from + i}`, PROJECT, `hyp_${a}`, `hyp_${b}`, `hyp_${a}`, 'model', 'Better.', 'test', AT, from + i + 1];
  });
}

const COMPETES = "status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL";

/** The counters as a full scan counts them. */
async function recount(): Promise<{ counts: HypothesisCounts; competitors: number; competitorMatches: number }> {
  const count = async (sql: string, ...params: unknown[]): Promise<number> => Number((await scalar<number>(db, sql, [PROJECT, ...params])) ?? 0);
  const byStatus = Object.fromEntries(
    await Promise.all(HYPOTHESIS_STATUS_VALUES.map(async (status) => [status, await count('SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status = ?', status)] as const)),
  ) as HypothesisCounts['byStatus'];
  return {
    counts: {
      total: await count('SELECT COUNT(*) FROM hypotheses WHERE project_id = ?'),
      reviewed: await count('SELECT COUNT(*) FROM hypotheses h WHERE project_id = ? AND EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = h.id)'),
      inTournament: byStatus.in_tournament + byStatus.evolved,
      rejected: byStatus.rejected,
      byStatus,
      matches: await count('SELECT COUNT(*) FROM matches WHERE project_id = ?'),
    },
    competitors: await count(`SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND ${COMPETES}`),
    competitorMatches: await count(
      `SELECT COUNT(*) FROM matches m WHERE m.project_id = ?
         AND m.first_id IN (SELECT id FROM hypotheses WHERE ${COMPETES}) AND m.second_id IN (SELECT id FROM hypotheses WHERE ${COMPETES})`,
    ),
  };
}

async function counters(): Promise<Awaited<ReturnType<typeof recount>>> {
  const board = await boardCounts(db, PROJECT);
  return { counts: await projectCounts(db, PROJECT), competitors: Number(board.competitors), competitorMatches: Number(board.competitorMatches) };
}

async function expectExact(step: string): Promise<void> {
  expect({ step, counters: await counters() }).toEqual({ step, counters: await recount() });
}

describe('project counters under statements of many rows (migration 0016)', () => {
  it('stay exact through multi-row inserts, one-statement competing changes and a one-statement match deletion', async () => {
    const version = await leaderboardVersion(db, PROJECT);
    await writeTransaction(db, async () => {
      expect(await insertRows(db, 'hypotheses', HYPOTHESIS_COLUMNS, hypothesisRows(0, 120, 1))).toBe(120);
      expect(await insertRows(db, 'matches', MATCH_COLUMNS, matchRows(120, 900, 0, 2))).toBe(900);
    });
    await expectExact('after the multi-row inserts');
    // The board changed: its cached pages must be read anew (the step differs by engine, its direction not).
    expect(await leaderboardVersion(db, PROJECT)).toBeGreaterThanOrEqual(version + 1_020);

    // hyp_0 and hyp_1 play each other; both start to compete in one statement, then stop in another.
    await insertRows(db, 'matches', MATCH_COLUMNS, [['mat_pair', PROJECT, 'hyp_0', 'hyp_1', 'hyp_0', 'model', 'Better.', 'test', AT, 10_000]]);
    await execute(db, "UPDATE hypotheses SET status = 'in_tournament', gate = 'approved', safety_flag = NULL WHERE id IN ('hyp_0', 'hyp_1', 'hyp_2', 'hyp_3')");
    await expectExact('after four hypotheses started to compete in one statement');
    await execute(db, "UPDATE hypotheses SET gate = 'approved', safety_flag = NULL WHERE seq % 3 = 0");
    await expectExact('after a third of the board was approved in one statement');
    await execute(db, "UPDATE hypotheses SET status = 'rejected' WHERE id IN ('hyp_0', 'hyp_1', 'hyp_5', 'hyp_6', 'hyp_9')");
    await expectExact('after five hypotheses were rejected in one statement');
    await execute(db, "UPDATE hypotheses SET elo = elo + 1 WHERE project_id = ?", [PROJECT]);
    await expectExact('after a rating change of every hypothesis');

    expect(await execute(db, 'DELETE FROM matches WHERE seq % 2 = 0')).toBeGreaterThan(100);
    await expectExact('after deleting half the matches in one statement');

    const before = await counters();
    await expect(
      writeTransaction(db, async () => {
        await insertRows(db, 'hypotheses', HYPOTHESIS_COLUMNS, hypothesisRows(1_000, 50, 3));
        await insertRows(db, 'matches', MATCH_COLUMNS, matchRows(120, 200, 20_000, 4));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await counters()).toEqual(before);
  });

  it('stay exact through a rating refresh written a chunk at a time, which stores every rating and board key as given', async () => {
    const size = 1_300;
    // 1,024 + 256 + 16 + 4: four statements, each size a text of its own.
    expect(chunkSizes(size)).toEqual([1_024, 256, 16, 4]);
    await writeTransaction(db, async () => {
      await insertRows(db, 'hypotheses', HYPOTHESIS_COLUMNS, hypothesisRows(0, size, 5));
      await insertRows(db, 'matches', MATCH_COLUMNS, matchRows(size, 2_000, 0, 6));
    });
    const random = seededRandom(7);
    const maybe = (value: number): number | null => (random() < 0.2 ? null : value);
    const updates: RatingUpdate[] = Array.from({ length: size }, (_, i) => {
      const low = 900 + random() * 300;
      return {
        id: `hyp_${i}`,
        elo: 1000 + (random() - 0.5) * 733.3,
        btScore: maybe(random() * 1_000),
        ciLow: maybe(low),
        ciHigh: maybe(low + random() * 100),
        pTopK: maybe(random()),
        rank: random() < 0.5 ? i + 1 : null,
        matchesPlayed: Math.floor(random() * 40),
        wins: Math.floor(random() * 20),
      };
    });
    const version = await leaderboardVersion(db, PROJECT);
    const sent = await statementsDuring(async () => writeTransaction(db, async () => await updateRatings(db, updates, '2026-11-29T01:00:00.000Z')));
    // On PostgreSQL one statement per chunk, not per row (a round trip each); on SQLite nothing goes over a wire.
    if (testEngine() === 'postgres') expect(sent.filter((text) => /^(WITH ratings|UPDATE hypotheses)/.test(text))).toHaveLength(4);

    type Stored = RatingUpdate & { updatedAt: string; competes: number; bucket: number; value: number };
    const stored = await rows<Stored>(
      db,
      `SELECT id, elo, bt_score AS btScore, ci_low AS ciLow, ci_high AS ciHigh, p_top_k AS pTopK, rank, matches_played AS matchesPlayed, wins,
         updated_at AS updatedAt, CASE WHEN ${COMPETES} THEN 1 ELSE 0 END AS competes, board_bucket AS bucket, board_value AS value
       FROM hypotheses WHERE project_id = ? ORDER BY seq`,
      [PROJECT],
    );
    expect(stored.map((row) => ({ id: row.id, elo: row.elo, btScore: row.btScore, ciLow: row.ciLow, ciHigh: row.ciHigh, pTopK: row.pTopK, rank: row.rank, matchesPlayed: row.matchesPlayed, wins: row.wins }))).toEqual(updates);
    expect(new Set(stored.map((row) => row.updatedAt))).toEqual(new Set(['2026-11-29T01:00:00.000Z']));
    // Migration 0013's key: the rank for a ranked competitor, minus Elo for everyone else.
    for (const row of stored) {
      const ranked = row.competes === 1 && row.rank !== null;
      expect({ id: row.id, bucket: row.bucket, value: row.value }).toEqual({ id: row.id, bucket: ranked ? 0 : 1, value: ranked ? row.rank : -row.elo });
    }
    await expectExact('after the rating refresh');
    expect(await leaderboardVersion(db, PROJECT)).toBeGreaterThan(version);
  });

  it('arrive exact in the store a project is imported into', async () => {
    await writeTransaction(db, async () => {
      await insertRows(db, 'hypotheses', HYPOTHESIS_COLUMNS, hypothesisRows(0, 200, 5));
      await insertRows(db, 'matches', MATCH_COLUMNS, matchRows(200, 1_500, 0, 6));
    });
    const bundle = await exportProject(db, PROJECT);
    if (bundle === undefined) throw new Error('no bundle');
    const source = db;
    const target = await openTestStore('cosci-bulkcounts-target-');
    try {
      const summary = await importProject(target, bundle, 'bundle.json');
      expect(summary.written).toMatchObject({ hypotheses: 200, matches: 1_500 });
      expect((await compareWithBundle(target, bundle)).differences).toEqual([]);
      db = target;
      await expectExact('in the target after the import');
      const imported = await counters();
      db = source;
      expect(imported).toEqual(await counters());
    } finally {
      db = source;
      await closeDatabase(target);
    }
  });

  it.skipIf(testEngine() !== 'postgres')('update the counter row once per inserting or deleting statement on PostgreSQL, not once per row', async () => {
    const updates = await writeTransaction(db, async () => {
      await insertRows(db, 'hypotheses', HYPOTHESIS_COLUMNS, hypothesisRows(0, 500, 7));
      await insertRows(db, 'matches', MATCH_COLUMNS, matchRows(500, 2_000, 0, 8));
      await execute(db, 'DELETE FROM matches WHERE seq <= 1500');
      // This transaction's own statistics: row updates of project_counts so far.
      return Number(await scalar<number>(db, "SELECT n_tup_upd FROM pg_stat_xact_user_tables WHERE relname = 'project_counts'"));
    });
    // One statement of hypotheses, two of matches (1,000 rows each), one DELETE: per row it was 500 × 3 + 3,500 × 3.
    expect(updates).toBeLessThanOrEqual(4);
    await expectExact('after the load');
  });
});
