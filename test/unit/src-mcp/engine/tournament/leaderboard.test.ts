import { describe, expect, it } from 'vitest';
import { ELO_POINTS_PER_LOGIT, eloRatings, fitBradleyTerry, leaderboard } from '../../../../../src-mcp/engine/tournament/index.js';
import { synthetic } from './helpers.js';

describe('leaderboard', () => {
  const world = synthetic({ n: 20, matches: 600, seed: 21, spread: 1, bias: 0.3 });
  const board = leaderboard(world.ids, world.matches, { k: 5, seed: 9 });

  it('ranks by the Bradley-Terry fit and reports Elo, counts and intervals per hypothesis', () => {
    const fit = fitBradleyTerry(world.ids, world.matches);
    const elo = eloRatings(world.ids, world.matches);
    expect(board.entries.map((e) => e.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const [position, entry] of board.entries.entries()) {
      expect(entry.btScore).toBeCloseTo(fit.btScore.get(entry.id) as number, 9);
      expect(entry.elo).toBe(elo.get(entry.id));
      expect(entry.ci95[0]).toBeLessThanOrEqual(entry.btScore + 1e-9);
      expect(entry.ci95[1]).toBeGreaterThanOrEqual(entry.btScore - 1e-9);
      if (position > 0) expect(entry.btScore).toBeLessThanOrEqual((board.entries[position - 1] as typeof entry).btScore);
    }
    const played = world.matches.filter((m) => m.first === 'hyp_000' || m.second === 'hyp_000');
    const entry = board.entries.find((e) => e.id === 'hyp_000');
    expect(entry?.matches).toBe(played.length);
    expect(entry?.wins).toBe(played.filter((m) => m.winner === 'hyp_000').length);
    expect(board).toMatchObject({ k: 5, seed: 9, bootstrapSamples: 200, certifyThreshold: 0.9, matchCount: 600, ignoredMatches: 0 });
  });

  it('gives P(top-k) that sums to k, as every replicate has exactly k members', () => {
    const total = board.entries.reduce((sum, e) => sum + e.pTopK, 0);
    expect(total).toBeCloseTo(5, 9);
    for (const entry of board.entries) {
      expect(entry.pTopK).toBeGreaterThanOrEqual(0);
      expect(entry.pTopK).toBeLessThanOrEqual(1);
    }
    // The clear leader is almost surely in; the clear last almost surely out.
    expect((board.entries[0] as (typeof board.entries)[0]).pTopK).toBeGreaterThan(0.8);
    expect((board.entries[19] as (typeof board.entries)[0]).pTopK).toBeLessThan(0.05);
  });

  it('reports the position bias with an interval and what it means for a judge', () => {
    const bias = board.positionBias.model;
    expect(bias.matches).toBe(600);
    expect(bias.ci95[0]).toBeLessThan(bias.beta);
    expect(bias.ci95[1]).toBeGreaterThan(bias.beta);
    expect(bias.firstSlotWinProbability).toBeCloseTo(1 / (1 + Math.exp(-bias.beta)), 12);
    expect(board.positionBias.human.matches).toBe(0);
  });

  it('has 95% intervals that cover the true strengths about 95% of the time', () => {
    let covered = 0;
    let total = 0;
    let biasCovered = 0;
    for (let seed = 0; seed < 12; seed++) {
      const truth = synthetic({ n: 15, matches: 300, seed: 500 + seed, spread: 1, bias: 0.3 });
      const result = leaderboard(truth.ids, truth.matches, { seed, bootstrapSamples: 200 });
      const mean = [...truth.theta.values()].reduce((s, v) => s + v, 0) / truth.ids.length;
      for (const entry of result.entries) {
        const score = 1000 + ELO_POINTS_PER_LOGIT * ((truth.theta.get(entry.id) as number) - mean);
        total++;
        if (score >= entry.ci95[0] && score <= entry.ci95[1]) covered++;
      }
      const { ci95 } = result.positionBias.model;
      if (ci95[0] <= 0.3 && 0.3 <= ci95[1]) biasCovered++;
    }
    expect(covered / total).toBeGreaterThan(0.88);
    expect(covered / total).toBeLessThan(0.995);
    expect(biasCovered).toBeGreaterThanOrEqual(9);
  });

  it('without a bootstrap, reports point intervals and certifies nothing', () => {
    const plain = leaderboard(world.ids, world.matches, { k: 3, bootstrapSamples: 0 });
    expect(plain.certified).toBe(false);
    expect(plain.entries.every((e) => e.ci95[0] === e.btScore && e.ci95[1] === e.btScore)).toBe(true);
    expect(plain.entries.map((e) => e.pTopK)).toEqual([1, 1, 1, ...new Array<number>(17).fill(0)]);
  });

  it('rejects options a scientist could mistype, with the field named', () => {
    expect(() => leaderboard(world.ids, world.matches, { k: 0 })).toThrow(/k must be/);
    expect(() => leaderboard(world.ids, world.matches, { certifyThreshold: 1.5 })).toThrow(/certifyThreshold/);
    expect(() => leaderboard(world.ids, world.matches, { bootstrapSamples: -1 })).toThrow(/bootstrapSamples/);
    expect(() => leaderboard(world.ids, world.matches, { seed: 0.5 })).toThrow(/seed/);
  });
});
