import { describe, expect, it } from 'vitest';
import { ELO_POINTS_PER_LOGIT, fitBradleyTerry } from '../../../../../src-mcp/engine/tournament/index.js';
import { beat, simulateMatches, spearman, synthetic } from './helpers.js';

describe('Bradley-Terry fit', () => {
  it('recovers known strengths from synthetic matches', () => {
    const world = synthetic({ n: 30, matches: 3000, seed: 11, spread: 1 });
    const fit = fitBradleyTerry(world.ids, world.matches);
    expect(fit.converged).toBe(true);
    const truth = world.ids.map((id) => world.theta.get(id) as number);
    const estimate = world.ids.map((id) => fit.theta.get(id) as number);
    expect(spearman(truth, estimate)).toBeGreaterThan(0.95);
    // Strengths are on the logit scale of the truth (up to the centring), not just in the right order.
    const meanTruth = truth.reduce((s, v) => s + v, 0) / truth.length;
    const errors = truth.map((t, i) => Math.abs(t - meanTruth - (estimate[i] as number)));
    expect(Math.max(...errors)).toBeLessThan(0.6);
  });

  it('recovers a first-slot bias when the judge favours slot 1', () => {
    const world = synthetic({ n: 20, matches: 4000, seed: 5, spread: 1, bias: 0.5 });
    const fit = fitBradleyTerry(world.ids, world.matches);
    expect(fit.positionBias.model).toBeGreaterThan(0.4);
    expect(fit.positionBias.model).toBeLessThan(0.6);
    // No human matches: the human term stays at its prior centre.
    expect(fit.positionBias.human).toBe(0);
  });

  it('estimates human and model position biases separately', () => {
    const world = synthetic({ n: 15, matches: 3000, seed: 8, spread: 1, bias: 0.6 });
    const human = simulateMatches(world.ids, world.theta, 3000, 99, -0.4, 'human', 'h');
    const fit = fitBradleyTerry(world.ids, [...world.matches, ...human]);
    expect(fit.positionBias.model).toBeGreaterThan(0.45);
    expect(fit.positionBias.human).toBeLessThan(-0.25);
  });

  it('does not mistake a slot-biased judge for a strength difference', () => {
    // a always shown first and always winning by the bias alone would look strong without the bias term;
    // here a and b meet in both orders, and the first slot wins every time.
    const log = [
      ...Array.from({ length: 20 }, (_, i) => ({ id: `x${i}`, first: 'a', second: 'b', winner: 'a', judge: 'model' as const })),
      ...Array.from({ length: 20 }, (_, i) => ({ id: `y${i}`, first: 'b', second: 'a', winner: 'b', judge: 'model' as const })),
    ];
    const fit = fitBradleyTerry(['a', 'b'], log);
    expect(fit.theta.get('a')).toBeCloseTo(fit.theta.get('b') as number, 6);
    expect(fit.positionBias.model).toBeGreaterThan(1.5);
  });

  it('puts winners above losers, centres the scale and maps logits to Elo-like points', () => {
    const fit = fitBradleyTerry(['a', 'b', 'c'], [beat('a', 'b', 'm1'), beat('b', 'c', 'm2'), beat('a', 'c', 'm3')]);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => fit.theta.get(id) as number) as [number, number, number];
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(c);
    expect(a + b + c).toBeCloseTo(0, 12);
    expect(fit.btScore.get('a')).toBeCloseTo(1000 + ELO_POINTS_PER_LOGIT * a, 9);
    expect(ELO_POINTS_PER_LOGIT).toBeCloseTo(173.72, 2);
  });

  it('weights a match as that many copies of it', () => {
    const once = fitBradleyTerry(['a', 'b'], [{ ...beat('a', 'b', 'm1'), weight: 3 }, beat('b', 'a', 'm2')]);
    const copies = fitBradleyTerry(['a', 'b'], [beat('a', 'b', 'm1'), beat('a', 'b', 'm3'), beat('a', 'b', 'm4'), beat('b', 'a', 'm2')]);
    expect(once.theta.get('a')).toBeCloseTo(copies.theta.get('a') as number, 6);
  });

  it('fits 10,000 hypotheses and 100,000 matches without a bootstrap', () => {
    const world = synthetic({ n: 10_000, matches: 100_000, seed: 3, spread: 1.5, bias: 0.3 });
    const fit = fitBradleyTerry(world.ids, world.matches);
    expect(fit.converged).toBe(true);
    expect(fit.positionBias.model).toBeGreaterThan(0.25);
    expect(fit.positionBias.model).toBeLessThan(0.35);
    const truth = world.ids.map((id) => world.theta.get(id) as number);
    expect(spearman(truth, world.ids.map((id) => fit.theta.get(id) as number))).toBeGreaterThan(0.85);
  });
});
