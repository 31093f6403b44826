// Votes from two server processes on one PostgreSQL database (issue 30: "tournament ratings and
// the stored board stay consistent under concurrent votes and match results"). Each vote appends a
// match — its seq read as MAX(seq) + 1 in the INSERT (store/matches.ts) — and moves the two
// hypotheses' Elo, matches and wins from the values it read (engine/ranking.ts's
// recordMatchIncrementally), in one write transaction, as recordHumanJudgement does. Fired at once
// from two handles, every vote must be in the log once with seqs 1..n, and the stored ratings must
// be the sequential replay of the log in seq order: no lost update, no seq taken twice. What makes
// it so is the store's database-wide advisory write lock (postgres/transactions.ts).
// PostgreSQL only: two SQLite handles in one process would block the one event loop in BEGIN
// IMMEDIATE's busy wait, while a real second process simply waits for the file's write lock.
import { describe, expect, it } from 'vitest';
import { closeDatabase, type Db, writeTransaction } from '../../../../src-mcp/store/database.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { findHypothesis, insertHypothesis, type HypothesisRow } from '../../../../src-mcp/store/hypotheses.js';
import { insertMatch, projectMatches } from '../../../../src-mcp/store/matches.js';
import { boardCounts } from '../../../../src-mcp/store/boardQueries.js';
import { matchLogStats } from '../../../../src-mcp/store/leaderboardQueries.js';
import { recordMatchIncrementally } from '../../../../src-mcp/engine/ranking.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';
import { openSecondHandle } from '../../../support/secondStoreHandle.js';
import { seededRandom } from '../../../support/seededRandom.js';

const AT = '2026-11-29T00:00:00.000Z';
const PROJECT = 'res_votes';
const HYPOTHESES = 6;
const VOTES_PER_HANDLE = 30;

function hypothesis(seq: number): HypothesisRow {
  return {
    id: `hyp_${seq}`, projectId: PROJECT, seq, summary: `Hypothesis ${seq}`, rationale: 'Because.', experimentalProtocol: 'Measure it.', testablePredictions: [],
    citations: [], assumptions: [], method: 'literature_based', origin: 'generated', status: 'in_tournament', gate: 'approved', parents: [], iteration: 1,
    elo: 1000, btScore: null, ciLow: null, ciHigh: null, pTopK: null, rank: null, matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null,
    batchTaskId: null, createdBy: 'test', reasoner: null, createdAt: AT, updatedAt: AT,
  };
}

/** One scientist's vote, as recordHumanJudgement stores it: the match and the two ratings, together. */
async function vote(db: Db, id: string, firstId: string, secondId: string, winnerId: string): Promise<void> {
  await writeTransaction(db, async () => {
    await insertMatch(db, { id, projectId: PROJECT, firstId, secondId, winnerId, judge: 'human', confidence: null, rationale: 'Vote.', debate: [], taskId: null, pairId: null, createdBy: id, createdAt: AT });
    await recordMatchIncrementally(db, { firstId, secondId, winnerId }, new Date(AT));
  });
}

/** Elo, matches and wins replayed from the log in seq order, as recordMatchIncrementally computes them one by one. */
function replay(log: ReadonlyArray<{ firstId: string; secondId: string; winnerId: string }>): Map<string, { elo: number; matchesPlayed: number; wins: number }> {
  const ratings = new Map(Array.from({ length: HYPOTHESES }, (_, i) => [`hyp_${i + 1}`, { elo: 1000, matchesPlayed: 0, wins: 0 }]));
  for (const match of log) {
    const first = ratings.get(match.firstId) as { elo: number; matchesPlayed: number; wins: number };
    const second = ratings.get(match.secondId) as { elo: number; matchesPlayed: number; wins: number };
    const expectedFirst = 1 / (1 + 10 ** ((second.elo - first.elo) / 400));
    const scoreFirst = match.winnerId === match.firstId ? 1 : 0;
    const delta = 32 * (scoreFirst - expectedFirst);
    ratings.set(match.firstId, { elo: first.elo + delta, matchesPlayed: first.matchesPlayed + 1, wins: first.wins + scoreFirst });
    ratings.set(match.secondId, { elo: second.elo - delta, matchesPlayed: second.matchesPlayed + 1, wins: second.wins + (1 - scoreFirst) });
  }
  return ratings;
}

describe.skipIf(testEngine() !== 'postgres')('concurrent votes from two processes on one PostgreSQL database', () => {
  it('keep the match log gapless and the stored ratings equal to its replay', async () => {
    const one = await openTestStore('cosci-votes-');
    const two = await openSecondHandle(one);
    try {
      await insertProject(one, { id: PROJECT, goal: 'Concurrent votes', domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: AT, updatedAt: AT });
      for (let seq = 1; seq <= HYPOTHESES; seq += 1) await insertHypothesis(one, hypothesis(seq));

      const random = seededRandom(20_261_129);
      const votes = (db: Db, handle: string) =>
        Array.from({ length: VOTES_PER_HANDLE }, (_, i) => {
          const first = 1 + Math.floor(random() * HYPOTHESES);
          const second = 1 + ((first + Math.floor(random() * (HYPOTHESES - 1))) % HYPOTHESES);
          const winner = random() < 0.5 ? first : second;
          return () => vote(db, `mat_${handle}_${i}`, `hyp_${first}`, `hyp_${second}`, `hyp_${winner}`);
        });
      const fromOne = votes(one, 'one');
      const fromTwo = votes(two, 'two');
      // Every vote started before any has finished: both handles' transactions race for the lock.
      await Promise.all([...fromOne, ...fromTwo].map((cast) => cast()));

      const log = await projectMatches(one, PROJECT);
      expect(log).toHaveLength(2 * VOTES_PER_HANDLE);
      expect(log.map((match) => match.seq)).toEqual(Array.from({ length: 2 * VOTES_PER_HANDLE }, (_, i) => i + 1));
      expect(new Set(log.map((match) => match.createdBy.split('_')[1]))).toEqual(new Set(['one', 'two']));
      expect(await matchLogStats(two, PROJECT)).toEqual({ count: 2 * VOTES_PER_HANDLE, lastSeq: 2 * VOTES_PER_HANDLE });
      expect((await boardCounts(two, PROJECT)).competitorMatches).toBe(2 * VOTES_PER_HANDLE);

      const replayed = replay(log);
      for (const [id, expected] of replayed) {
        const stored = (await findHypothesis(two, id)) as HypothesisRow;
        expect({ id, matchesPlayed: stored.matchesPlayed, wins: stored.wins }).toEqual({ id, matchesPlayed: expected.matchesPlayed, wins: expected.wins });
        expect(stored.elo).toBeCloseTo(expected.elo, 9);
      }
    } finally {
      await closeDatabase(two);
      await closeDatabase(one);
    }
  });
});
