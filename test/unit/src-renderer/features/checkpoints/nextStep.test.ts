// What approving sets off, said beside the approve button (issue 33 item 2).
import { describe, expect, it } from 'vitest';
import { nextStepSentence } from '../../../../../src-renderer/features/checkpoints/nextStep.js';
import { waitingFor } from '../../../../../src-renderer/common/waitingFor.js';

describe('nextStepSentence', () => {
  it('names who works, how, on what, and the budget left', () => {
    const waiting = waitingFor([], 'delegated:claude-desktop', 'claude-desktop');
    expect(waiting.mode).toBe('delegated');
    expect(nextStepSentence({ kind: 'research_plan', waiting, hypotheses: 6, reasoningCallsLeft: 120, maxCycles: 2 })).toBe(
      'Next: Claude Desktop generates 6 hypotheses, then reviews and ranks them, in delegated mode: it does the reasoning itself when you ask it to continue. Budget left: 120 reasoning calls, at most 2 research cycles.',
    );
  });

  it('says a provider works in the background, and that nobody works after a final report', () => {
    const provider = waitingFor([], 'provider:anthropic', 'claude-code');
    expect(nextStepSentence({ kind: 'hypothesis_batch', waiting: provider, hypotheses: null, reasoningCallsLeft: 1, maxCycles: 1 })).toBe(
      'Next: Your model provider reviews and ranks the hypotheses you keep, in the background; nothing to do for you until the next checkpoint. Budget left: 1 reasoning call, at most 1 research cycle.',
    );
    const before = waitingFor([], null, 'cursor');
    expect(nextStepSentence({ kind: 'evolution_plan', waiting: before, hypotheses: null, reasoningCallsLeft: 40, maxCycles: 3 })).toContain('Cursor evolves the hypotheses you approve and ranks the results, when you ask it to continue the research.');
    expect(nextStepSentence({ kind: 'final_report', waiting: before, hypotheses: null, reasoningCallsLeft: 40, maxCycles: 3 })).toMatch(/^Next: the project is complete/);
  });
});
