// architecture.md, *Tournament*: ratings are reproducible from the match log and a seed. These properties are
// what lets the engine recompute a leaderboard from SQLite at any time and get the same answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaderboard, nextPairs, type Match } from '../../../../../src-mcp/engine/tournament/index.js';

const ID_POOL = ['h1', 'h2', 'h3', 'h10', 'H4', 'hyp_b', 'hyp_a', 'é', 'z'];

/** A random population and a random log over it (self-matches excluded, some weights, some humans). */
const tournament = fc
  .integer({ min: 1, max: ID_POOL.length })
  .chain((n) =>
    fc.record({
      ids: fc.constant(ID_POOL.slice(0, n)),
      matches: fc.array(
        fc.record({
          a: fc.nat({ max: n - 1 }),
          offset: fc.integer({ min: 1, max: Math.max(1, n - 1) }),
          firstWins: fc.boolean(),
          human: fc.boolean(),
          weight: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        }),
        { maxLength: 40 },
      ),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      k: fc.integer({ min: 1, max: 4 }),
      order: fc.array(fc.double({ noNaN: true }), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ ids, matches, seed, k, order }) => {
    const log: Match[] = [];
    if (ids.length >= 2) {
      matches.forEach((m, i) => {
        const first = ids[m.a] as string;
        const second = ids[(m.a + m.offset) % ids.length] as string;
        log.push({
          id: `m${i}`,
          first,
          second,
          winner: m.firstWins ? first : second,
          judge: m.human ? 'human' : 'model',
          ...(m.weight === undefined ? {} : { weight: m.weight }),
        });
      });
    }
    // The same ids listed in another order, as another query might return them.
    const shuffled = ids.map((id, i) => ({ id, key: order[i] as number })).sort((x, y) => x.key - y.key).map((x) => x.id);
    return { ids, shuffled, log, seed, k };
  });

describe('reproducibility from the match log and a seed', () => {
  it('gives the identical leaderboard (ids, ranks, scores, intervals) for the same log and seed', () => {
    fc.assert(
      fc.property(tournament, ({ ids, log, seed, k }) => {
        const options = { k, seed, bootstrapSamples: 25 };
        const once = leaderboard(ids, log, options);
        const again = leaderboard(ids, structuredClone(log), options);
        expect(again).toEqual(once);
        for (const entry of once.entries) {
          expect(Number.isFinite(entry.btScore) && Number.isFinite(entry.ci95[0]) && Number.isFinite(entry.ci95[1])).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('does not depend on the order the hypothesis ids are listed in', () => {
    fc.assert(
      fc.property(tournament, ({ ids, shuffled, log, seed, k }) => {
        const options = { k, seed, bootstrapSamples: 25 };
        expect(leaderboard(shuffled, log, options)).toEqual(leaderboard(ids, log, options));
        expect(nextPairs(shuffled, log, { ...options, count: 3 })).toEqual(nextPairs(ids, log, { ...options, count: 3 }));
      }),
      { numRuns: 60 },
    );
  });

  it('changes the bootstrap, not the ranking, with another seed', () => {
    fc.assert(
      fc.property(tournament, ({ ids, log, seed, k }) => {
        const a = leaderboard(ids, log, { k, seed, bootstrapSamples: 25 });
        const b = leaderboard(ids, log, { k, seed: seed + 1, bootstrapSamples: 25 });
        expect(b.entries.map((e) => [e.id, e.rank, e.btScore, e.elo])).toEqual(a.entries.map((e) => [e.id, e.rank, e.btScore, e.elo]));
      }),
      { numRuns: 40 },
    );
  });
});
