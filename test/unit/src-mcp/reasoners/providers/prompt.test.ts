// The work item as a prompt, and reading a model's answer back as JSON.
import { describe, expect, it } from 'vitest';
import { parseJsonAnswer, roleOf, workItemPrompt } from '../../../../../src-mcp/reasoners/providers/prompt.js';
import { workItemIn } from '../../../../support/fakeProviders.js';

describe('parseJsonAnswer', () => {
  it.each([
    ['bare', '{"a": 1}'],
    ['fenced', 'Here it is:\n```json\n{"a": 1}\n```\nDone.'],
    ['with a sentence around it', 'Sure! {"a": 1} Hope this helps.'],
  ])('reads a %s JSON object', (_label, text) => {
    expect(parseJsonAnswer(text)).toEqual({ value: { a: 1 }, error: null });
  });

  it.each([
    ['empty', '   ', /empty/],
    ['prose', 'I think the best hypothesis is the second.', /not a valid JSON object.*I think the best/],
    ['an array', '[1, 2]', /not a valid JSON object/],
    ['truncated', '{"a": [1, 2', /not a valid JSON object/],
  ])('explains why an %s answer is not usable', (_label, text, message) => {
    const parsed = parseJsonAnswer(text);
    expect(parsed.value).toBeUndefined();
    expect(parsed.error).toMatch(message);
  });
});

describe('workItemPrompt', () => {
  it('carries the rules of the kind, the instructions, the task data to echo back and the output schema', () => {
    const item = { task_id: 'tsk_1', kind: 'review' as const, research_id: 'res_1', title: 'Review', instructions: 'Review these hypotheses carefully.', rules: { kind: 'review' as const, version: 'review-1234abcd', text: 'REVIEW RULES TEXT' }, context: { hypothesis_ids: ['hyp_1'] }, output_schema: { type: 'object' }, lease_expires_at: null };
    const prompt = workItemPrompt(item);
    expect(prompt.startsWith('REVIEW RULES TEXT\n\nReview these hypotheses carefully.')).toBe(true);
    expect(workItemIn(prompt)).toEqual({ task_id: 'tsk_1', kind: 'review', context: { hypothesis_ids: ['hyp_1'] } });
    expect(prompt).toContain('## Output schema\n```json\n{"type":"object"}\n```');
  });

  it('maps task kinds to the roles that choose their model', () => {
    expect((['generate', 'evolve', 'review', 'meta_review', 'compare'] as const).map(roleOf)).toEqual(['generation', 'generation', 'review', 'review', 'judging']);
  });
});
