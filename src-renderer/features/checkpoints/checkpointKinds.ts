// What each kind of checkpoint is called, and where in its payload the editable content sits (the
// edit schema names the fields; the payload holds the proposal they start from).
import type { CheckpointKind } from '../../../src-shared/routes/index';
import type { DiffOptions } from './schemaForm/diff';

export const KIND_LABELS: Record<CheckpointKind, string> = {
  research_plan: 'Research plan',
  hypothesis_batch: 'New hypotheses',
  evolution_plan: 'Evolution plan',
  final_report: 'Final report',
  safety_review: 'Safety review',
  change_request: 'Assistant request',
};

export const KIND_HINTS: Record<CheckpointKind, string> = {
  research_plan: 'Approve the plan to start generating hypotheses, edit it, or reject it with what to change.',
  hypothesis_batch: 'Approve the batch, edit it (drop or reword hypotheses), or reject it with a note for the next attempt.',
  evolution_plan: 'Approve the proposed evolutions, edit them, or reject them to go straight to the final report.',
  final_report: 'Approve to complete the project, edit the overview and order, or reject for another research cycle.',
  safety_review: 'Flagged by the safety screen. Approve if it is acceptable, edit the text to remove the concern, or reject it.',
  change_request: 'An assistant asks for more reasoning calls or to reopen the project. Approve, grant a different amount (edit), or reject it.',
};

/** Edit-schema fields whose values are ids of the project's hypotheses: chosen from them, never typed. */
export const HYPOTHESIS_ID_FIELDS: ReadonlySet<string> = new Set(['hypothesis_id', 'partner_id', 'top_hypothesis_ids']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The proposal an edit starts from, shaped like the edit schema. */
export function editSource(kind: CheckpointKind, payload: Record<string, unknown>): Record<string, unknown> {
  switch (kind) {
    case 'research_plan':
      return isRecord(payload.plan) ? payload.plan : {};
    case 'safety_review':
      return { revised_text: typeof payload.text === 'string' ? payload.text : '' };
    case 'change_request':
      return { add_reasoning_calls: payload.add_reasoning_calls ?? 0, add_hypotheses: payload.add_hypotheses ?? 0 };
    case 'hypothesis_batch':
      // Every hypothesis of the batch is kept unless the scientist unticks it.
      return { hypotheses: (Array.isArray(payload.hypotheses) ? payload.hypotheses : []).map((h: unknown) => ({ keep: true, ...(isRecord(h) ? h : {}) })) };
    default:
      return payload;
  }
}

/** "H3" for a hypothesis of the batch, from the numbers the payload carries. */
export function diffOptionsFor(kind: CheckpointKind, payload: Record<string, unknown>): DiffOptions {
  if (kind !== 'hypothesis_batch') return {};
  const numbers = new Map<string, number>();
  for (const h of Array.isArray(payload.hypotheses) ? payload.hypotheses : []) {
    if (isRecord(h) && typeof h.id === 'string' && typeof h.seq === 'number') numbers.set(h.id, h.seq);
  }
  return {
    itemLabel: (_field, item, index) => {
      const id = typeof item.id === 'string' ? item.id : '';
      const number = numbers.get(id);
      return number === undefined ? `#${index + 1}` : `H${number}`;
    },
  };
}
