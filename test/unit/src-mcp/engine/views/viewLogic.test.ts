// Pure logic behind the desktop's leaderboard: which matches make the latest round, ranks before
// it and the movement since, Elo trajectories and how they are thinned, and page cursors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCursor, encodeCursor, latestRound, previousRanks, rankMovements } from '../../../../../src-mcp/engine/views/leaderboardView.js';
import { eloTrajectories, samplePoints } from '../../../../../src-mcp/engine/views/eloHistory.js';
import { eloRatings, type Match } from '../../../../../src-mcp/engine/tournament/index.js';
import { DomainError } from '../../../../../src-mcp/engine/errors.js';

const match = (id: string, first: string, second: string, winner: string, judge: Match['judge'] = 'model'): Match => ({ id, first, second, winner, judge });

describe('latestRound', () => {
  it('is the trailing matches of the newest compare task', () => {
    expect(latestRound([{ taskId: 't1' }, { taskId: 't2' }, { taskId: 't2' }, { taskId: 't2' }])).toBe(3);
  });
  it('is the newest match alone when it is a scientist\'s vote (no task)', () => {
    expect(latestRound([{ taskId: 't1' }, { taskId: 't1' }, { taskId: null }])).toBe(1);
  });
  it('is empty for an empty log', () => {
    expect(latestRound([])).toBe(0);
  });
});

describe('previousRanks and rankMovements', () => {
  // a beats b twice, c beats b: a first, then c, then b.
  const before = [match('m1', 'a', 'b', 'a'), match('m2', 'b', 'a', 'a'), match('m3', 'c', 'b', 'c')];

  it('ranks by the fit before the window, and gives newcomers no previous rank', () => {
    const upset = [...before, match('m4', 'b', 'a', 'b'), match('m5', 'b', 'c', 'b'), match('m6', 'd', 'b', 'd')];
    const previous = previousRanks(['a', 'b', 'c', 'd'], upset, 3);
    expect([...previous.entries()].sort()).toEqual([['a', 1], ['b', 3], ['c', 2]]);
    expect(previous.has('d')).toBe(false);
  });

  it('ignores matches against hypotheses that no longer compete', () => {
    const withGone = [match('m0', 'gone', 'c', 'gone'), ...before];
    expect(previousRanks(['a', 'b', 'c'], withGone, 0)).toEqual(previousRanks(['a', 'b', 'c'], before, 0));
  });

  it('is empty when nothing was played before the window', () => {
    expect(previousRanks(['a', 'b'], [match('m1', 'a', 'b', 'b')], 1).size).toBe(0);
  });

  it('counts places moved among those that had played, so newcomers shift no one', () => {
    const movements = rankMovements([
      { id: 'a', rank: 1, previousRank: 2 },
      { id: 'new1', rank: 2, previousRank: null },
      { id: 'b', rank: 3, previousRank: 1 },
      { id: 'new2', rank: 4, previousRank: null },
      { id: 'c', rank: 5, previousRank: 3 },
      { id: 'gone', rank: null, previousRank: null },
    ]);
    expect([...movements.entries()]).toEqual([['a', 1], ['b', -1], ['c', 0]]);
    expect(movements.has('new1')).toBe(false);
  });
});

describe('Elo history', () => {
  it('ends where the leaderboard\'s Elo replay ends, starting from 1000 (any log)', () => {
    const ids = ['h1', 'h2', 'h3', 'h4'];
    const logs = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean()).map(([a, offset, firstWins]) => ({ a, b: (a + offset) % 4, firstWins })),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(logs, (picks) => {
        const matches = picks.map(({ a, b, firstWins }, i) => match(`m${i}`, ids[a] as string, ids[b] as string, (firstWins ? ids[a] : ids[b]) as string));
        const final = eloRatings(ids, matches);
        const series = eloTrajectories(ids, matches, ids);
        for (const id of ids) {
          const points = series.get(id) ?? [];
          const first = matches.findIndex((m) => m.first === id || m.second === id);
          expect(points[0]).toEqual([Math.max(0, first), 1000]);
          expect(points[points.length - 1]?.[1]).toBeCloseTo(final.get(id) as number, 9);
          expect(points.length - 1).toBe(matches.filter((m) => m.first === id || m.second === id).length);
        }
      }),
    );
  });

  it('numbers points by position in the competing log and skips matches outside it', () => {
    const series = eloTrajectories(['a', 'b'], [match('m1', 'a', 'x', 'a'), match('m2', 'a', 'b', 'a')], ['a']);
    expect(series.get('a')?.map(([n]) => n)).toEqual([0, 1]);
    expect(series.get('a')?.[1]?.[1]).toBeCloseTo(1016, 9);
  });

  it('starts a late entrant just before its first match, not at the start of the log', () => {
    const log = [match('m1', 'a', 'b', 'a'), match('m2', 'a', 'b', 'b'), match('m3', 'c', 'a', 'c')];
    expect(eloTrajectories(['a', 'b', 'c'], log, ['c', 'b']).get('c')?.map(([n]) => n)).toEqual([2, 3]);
    expect(eloTrajectories(['a', 'b', 'c', 'd'], log, ['d']).get('d')).toEqual([[0, 1000]]);
  });

  it('thins to at most `max` evenly spaced points, keeping the first and the last', () => {
    const points = Array.from({ length: 1001 }, (_, i) => i);
    const thinned = samplePoints(points, 200);
    expect(thinned).toHaveLength(200);
    expect(thinned[0]).toBe(0);
    expect(thinned[199]).toBe(1000);
    expect(thinned).toEqual([...thinned].sort((a, b) => a - b));
    expect(new Set(thinned).size).toBe(200);
    expect(samplePoints([1, 2, 3], 200)).toEqual([1, 2, 3]);
    expect(() => samplePoints(points, 1)).toThrow(RangeError);
  });
});

describe('leaderboard cursors', () => {
  it('round-trip and refuse what the server did not issue', () => {
    expect(decodeCursor(encodeCursor([1, -1012.5, 7]))).toEqual([1, -1012.5, 7]);
    for (const bad of ['', 'garbage', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["a",1,2]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(DomainError);
    }
  });
});
