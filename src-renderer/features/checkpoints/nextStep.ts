// What approving a checkpoint sets off, said next to the button that does it (issue 33 item 2):
// who does the next work, how (delegated: the assistant reasons when asked to continue; sampling:
// through its model; a provider: in the background), and the budget the project has left.
import type { CheckpointKind } from '../../../src-shared/routes/index';
import type { WaitingFor } from '../../common/waitingFor';

export interface NextStepFacts {
  kind: CheckpointKind;
  waiting: Pick<WaitingFor, 'who' | 'mode'>;
  /** Hypotheses the (edited) plan asks for, for a research plan. */
  hypotheses: number | null;
  reasoningCallsLeft: number;
  maxCycles: number;
}

const WORK: Record<CheckpointKind, string | null> = {
  research_plan: 'generates the hypotheses, then reviews and ranks them',
  hypothesis_batch: 'reviews and ranks the hypotheses you keep',
  evolution_plan: 'evolves the hypotheses you approve and ranks the results',
  // Approving the final report completes the project: nobody has more to do.
  final_report: null,
  safety_review: 'goes on with the research',
  change_request: 'goes on with the research within the new budget',
};

const HOW: Record<NonNullable<WaitingFor['mode']>, string> = {
  delegated: 'in delegated mode: it does the reasoning itself when you ask it to continue',
  sampling: 'through its own model (sampling), when you ask it to continue',
  provider: 'in the background; nothing to do for you until the next checkpoint',
};

/** One or two sentences: "Next: Claude Desktop generates 6 hypotheses … Budget left: 120 reasoning calls, at most 2 research cycles." */
export function nextStepSentence(facts: NextStepFacts): string {
  const work = WORK[facts.kind];
  if (work === null) return 'Next: the project is complete; its report and rankings stay available.';
  const what = facts.kind === 'research_plan' && facts.hypotheses !== null ? work.replace('the hypotheses', `${facts.hypotheses} hypotheses`) : work;
  const how = facts.waiting.mode === null ? 'when you ask it to continue the research' : HOW[facts.waiting.mode];
  const calls = `${facts.reasoningCallsLeft} reasoning call${facts.reasoningCallsLeft === 1 ? '' : 's'}`;
  const cycles = `at most ${facts.maxCycles} research cycle${facts.maxCycles === 1 ? '' : 's'}`;
  return `Next: ${facts.waiting.who} ${what}, ${how}. Budget left: ${calls}, ${cycles}.`;
}
