import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../../../../src-mcp/engine/tournament/index.js';

describe('seedable PRNG', () => {
  it('replays the same stream for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 8 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    // Nearby seeds must not give shifted copies of one stream.
    expect(draw(1).slice(1)).not.toEqual(draw(2).slice(0, 7));
  });

  it('draws uniforms in [0, 1), integers in range, fair coins and standard normals', () => {
    const rng = createRng(7);
    const count = 50_000;
    let sum = 0;
    let heads = 0;
    let normalSum = 0;
    let normalSquares = 0;
    let low = 1;
    let high = 0;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < count; i++) {
      const u = rng.next();
      low = Math.min(low, u);
      high = Math.max(high, u);
      sum += u;
      const bucket = rng.int(10);
      buckets[bucket] = (buckets[bucket] as number) + 1;
      if (rng.coin()) heads++;
      const z = rng.normal();
      normalSum += z;
      normalSquares += z * z;
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThan(1);
    expect(sum / count).toBeCloseTo(0.5, 2);
    expect(heads / count).toBeCloseTo(0.5, 1);
    for (const hits of buckets) expect(Math.abs(hits / count - 0.1)).toBeLessThan(0.01);
    expect(normalSum / count).toBeCloseTo(0, 1);
    expect(normalSquares / count).toBeCloseTo(1, 1);
  });

  it('derives distinct, stable seeds from labels', () => {
    expect(deriveSeed(1, 'bootstrap')).toBe(deriveSeed(1, 'bootstrap'));
    expect(deriveSeed(1, 'bootstrap')).not.toBe(deriveSeed(2, 'bootstrap'));
    expect(deriveSeed(1, 'pairs', 10)).not.toBe(deriveSeed(1, 'pairs', 11));
    expect(deriveSeed(1, 'ab', 'c')).not.toBe(deriveSeed(1, 'a', 'bc'));
  });

  it('refuses a seed that is not a number', () => {
    expect(() => createRng(Number.NaN)).toThrow(/finite/);
  });
});
