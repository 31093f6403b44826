// Evolution work items: turn a reviewed hypothesis into a better one by one named strategy. The
// result enters the tournament as a new hypothesis with lineage, so `changes` must say what moved.
import { EVOLUTION_STRATEGIES, type EvolutionStrategy } from '../../engine/schemas.js';
import type { PromptHypothesis, PromptProject, PromptReview } from './context.js';
import { HYPOTHESIS_QUALITY, HYPOTHESIS_TEXT_PER_ITEM, capList, clip, dataBlock, hypothesisBlock, joinSections, outputContract, ownHypothesesBlock, ownTextCall, projectSection, feedbackSection, type FeedbackForItem } from './shared.js';

export interface EvolutionContext {
  project: PromptProject;
  strategy: EvolutionStrategy;
  hypothesis: PromptHypothesis;
  /** Required by `combine`: the hypothesis to merge with. */
  partner?: PromptHypothesis;
  reviews: PromptReview[];
  metaReviewFeedback?: FeedbackForItem;
  /** Named in the pointer to the full text of the reader's own hypotheses. */
  researchId?: string;
}

const STRATEGY_GUIDANCE: Record<EvolutionStrategy, string> = {
  refine: [
    '## Strategy: refine',
    'Raise specificity and testability, and fix the weaknesses the reviews found. Name the exact molecule, cell type, population or parameter; replace vague verbs ("modulates", "affects", "is involved in") with a direction and, where possible, a magnitude; make the protocol concrete (model system, intervention and dose, controls, primary readout, sample-size reasoning, timeline); turn predictions into falsifiable statements with thresholds.',
    'Address each major weakness from the reviews: fix it, or explain in `changes` why it is not a flaw.',
  ].join('\n'),
  combine: [
    '## Strategy: combine',
    'Merge the complementary parts of the two hypotheses into **one** coherent hypothesis: for example the mechanism of one with the intervention or readout of the other, or two mechanisms converging on a shared node. The result tells one causal story with one primary prediction, not two hypotheses joined by "and", and stays testable in a single study or a staged protocol.',
    'Keep the strongest evidence of both and the valid citations of both; drop what conflicts and say in `changes` what you dropped and why.',
  ].join('\n'),
  simplify: [
    '## Strategy: simplify',
    'Reduce the hypothesis to its minimal core claim: the single causal link that, if true, carries the insight. Remove secondary mechanisms, optional arms and multi-stage protocols, and find the cheapest, fastest experiment that tests the core decisively (an existing dataset before new data collection, a cell line before an animal model, a pharmacological inhibitor before a knockout).',
    'Say in `changes` what was removed and why the core claim survives without it.',
  ].join('\n'),
  paradigm_shift: [
    '## Strategy: paradigm shift',
    'Identify the fundamental assumption the hypothesis (and probably the field) rests on, one of its listed assumptions or an implicit one, and ask what follows if it is false. Propose an alternative framework that explains the observations motivating the original differently: cause and effect reversed, the signal compensatory rather than pathogenic, the relevant unit a network rather than a molecule, a different level of organisation.',
    'The new hypothesis may leave the original\'s core insight behind, but it must stay plausible and testable, and its protocol must include an experiment that discriminates the new framework from the old one.',
  ].join('\n'),
};

/**
 * Weaknesses and recommendations are what evolution fixes (strengths stay in the full review). A
 * review the reader wrote is named, not re-sent, like its own hypotheses (docs/work-items.md).
 */
function reviewsSection(reviews: PromptReview[], researchId: string | undefined): string {
  if (reviews.length === 0) return '## Reviews\n\nNo reviews yet: rely on the quality bar.';
  const { shown, note } = capList(reviews, 3);
  const scoreLine = (r: PromptReview) => `[${r.hypothesis_id} · ${r.type}] overall ${r.scores.overall} (P ${r.scores.plausibility} N ${r.scores.novelty} T ${r.scores.testability} S ${r.scores.safety})${r.fundamental_flaw ? ' · fundamental flaw' : ''}`;
  const others = shown.filter((r) => r.written_by_reader !== true);
  const own = shown.filter((r) => r.written_by_reader === true);
  const lines = others.flatMap((r) => [scoreLine(r), ...r.weaknesses.map((w) => `- weakness: ${clip(w, 300)}`), ...r.recommendations.map((x) => `- recommendation: ${clip(x, 300)}`)]);
  return [
    '## Reviews (weaknesses to fix)',
    ...(lines.length > 0 || note !== '' ? [dataBlock('reviews', [...lines, note].join('\n'))] : []),
    ...(own.length > 0 ? [`Yours, named only (fix their weaknesses and recommendations; not in this conversation? ${ownTextCall(researchId)}):`, dataBlock('reviews', own.map(scoreLine).join('\n'), { written_by: 'you' })] : []),
  ].join('\n\n');
}

/** Said once per conversation: the evolution agent's role, every strategy and the quality bar. */
export const EVOLUTION_RULES = [
  '## Evolving hypotheses',
  '',
  'You are the evolution agent of an AI co-scientist. The evolved hypothesis enters the tournament as a new candidate next to its original, so it must be better on the quality bar, not merely different. It must be complete on its own (title, core claim, summary, rationale, protocol, predictions, citations, assumptions): a reader must not need the original. Except under paradigm shift, preserve the original\'s core insight. Keep the original\'s valid citations where they still apply; add new ones only if you are certain they exist. `changes` says what changed and why, tied to review points or to the strategy. Each item names its strategy:',
  '',
  ...EVOLUTION_STRATEGIES.map((strategy) => STRATEGY_GUIDANCE[strategy]),
  '',
  HYPOTHESIS_QUALITY,
].join('\n');

export function evolutionInstructions(context: EvolutionContext): string {
  const { project, strategy, hypothesis, partner } = context;
  const name = hypothesis.seq !== undefined ? `H${hypothesis.seq}` : hypothesis.id;
  const full = (h: PromptHypothesis, role: string) => (h.written_by_reader === undefined ? hypothesisBlock(h, { role }, HYPOTHESIS_TEXT_PER_ITEM / 2) : '');
  const own = ownHypothesesBlock(partner !== undefined ? [{ h: hypothesis, role: 'original' }, { h: partner, role: 'partner' }] : [{ h: hypothesis, role: 'original' }], context.researchId);
  return joinSections([
    `# Task: evolve hypothesis ${name} (strategy \`${strategy}\`)${partner !== undefined ? ` with partner ${partner.seq !== undefined ? `H${partner.seq}` : partner.id}` : ''}`,
    projectSection(project),
    ['## Hypotheses', full(hypothesis, 'original'), partner !== undefined ? full(partner, 'partner') : '', own].filter((part) => part !== '').join('\n\n'),
    strategy === 'combine' && partner === undefined ? 'No partner was supplied: combine the hypothesis\'s own strongest mechanisms with the most complementary idea the reviews suggest.' : '',
    reviewsSection(context.reviews, context.researchId),
    feedbackSection('Meta-review feedback (apply it)', context.metaReviewFeedback, context.researchId),
    outputContract([
      'One evolved hypothesis in `hypothesis`, with a `title` and `core_claim`; `summary` 50–100 words.',
    ]),
  ]);
}
