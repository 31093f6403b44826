// Tournament judging. Every verdict becomes a match in the Bradley–Terry fit, so the rules aim at
// unbiased, decisive, explained judgements: order-blind, style-blind, no ties. An item shows a small
// set of hypotheses once (label and core claim) and asks for many judgements among them; the pairs
// and their slot order come from the active scheduler.
import type { HypothesisDigest } from '../../engine/hypothesisDigest.js';
import type { PromptProject } from './context.js';
import { dataBlock, idList, joinSections, outputContract, projectSection } from './shared.js';

export interface ComparisonMember extends HypothesisDigest {
  /** The letter the item shows it under (A, B, …), in a shuffled order. */
  slot: string;
}

export interface ComparisonPair {
  pair_id: string;
  /** Slot letters of the two hypotheses, in the (randomised) order shown. */
  first: string;
  second: string;
  /** Top contenders whose order is uncertain: judged after a simulated debate. */
  debate: boolean;
}

export interface ComparisonContext {
  project: PromptProject;
  members: ComparisonMember[];
  pairs: ComparisonPair[];
  topK: number;
}

export const COMPARISON_RULES = [
  '## Judging tournament matches',
  '',
  'You judge a tournament that ranks research hypotheses for the goal; each verdict is one match in a Bradley–Terry model whose aim is to find the top hypotheses reliably, so every judgement counts and each pair is judged on its own. An item shows a few hypotheses once (letter, label, id, core claim) and lists pairs among them as "first vs second".',
  '',
  'Decide which hypothesis is the better research bet for the goal, weighing in this order:',
  '1. **Plausibility**: a coherent mechanism consistent with the evidence.',
  '2. **Novelty**: says something not already known.',
  '3. **Testability**: a falsifiable prediction, a feasible controlled protocol, a clear readout.',
  '4. **Expected impact**: how far the goal advances if it is true.',
  '5. **Safety**: one with a serious safety or ethical concern loses to a safe one of comparable merit.',
  '',
  '**Judge the science, not the writing.** Length, confident tone, jargon and formatting are not merit. When the core claims do not decide it, read the full text (hypothesis://{id}) rather than guess.',
  '',
  '**Slot order must not matter.** Slot order is randomised and the system measures position bias; before you commit, mentally swap the two and check that your verdict still holds.',
  '',
  '**No ties.** Pick the better one even when close and express closeness through `confidence`: 0.5 = a coin flip, 0.7 = a clear but modest advantage, 0.9 or more = decisively better.',
  '',
  '`winner` is the slot as listed: `first` or `second`. The `rationale` is one short sentence naming the difference that decided it ("B names the readout and a vehicle control; A\'s mechanism contradicts Y"), not generic praise.',
  '',
  '**Debate pairs** (marked debate) are top contenders whose order is undecided. For each, before the verdict, simulate a short debate (three turns: an advocate of each hypothesis, then a neutral expert in the field), record the turns in `debate` (speaker, argument) and base the verdict on what survived. For other pairs leave `debate` out.',
].join('\n');

/**
 * The core claim is what is judged; the title only names it, and the letter and label already do,
 * so a set shows no titles (~45 characters per member, in every set the hypothesis sits in).
 */
function memberLine(m: ComparisonMember): string {
  return `${m.slot} (${m.label}, ${m.id}): ${m.core_claim}`;
}

export function comparisonInstructions(context: ComparisonContext): string {
  const { project, members, pairs } = context;
  const debating = pairs.filter((pair) => pair.debate).map((pair) => pair.pair_id);
  return joinSections([
    `# Task: judge ${pairs.length} match${pairs.length === 1 ? '' : 'es'} among ${members.length} hypotheses`,
    projectSection(project, 'goal'),
    dataBlock('hypotheses', members.map(memberLine).join('\n')),
    `Pairs (pair_id: first vs second): ${pairs.map((pair) => `${pair.pair_id}: ${pair.first} vs ${pair.second}${pair.debate ? ' (debate)' : ''}`).join('; ')}.`,
    outputContract([
      'One judgement per pair; `confidence` 0.5–1.',
      debating.length > 0 ? `\`debate\` (three turns) for ${idList(debating)} only.` : 'No debates in this item: leave `debate` out.',
    ]),
  ]);
}
