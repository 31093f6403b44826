// The checkpoint edit form's logic, run against the research server's real edit schemas (as the
// app receives them: zod → JSON Schema), so a form the app builds is one the server accepts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EDIT_SCHEMAS } from '../../../../../src-mcp/engine/workflow/checkpointRules.js';
import type { CheckpointKind } from '../../../../../src-mcp/engine/schemas.js';
import { fieldsOf, type FieldSpec, type JsonSchema } from '../../../../../src-renderer/features/checkpoints/schemaForm/jsonSchema.js';
import { clean, prefill, setIn, validate } from '../../../../../src-renderer/features/checkpoints/schemaForm/values.js';
import { diffValues, wordDiff } from '../../../../../src-renderer/features/checkpoints/schemaForm/diff.js';
import { diffOptionsFor, editSource } from '../../../../../src-renderer/features/checkpoints/checkpointKinds.js';

function fields(kind: CheckpointKind): FieldSpec[] {
  return fieldsOf(z.toJSONSchema(EDIT_SCHEMAS[kind], { io: 'input' }) as JsonSchema);
}

const words = (n: number, word = 'mechanism') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

const plan = {
  goal: 'Find novel therapeutic targets for liver fibrosis',
  domain: 'medicine',
  objectives: ['Find novel therapeutic targets for liver fibrosis'],
  constraints: [],
  preferences: ['Favour approved drugs'],
  hypothesis_budget: 6,
};

const batchPayload = {
  hypothesis_ids: ['hyp_a', 'hyp_b'],
  hypotheses: [
    { id: 'hyp_a', seq: 1, summary: words(60), method: 'debate', near_duplicate_of: null },
    { id: 'hyp_b', seq: 2, summary: words(70, 'target'), method: 'assumptions', near_duplicate_of: null },
  ],
};

describe('fields from an edit schema', () => {
  it('reads the research plan into typed fields with their limits', () => {
    const byKey = new Map(fields('research_plan').map((f) => [f.key, f]));
    expect(byKey.get('goal')).toMatchObject({ kind: 'string', required: true, multiline: true, minLength: 10 });
    expect(byKey.get('domain')).toMatchObject({ kind: 'string', multiline: false, maxLength: 100 });
    expect(byKey.get('objectives')).toMatchObject({ kind: 'stringList', minItems: 1, maxItems: 10, label: 'Objectives' });
    expect(byKey.get('constraints')).toMatchObject({ kind: 'stringList', required: false });
    expect(byKey.get('hypothesis_budget')).toMatchObject({ kind: 'number', integer: true, minimum: 1, maximum: 100, label: 'Hypothesis budget' });
  });

  it('edits a batch in place (no adding or removing hypotheses) and the evolution plan freely, with enums', () => {
    const [hypotheses] = fields('hypothesis_batch');
    expect(hypotheses).toMatchObject({ kind: 'objectList', fixed: true });
    const itemFields = hypotheses?.kind === 'objectList' ? hypotheses.fields : [];
    expect(itemFields.map((f) => `${f.key}:${f.kind}`)).toEqual(['id:string', 'keep:boolean', 'summary:string', 'rationale:string', 'experimental_protocol:string']);
    expect(itemFields[0]).toMatchObject({ identifier: true });
    const [proposals] = fields('evolution_plan');
    expect(proposals).toMatchObject({ kind: 'objectList', fixed: false, maxItems: 20 });
    const strategy = proposals?.kind === 'objectList' ? proposals.fields.find((f) => f.key === 'strategy') : undefined;
    expect(strategy).toMatchObject({ kind: 'enum', options: ['refine', 'combine', 'simplify', 'paradigm_shift'] });
  });
});

describe('prefilling from the proposal', () => {
  it('takes the plan from the payload and leaves out keys the schema does not have', () => {
    expect(prefill(fields('research_plan'), editSource('research_plan', { plan: { ...plan, extra: 'x' } }))).toEqual(plan);
  });

  it('keeps every hypothesis of a batch by default and leaves optional texts absent', () => {
    const value = prefill(fields('hypothesis_batch'), editSource('hypothesis_batch', batchPayload));
    expect(value).toEqual({
      hypotheses: [
        { id: 'hyp_a', keep: true, summary: words(60) },
        { id: 'hyp_b', keep: true, summary: words(70, 'target') },
      ],
    });
  });

  it('starts a safety edit from the flagged text', () => {
    expect(prefill(fields('safety_review'), editSource('safety_review', { subject: 'goal', text: 'Some flagged goal text', reasons: ['x'] }))).toEqual({ revised_text: 'Some flagged goal text' });
  });
});

describe('validation before submitting', () => {
  it('names each problem by its field', () => {
    const value = setIn(setIn(plan, ['objectives'], ['   ']), ['hypothesis_budget'], '0');
    const errors = validate(fields('research_plan'), value);
    expect(errors.get('objectives')).toMatch(/at least 1 entry/);
    expect(errors.get('hypothesis_budget')).toMatch(/at least 1/);
    expect(validate(fields('research_plan'), plan).size).toBe(0);
  });

  it('checks list entries and nested fields', () => {
    const value = setIn(prefill(fields('hypothesis_batch'), editSource('hypothesis_batch', batchPayload)), ['hypotheses', 1, 'rationale'], 'too short');
    const errors = validate(fields('hypothesis_batch'), value);
    expect([...errors.keys()]).toEqual(['hypotheses.1.rationale']);
    expect(errors.get('hypotheses.1.rationale')).toMatch(/at least 40 characters \(now 9\)/);
  });
});

describe('cleaning what is sent', () => {
  it('produces data the server accepts: numbers as numbers, blank optional fields and entries dropped', () => {
    let value: unknown = prefill(fields('research_plan'), plan);
    value = setIn(value, ['hypothesis_budget'], '8');
    value = setIn(value, ['constraints'], ['Testable in mice within six months', '  ']);
    const cleaned = clean(fields('research_plan'), value);
    expect(cleaned).toMatchObject({ hypothesis_budget: 8, constraints: ['Testable in mice within six months'] });
    expect(EDIT_SCHEMAS.research_plan.safeParse(cleaned).success).toBe(true);
  });

  it('turns a dropped and a reworded hypothesis into a valid batch edit', () => {
    let value: unknown = prefill(fields('hypothesis_batch'), editSource('hypothesis_batch', batchPayload));
    value = setIn(value, ['hypotheses', 0, 'keep'], false);
    value = setIn(value, ['hypotheses', 1, 'summary'], words(55, 'reworded'));
    value = setIn(value, ['hypotheses', 1, 'rationale'], '');
    const cleaned = clean(fields('hypothesis_batch'), value);
    expect(cleaned).toEqual({ hypotheses: [{ id: 'hyp_a', keep: false, summary: words(60) }, { id: 'hyp_b', keep: true, summary: words(55, 'reworded') }] });
    expect(EDIT_SCHEMAS.hypothesis_batch.safeParse(cleaned).success).toBe(true);
  });
});

describe('the diff shown before submitting', () => {
  it('names hypotheses by number and lists what changed', () => {
    const before = prefill(fields('hypothesis_batch'), editSource('hypothesis_batch', batchPayload));
    let after: unknown = setIn(before, ['hypotheses', 0, 'keep'], false);
    after = setIn(after, ['hypotheses', 1, 'summary'], words(55, 'reworded'));
    const changes = diffValues(fields('hypothesis_batch'), before, after, diffOptionsFor('hypothesis_batch', batchPayload));
    expect(changes.map((c) => [c.label, c.kind])).toEqual([
      ['Hypotheses › H1 › Keep', 'changed'],
      ['Hypotheses › H2 › Summary', 'changed'],
    ]);
    expect(changes[0]).toMatchObject({ before: true, after: false });
    expect(diffValues(fields('hypothesis_batch'), before, before)).toEqual([]);
  });

  it('reports list entries added and removed, new optional texts and reordering', () => {
    const before = prefill(fields('research_plan'), plan);
    const after = { ...plan, constraints: ['Testable in mice'], preferences: [], goal: `${plan.goal} `, hypothesis_budget: '6' };
    expect(diffValues(fields('research_plan'), before, after).map((c) => `${c.label}:${c.kind}:${String(c.after ?? c.before)}`)).toEqual([
      'Constraints:added:Testable in mice',
      'Preferences:removed:Favour approved drugs',
    ]);
    const report = { overview: words(10), top_hypothesis_ids: ['hyp_a', 'hyp_b'] };
    const reordered = diffValues(fields('final_report'), report, { ...report, top_hypothesis_ids: ['hyp_b', 'hyp_a'] });
    expect(reordered).toEqual([{ key: 'top_hypothesis_ids', label: 'Top hypothesis ids (order)', kind: 'changed', before: 'hyp_a, hyp_b', after: 'hyp_b, hyp_a' }]);
    const batchBefore = { hypotheses: [{ id: 'hyp_a', keep: true, summary: 's' }] };
    const added = diffValues(fields('hypothesis_batch'), batchBefore, { hypotheses: [{ id: 'hyp_a', keep: true, summary: 's', rationale: 'New rationale text' }] });
    expect(added).toEqual([{ key: 'hypotheses.hyp_a.rationale', label: 'Hypotheses › #1 › Rationale', kind: 'added', after: 'New rationale text' }]);
  });

  it('counts an objective reworded in place as one change, and a removal or an addition as one each', () => {
    const objectives = ['Find druggable targets in stellate cells', 'Rank them by tractability'];
    const before = prefill(fields('research_plan'), { ...plan, objectives });
    const reworded = diffValues(fields('research_plan'), before, { ...plan, objectives: [objectives[0], 'Rank them by genetic evidence'] });
    expect(reworded).toEqual([
      { key: 'objectives[1]', label: 'Objectives › #2', kind: 'changed', before: 'Rank them by tractability', after: 'Rank them by genetic evidence' },
    ]);
    const dropped = diffValues(fields('research_plan'), before, { ...plan, objectives: [objectives[1]] });
    expect(dropped.map((c) => `${c.label}:${c.kind}`)).toEqual(['Objectives:removed']);
    const grown = diffValues(fields('research_plan'), before, { ...plan, objectives: [...objectives, 'Prefer oral drugs'] });
    expect(grown.map((c) => `${c.label}:${c.kind}`)).toEqual(['Objectives:added']);
  });

  it('shows a reworded text word by word', () => {
    expect(wordDiff('inhibit R1 in stellate cells', 'inhibit R7 in activated stellate cells')).toEqual([
      { op: 'same', text: 'inhibit' },
      { op: 'removed', text: 'R1' },
      { op: 'added', text: 'R7' },
      { op: 'same', text: 'in' },
      { op: 'added', text: 'activated' },
      { op: 'same', text: 'stellate cells' },
    ]);
    expect(wordDiff('', 'new text')).toEqual([{ op: 'added', text: 'new text' }]);
  });
});
