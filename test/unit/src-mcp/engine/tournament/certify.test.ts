import { describe, expect, it } from 'vitest';
import { certifyTopK, leaderboard } from '../../../../../src-mcp/engine/tournament/index.js';
import { ids, simulateMatches } from './helpers.js';

/** Ten hypotheses, three of them far ahead, judged many times. */
function easyInstance(matches: number) {
  const list = ids(10);
  const theta = new Map(list.map((id, i) => [id, i < 3 ? 3 : -i * 0.1]));
  return { list, matches: simulateMatches(list, theta, matches, 4, 0.2) };
}

describe('top-k certification', () => {
  it('certifies a clear top-k once the evidence is in', () => {
    const { list, matches } = easyInstance(400);
    const result = certifyTopK(list, matches, { k: 3, seed: 1 });
    expect(result.certified).toBe(true);
    expect(result.members.map((m) => m.id).sort()).toEqual(['hyp_000', 'hyp_001', 'hyp_002']);
    expect(result.members.every((m) => m.pTopK >= 0.9)).toBe(true);
    expect(result.contested).toEqual([]);
  });

  it('does not certify the same instance after only a handful of matches', () => {
    const { list, matches } = easyInstance(6);
    const result = certifyTopK(list, matches, { k: 3, seed: 1 });
    expect(result.certified).toBe(false);
    expect(result.contested.length).toBeGreaterThan(0);
  });

  it('does not certify after a single match, even with k = n − 1', () => {
    const list = ids(6);
    const result = certifyTopK(list, [{ id: 'm1', first: 'hyp_000', second: 'hyp_001', winner: 'hyp_000', judge: 'model' }], { k: 5 });
    expect(result.certified).toBe(false);
  });

  it('lets a new, unplayed hypothesis block certification until it has played', () => {
    const { list, matches } = easyInstance(400);
    const withNewcomer = [...list, 'hyp_new'];
    const result = certifyTopK(withNewcomer, matches, { k: 3, seed: 1 });
    expect(result.certified).toBe(false);
    expect(result.contested).toContain('hyp_new');
  });

  it('answers the same from a computed leaderboard as from the log, and honours the threshold', () => {
    const { list, matches } = easyInstance(400);
    const board = leaderboard(list, matches, { k: 3, seed: 1 });
    expect(certifyTopK(board)).toEqual(certifyTopK(list, matches, { k: 3, seed: 1 }));
    expect(board.entries.slice(0, 3).every((e) => e.certifiedTopK)).toBe(true);
    expect(board.entries.slice(3).some((e) => e.certifiedTopK)).toBe(false);
    // An impossible threshold can never be met by a real bootstrap on an uncertain instance.
    const strict = certifyTopK(list, easyInstance(40).matches, { k: 3, seed: 1, certifyThreshold: 1 });
    expect(strict.certified).toBe(false);
  });

  it('treats a field no larger than k as certified: everyone is in', () => {
    const result = certifyTopK(['a', 'b'], [], { k: 5 });
    expect(result).toMatchObject({ certified: true, k: 2 });
  });
});
