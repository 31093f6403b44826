import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../../src-mcp/engine/errors.js';
import { fitBradleyTerry, leaderboard, type Match } from '../../../../../src-mcp/engine/tournament/index.js';
import { beat, ids } from './helpers.js';

function allFinite(board: ReturnType<typeof leaderboard>): boolean {
  return board.entries.every((e) =>
    [e.elo, e.btScore, e.ci95[0], e.ci95[1], e.pTopK].every((value) => Number.isFinite(value)),
  );
}

describe('degenerate tournaments stay finite and deterministic', () => {
  it('no matches: everyone at 1000, ranked by id, nobody certain of the top-k', () => {
    const board = leaderboard(ids(8), [], { k: 3, seed: 1 });
    expect(allFinite(board)).toBe(true);
    expect(board.entries.map((e) => e.id)).toEqual(ids(8));
    expect(board.entries.every((e) => e.btScore === 1000 && e.elo === 1000)).toBe(true);
    expect(board.certified).toBe(false);
    // Without evidence, each hypothesis is in the top-3 in roughly 3/8 of the replicates.
    for (const entry of board.entries) expect(entry.pTopK).toBeGreaterThan(0.15);
  });

  it('one hypothesis: rank 1, trivially the whole top-k', () => {
    const board = leaderboard(['solo'], [], { k: 5 });
    expect(board).toMatchObject({ k: 1, certified: true, entries: [{ id: 'solo', rank: 1, btScore: 1000, pTopK: 1 }] });
  });

  it('no hypotheses: an empty, uncertified leaderboard', () => {
    expect(leaderboard([], [])).toMatchObject({ entries: [], k: 0, certified: false, matchCount: 0 });
  });

  it('an item that wins every match stays finite and on top', () => {
    const list = ids(5);
    const matches: Match[] = list.slice(1).flatMap((other, i) => [beat('hyp_000', other, `w${i}`), beat('hyp_000', other, `v${i}`, false)]);
    const board = leaderboard(list, matches, { k: 1, seed: 2 });
    expect(allFinite(board)).toBe(true);
    expect(board.entries[0]?.id).toBe('hyp_000');
    expect(board.entries[0]?.btScore).toBeLessThan(2500);
  });

  it('disconnected components stay finite, and mirror-image components get equal scores', () => {
    const matches: Match[] = [];
    for (let i = 0; i < 10; i++) matches.push(beat('a', 'b', `ab${i}`, i % 2 === 0), beat('c', 'd', `cd${i}`, i % 2 === 0));
    const fit = fitBradleyTerry(['a', 'b', 'c', 'd'], matches);
    for (const theta of fit.theta.values()) expect(Number.isFinite(theta)).toBe(true);
    expect(fit.theta.get('a')).toBeCloseTo(fit.theta.get('c') as number, 9);
    expect(fit.theta.get('b')).toBeCloseTo(fit.theta.get('d') as number, 9);
    const board = leaderboard(['a', 'b', 'c', 'd'], matches, { k: 2, seed: 3 });
    expect(allFinite(board)).toBe(true);
    expect(board).toEqual(leaderboard(['d', 'c', 'b', 'a'], matches, { k: 2, seed: 3 }));
  });

  it('skips and counts matches with hypotheses outside the ranked set', () => {
    const board = leaderboard(['a', 'b'], [beat('a', 'x', 'm1'), beat('y', 'b', 'm2'), beat('a', 'b', 'm3')], { k: 1 });
    expect(board.matchCount).toBe(1);
    expect(board.ignoredMatches).toBe(2);
  });

  it('rejects malformed input with an actionable message', () => {
    const expectInvalid = (run: () => unknown, message: RegExp) => {
      try {
        run();
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('invalid_input');
        expect((error as DomainError).message).toMatch(message);
      }
    };
    expectInvalid(() => leaderboard(['a', 'a'], []), /listed twice/);
    expectInvalid(() => leaderboard(['a', ''], []), /non-empty/);
    expectInvalid(() => leaderboard(['a', 'b'], [beat('a', 'a', 'm1')]), /m1 compares a with itself/);
    expectInvalid(() => leaderboard(['a', 'b'], [{ ...beat('a', 'b', 'm2'), winner: 'c' }]), /winner must be one of them/);
    expectInvalid(() => leaderboard(['a', 'b'], [{ ...beat('a', 'b', 'm3'), judge: 'robot' as 'model' }]), /"model" or "human"/);
    expectInvalid(() => leaderboard(['a', 'b'], [{ ...beat('a', 'b', 'm4'), weight: 0 }]), /positive finite/);
  });
});
