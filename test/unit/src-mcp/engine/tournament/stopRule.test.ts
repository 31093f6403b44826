// The ranking stop rule (engine/tournament/stopRule.ts): stop when certified, or when the expected
// change of the top-k is within the scientist's threshold and the last matches did not move it;
// never on no evidence.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STOP_THRESHOLD, expectedChange, leaderboard, rankingStop, type Match } from '../../../../../src-mcp/engine/tournament/index.js';
import { ids, simulateMatches } from './helpers.js';

/** Twelve hypotheses: three clearly ahead, then a close race for places 4 and 5, the rest far back. */
function instance(matches: number, seed = 4) {
  const list = ids(12);
  const theta = new Map(list.map((id, i) => [id, i < 3 ? 2.5 : i < 7 ? 1.2 - 0.15 * (i - 3) : -i * 0.2]));
  return { list, matches: simulateMatches(list, theta, matches, seed, 0.2) };
}

describe('ranking stop rule', () => {
  it('stops a certified tournament with reason "certified"', () => {
    const list = ids(10);
    const theta = new Map(list.map((id, i) => [id, i < 3 ? 3 : -i * 0.1]));
    const matches = simulateMatches(list, theta, 400, 4, 0.2);
    const board = leaderboard(list, matches, { k: 3, seed: 1, bootstrapSamples: 100 });
    expect(board.certified).toBe(true);
    expect(rankingStop(list, matches, board)).toMatchObject({ stop: true, reason: 'certified' });
  });

  it('does not stop on little evidence: the expected change is far above the threshold', () => {
    const { list, matches } = instance(10);
    const board = leaderboard(list, matches, { k: 5, seed: 1, bootstrapSamples: 100 });
    const decision = rankingStop(list, matches, board);
    expect(decision).toMatchObject({ stop: false, reason: null, threshold: DEFAULT_STOP_THRESHOLD });
    expect(decision.expectedChange as number).toBeGreaterThan(DEFAULT_STOP_THRESHOLD);
  });

  it('settles an uncertified but stable top-k under a threshold, and not under threshold 0', () => {
    const { list, matches } = instance(200);
    const board = leaderboard(list, matches, { k: 5, seed: 1, bootstrapSamples: 100 });
    const change = expectedChange(board);
    expect(change).toBeGreaterThan(0);
    const settled = rankingStop(list, matches, board, { threshold: change + 0.01 });
    expect(settled).toMatchObject({ stop: board.certified || settled.stable, stable: true });
    if (!board.certified) {
      expect(settled.reason).toBe('settled');
      expect(rankingStop(list, matches, board, { threshold: 0 })).toMatchObject({ stop: false, reason: null });
      expect(rankingStop(list, matches, board, { threshold: change - 0.01 }).stop).toBe(false);
    }
  });

  it('does not settle when the last matches moved the top-k', () => {
    const { list, matches } = instance(300);
    // The sixth beats the fifth in eight straight matches: the top-5 changes, not yet beyond doubt.
    const board0 = leaderboard(list, matches, { k: 5, seed: 1, bootstrapSamples: 100 });
    const fifth = board0.entries[4]?.id as string;
    const sixth = board0.entries[5]?.id as string;
    const upset: Match[] = Array.from({ length: 8 }, (_, i) => ({ id: `u${i}`, first: i % 2 === 0 ? sixth : fifth, second: i % 2 === 0 ? fifth : sixth, winner: sixth, judge: 'model' }));
    const all = [...matches, ...upset];
    const board = leaderboard(list, all, { k: 5, seed: 1, bootstrapSamples: 100 });
    const topNow = board.entries.slice(0, 5).map((e) => e.id).sort();
    const topBefore = board0.entries.slice(0, 5).map((e) => e.id).sort();
    expect(topNow).not.toEqual(topBefore);
    const decision = rankingStop(list, all, board, { threshold: 5, lookback: upset.length });
    expect(board.certified).toBe(false);
    expect(decision).toMatchObject({ stop: false, stable: false });
  });

  it('never settles without bootstrap replicates (no evidence of uncertainty)', () => {
    const { list, matches } = instance(300);
    const board = leaderboard(list, matches, { k: 5, seed: 1, bootstrapSamples: 0 });
    expect(rankingStop(list, matches, board, { threshold: 5 })).toMatchObject({ stop: false, expectedChange: null });
  });
});
