// A deterministic stand-in for the assistant's own reasoning in delegated mode: given a work item,
// it writes a result that satisfies the output schema. Hypotheses carry a hidden quality (their
// "variant" number) so that the judge is consistent and the tournament has a true order to find.
import { wordSource } from './fakeScientist.js';

export interface WorkItemLike {
  task_id: string;
  kind: 'generate' | 'review' | 'compare' | 'evolve' | 'meta_review';
  context: Record<string, unknown>;
}

let variantCounter = 0;

/**
 * Each variant's own wording, drawn from the fibrosis vocabulary with the variant as seed: drafts
 * that shared one filler paragraph (and numbers the proximity check ignores) were word-for-word
 * near-duplicates of each other, which the engine now discards.
 */
export function hypothesisDraft(variant: number, theme = 'liver fibrosis'): Record<string, unknown> {
  const words = wordSource(variant);
  const summary = `Variant ${variant}: targeting regulator R${variant} in ${theme}. ${words.sentence(40)} ${words.sentence(20)}`.split(/\s+/).slice(0, 70).join(' ');
  return {
    summary,
    rationale: `Variant ${variant} rationale. ${words.sentence(24)}`,
    experimental_protocol: `Treat CCl4 and bile duct ligation mouse models with an R${variant} inhibitor versus vehicle for eight weeks; score fibrosis blind and quantify hydroxyproline.`,
    testable_predictions: [`Inhibiting R${variant} lowers hydroxyproline by at least 30% versus vehicle.`],
    citations: [{ title: `Regulator R${variant} in hepatic stellate cells`, doi: `10.1000/r${variant}`, year: 2021, authors: 'Doe, Jane and Roe, Richard' }],
    assumptions: [`R${variant} activity is required for stellate cell activation.`],
  };
}

/** The hidden quality of a hypothesis, read back from its summary. */
export function qualityOf(summary: string): number {
  const match = /Variant (\d+)/.exec(summary);
  return match === null ? 0 : Number(match[1]);
}

export function fakeResult(item: WorkItemLike, summaries: ReadonlyMap<string, string>): Record<string, unknown> {
  switch (item.kind) {
    case 'generate': {
      const count = Number(item.context.count);
      return { hypotheses: Array.from({ length: count }, () => hypothesisDraft(++variantCounter)) };
    }
    case 'review':
      return {
        reviews: (item.context.hypothesis_ids as string[]).map((id) => ({
          hypothesis_id: id,
          scores: { plausibility: 0.7, novelty: 0.6, testability: 0.8, safety: 0.95, overall: 0.7 },
          strengths: ['Clear mechanism with an existing inhibitor'],
          weaknesses: ['Effect size in humans unknown'],
          recommendations: ['Add a human organoid validation'],
        })),
      };
    case 'compare':
      return {
        judgements: (item.context.pairs as Array<{ pair_id: string; first: string; second: string }>).map((pair) => ({
          pair_id: pair.pair_id,
          winner: qualityOf(summaries.get(pair.first) ?? '') >= qualityOf(summaries.get(pair.second) ?? '') ? 'first' : 'second',
          confidence: 0.8,
          rationale: 'The winner names a specific mechanism and a cheaper, cleaner test.',
        })),
      };
    case 'evolve':
      return { hypothesis: hypothesisDraft(100 + ++variantCounter, 'evolved liver fibrosis'), changes: 'Sharpened the mechanism and added a second model.' };
    case 'meta_review':
      return {
        recurring_critiques: ['Human relevance is rarely tested'],
        feedback_for_generation: 'Prefer hypotheses with a human-tissue validation step.',
        feedback_for_review: 'Weigh translational evidence more heavily.',
        research_overview: 'Epigenetic regulators of stellate cell activation dominate the top of the ranking; the best candidates have existing inhibitors and clear readouts.',
      };
  }
}
