// How timeline entries read in the project view.
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../../../src-shared/routes/index.js';
import { describeEntry, entryTime, whoLabel } from '../../../../../src-renderer/features/projects/timelineFormat.js';

const base: TimelineEntry = { source: 'task', id: 'tsk_1', at: '2026-01-01T00:00:00Z', kind: 'generate', status: 'done', by: 'delegated:claude-desktop', requested_by: null, finished_at: null, decision: null, note: null, facts: {} };

describe('timeline entries', () => {
  it('say what ran, by which reasoner, and who asked for it', () => {
    expect(describeEntry({ ...base, facts: { count: 5, method: 'literature_based' } }, whoLabel)).toEqual({ title: 'Generate 5 hypotheses (literature based)', detail: 'done by Claude Desktop (in its chat)', tone: 'task' });
    expect(describeEntry({ ...base, kind: 'review', status: 'queued', by: null, requested_by: 'desktop', facts: { hypothesis_ids: 1, review_type: 'deep_verification' } }, whoLabel)).toMatchObject({
      title: 'Review 1 hypothesis (deep verification)',
      detail: 'waiting for an assistant · asked for by you',
    });
    expect(describeEntry({ ...base, kind: 'compare', status: 'leased', by: 'cursor@laptop:4242', facts: { pairs: 5 } }, whoLabel).detail).toBe('in progress by Cursor');
  });

  it('say how a checkpoint was decided and by whom', () => {
    const checkpoint = { ...base, source: 'checkpoint' as const, kind: 'hypothesis_batch' };
    expect(describeEntry({ ...checkpoint, decision: 'reject', by: 'desktop' }, whoLabel)).toEqual({ title: 'Batch of new hypotheses rejected', detail: 'by you', tone: 'reject' });
    expect(describeEntry({ ...checkpoint, kind: 'research_plan', decision: 'approve', by: 'policy:auto-approve' }, whoLabel).detail).toBe('by the project policy');
    expect(describeEntry({ ...checkpoint, decision: null, by: null }, whoLabel).title).toBe('Batch of new hypotheses: waiting for your decision');
  });

  it('name the key moments of the project', () => {
    const event = { ...base, source: 'event' as const, by: 'claude-desktop' };
    expect(describeEntry({ ...event, kind: 'project.updated', facts: { stage: 'review', iteration: 2 } }, whoLabel).title).toBe('Stage: review (iteration 2)');
    expect(describeEntry({ ...event, kind: 'project.updated', facts: { status: 'paused', stop_reason: 'budget_exhausted: all 40 used' } }, whoLabel).title).toBe('Project paused: budget exhausted: all 40 used');
    expect(describeEntry({ ...event, kind: 'hypothesis.created', by: 'desktop' }, whoLabel)).toEqual({ title: 'The scientist added their own hypothesis', detail: 'by you', tone: 'event' });
  });

  it('stamp a decided checkpoint with its decision, not with when it started waiting', () => {
    const checkpoint = { ...base, source: 'checkpoint' as const, kind: 'research_plan', at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:05:00Z' };
    expect(entryTime({ ...checkpoint, decision: 'edit' })).toBe('2026-01-01T00:05:00Z');
    expect(entryTime({ ...checkpoint, decision: null, finished_at: null })).toBe('2026-01-01T00:00:00Z');
    // A task's time is when it was created; its end is shown by its status.
    expect(entryTime({ ...base, finished_at: '2026-01-01T00:09:00Z' })).toBe('2026-01-01T00:00:00Z');
  });
});
