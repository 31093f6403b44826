import { describe, expect, it } from 'vitest';
import { EVOLUTION_STRATEGIES, EvolutionResultSchema, MetaReviewResultSchema } from '../../../src-mcp/engine/schemas.js';
import { evolutionInstructions, metaReviewInstructions, toPromptReview } from '../../../src-mcp/reasoners/prompts/index.js';
import { expectContract, expectSize, hypotheses, project, reviews } from './promptFixture.js';

const STRATEGY_MARKERS = {
  refine: ['## Strategy: refine', 'Raise specificity and testability', 'Preserve the core insight'],
  combine: ['## Strategy: combine', '**one** coherent hypothesis', '## Partner hypothesis to combine with', 'Preserve the core insight'],
  simplify: ['## Strategy: simplify', 'minimal core claim', 'Preserve the core insight'],
  paradigm_shift: ['## Strategy: paradigm shift', 'fundamental assumption', 'may depart from the original\'s core insight'],
} as const;

describe('evolution instructions', () => {
  const [original, partner] = hypotheses;
  const promptReviews = reviews.map(toPromptReview).filter((r) => r.hypothesis_id === 'hyp_a1');

  for (const strategy of EVOLUTION_STRATEGIES) {
    it(`${strategy}: strategy guidance, the hypothesis, its reviews and the contract`, () => {
      const text = evolutionInstructions({ project, strategy, hypothesis: original!, ...(strategy === 'combine' ? { partner: partner! } : {}), reviews: promptReviews, metaReviewFeedback: 'Add lineage tracing.' });
      for (const marker of STRATEGY_MARKERS[strategy]) expect(text).toContain(marker);
      expectContract(text, EvolutionResultSchema, []);
      expect(text).toContain('# Task: evolve hypothesis H4');
      expect(text).toContain('<untrusted_data kind="hypothesis" id="hyp_d4" label="H4" role="original">');
      expect(text).toContain('<untrusted_data kind="review" hypothesis_id="hyp_a1" type="full" judge="model">');
      expect(text).toContain('- No lineage tracing to show senescent cells are stellate-derived.');
      expect(text).toContain('`changes`: what changed and why');
      expect(text).toContain('Add lineage tracing.');
      if (strategy !== 'paradigm_shift') expect(text).not.toContain('may depart from the original');
      expectSize(text, 900, 18_000);
    });
  }

  it('copes with a combine task that lost its partner', () => {
    const text = evolutionInstructions({ project, strategy: 'combine', hypothesis: original!, reviews: [] });
    expect(text).toContain('No partner was supplied');
    expect(text).toContain('No reviews yet');
  });
});

describe('meta-review instructions', () => {
  const text = metaReviewInstructions({
    project,
    reviews: reviews.map(toPromptReview),
    matchRationales: [{ winner_id: 'hyp_d4', loser_id: 'hyp_a1', rationale: 'Better controls.', judge: 'human' }],
    leaderboard: [
      { id: 'hyp_d4', seq: 4, rank: 1, summary: 'Senescence induction reverses fibrosis.', elo: 1061, bt_score: 1.84, ci95: [1.21, 2.6] },
      { id: 'hyp_a1', seq: 1, rank: 2, summary: 'Stellate senescence via p53.', elo: 1032 },
    ],
  });

  it('asks for critiques, feedback for both agents and an overview, grounded in the material', () => {
    expectContract(text, MetaReviewResultSchema, []);
    for (const field of ['`recurring_critiques`', '`feedback_for_generation`', '`feedback_for_review`', '`research_overview`']) expect(text).toContain(field);
    expect(text).toContain('what to test first');
    expect(text).toContain('1. H4 (hyp_d4) Elo 1061, BT 1.84 (95% CI 1.21–2.6): Senescence induction reverses fibrosis.');
    expect(text).toContain('2. H1 (hyp_a1) Elo 1032: Stellate senescence via p53.');
    expect(text).toContain("- hyp_d4 beat hyp_a1 (the scientist's vote): Better controls.");
    expect(text).toContain('[hyp_e5 · full · by the scientist] P 0.3 N 0.5 T 0.4 S 0.2 overall 0.2 · fundamental flaw');
    expectSize(text, 700, 12_000);
  });

  it('bounds long histories and says what it left out', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ winner_id: `h${i}`, loser_id: `g${i}`, rationale: 'r'.repeat(2000) }));
    const long = metaReviewInstructions({ project, reviews: [], matchRationales: many, leaderboard: [] });
    expect(long).toContain('(20 more not shown.)');
    expect(long.length).toBeLessThan(25_000);
  });
});
