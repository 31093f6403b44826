import { describe, expect, it } from 'vitest';
import { eloRatings, type Match } from '../../../../../src-mcp/engine/tournament/index.js';
import { beat } from './helpers.js';

describe('Elo for display', () => {
  it('starts everyone at 1000 and moves 16 points each way on a first win between equals (K = 32)', () => {
    const ratings = eloRatings(['a', 'b', 'c'], [beat('a', 'b', 'm1')]);
    expect(ratings.get('a')).toBe(1016);
    expect(ratings.get('b')).toBe(984);
    expect(ratings.get('c')).toBe(1000);
  });

  it('replays the log in order with the standard expected score', () => {
    const ratings = eloRatings(['a', 'b'], [beat('a', 'b', 'm1'), beat('b', 'a', 'm2', false)]);
    // After m1: a 1016, b 984. b's expected score is 1/(1 + 10^(32/400)) = 0.45410; it wins.
    // b gains 32 · (1 − 0.45410) = 17.4695.
    expect(ratings.get('b')).toBeCloseTo(1001.4695, 4);
    expect(ratings.get('a')).toBeCloseTo(998.5305, 4);
  });

  it('depends on match order (which is why it only displays) and conserves the rating total', () => {
    const log: Match[] = [beat('a', 'b', 'm1'), beat('b', 'c', 'm2'), beat('c', 'a', 'm3')];
    const forward = eloRatings(['a', 'b', 'c'], log);
    const backward = eloRatings(['a', 'b', 'c'], [...log].reverse());
    expect(forward.get('a')).not.toBeCloseTo(backward.get('a') as number, 3);
    const total = [...forward.values()].reduce((sum, r) => sum + r, 0);
    expect(total).toBeCloseTo(3000, 9);
  });

  it('scales K by the match weight and honours K and the initial rating', () => {
    const weighted = eloRatings(['a', 'b'], [{ ...beat('a', 'b', 'm1'), weight: 2 }]);
    expect(weighted.get('a')).toBe(1032);
    const custom = eloRatings(['a', 'b'], [beat('a', 'b', 'm1')], { k: 16, initial: 1500 });
    expect(custom.get('a')).toBe(1508);
  });

  it('skips matches against hypotheses outside the ranked set', () => {
    const ratings = eloRatings(['a', 'b'], [beat('a', 'gone', 'm1'), beat('a', 'b', 'm2')]);
    expect(ratings.get('a')).toBe(1016);
    expect(ratings.has('gone')).toBe(false);
  });
});
