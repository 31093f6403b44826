import { describe, expect, it } from 'vitest';
import { EVOLUTION_STRATEGIES, EvolutionResultSchema, MetaReviewResultSchema } from '../../../../../src-mcp/engine/schemas.js';
import { evolutionInstructions, metaReviewInstructions, toPromptReview } from '../../../../../src-mcp/reasoners/prompts/index.js';
import { expectContract, expectPassages, expectSize, fullPrompt, hypotheses, project, reviews } from './promptFixture.js';

const STRATEGY_MARKERS = {
  refine: ['## Strategy: refine', 'Raise specificity and testability'],
  combine: ['## Strategy: combine', '**one** coherent hypothesis', 'role="partner"'],
  simplify: ['## Strategy: simplify', 'minimal core claim'],
  paradigm_shift: ['## Strategy: paradigm shift', 'fundamental assumption', 'may leave the original\'s core insight behind'],
} as const;

describe('evolution instructions', () => {
  const [original, partner] = hypotheses;
  const promptReviews = reviews.map(toPromptReview).filter((r) => r.hypothesis_id === 'hyp_a1');

  for (const strategy of EVOLUTION_STRATEGIES) {
    it(`${strategy}: strategy guidance, the hypothesis, its reviews and the contract`, () => {
      const item = evolutionInstructions({ project, strategy, hypothesis: original!, ...(strategy === 'combine' ? { partner: partner! } : {}), reviews: promptReviews, metaReviewFeedback: { text: 'Add lineage tracing.', own: false } });
      const text = fullPrompt('evolve', item);
      expectPassages(text, STRATEGY_MARKERS[strategy]);
      expectContract(text, EvolutionResultSchema, []);
      expectPassages(item, [`# Task: evolve hypothesis H4 (strategy \`${strategy}\`)`, '<untrusted_data kind="hypothesis" id="hyp_d4" label="H4" role="original">', '[hyp_a1 · full] overall', '- weakness: No lineage tracing to show senescent cells are stellate-derived.', 'Add lineage tracing.']);
      expectPassages(text, ['`changes` says what changed and why', 'Except under paradigm shift, preserve the original\'s core insight']);
      expectSize(item, 200, 10_000);
    });
  }

  it('names what its reader wrote (hypotheses and reviews) instead of re-sending it', () => {
    const own = { ...original!, written_by_reader: { title: 'Senescence pulse reverses fibrosis', core_claim: 'A senescence pulse reverses fibrosis.' } };
    const ownReviews = promptReviews.map((r) => ({ ...r, written_by_reader: true }));
    const item = evolutionInstructions({ project, strategy: 'refine', hypothesis: own, reviews: ownReviews, researchId: 'res_1' });
    expect(item).toContain('<untrusted_data kind="hypotheses" written_by="you">\nH4 hyp_d4 (original): Senescence pulse reverses fibrosis\n</untrusted_data>');
    expect(item).not.toContain(original!.summary);
    expect(item).toContain('<untrusted_data kind="reviews" written_by="you">');
    expect(item).toContain('[hyp_a1 · full] overall');
    expect(item).not.toContain('No lineage tracing to show senescent cells are stellate-derived.');
    expect(item).toContain('continue_research(research_id="res_1", include_text=true)');
  });

  it('copes with a combine task that lost its partner', () => {
    const text = evolutionInstructions({ project, strategy: 'combine', hypothesis: original!, reviews: [] });
    expect(text).toContain('No partner was supplied');
    expect(text).toContain('No reviews yet');
  });
});

describe('meta-review instructions', () => {
  const labels = new Map([['hyp_d4', 'H4'], ['hyp_a1', 'H1'], ['hyp_e5', 'H5']]);
  const item = metaReviewInstructions({
    project,
    labels,
    reviews: reviews.map(toPromptReview),
    matchRationales: [
      { winner: 'H4', loser: 'H1', rationale: 'Better controls.', judge: 'human' },
      { winner: 'H1', loser: 'H5', rationale: 'H5 lacks a vehicle control.', judge: 'model', confidence: 0.7 },
    ],
    leaderboard: [
      { id: 'hyp_d4', seq: 4, rank: 1, title: 'Senescence induction reverses fibrosis', elo: 1061, wins: 5, matches: 6, ci95: [1021, 1102] },
      { id: 'hyp_a1', seq: 1, rank: 2, title: 'Stellate senescence via p53', elo: 1032 },
    ],
  });
  const text = fullPrompt('meta_review', item);

  it('asks for critiques, feedback for both agents and an overview, grounded in a digest', () => {
    expectContract(text, MetaReviewResultSchema, []);
    expectPassages(text, ['`recurring_critiques`', '`feedback_for_generation`', '`feedback_for_review`', '`research_overview`']);
    expect(text).toContain('what to test first');
    expect(item).toContain('1. H4 (Elo 1061, 5–1, CI 1021–1102): Senescence induction reverses fibrosis');
    expect(item).toContain('2. H1 (Elo 1032): Stellate senescence via p53');
    expect(item).toMatch(/reviews( \(\d+ by the scientist\))?\. Scores, mean ± sd \(range\): plausibility /);
    expectSize(item, 250, 8_000);
  });

  it('says which hypothesis won each verdict shown, never a bare slot', () => {
    expect(item).toContain("- H4 beat H1 (the scientist's vote): Better controls.");
    expect(item).toContain('- H1 beat H5 (confidence 0.7): H5 lacks a vehicle control.');
    expect(item).not.toMatch(/\b(first|second) (won|beat)\b/);
  });

  it('counts recurring critiques instead of repeating them', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...toPromptReview(reviews[0]!), hypothesis_id: `hyp_${i}`, weaknesses: ['The protocol lacks a negative control for generic inflammation'] }));
    const digest = metaReviewInstructions({ project, labels: new Map(), reviews: many, matchRationales: [], leaderboard: [] });
    expect(digest).toContain('- ×40 (hyp_0, hyp_1, hyp_2, hyp_3, hyp_4, hyp_5, hyp_6, hyp_7, …): The protocol lacks a negative control');
    expect(digest.split('The protocol lacks a negative control').length).toBe(2);
  });

  it('bounds long histories', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ winner: `H${i}`, loser: `H${i + 1}`, rationale: `${i} ${'r'.repeat(2000)}` }));
    const long = metaReviewInstructions({ project, labels: new Map(), reviews: [], matchRationales: many, leaderboard: [] });
    expect(long).toContain('500 matches; 5 verdicts shown');
    expect(long.length).toBeLessThan(12_000);
  });
});
