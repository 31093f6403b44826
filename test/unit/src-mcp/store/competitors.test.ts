// competitorsExceed on a real store (SQLite file, or PostgreSQL database with COSCI_TEST_ENGINE=postgres): it counts exactly the hypotheses engine/ranking.ts's
// isCompetitor admits, and answers by the threshold whether there are fewer, as many, or more.
import { describe, expect, it } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../../../../src-mcp/store/database.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { insertHypothesis, projectHypotheses, type HypothesisRow } from '../../../../src-mcp/store/hypotheses.js';
import { COMPETITORS_UP_TO, competitorsExceed } from '../../../../src-mcp/store/competitors.js';
import { isCompetitor } from '../../../../src-mcp/engine/ranking.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

const AT = '2026-11-01T00:00:00.000Z';

function hypothesis(projectId: string, seq: number, overrides: Partial<HypothesisRow>): HypothesisRow {
  return {
    id: `hyp_${projectId}_${seq}`, projectId, seq, summary: `Hypothesis ${seq}`, rationale: 'Because.', experimentalProtocol: 'Measure it.', testablePredictions: [],
    citations: [], assumptions: [], method: 'literature_based', origin: 'generated', status: 'in_tournament', gate: 'approved', parents: [], iteration: 1,
    elo: 1000, btScore: null, ciLow: null, ciHigh: null, pTopK: null, rank: null, matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null,
    batchTaskId: null, createdBy: 'test', reasoner: null, createdAt: AT, updatedAt: AT, ...overrides,
  };
}

async function projectWith(db: Db, id: string, rows: Array<Partial<HypothesisRow>>): Promise<void> {
  await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
  for (const [index, overrides] of rows.entries()) await insertHypothesis(db, hypothesis(id, index + 1, overrides));
}

describe('competitorsExceed', () => {
  it('counts exactly what isCompetitor admits, per project, against the threshold', async () => {
    const db = await openTestStore('cosci-competitors-');
    try {
      const excluded: Array<Partial<HypothesisRow>> = [
        { status: 'pending' },
        { status: 'rejected' },
        { gate: 'awaiting_approval' },
        { gate: 'new', status: 'reviewed' },
        { safetyFlag: 'dual-use pathogen work' },
      ];
      const included: Array<Partial<HypothesisRow>> = [{ status: 'reviewed' }, { status: 'in_tournament' }, { status: 'evolved' }];
      await projectWith(db, 'big', [...excluded, ...included, ...included]);
      await projectWith(db, 'other', [...included, ...included, ...included]);

      const admitted = (await projectHypotheses(db, 'big')).filter(isCompetitor).length;
      expect(admitted).toBe(6);
      expect(await competitorsExceed(db, 'big', admitted - 1)).toBe(true);
      expect(await competitorsExceed(db, 'big', admitted)).toBe(false);
      expect(await competitorsExceed(db, 'big', 0)).toBe(true);
      expect(await competitorsExceed(db, 'other', 8)).toBe(true);
      expect(await competitorsExceed(db, 'other', 9)).toBe(false);
      expect(await competitorsExceed(db, 'missing', 0)).toBe(false);
    } finally {
      await closeDatabase(db);
    }
  });

  // SQLite's plan and its INDEXED BY clause: PostgreSQL has neither (its planner has statistics).
  it.skipIf(testEngine() === 'postgres')('counts from the partial index of competitors alone, without reading hypothesis rows', async () => {
    // The query names the index (migration 0006); SQLite accepts that only while the query's WHERE
    // clause implies the index's, so this also guards COMPETITOR_CONDITION against drifting.
    const db = await openDatabase(makeTempDir('cosci-competitors-'));
    try {
      const plan = sqlite(db)
        .prepare(`EXPLAIN QUERY PLAN ${COMPETITORS_UP_TO.sqlite}`)
        .all('p', 501) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail)).toContainEqual(expect.stringMatching(/USING COVERING INDEX hypotheses_competing/));
    } finally {
      await closeDatabase(db);
    }
  });
});
