// The hypotheses a checkpoint names, which the inbox offers to open in the side panel.
import { describe, expect, it } from 'vitest';
import { namedHypothesisIds } from '../../../../../src-renderer/features/checkpoints/checkpointHypothesisIds.js';

describe('namedHypothesisIds', () => {
  it('finds every hypothesis of a batch, an evolution plan, a report and a safety review, in order, once each', () => {
    expect(namedHypothesisIds({ payload: { hypotheses: [{ id: 'hyp_a' }, { id: 'hyp_b', near_duplicate_of: 'hyp_a' }, { id: 'hyp_c', near_duplicate_of: 'hyp_z' }] } })).toEqual([
      'hyp_a',
      'hyp_b',
      'hyp_c',
      'hyp_z',
    ]);
    expect(namedHypothesisIds({ payload: { proposals: [{ hypothesis_id: 'hyp_b', partner_id: 'hyp_a' }, { hypothesis_id: 'hyp_c', partner_id: null }] } })).toEqual(['hyp_b', 'hyp_a', 'hyp_c']);
    expect(namedHypothesisIds({ payload: { top_hypotheses: [{ id: 'hyp_c', rank: 1 }, { id: 'hyp_a', rank: 2 }] } })).toEqual(['hyp_c', 'hyp_a']);
    expect(namedHypothesisIds({ payload: { subject: 'hypothesis', hypothesis_id: 'hyp_q' } })).toEqual(['hyp_q']);
  });

  it('names none for a plan, a change request or a malformed payload', () => {
    expect(namedHypothesisIds({ payload: { plan: { goal: 'x' } } })).toEqual([]);
    expect(namedHypothesisIds({ payload: { change: 'reopen', add_reasoning_calls: 5 } })).toEqual([]);
    expect(namedHypothesisIds({ payload: { hypotheses: 'not a list', proposals: [null, 3, { hypothesis_id: '' }], hypothesis_id: 42 } })).toEqual([]);
  });
});
