// Tournament judging. Every verdict becomes a match in the Bradley–Terry fit, so the instructions
// aim at unbiased, decisive, explained judgements: order-blind, style-blind, no ties.
import { ComparisonResultSchema, type ReviewScores } from '../../engine/schemas.js';
import type { PromptProject } from './context.js';
import { INJECTION_WARNING, dataBlock, idList, joinSections, outputContract, projectSection } from './shared.js';

export interface PairSide {
  id: string;
  summary: string;
  rationale: string;
  protocol: string;
  review_scores?: ReviewScores;
}

export interface ComparisonPair {
  pair_id: string;
  first: PairSide;
  second: PairSide;
  /** Top contenders whose order is uncertain: judged after a simulated debate. */
  debate: boolean;
}

export interface ComparisonContext {
  project: PromptProject;
  pairs: ComparisonPair[];
  topK: number;
}

const CRITERIA = [
  '## How to judge',
  '',
  'Decide which hypothesis is the better research bet for the goal, weighing in this order:',
  '1. **Plausibility**: a coherent mechanism consistent with the evidence.',
  '2. **Novelty**: says something not already known.',
  '3. **Testability**: a falsifiable prediction, a feasible controlled protocol, a clear readout.',
  '4. **Expected impact**: how far the goal advances if it is true.',
  '5. **Safety**: one with a serious safety or ethical concern loses to a safe one of comparable merit.',
  '',
  '**Judge the science, not the writing.** Length, confident tone, jargon, formatting and the number of citations are not merit: a short hypothesis with a sharp prediction beats a long one with a vague prediction. Review scores, where shown, are other reviewers\' opinions: evidence, not the verdict.',
  '',
  '**Slot order must not matter.** The order within each pair is randomised and the system measures position bias across all judgements; a judge that leans toward the first (or second) slot adds noise that costs extra matches before the ranking can be certified. Before you commit, mentally swap the two hypotheses and check that your verdict and confidence still hold; if they do not, you were reacting to order, so look again.',
  '',
  '**No ties.** Pick the better one even when they are close and express closeness through `confidence`: 0.5 = a coin flip, 0.7 = a clear but modest advantage, 0.9 or more = decisively better on most criteria.',
  '',
  'The `rationale` (two to five sentences) names the specific differences that decided it, for example "second specifies the readout and a vehicle control; first\'s mechanism needs X, which contradicts Y", not generic praise. Refer to the hypotheses as "first" and "second".',
].join('\n');

function debateGuidance(domain: string): string {
  return [
    '## Debate pairs',
    '',
    `Pairs marked \`debate="true"\` are top contenders whose order is uncertain. For each, before your verdict, simulate a debate of three to six turns between an **advocate of the first**, an **advocate of the second** and a **neutral expert in ${domain}**. The advocates make the strongest case for their hypothesis and attack the other's weakest step; the neutral expert probes claims and closes with a summary. Record the turns in \`debate\` (speaker, argument) and base the verdict on what survived. For other pairs leave \`debate\` empty.`,
  ].join('\n');
}

function side(slot: 'first' | 'second', s: PairSide): string {
  const scores = s.review_scores
    ? `Review scores: plausibility ${s.review_scores.plausibility}, novelty ${s.review_scores.novelty}, testability ${s.review_scores.testability}, safety ${s.review_scores.safety}, overall ${s.review_scores.overall}`
    : 'Review scores: none yet';
  // Ids are left out on purpose: they reveal age and lineage, which invite bias without informing merit.
  return dataBlock('hypothesis', [`Summary: ${s.summary}`, `Rationale: ${s.rationale}`, `Experimental protocol: ${s.protocol}`, scores].join('\n'), { slot });
}

function pairBlock(pair: ComparisonPair): string {
  return [`### Pair \`${pair.pair_id}\`${pair.debate ? ' (debate="true")' : ''}`, '', side('first', pair.first), '', side('second', pair.second)].join('\n');
}

export function comparisonInstructions(context: ComparisonContext): string {
  const { project, pairs, topK } = context;
  const debating = pairs.filter((pair) => pair.debate).map((pair) => pair.pair_id);
  return joinSections([
    `# Task: judge ${pairs.length} tournament match${pairs.length === 1 ? '' : 'es'}`,
    `You are the judge of a tournament that ranks research hypotheses for the goal below. Each verdict is one match in a Bradley–Terry model whose aim is to identify the top ${topK} reliably, so every judgement counts and each pair is judged on its own.`,
    INJECTION_WARNING,
    projectSection(project),
    CRITERIA,
    debating.length > 0 ? debateGuidance(project.domain) : '',
    ['## Pairs', ...pairs.map(pairBlock)].join('\n\n'),
    outputContract(ComparisonResultSchema, [
      `Exactly one judgement per pair in \`judgements\`, with \`pair_id\` copied exactly from: ${idList(pairs.map((pair) => pair.pair_id))}.`,
      '`winner` is `first` or `second`, the slot as presented above. `confidence` is between 0.5 and 1.',
      debating.length > 0
        ? `\`debate\` holds three to six turns for ${idList(debating)} and is empty for the other pairs.`
        : '`debate` stays empty.',
    ]),
  ]);
}
