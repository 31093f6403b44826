// The board's badge and row marks say the same thing (issue 33 item 5), and overlapping
// neighbours read as tied; Compare picks stay a pair.
import { describe, expect, it } from 'vitest';
import { certificationBadge, tiesWithAbove } from '../../../../../src-renderer/features/leaderboard/certification.js';
import { togglePick } from '../../../../../src-renderer/features/leaderboard/comparePicks.js';

const row = (number: number, rank: number | null, low: number, high: number, certified = false) => ({ id: `hyp_${number}`, number, rank, ci95: rank === null ? null : { low, high }, certified_top_k: certified });

describe('certificationBadge', () => {
  it('counts the certified members of the top k unless all are', () => {
    const rows = [row(1, 1, 1300, 1500, true), row(2, 2, 1246, 1529, true), row(3, 3, 1244, 1573, true), row(4, 4, 1100, 1300), row(5, 5, 1000, 1250), row(6, 6, 900, 1100, false)];
    expect(certificationBadge(rows, 5, false)).toBe('3 of top-5 certified');
    expect(certificationBadge(rows, 5, true)).toBe('Top-5 certified');
    expect(certificationBadge([], 0, false)).toBe('Not ranked yet');
    expect(certificationBadge([row(1, null, 0, 0)], 5, false)).toBe('Not ranked yet');
  });
});

describe('tiesWithAbove', () => {
  it('marks a row whose interval overlaps the one ranked just above it', () => {
    const rows = [row(3, 2, 1244, 1573), row(7, 1, 1246, 1529), row(2, 3, 1000, 1200), row(9, null, 0, 0)];
    expect([...tiesWithAbove(rows)]).toEqual([['hyp_3', 7]]);
  });
});

describe('togglePick', () => {
  it('keeps at most two picks, the newest replacing the older', () => {
    expect(togglePick(['a', 'b'], 'c')).toEqual(['b', 'c']);
    expect(togglePick(['a', 'b'], 'a')).toEqual(['b']);
  });
});
