import { describe, expect, it } from 'vitest';
import { createRng, leaderboard, nextPairs, type Match } from '../../../../../src-mcp/engine/tournament/index.js';
import { ids, simulateMatches } from './helpers.js';

/** Runs `rounds` batches of our own pairing against a Bradley-Terry judge. */
function playTournament(list: string[], theta: Map<string, number>, batches: number, count: number, k = 5): Match[] {
  const rng = createRng(77);
  const matches: Match[] = [];
  for (let round = 0; round < batches; round++) {
    for (const pair of nextPairs(list, matches, { k, seed: 3, count, bootstrapSamples: 50 })) {
      const p = 1 / (1 + Math.exp(-((theta.get(pair.first) as number) - (theta.get(pair.second) as number))));
      matches.push({ id: `m${matches.length}`, first: pair.first, second: pair.second, winner: rng.next() < p ? pair.first : pair.second, judge: 'model' });
    }
  }
  return matches;
}

describe('active pairing', () => {
  it('returns exactly `count` pairs of two different known hypotheses', () => {
    const list = ids(12);
    const theta = new Map(list.map((id, i) => [id, i / 4]));
    for (const count of [1, 3, 6, 9, 20]) {
      const pairs = nextPairs(list, simulateMatches(list, theta, 30, count), { count, seed: count, bootstrapSamples: 30 });
      expect(pairs).toHaveLength(count);
      for (const pair of pairs) {
        expect(pair.first).not.toBe(pair.second);
        expect(list).toContain(pair.first);
        expect(list).toContain(pair.second);
      }
    }
    // With two hypotheses, the one possible pair is repeated rather than count ignored.
    expect(nextPairs(['a', 'b'], [], { count: 3 })).toHaveLength(3);
  });

  it('proposes nothing with fewer than two hypotheses or a count of 0', () => {
    expect(nextPairs([], [], { count: 4 })).toEqual([]);
    expect(nextPairs(['only'], [], { count: 4 })).toEqual([]);
    expect(nextPairs(ids(5), [], { count: 0 })).toEqual([]);
    expect(() => nextPairs(ids(5), [], { count: 1.5 })).toThrow(/count/);
  });

  it('pairs a fresh field as Swiss rounds: everyone once per round, no rematches', () => {
    const list = ids(16);
    const theta = new Map(list.map((id, i) => [id, i / 8]));
    const first = nextPairs(list, [], { count: 8, seed: 1 });
    expect(first.every((p) => p.reason === 'swiss')).toBe(true);
    expect(new Set(first.flatMap((p) => [p.first, p.second])).size).toBe(16);
    const log = first.map((p, i) => ({ id: `m${i}`, first: p.first, second: p.second, winner: theta.get(p.first)! > theta.get(p.second)! ? p.first : p.second, judge: 'model' as const }));
    const second = nextPairs(list, log, { count: 8, seed: 1 });
    expect(new Set(second.flatMap((p) => [p.first, p.second])).size).toBe(16);
    const key = (a: string, b: string) => [a, b].sort().join('|');
    const played = new Set(first.map((p) => key(p.first, p.second)));
    expect(second.some((p) => played.has(key(p.first, p.second)))).toBe(false);
  });

  it('puts a new hypothesis into the next batch', () => {
    const list = ids(10);
    const theta = new Map(list.map((id, i) => [id, i / 3]));
    const matches = simulateMatches(list, theta, 60, 2);
    const pairs = nextPairs([...list, 'hyp_new'], matches, { count: 1, seed: 4, bootstrapSamples: 30 });
    expect([pairs[0]?.first, pairs[0]?.second]).toContain('hyp_new');
    expect(pairs[0]?.reason).toBe('swiss');
  });

  it('focuses on the top-k boundary once everyone is placed', () => {
    const list = ids(30);
    // Strength falls with the index, so the true top-5 are hyp_000..hyp_004.
    const theta = new Map(list.map((id, i) => [id, 3 - i * 0.2]));
    const matches = simulateMatches(list, theta, 600, 8);
    const board = leaderboard(list, matches, { k: 5, seed: 2 });
    const rankOf = new Map(board.entries.map((e) => [e.id, e.rank]));
    const pairs = nextPairs(list, matches, { k: 5, seed: 2, count: 6, board });
    expect(pairs.every((p) => p.reason === 'boundary')).toBe(true);
    // Every pair involves a hypothesis ranked near 5th, and none is between two of the bottom half.
    for (const pair of pairs) {
      const ranks = [rankOf.get(pair.first) as number, rankOf.get(pair.second) as number];
      expect(Math.min(...ranks.map((r) => Math.abs(r - 5.5)))).toBeLessThan(4);
      expect(Math.min(...ranks)).toBeLessThanOrEqual(15);
    }
  });

  it('randomises slot order about 50/50', () => {
    const list = ids(24);
    const theta = new Map(list.map((id, i) => [id, i / 6]));
    const matches = playTournament(list, theta, 60, 10);
    expect(matches).toHaveLength(600);
    // Which of the two goes first must not follow id order (or strength order).
    const smallerFirst = matches.filter((m) => m.first < m.second).length / matches.length;
    const strongerFirst = matches.filter((m) => theta.get(m.first)! > theta.get(m.second)!).length / matches.length;
    expect(smallerFirst).toBeGreaterThan(0.43);
    expect(smallerFirst).toBeLessThan(0.57);
    expect(strongerFirst).toBeGreaterThan(0.43);
    expect(strongerFirst).toBeLessThan(0.57);
  });

  it('prefers similar opponents in Swiss rounds when a similarity is given', () => {
    const list = ids(20);
    const group = (id: string) => Number(id.slice(-3)) % 2;
    const similarity = (a: string, b: string) => (group(a) === group(b) ? 1 : 0);
    const withSimilarity = nextPairs(list, [], { count: 10, seed: 6, similarity });
    expect(withSimilarity.every((p) => group(p.first) === group(p.second))).toBe(true);
    const without = nextPairs(list, [], { count: 10, seed: 6 });
    expect(without.some((p) => group(p.first) !== group(p.second))).toBe(true);
  });

  it('is reproducible for a log and seed, and draws afresh as the log grows', () => {
    const list = ids(12);
    const theta = new Map(list.map((id, i) => [id, i / 4]));
    const matches = simulateMatches(list, theta, 40, 12);
    const options = { count: 4, seed: 8, bootstrapSamples: 40 };
    expect(nextPairs(list, matches, options)).toEqual(nextPairs([...list].reverse(), matches, options));
    const slots = (log: Match[]) => nextPairs(list, log, { ...options, count: 40 }).map((p) => p.first < p.second);
    expect(slots(matches)).not.toEqual(slots(matches.slice(0, 39)));
  });

  it('gives the same pairs whether or not the caller passes the leaderboard it already has', () => {
    const list = ids(14);
    const theta = new Map(list.map((id, i) => [id, i / 4]));
    const matches = simulateMatches(list, theta, 70, 21);
    const options = { k: 3, seed: 5, count: 5, bootstrapSamples: 40 };
    const board = leaderboard(list, matches, options);
    const pairs = nextPairs(list, matches, options);
    expect(pairs.some((p) => p.reason === 'boundary')).toBe(true);
    expect(nextPairs(list, matches, { ...options, board })).toEqual(pairs);
  });

  it('refuses a leaderboard computed for other hypotheses', () => {
    const board = leaderboard(['a', 'b'], [], { k: 1 });
    expect(() => nextPairs(['a', 'b', 'c'], [], { count: 1, swissRounds: 0, board })).toThrow(/no entry for c/);
  });
});
