// The benchmarks' one median: nearest rank, so it is always a value that was observed.
import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../../bench/stats.js';

describe('median', () => {
  it('is the middle value of an odd number of values, in any order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([5])).toBe(5);
  });

  it('is the lower of the two middle values of an even number, never their mean', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([1.5, 2.5])).toBe(1.5);
  });

  it('leaves its input as it was', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('agrees with the 50th nearest-rank percentile and refuses no values', () => {
    const values = [9, 7, 8, 1, 4, 6];
    expect(median(values)).toBe(percentile([...values].sort((a, b) => a - b), 50));
    expect(() => median([])).toThrow('percentile of no samples');
  });
});
