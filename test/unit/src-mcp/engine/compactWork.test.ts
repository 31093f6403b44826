// The compact forms delegated work is built from (issue 13): digests of hypotheses, comparison
// items over a shared set chosen from the scheduler's proposals, and enforced length limits.
import { describe, expect, it } from 'vitest';
import { CORE_CLAIM_MAX_CHARS, TITLE_MAX_CHARS, derivedCoreClaim, derivedTitle, digestOf } from '../../../../src-mcp/engine/hypothesisDigest.js';
import { MAX_DEBATES_PER_ITEM, SET_SIZE, comparisonSetPayload, pairsWithinSet } from '../../../../src-mcp/engine/comparisonSets.js';
import { ComparisonResultSchema, RATIONALE_MAX_CHARS, REVIEW_POINT_MAX_CHARS, ReviewResultSchema, ScientistReviewPointsSchema } from '../../../../src-mcp/engine/schemas.js';
import { leaderboard, nextPairs } from '../../../../src-mcp/engine/tournament/index.js';
import { resultShape, rulesFor } from '../../../../src-mcp/reasoners/prompts/index.js';
import { synthetic } from './tournament/helpers.js';

const SUMMARY =
  'Senescence of activated hepatic stellate cells, induced by a short CDK4/6 inhibitor pulse, reverses established fibrosis in adult mice. The mechanism is a shift of the senescence secretome toward matrix metalloproteinases. Collagen area should fall by a third within four weeks.';

describe('hypothesis digest', () => {
  it('uses the title and core claim the hypothesis was written with', () => {
    const digest = digestOf({ id: 'hyp_1', seq: 7, summary: SUMMARY, title: 'Senolytic-free senescence pulse', coreClaim: 'A CDK4/6 pulse makes stellate cells senescent and reverses fibrosis.' });
    expect(digest).toEqual({ id: 'hyp_1', label: 'H7', title: 'Senolytic-free senescence pulse', core_claim: 'A CDK4/6 pulse makes stellate cells senescent and reverses fibrosis.' });
  });

  it('derives both from the summary for hypotheses stored before the fields existed', () => {
    const digest = digestOf({ id: 'hyp_2', seq: 2, summary: SUMMARY, title: null, coreClaim: null });
    expect(digest.title).toBe('Senescence of activated hepatic stellate cells, induced by a short CDK4/6…');
    expect(digest.core_claim.startsWith('Senescence of activated hepatic stellate cells')).toBe(true);
    expect(digest.core_claim.length).toBeLessThanOrEqual(CORE_CLAIM_MAX_CHARS);
    expect(derivedTitle('word '.repeat(200)).length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(derivedCoreClaim(`${'x'.repeat(1000)}.`).length).toBeLessThanOrEqual(CORE_CLAIM_MAX_CHARS);
  });
});

describe('comparison items over a shared set', () => {
  const world = synthetic({ n: 20, matches: 60, seed: 3 });
  const board = leaderboard(world.ids, world.matches, { k: 5, seed: 1, bootstrapSamples: 50 });
  const proposals = nextPairs(world.ids, world.matches, { k: 5, seed: 1, count: 120, board, bootstrapSamples: 50 });

  it('keeps the scheduler\'s pairs, in its order and slot order, that fit one small set', () => {
    const chosen = pairsWithinSet(proposals);
    const members = new Set(chosen.flatMap((p) => [p.first, p.second]));
    expect(members.size).toBeLessThanOrEqual(SET_SIZE);
    expect(chosen.length).toBeGreaterThan(members.size / 2);
    // Every chosen pair is a proposal, with the same slots, in the scheduler's priority order.
    const positions = chosen.map((pair) => proposals.findIndex((p) => p.first === pair.first && p.second === pair.second));
    expect(positions.every((i) => i >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(chosen[0]).toEqual(proposals[0]);
  });

  it('records a shuffled display order and at most one debate, only between undecided top contenders', () => {
    const chosen = pairsWithinSet(proposals);
    const payload = comparisonSetPayload(chosen, board, { k: 5, seed: 1, firstPairNumber: 61 });
    expect(payload.members.map((m) => m.slot)).toEqual('ABCDEFGHIJ'.slice(0, payload.members.length).split(''));
    expect(new Set(payload.members.map((m) => m.id))).toEqual(new Set(chosen.flatMap((p) => [p.first, p.second])));
    expect(payload.pairs.map((p) => p.pair_id)).toEqual(chosen.map((_, i) => `p${61 + i}`));
    expect(payload.pairs.filter((p) => p.debate).length).toBeLessThanOrEqual(MAX_DEBATES_PER_ITEM);
    const top = new Set(board.entries.slice(0, 5).map((e) => e.id));
    for (const pair of payload.pairs.filter((p) => p.debate)) expect(top.has(pair.first) && top.has(pair.second)).toBe(true);
    // The same inputs give the same item (the order is seeded, not random).
    expect(comparisonSetPayload(chosen, board, { k: 5, seed: 1, firstPairNumber: 61 })).toEqual(payload);
  });
});

describe('length limits', () => {
  it('are stated in the result shape and enforced with a specific message', () => {
    expect(resultShape(ComparisonResultSchema)).toContain(`rationale: string (20–${RATIONALE_MAX_CHARS} chars)`);
    const judgement = { pair_id: 'p1', winner: 'first', confidence: 0.7, rationale: 'x'.repeat(RATIONALE_MAX_CHARS + 1) };
    const parsed = ComparisonResultSchema.safeParse({ judgements: [judgement] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`rationale is limited to ${RATIONALE_MAX_CHARS} characters`);
    const review = { hypothesis_id: 'hyp_1', scores: { plausibility: 0.5, novelty: 0.5, testability: 0.5, safety: 1, overall: 0.5 }, strengths: ['a', 'b', 'c', 'd', 'e'].map((s) => `strength ${s}`), weaknesses: ['weak point'] };
    expect(ReviewResultSchema.safeParse({ reviews: [review] }).error?.issues[0]?.path).toEqual(['reviews', 0, 'strengths']);
  });

  it('ask a reasoner for short review points, while the scientist keeps the room they had', () => {
    const point = 'x'.repeat(REVIEW_POINT_MAX_CHARS + 1);
    const review = { hypothesis_id: 'hyp_1', scores: { plausibility: 0.5, novelty: 0.5, testability: 0.5, safety: 1, overall: 0.5 }, strengths: ['Clear mechanism'], weaknesses: [point] };
    expect(ReviewResultSchema.safeParse({ reviews: [review] }).error?.issues[0]?.message).toBe(`weakness is limited to ${REVIEW_POINT_MAX_CHARS} characters`);
    expect(ScientistReviewPointsSchema.safeParse({ strengths: ['Clear mechanism', 'Cheap readout', 'Existing drug'], weaknesses: [point, point, point, point] }).success).toBe(true);
  });

  it('state the result shape once per kind, in the rules', () => {
    const rules = rulesFor('compare');
    expect(rules.text).toContain(resultShape(ComparisonResultSchema));
    expect(rules.version).toMatch(/^compare-[0-9a-f]{8}$/);
  });
});
