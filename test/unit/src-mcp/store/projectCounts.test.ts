// The per-project counters of migration 0005 on a real store (either engine): after every kind of write
// (inserts, status changes, deletions, cascades, rollbacks, project deletion) they must equal what
// a full scan counts, and a database migrated from version 4 must start with the right numbers.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { closeDatabase, type Db, openDatabase, writeTransaction } from '../../../../src-mcp/store/database.js';
import { execute, scalar, scalars } from '../../../../src-mcp/store/sql.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { openSecondHandle } from '../../../support/secondStoreHandle.js';
import { databasePath } from '../../../../src-shared/node/dataDir.js';
import { MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { deleteProject } from '../../../../src-mcp/store/projectState.js';
import { insertHypothesis, updateHypothesisStatus, updateRatings, type HypothesisRow } from '../../../../src-mcp/store/hypotheses.js';
import { insertReview } from '../../../../src-mcp/store/reviews.js';
import { countMatches, insertMatch } from '../../../../src-mcp/store/matches.js';
import { projectCounts } from '../../../../src-mcp/store/projectCounts.js';
import { HYPOTHESIS_STATUS_VALUES, type HypothesisStatus } from '../../../../src-shared/schemas/hypotheses.js';
import { seededRandom } from '../../../support/seededRandom.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { handleOf, sqlite } from '../../../../src-mcp/store/handle.js';

const STATUSES = HYPOTHESIS_STATUS_VALUES;
// 600 steps, each recounted by about 30 statements: a few seconds on SQLite, over a network round
// trip each on PostgreSQL (half a minute on a loaded 2-core machine).
const FULL_COUNT_TIMEOUT_MS = 180_000;
const AT = '2026-11-01T00:00:00.000Z';

function tempDir(): string {
  return makeTempDir('cosci-counts-');
}

async function addProject(db: Db, id: string): Promise<void> {
  await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
}

async function addHypothesis(db: Db, projectId: string, id: string, seq: number, status: HypothesisStatus): Promise<void> {
  const row: HypothesisRow = {
    id, projectId, seq, summary: `Hypothesis ${id}`, rationale: 'Because.', experimentalProtocol: 'Measure it.', testablePredictions: [], citations: [],
    assumptions: [], method: 'literature_based', origin: 'generated', status, gate: 'approved', parents: [], iteration: 1, elo: 1000, btScore: null,
    ciLow: null, ciHigh: null, pTopK: null, rank: null, matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null, batchTaskId: null,
    createdBy: 'test', reasoner: null, createdAt: AT, updatedAt: AT,
  };
  await insertHypothesis(db, row);
}

/** A hypothesis row as a version-4 database stores it (the store's statements name later columns, e.g. migration 0007's title). */
function addLegacyHypothesis(db: Db, projectId: string, id: string, seq: number, status: HypothesisStatus): void {
  sqlite(db).prepare(
    `INSERT INTO hypotheses (id, project_id, seq, summary, rationale, experimental_protocol, testable_predictions, citations, assumptions, method, origin,
       status, gate, parents, iteration, elo, matches_played, wins, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Because.', 'Measure it.', '[]', '[]', '[]', 'literature_based', 'generated', ?, 'approved', '[]', 1, 1000, 0, 0, 'test', ?, ?)`,
  ).run(id, projectId, seq, `Hypothesis ${id}`, status, AT, AT);
}

async function addReview(db: Db, projectId: string, hypothesisId: string, id: string): Promise<void> {
  await insertReview(db, {
    id, projectId, hypothesisId, type: 'initial', plausibility: 0.5, novelty: 0.5, testability: 0.5, safety: 0.9, overall: 0.5, strengths: [], weaknesses: [],
    recommendations: [], citations: [], assumptionChecks: [], fundamentalFlaw: false, narrative: null, reviewer: 'test', judge: 'model', taskId: null, createdAt: AT,
  });
}

async function addMatch(db: Db, projectId: string, id: string, first: string, second: string): Promise<void> {
  await insertMatch(db, { id, projectId, firstId: first, secondId: second, winnerId: first, judge: 'model', confidence: 0.7, rationale: 'Better.', debate: [], taskId: null, pairId: null, createdBy: 'test', createdAt: AT });
}

/** What the counters must say, counted the slow way (the statements they replaced). */
async function scanned(db: Db, projectId: string) {
  const count = async (sql: string, ...params: unknown[]): Promise<number> => (await scalar<number>(db, sql, [projectId, ...params])) ?? 0;
  const byStatus: Record<string, number> = {};
  for (const status of STATUSES) byStatus[status] = await count('SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status = ?', status);
  return {
    total: await count('SELECT COUNT(*) FROM hypotheses WHERE project_id = ?'),
    reviewed: await count('SELECT COUNT(*) FROM hypotheses h WHERE project_id = ? AND EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = h.id)'),
    inTournament: await count("SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status IN ('in_tournament', 'evolved')"),
    rejected: await count("SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status = 'rejected'"),
    byStatus,
    matches: await count('SELECT COUNT(*) FROM matches WHERE project_id = ?'),
  };
}

async function expectCountsRight(db: Db, projectIds: readonly string[], step: string): Promise<void> {
  for (const id of projectIds) {
    const expected = await scanned(db, id);
    expect({ step, id, counts: await projectCounts(db, id) }).toEqual({ step, id, counts: expected });
    expect(await countMatches(db, id)).toBe(expected.matches);
  }
}

describe('project counters (migration 0005)', () => {
  it('start at zero for a new project and for one that does not exist', async () => {
    const db = await openTestStore('cosci-counts-');
    try {
      await addProject(db, 'res_a');
      const zero = { total: 0, reviewed: 0, inTournament: 0, rejected: 0, matches: 0, byStatus: { pending: 0, reviewed: 0, in_tournament: 0, evolved: 0, rejected: 0 } };
      expect(await projectCounts(db, 'res_a')).toEqual(zero);
      expect(await projectCounts(db, 'res_missing')).toEqual(zero);
    } finally {
      await closeDatabase(db);
    }
  });

  it('stay equal to a full count through inserts, status changes, deletions, cascades and project deletion', async () => {
    const db = await openTestStore('cosci-counts-');
    const random = seededRandom(20_261_122);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
    const projects = ['res_a', 'res_b', 'res_c'];
    const all = [...projects];
    let next = 0;
    let reopened: Db;
    try {
      for (const id of projects) await addProject(db, id);
      for (let step = 0; step < 600; step += 1) {
        const projectId = pick(projects);
        if (projectId === undefined) break;
        // In a stated order: the seeded picks must be the same on both engines.
        const hypotheses = await scalars<string>(db, 'SELECT id FROM hypotheses WHERE project_id = ? ORDER BY seq', [projectId]);
        const reviews = await scalars<string>(db, 'SELECT id FROM reviews WHERE project_id = ? ORDER BY id', [projectId]);
        const matches = await scalars<string>(db, 'SELECT id FROM matches WHERE project_id = ? ORDER BY seq', [projectId]);
        const roll = random();
        next += 1;
        let op: string;
        if (roll < 0.3 || hypotheses.length < 2) {
          op = 'insert hypothesis';
          await addHypothesis(db, projectId, `hyp_${next}`, next, pick(STATUSES) ?? 'pending');
        } else if (roll < 0.45) {
          op = 'change status';
          // Sometimes to the status it already has: that must change nothing.
          await updateHypothesisStatus(db, [pick(hypotheses) as string, pick(hypotheses) as string], pick(STATUSES) ?? 'pending', AT);
        } else if (roll < 0.6) {
          op = 'insert review';
          await addReview(db, projectId, pick(hypotheses) as string, `rev_${next}`);
        } else if (roll < 0.68 && reviews.length > 0) {
          op = 'delete review';
          await execute(db, 'DELETE FROM reviews WHERE id = ?', [pick(reviews)]);
        } else if (roll < 0.82) {
          op = 'insert match';
          const [first, second] = [...hypotheses].sort(() => random() - 0.5);
          await addMatch(db, projectId, `mat_${next}`, first as string, second as string);
        } else if (roll < 0.86 && matches.length > 0) {
          op = 'delete match';
          await execute(db, 'DELETE FROM matches WHERE id = ?', [pick(matches)]);
        } else if (roll < 0.92) {
          op = 'delete hypothesis (cascades to its reviews and matches)';
          await execute(db, 'DELETE FROM hypotheses WHERE id = ?', [pick(hypotheses)]);
        } else if (roll < 0.97) {
          op = 'rating update';
          await updateRatings(db, hypotheses.map((id, i) => ({ id, elo: 1000 + i, btScore: i, ciLow: i - 1, ciHigh: i + 1, pTopK: 0.5, rank: i + 1, matchesPlayed: i, wins: 0 })), AT);
        } else {
          op = 'rolled-back transaction';
          await expect(
            writeTransaction(db, async () => {
              await addHypothesis(db, projectId, `hyp_${next}_rolled_back`, next + 100_000, 'rejected');
              await addReview(db, projectId, hypotheses[0] as string, `rev_${next}_rolled_back`);
              await addMatch(db, projectId, `mat_${next}_rolled_back`, hypotheses[0] as string, hypotheses[1] as string);
              throw new Error('abort');
            }),
          ).rejects.toThrow('abort');
        }
        await expectCountsRight(db, projects, `${step}: ${op} in ${projectId}`);
      }
      expect((await projectCounts(db, 'res_a')).total).toBeGreaterThan(10);
      expect((await projectCounts(db, 'res_a')).reviewed).toBeGreaterThan(0);
      expect((await projectCounts(db, 'res_a')).matches).toBeGreaterThan(0);

      // Deleting a project removes its counter row with everything else; the others are untouched.
      expect(await deleteProject(db, 'res_b')).toBe(true);
      projects.splice(projects.indexOf('res_b'), 1);
      expect(await scalar<number>(db, 'SELECT COUNT(*) FROM project_counts WHERE project_id = ?', ['res_b'])).toBe(0);
      await expectCountsRight(db, all, 'after deleting res_b');
      // A project created again under the same id starts from zero.
      await addProject(db, 'res_b');
      expect((await projectCounts(db, 'res_b')).total).toBe(0);
      // A handle of its own, to read the counts once this one is closed.
      reopened = await openSecondHandle(db);
    } finally {
      await closeDatabase(db);
    }
    // And the counts survive reopening (they are rows, not process state).
    try {
      await expectCountsRight(reopened, all, 'after reopening');
    } finally {
      await closeDatabase(reopened);
    }
  }, FULL_COUNT_TIMEOUT_MS);

  // SQLite's stepwise migration from a version-4 file; PostgreSQL's migrations have their own tests (test/integration/postgres/).
  it.skipIf(testEngine() === 'postgres')('are backfilled when a version 4 database is migrated', async () => {
    const dir = tempDir();
    const old = new Database(databasePath(dir));
    old.pragma('foreign_keys = ON');
    for (const migration of MIGRATIONS.slice(0, 4)) old.exec(migration.sql);
    old.pragma('user_version = 4');
    await addProject(handleOf(old), 'res_old');
    await addProject(handleOf(old), 'res_empty');
    STATUSES.forEach((status, i) => addLegacyHypothesis(handleOf(old), 'res_old', `hyp_${i}`, i + 1, status));
    addLegacyHypothesis(handleOf(old), 'res_old', 'hyp_extra', 10, 'in_tournament');
    await addReview(handleOf(old), 'res_old', 'hyp_0', 'rev_1');
    await addReview(handleOf(old), 'res_old', 'hyp_0', 'rev_2');
    await addReview(handleOf(old), 'res_old', 'hyp_3', 'rev_3');
    for (let m = 0; m < 7; m += 1) await addMatch(handleOf(old), 'res_old', `mat_${m}`, 'hyp_2', 'hyp_extra');
    old.close();

    const db = await openDatabase(dir);
    try {
      expect(await projectCounts(db, 'res_old')).toEqual({
        total: 6,
        reviewed: 2,
        inTournament: 3,
        rejected: 1,
        byStatus: { pending: 1, reviewed: 1, in_tournament: 2, evolved: 1, rejected: 1 },
        matches: 7,
      });
      await expectCountsRight(db, ['res_old', 'res_empty'], 'after migrating');
      // The triggers run from then on.
      await addMatch(db, 'res_old', 'mat_new', 'hyp_2', 'hyp_0');
      await addProject(db, 'res_new');
      await addHypothesis(db, 'res_new', 'hyp_new', 1, 'pending');
      await expectCountsRight(db, ['res_old', 'res_empty', 'res_new'], 'after writing to the migrated database');
    } finally {
      await closeDatabase(db);
    }
  });
});
