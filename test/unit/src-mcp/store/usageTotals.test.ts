// The usage totals of migration 0017 on a real store (either engine): after every kind of write
// (one call at a time, a thousand per statement as `project import` writes them, a rolled-back
// transaction, a deleted row, a deleted project) the summary a status poll and the budget check
// read must equal what adding up every usage row gives; an update of a usage row, which the
// totals would not follow, is refused; and a SQLite database migrated from version 16 starts with
// the sums of the rows it already had.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { closeDatabase, type Db, openDatabase, writeTransaction } from '../../../../src-mcp/store/database.js';
import { execute, rows, scalar, scalars } from '../../../../src-mcp/store/sql.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { deleteProject } from '../../../../src-mcp/store/projectState.js';
import { insertUsage, insertUsageRows, usageSummary, usageTotals, type UsageRole, type UsageRow, type UsageSummary } from '../../../../src-mcp/store/usage.js';
import { compareCodeUnits } from '../../../../src-shared/codeUnitOrder.js';
import { findProjectStatusWithUsage } from '../../../../src-mcp/store/projectWithCounts.js';
import { MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../../../src-shared/node/dataDir.js';
import { handleOf } from '../../../../src-mcp/store/handle.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { seededRandom } from '../../../support/seededRandom.js';
import { makeTempDir } from '../../../support/tempDirs.js';

const AT = '2026-11-01T00:00:00.000Z';
const ROLES: readonly UsageRole[] = ['generation', 'review', 'judging'];
const REASONERS: ReadonlyArray<readonly [string, string]> = [
  ['provider:anthropic', 'claude-sonnet'],
  ['provider:openai', 'gpt-large'],
  ['sampling', 'client-model'],
];
// Prices as providers' tables give them: a call's estimate is rarely a round number of dollars.
const COSTS: ReadonlyArray<number | null> = [null, 0.1, 0.2, 0.000_123_4, 1e-7, 0.003_75, 2.5];
// 400 steps, each followed by a full scan of three projects' rows: seconds on SQLite, a round trip
// per statement on PostgreSQL.
const TIMEOUT_MS = 180_000;

async function addProject(db: Db, id: string): Promise<void> {
  await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
}

function usageRow(random: () => number, projectId: string): UsageRow {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const [reasoner, model] = pick(REASONERS);
  return {
    projectId, taskId: null, role: pick(ROLES), reasoner, model, inputTokens: Math.floor(random() * 5_000), outputTokens: Math.floor(random() * 800),
    costUsd: pick(COSTS), outcome: 'submitted', error: null, at: AT,
  };
}

/**
 * The summary added up in this process from every usage row of the project: what the summary
 * statement computed from the rows themselves before 0017, with the cost in whole nano-dollars.
 */
async function scanned(db: Db, projectId: string): Promise<UsageSummary> {
  const all = await rows<{ role: UsageRole; reasoner: string; model: string; input_tokens: number; output_tokens: number; cost_usd: number | null }>(
    db,
    'SELECT role, reasoner, model, input_tokens, output_tokens, cost_usd FROM reasoning_usage WHERE project_id = ?',
    [projectId],
  );
  const totalsOf = (group: typeof all) => {
    const priced = group.filter((row) => row.cost_usd !== null);
    return {
      calls: group.length,
      inputTokens: group.reduce((sum, row) => sum + row.input_tokens, 0),
      outputTokens: group.reduce((sum, row) => sum + row.output_tokens, 0),
      costUsd: priced.length === 0 ? null : priced.reduce((sum, row) => sum + Math.round((row.cost_usd as number) * 1e9), 0) / 1e9,
    };
  };
  // By role name, as the summary lists them.
  const byRole = [...ROLES].sort().map((role) => ({ role, ...totalsOf(all.filter((row) => row.role === role)) })).filter((role) => role.calls > 0);
  const byReasoner = REASONERS.map(([reasoner, model]) => ({ reasoner, model, calls: all.filter((row) => row.reasoner === reasoner && row.model === model).length }))
    .filter((entry) => entry.calls > 0)
    .sort((a, b) => b.calls - a.calls || compareCodeUnits(a.reasoner, b.reasoner) || compareCodeUnits(a.model, b.model));
  return { totals: totalsOf(all), byRole, byReasoner };
}

async function expectSummariesRight(db: Db, projectIds: readonly string[], step: string): Promise<void> {
  for (const id of projectIds) {
    const expected = await scanned(db, id);
    expect({ step, id, summary: await usageSummary(db, id) }).toEqual({ step, id, summary: expected });
    expect({ step, id, totals: await usageTotals(db, id) }).toEqual({ step, id, totals: expected.totals });
  }
  // No group is kept once its last call is gone.
  expect(await scalar<number>(db, 'SELECT COUNT(*) FROM usage_totals WHERE calls <= 0')).toBe(0);
}

describe('usage totals (migration 0017)', () => {
  it('equal the sums of every usage row through single and bulk inserts, rollbacks, deletions and project deletion', async () => {
    const db = await openTestStore('cosci-usage-');
    const random = seededRandom(20_261_130);
    const projects = ['res_a', 'res_b', 'res_c'];
    try {
      for (const id of projects) await addProject(db, id);
      await expectSummariesRight(db, projects, 'empty');
      for (let step = 0; step < 400; step += 1) {
        const projectId = projects[Math.floor(random() * projects.length)] as string;
        const roll = random();
        let op: string;
        if (roll < 0.7) {
          op = 'one call';
          await insertUsage(db, usageRow(random, projectId));
        } else if (roll < 0.75) {
          // More rows than one statement takes (store/bulkInsert.ts), across the three projects.
          op = 'bulk insert';
          const bulk = Array.from({ length: 1_100 + Math.floor(random() * 300) }, () => usageRow(random, projects[Math.floor(random() * projects.length)] as string));
          await writeTransaction(db, async () => {
            await insertUsageRows(db, bulk);
          });
        } else if (roll < 0.85) {
          op = 'rolled-back transaction';
          await expect(
            writeTransaction(db, async () => {
              await insertUsage(db, usageRow(random, projectId));
              await insertUsageRows(db, [usageRow(random, projectId), usageRow(random, projectId)]);
              throw new Error('abort');
            }),
          ).rejects.toThrow('abort');
        } else {
          op = 'delete rows';
          const ids = await scalars<number>(db, 'SELECT id FROM reasoning_usage WHERE project_id = ? ORDER BY id', [projectId]);
          const chosen = ids.filter(() => random() < 0.2);
          for (const id of chosen) await execute(db, 'DELETE FROM reasoning_usage WHERE id = ?', [id]);
        }
        await expectSummariesRight(db, projects, `${step}: ${op} in ${projectId}`);
      }
      const summary = await usageSummary(db, 'res_a');
      expect(summary.byRole).toHaveLength(3);
      expect(summary.byReasoner).toHaveLength(3);
      expect(summary.totals.calls).toBeGreaterThan(1_000);
      // The cost as the sum of the estimates themselves (what SUM(cost_usd) gave), to well below a cent.
      const costs = await scalars<number | null>(db, 'SELECT cost_usd FROM reasoning_usage WHERE project_id = ?', ['res_a']);
      const floatSum = costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0);
      expect(summary.totals.costUsd).toBeCloseTo(floatSum, 6);

      // Deleting a project takes its totals with it; the others are untouched.
      expect(await deleteProject(db, 'res_b')).toBe(true);
      expect(await scalar<number>(db, 'SELECT COUNT(*) FROM usage_totals WHERE project_id = ?', ['res_b'])).toBe(0);
      await expectSummariesRight(db, ['res_a', 'res_c', 'res_b'], 'after deleting res_b');
      // A project created again under the same id starts from nothing.
      await addProject(db, 'res_b');
      expect(await usageTotals(db, 'res_b')).toEqual({ calls: 0, inputTokens: 0, outputTokens: 0, costUsd: null });
    } finally {
      await closeDatabase(db);
    }
  }, TIMEOUT_MS);

  it('refuse an update of a usage row, which they would not follow, and change nothing', async () => {
    const db = await openTestStore('cosci-usage-');
    try {
      await addProject(db, 'res_a');
      await insertUsage(db, { projectId: 'res_a', taskId: null, role: 'review', reasoner: 'provider:p', model: 'm', inputTokens: 10, outputTokens: 2, costUsd: 0.5, outcome: 'submitted', error: null, at: AT });
      const before = await usageSummary(db, 'res_a');
      await expect(execute(db, 'UPDATE reasoning_usage SET input_tokens = 1000')).rejects.toThrow(/reasoning_usage rows are written once/);
      await expect(execute(db, "UPDATE reasoning_usage SET role = 'judging'")).rejects.toThrow(/reasoning_usage rows are written once/);
      expect(await scalar<number>(db, 'SELECT input_tokens FROM reasoning_usage')).toBe(10);
      expect(await usageSummary(db, 'res_a')).toEqual(before);
    } finally {
      await closeDatabase(db);
    }
  });

  it('list reasoners with as many calls in one order on both engines, whatever the database collation', async () => {
    const db = await openTestStore('cosci-usage-');
    try {
      await addProject(db, 'res_a');
      const call = (reasoner: string, model: string): UsageRow => ({ projectId: 'res_a', taskId: null, role: 'review', reasoner, model, inputTokens: 1, outputTokens: 1, costUsd: null, outcome: 'submitted', error: null, at: AT });
      // A linguistic collation would put "alpha" before "Beta"; code units put capitals first.
      await insertUsageRows(db, [call('provider:alpha', 'm'), call('provider:Zeta', 'm'), call('provider:Beta', 'n'), call('provider:Beta', 'M'), call('sampling', 'x'), call('sampling', 'x')]);
      const expected = [
        { reasoner: 'sampling', model: 'x', calls: 2 },
        { reasoner: 'provider:Beta', model: 'M', calls: 1 },
        { reasoner: 'provider:Beta', model: 'n', calls: 1 },
        { reasoner: 'provider:Zeta', model: 'm', calls: 1 },
        { reasoner: 'provider:alpha', model: 'm', calls: 1 },
      ];
      expect((await usageSummary(db, 'res_a')).byReasoner).toEqual(expected);
      // The status poll reads the same groups inside its one statement.
      expect((await findProjectStatusWithUsage(db, 'res_a', 1, AT))?.usage).toEqual(await usageSummary(db, 'res_a'));
    } finally {
      await closeDatabase(db);
    }
  });

  // SQLite's stepwise migration from a version-16 file; PostgreSQL's is in test/integration/postgres/migrations.test.ts.
  it.skipIf(testEngine() === 'postgres')('are summed from the rows already there when a version 16 database is migrated', async () => {
    const dir = makeTempDir('cosci-usage-');
    const old = new Database(databasePath(dir));
    old.pragma('foreign_keys = ON');
    for (const migration of MIGRATIONS.slice(0, 16)) old.exec(migration.sql);
    old.pragma('user_version = 16');
    const random = seededRandom(17);
    await addProject(handleOf(old), 'res_old');
    await addProject(handleOf(old), 'res_empty');
    await insertUsageRows(handleOf(old), Array.from({ length: 200 }, () => usageRow(random, 'res_old')));
    old.close();
    const db = await openDatabase(dir);
    try {
      expect(await scalar<number>(db, 'SELECT COUNT(*) FROM usage_totals WHERE project_id = ?', ['res_old'])).toBeGreaterThan(3);
      await expectSummariesRight(db, ['res_old', 'res_empty'], 'after migrating from 16');
      expect((await usageTotals(db, 'res_old')).calls).toBe(200);
    } finally {
      await closeDatabase(db);
    }
  });
});
