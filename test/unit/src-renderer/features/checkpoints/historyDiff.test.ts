// The decision history shows what an edit changed from what it keeps (the proposal and the data
// sent), without the edit schema: the shape inferred from the data must name the same changes as
// the real edit schema did in the form.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EDIT_SCHEMAS } from '../../../../../src-mcp/engine/workflow/checkpointRules.js';
import type { CheckpointKind } from '../../../../../src-mcp/engine/schemas.js';
import { fieldsOf, type JsonSchema } from '../../../../../src-renderer/features/checkpoints/schemaForm/jsonSchema.js';
import { recordedEditChanges } from '../../../../../src-renderer/features/checkpoints/schemaForm/recordedEdit.js';
import { diffValues, type Change } from '../../../../../src-renderer/features/checkpoints/schemaForm/diff.js';
import { diffOptionsFor, editSource } from '../../../../../src-renderer/features/checkpoints/checkpointKinds.js';

/** A batch edit as the form would send it: every hypothesis with all its fields, the changed ones changed. */
function formBatch(before: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const sent = new Map((data.hypotheses as Array<{ id: string }>).map((h) => [h.id, h]));
  return { hypotheses: (before.hypotheses as Array<{ id: string }>).map((h) => ({ ...h, ...sent.get(h.id) })) };
}

const plain = (changes: Change[]) => changes.map((c) => `${c.label}: ${c.kind}`);

function bothWays(kind: CheckpointKind, payload: Record<string, unknown>, data: Record<string, unknown>) {
  const before = editSource(kind, payload);
  const options = diffOptionsFor(kind, payload);
  // The form sends every field; what was recorded may carry only the changed ones.
  const full = { ...before, ...data };
  const real = diffValues(fieldsOf(z.toJSONSchema(EDIT_SCHEMAS[kind], { io: 'input' }) as JsonSchema), before, kind === 'hypothesis_batch' ? formBatch(before, data) : full, options);
  const inferred = recordedEditChanges(before, data, options);
  return { real: plain(real), inferred: plain(inferred) };
}

describe('the diff of a recorded edit', () => {
  it('names the same changes as the form did, for a batch (kept, dropped, reworded) and a plan', () => {
    const summary = (topic: string) => `Inhibiting ${topic} reduces stellate cell activation in fibrotic liver tissue.`;
    const batch = {
      hypothesis_ids: ['hyp_a', 'hyp_b'],
      hypotheses: [
        { id: 'hyp_a', seq: 1, summary: summary('LOXL2'), method: 'debate', near_duplicate_of: null },
        { id: 'hyp_b', seq: 2, summary: summary('BRD4'), method: 'assumptions', near_duplicate_of: null },
      ],
    };
    const sent = { hypotheses: [{ id: 'hyp_a', keep: false }, { id: 'hyp_b', keep: true, summary: summary('the epigenetic reader BRD4') }] };
    const batchDiff = bothWays('hypothesis_batch', batch, sent);
    expect(batchDiff.inferred).toEqual(['Hypotheses › H1 › Keep: changed', 'Hypotheses › H2 › Summary: changed']);
    expect(batchDiff.inferred).toEqual(batchDiff.real);

    const plan = { plan: { goal: 'Find targets for liver fibrosis', domain: 'medicine', objectives: ['Druggable'], constraints: [], preferences: [], hypothesis_budget: 6 } };
    const edited = { ...plan.plan, hypothesis_budget: 8, constraints: ['No TGF-beta'] };
    const planDiff = bothWays('research_plan', plan, edited);
    expect(planDiff.inferred).toEqual(['Constraints: added', 'Hypothesis budget: changed']);
    expect(planDiff.inferred).toEqual(planDiff.real);
  });

  it('finds nothing when the data equals the proposal', () => {
    const request = { change: 'reopen', add_reasoning_calls: 40, add_hypotheses: 5, requested_by: 'claude-desktop' };
    expect(bothWays('change_request', request, { add_reasoning_calls: 40, add_hypotheses: 5 }).inferred).toEqual([]);
    expect(bothWays('change_request', request, { add_reasoning_calls: 20, add_hypotheses: 5 }).inferred).toEqual(['Add reasoning calls: changed']);
  });
});
