// The leaderboard's interval cell: the score as text, the accessible name, and the bar's three
// positions (CSS custom properties) on the 120 px scale all rows share.
import { describe, expect, it } from 'vitest';
import { ciCell } from '../../../../../src-renderer/common/leaderboard/ciCell.js';

const px = (style: unknown, name: string): number => Number.parseFloat((style as Record<string, string>)[name] ?? 'NaN');

describe('ciCell', () => {
  it('places the interval and the point on the shared scale, inside the 4 px padding', () => {
    const cell = ciCell(1500, { low: 1400, high: 1600 }, [1000, 2000]);
    expect(cell.text).toBe('1500');
    expect(cell.label).toBe('Bradley-Terry score 1500, 95% interval 1400 to 1600');
    // 4 + (value − 1000) / 1000 × 112
    expect(px(cell.style, '--ci-low')).toBeCloseTo(48.8, 1);
    expect(px(cell.style, '--ci-width')).toBeCloseTo(22.4, 1);
    expect(px(cell.style, '--ci-point')).toBeCloseTo(60, 1);
    const edges = ciCell(1000, { low: 1000, high: 2000 }, [1000, 2000]);
    expect(px(edges.style, '--ci-low')).toBe(4);
    expect(px(edges.style, '--ci-low') + px(edges.style, '--ci-width')).toBe(116);
  });

  it('keeps a zero-width interval visible (1 px)', () => {
    expect(px(ciCell(1500, { low: 1500, high: 1500 }, [1000, 2000]).style, '--ci-width')).toBe(1);
  });

  it('says "not ranked" and draws nothing without a score, an interval or a scale', () => {
    for (const cell of [ciCell(null, { low: 1, high: 2 }, [0, 3]), ciCell(2, null, [0, 3]), ciCell(2, { low: 1, high: 3 }, null)]) {
      expect(cell).toEqual({ text: 'not ranked', label: undefined, style: undefined });
    }
  });
});
