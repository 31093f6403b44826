// Generation work items: one method per call (literature, debate, assumptions, expansion), each a
// distinct way scientists actually arrive at hypotheses, with the same quality bar and contract.
import { GENERATION_METHODS, type GenerationMethod } from '../../engine/schemas.js';
import type { ExistingHypothesis, GroundingSnippet, PromptProject } from './context.js';
import { HYPOTHESIS_QUALITY, SNIPPETS_SHOWN, capList, dataBlock, joinSections, outputContract, projectSection, snippetsSection, feedbackSection, type FeedbackForItem } from './shared.js';

export interface GenerationContext {
  project: PromptProject;
  method: GenerationMethod;
  count: number;
  existingHypotheses: ExistingHypothesis[];
  metaReviewFeedback?: FeedbackForItem;
  /** Named in the pointers to text the reader wrote. */
  researchId?: string;
  /** The scientist's note when they rejected the previous batch. */
  scientistFeedback?: string;
  groundingSnippets: GroundingSnippet[];
}

const METHOD_TITLES: Record<GenerationMethod, string> = {
  literature_based: 'literature-based',
  debate: 'simulated expert debate',
  assumptions: 'challenging tacit assumptions',
  expansion: 'expanding the explored space',
};

function methodGuidance(method: GenerationMethod): string {
  switch (method) {
    case 'literature_based':
      return [
        '## Method: literature-based',
        'Read the literature snippets the way you would before writing a grant: note what is established, where results conflict, and what has not been tested. Then, for each hypothesis:',
        '1. Rest it on at least one snippet and cite that snippet with its `document_id` (plus its identifier when one is shown).',
        '2. Name in the rationale the **gap in the literature** it fills: an untested causal link, an observation nobody has explained, a contradiction between two sources, or a method not yet applied to this question.',
        '3. State what is new relative to the snippets, so a reviewer can check novelty against them.',
        'Prefer hypotheses that connect findings from different snippets over ones that restate a single snippet. When an item has no snippets, ground the hypotheses in well-established knowledge, cite only references you are certain exist, and say in each rationale that grounding comes from background knowledge.',
      ].join('\n');
    case 'debate':
      return [
        '## Method: simulated expert debate',
        'Simulate a focused debate among three or four experts with different stances, adapted to the goal\'s domain. In biomedicine, for example: a **mechanistic biologist** (what molecule, pathway, causal chain?), a **clinician** (does it matter for patients, can it be tested ethically and feasibly?), a **skeptical statistician** (confounders, effect size, power, what result would falsify it?), and a specialist in the goal’s subfield. In other fields choose the equivalent roles (theorist, experimentalist, methodologist, practitioner).',
        'Run three to five rounds. Each round an expert proposes or sharpens an idea and the others attack its weakest step; ideas that survive are refined, ideas that do not are dropped. Converge on the hypotheses the panel judges novel and testable, and record unresolved dissent in their rationales.',
        'Put a condensed transcript in `debate_notes`: who argued what, and what changed as a result.',
      ].join('\n');
    case 'assumptions':
      return [
        '## Method: challenging tacit assumptions',
        'First list, for yourself, five to ten assumptions this field takes for granted about the goal: things textbooks and standard protocols rarely question (that a model system represents the human condition, that a marker is causal rather than correlated, that a pathway acts the same in every cell type or context, that a dose–response is monotonic, that an observed association has the assumed direction).',
        'Judge how well supported each one is. Select those that may be false **and** whose falsity would matter for the goal. For each, derive a hypothesis that states the alternative and an experiment that tells the two apart.',
        'In each hypothesis fill `assumptions` with the assumptions it challenges (prefix "Challenges: ") and those it still relies on (prefix "Relies on: ").',
      ].join('\n');
    case 'expansion':
      return [
        '## Method: expanding the explored space',
        'The tournament has ranked earlier hypotheses and the meta-review has named what is over- and under-explored. Use both:',
        '1. Read the meta-review feedback and the top-ranked hypotheses the item shows.',
        '2. Identify directions nobody has taken: other mechanisms, other levels of organisation (molecule → cell → circuit → organism → population), other interventions or model systems, and the opposite-sign hypothesis of a leader.',
        '3. Write hypotheses in those directions. Building on a top hypothesis is welcome when you change its mechanism, level or intervention and say so in the rationale.',
        'A hypothesis that shares the mechanism and the primary readout of an existing one is a near-duplicate: the proximity check discards it (it is kept as rejected, never reviewed or ranked, and does not count toward the budget), so it wastes its place in the batch.',
      ].join('\n');
  }
}

/** Titles shown as the digest of what exists; leaders also get their core claim (expansion builds on them). */
const EXISTING_TITLES_SHOWN = 30;
const LEADERS_WITH_CLAIMS = 5;

function existingSection(existing: ExistingHypothesis[], method: GenerationMethod): string {
  if (existing.length === 0) return '';
  // Ranked first so `expansion` sees the leaders; titles are enough to steer away from duplicates.
  const sorted = [...existing].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.seq - b.seq);
  const { shown, note } = capList(sorted, EXISTING_TITLES_SHOWN);
  const lines = shown.map((h, i) =>
    `H${h.seq}${h.rank != null ? ` (rank ${h.rank})` : ''}: ${h.title}${method === 'expansion' && i < LEADERS_WITH_CLAIMS && h.rank != null ? `. ${h.core_claim}` : ''}`,
  );
  return [
    method === 'expansion' ? '## Existing hypotheses (leaderboard order): build beyond these' : '## Existing hypotheses: do not duplicate these',
    '',
    dataBlock('existing_hypotheses', [...lines, note && `${note.slice(0, -2)}; full texts: hypothesis://{id}.)`].join('\n')),
  ].join('\n');
}

/** Said once per conversation: the generation agent's role, every method and the quality bar. */
export const GENERATION_RULES = [
  '## Generating hypotheses',
  '',
  'You are the generation agent of an AI co-scientist. The hypotheses you write will be reviewed, ranked in a pairwise tournament and evolved, and the best reach the scientist as candidate research directions, so depth and honesty matter more than volume. Each hypothesis is distinct from the others and from the existing ones, and has a short `title` and a one-sentence `core_claim` (what is proposed and through which mechanism): the tournament judges compare hypotheses by these. `rationale`: the mechanism, the evidence with citations, the gap filled and what is new. `experimental_protocol`: design, controls, primary readout, expected effect direction, refuting result. `testable_predictions`: falsifiable statements naming what is measured and which way it moves. A citation from a snippet carries that snippet\'s `document_id`; leave `doi`, `pmid` and `arxiv_id` out unless you are certain of them. Each item names its method:',
  '',
  ...GENERATION_METHODS.map(methodGuidance),
  '',
  HYPOTHESIS_QUALITY,
].join('\n');

export function generationInstructions(context: GenerationContext): string {
  const { project, method, count } = context;
  const feedback = [
    feedbackSection('Meta-review feedback from earlier rounds (apply it)', context.metaReviewFeedback, context.researchId),
    context.scientistFeedback
      ? ['## The scientist rejected the previous batch with this note (address it directly)', '', dataBlock('scientist_feedback', context.scientistFeedback)].join('\n')
      : '',
  ];
  return joinSections([
    `# Task: generate ${count} research hypotheses (method \`${method}\`: ${METHOD_TITLES[method]})`,
    projectSection(project),
    ...feedback,
    existingSection(context.existingHypotheses, method),
    context.groundingSnippets.length === 0 && method === 'literature_based' ? 'No literature snippets were retrieved for this goal.' : '',
    snippetsSection(context.groundingSnippets, 'Literature snippets from the knowledge base', SNIPPETS_SHOWN),
    outputContract([
      `Exactly ${count} hypotheses; \`summary\` 50–100 words.`,
      method === 'debate' ? '`debate_notes` is required for this method.' : 'Leave `debate_notes` out.',
      method === 'assumptions' ? '`assumptions` is required for every hypothesis (Challenges / Relies on).' : 'Fill `assumptions` with the premises the hypothesis rests on.',
    ]),
  ]);
}
