// The hypothesis and tournament statements whose SQL had to change to read alike on both engines
// (docs/architecture.md, *PostgreSQL engine*): run on the run's engine, they must answer as SQLite
// always did — a null expected title matched by IS, ids and citations matched ignoring ASCII case,
// optional filters that PostgreSQL must type, several ids in one statement, rows shaped alike.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../src-mcp/store/database.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { markTrashed } from '../../../../src-mcp/store/projectTrash.js';
import {
  averagePlayedElo, findHypothesis, hypothesisIdsStartingWith, insertHypothesis, nextHypothesisSeq, updateHypothesisGate, updateHypothesisStatus,
  updateHypothesisText, type HypothesisRow,
} from '../../../../src-mcp/store/hypotheses.js';
import { insertTitleEdit, replaceHypothesisTitle, titleEdits } from '../../../../src-mcp/store/hypothesisTitles.js';
import { insertReview, reviewsOfHypothesis, reviewsOfProject } from '../../../../src-mcp/store/reviews.js';
import { insertMatch } from '../../../../src-mcp/store/matches.js';
import { headToHead, matchLogLines, matchLogStats, matchPage } from '../../../../src-mcp/store/leaderboardQueries.js';
import { hypothesesMentioning } from '../../../../src-mcp/store/citingHypotheses.js';
import { openTestStore } from '../../../support/storeEngine.js';

const AT = '2026-11-29T00:00:00.000Z';
let db: Db;

function hypothesis(projectId: string, seq: number, overrides: Partial<HypothesisRow> = {}): HypothesisRow {
  return {
    id: `hyp_${projectId}_${seq}`, projectId, seq, title: null, coreClaim: 'The claim.', summary: `Hypothesis ${seq}`, rationale: 'Because.', experimentalProtocol: 'Measure it.',
    testablePredictions: [], citations: [], assumptions: [], method: 'literature_based', origin: 'generated', status: 'in_tournament', gate: 'approved', parents: [],
    iteration: 1, elo: 1000, btScore: null, ciLow: null, ciHigh: null, pTopK: null, rank: null, matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null,
    batchTaskId: null, createdBy: 'test', reasoner: null, createdAt: AT, updatedAt: AT, ...overrides,
  };
}

async function match(id: string, first: string, second: string, winner: string, judge: 'model' | 'human'): Promise<void> {
  await insertMatch(db, { id, projectId: 'p1', firstId: first, secondId: second, winnerId: winner, judge, confidence: judge === 'model' ? 0.75 : null, rationale: `Why ${id}.`, debate: [{ speaker: 'a', argument: 'b' }], taskId: null, pairId: null, createdBy: 'test', createdAt: AT });
}

beforeAll(async () => {
  db = await openTestStore('cosci-tournament-statements-');
  for (const id of ['p1', 'p2']) {
    await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
  }
  await insertHypothesis(db, hypothesis('p1', 1, { citations: [{ doi: '10.1000/ABC.def', title: 'Fibrosis 100%' }] }));
  await insertHypothesis(db, hypothesis('p1', 2, { parents: ['hyp_p1_1'], testablePredictions: ['It rises.'] }));
  await insertHypothesis(db, hypothesis('p1', 3));
  await insertHypothesis(db, hypothesis('p2', 1, { citations: [{ doi: '10.1000/abc.DEF' }] }));
  await match('mat_1', 'hyp_p1_1', 'hyp_p1_2', 'hyp_p1_1', 'model');
  await match('mat_2', 'hyp_p1_2', 'hyp_p1_1', 'hyp_p1_1', 'human');
  await match('mat_3', 'hyp_p1_2', 'hyp_p1_3', 'hyp_p1_3', 'model');
});

describe('hypothesis and tournament statements on either engine', () => {
  it('round-trips a hypothesis and its JSON, and numbers the next one', async () => {
    const stored = (await findHypothesis(db, 'hyp_p1_2')) as HypothesisRow;
    expect(stored).toMatchObject({ seq: 2, parents: ['hyp_p1_1'], testablePredictions: ['It rises.'], elo: 1000, rank: null, title: null, coreClaim: 'The claim.' });
    expect(await findHypothesis(db, 'hyp_missing')).toBeUndefined();
    expect(await nextHypothesisSeq(db, 'p1')).toBe(4);
    expect(await nextHypothesisSeq(db, 'p_empty')).toBe(1);
    expect(await averagePlayedElo(db, 'p2')).toBeNull();
  });

  it('sets status and gate for several ids at once, and keeps the core claim unless the summary changes', async () => {
    await updateHypothesisStatus(db, ['hyp_p2_1', 'hyp_p2_1'], 'reviewed', AT);
    await updateHypothesisGate(db, ['hyp_p2_1'], 'awaiting_approval', AT);
    expect(await findHypothesis(db, 'hyp_p2_1')).toMatchObject({ status: 'reviewed', gate: 'awaiting_approval' });
    await updateHypothesisText(db, 'hyp_p2_1', { rationale: 'New rationale.' }, AT);
    expect(await findHypothesis(db, 'hyp_p2_1')).toMatchObject({ rationale: 'New rationale.', coreClaim: 'The claim.', summary: 'Hypothesis 1' });
    await updateHypothesisText(db, 'hyp_p2_1', { summary: 'Reworded.' }, AT);
    expect(await findHypothesis(db, 'hyp_p2_1')).toMatchObject({ summary: 'Reworded.', coreClaim: null, rationale: 'New rationale.' });
  });

  it('replaces a title only while it is the expected one, a null expected title included', async () => {
    expect(await replaceHypothesisTitle(db, 'hyp_p1_3', 'Not the title', 'First', AT)).toBe(false);
    expect(await replaceHypothesisTitle(db, 'hyp_p1_3', null, 'First', AT)).toBe(true);
    expect(await replaceHypothesisTitle(db, 'hyp_p1_3', null, 'Second', AT)).toBe(false);
    expect(await replaceHypothesisTitle(db, 'hyp_p1_3', 'First', 'Second', AT)).toBe(true);
    await insertTitleEdit(db, 'hyp_p1_3', { at: AT, clientId: 'desktop', from: null, to: 'First' });
    await insertTitleEdit(db, 'hyp_p1_3', { at: AT, clientId: 'desktop', from: 'First', to: 'Second' });
    expect(await titleEdits(db, 'hyp_p1_3')).toEqual([
      { at: AT, clientId: 'desktop', from: 'First', to: 'Second' },
      { at: AT, clientId: 'desktop', from: null, to: 'First' },
    ]);
  });

  it('completes ids from a prefix in any case, with LIKE wildcards taken literally', async () => {
    expect((await hypothesisIdsStartingWith(db, 'HYP_P1_', 10)).sort()).toEqual(['hyp_p1_1', 'hyp_p1_2', 'hyp_p1_3']);
    expect(await hypothesisIdsStartingWith(db, 'hyp%', 10)).toEqual([]);
    expect(await hypothesisIdsStartingWith(db, 'hyp_p1_', 2)).toHaveLength(2);
  });

  it('finds the hypotheses citing an identifier in any case, leaving trashed projects out', async () => {
    const found = await hypothesesMentioning(db, ['10.1000/abc.def'], 10);
    expect(found.map((row) => row.id).sort()).toEqual(['hyp_p1_1', 'hyp_p2_1']);
    expect(found.find((row) => row.id === 'hyp_p1_1')).toMatchObject({ projectId: 'p1', seq: 1, title: null, status: 'in_tournament' });
    expect((await hypothesesMentioning(db, ['nothing like it', 'Fibrosis 100%'], 10)).map((row) => row.id)).toEqual(['hyp_p1_1']);
    expect(await hypothesesMentioning(db, ['Fibrosis 1_0%'], 10)).toEqual([]);
    expect(await hypothesesMentioning(db, [], 10)).toEqual([]);
    await markTrashed(db, 'p2', AT, AT);
    expect((await hypothesesMentioning(db, ['10.1000/ABC.DEF'], 10)).map((row) => row.id)).toEqual(['hyp_p1_1']);
  });

  it('keeps reviews with their JSON and flags', async () => {
    const review = {
      projectId: 'p1', hypothesisId: 'hyp_p1_1', type: 'initial', plausibility: 0.5, novelty: 0.25, testability: 0.75, safety: 1, overall: 0.6, strengths: ['clear'],
      weaknesses: [], recommendations: ['more'], citations: [{ doi: '10.1/x' }], assumptionChecks: [{ assumption: 'a', holds: true }], narrative: null, reviewer: 'test',
      judge: 'model' as const, taskId: null, createdAt: AT,
    };
    await insertReview(db, { ...review, id: 'rev_b', fundamentalFlaw: true });
    await insertReview(db, { ...review, id: 'rev_a', fundamentalFlaw: false, narrative: 'Fine.' });
    const stored = await reviewsOfHypothesis(db, 'hyp_p1_1');
    expect(stored.map((row) => [row.id, row.fundamentalFlaw, row.narrative])).toEqual([['rev_a', false, 'Fine.'], ['rev_b', true, null]]);
    expect(stored[1]).toMatchObject({ ...review, id: 'rev_b', fundamentalFlaw: true });
    expect((await reviewsOfProject(db, 'p1')).map((row) => row.id)).toEqual(['rev_a', 'rev_b']);
  });

  it('pages, filters and counts the match log', async () => {
    expect((await matchLogLines(db, 'p1')).map((row) => [row.id, row.seq])).toEqual([['mat_1', 1], ['mat_2', 2], ['mat_3', 3]]);
    expect(await matchLogStats(db, 'p1')).toEqual({ count: 3, lastSeq: 3 });
    expect(await matchLogStats(db, 'p_empty')).toEqual({ count: 0, lastSeq: 0 });
    const all = await matchPage(db, { projectId: 'p1', limit: 2 });
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.id)).toEqual(['mat_3', 'mat_2']);
    expect(all.rows[1]).toMatchObject({ firstId: 'hyp_p1_2', secondId: 'hyp_p1_1', winnerId: 'hyp_p1_1', judge: 'human', confidence: null, rationale: 'Why mat_2.', createdBy: 'test', createdAt: AT, taskId: null });
    expect((await matchPage(db, { projectId: 'p1', limit: 10, beforeSeq: 2 })).rows.map((row) => row.id)).toEqual(['mat_1']);
    expect(await matchPage(db, { projectId: 'p1', limit: 10, judge: 'model', hypothesisId: 'hyp_p1_3' })).toMatchObject({ total: 1, rows: [{ id: 'mat_3', confidence: 0.75 }] });
    expect((await matchPage(db, { projectId: 'p1', limit: 10, hypothesisId: 'hyp_p1_1' })).total).toBe(2);
    expect((await headToHead(db, 'hyp_p1_1', 'hyp_p1_2')).map((row) => row.id)).toEqual(['mat_1', 'mat_2']);
  });
});
