// The scientist renames a hypothesis (issue 18, item 1) over real stdio: only the title changes,
// a rename made meanwhile is a conflict rather than overwritten, a bad title is refused with what
// to change and changes nothing, assistants cannot call it, and every attempt is in the audit log.
import { describe, expect, it } from 'vitest';
import { callError as errorOf, callOk as call, type ConnectedServer } from '../support/server.js';
import { pairPerTest } from '../support/pairPerTest.js';
import { fakeResult, type WorkItemLike } from '../support/fakeAssistant.js';

let assistant: ConnectedServer;
let desktop: ConnectedServer;
pairPerTest((pair) => ({ assistant, desktop } = pair));

/** A project with generated hypotheses: the plan approved, the assistant's generate items done. */
async function hypothesisIds(): Promise<string[]> {
  const researchId = (await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 })).research_id as string;
  const plan = (await call(desktop, 'list_checkpoints', { status: 'pending' })).checkpoints as Array<{ checkpoint_id: string }>;
  await call(desktop, 'decide', { checkpoint_id: plan[0]?.checkpoint_id, action: 'approve' });
  let next = (await call(assistant, 'continue_research', { research_id: researchId })) as { state: string; work_item: WorkItemLike | null };
  for (let step = 0; step < 20 && next.state === 'work' && next.work_item?.kind === 'generate'; step += 1) {
    const item = next.work_item;
    // Generation reads no earlier hypotheses, so the fake needs no summaries.
    next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, new Map()) })).next as typeof next;
  }
  const listed = await call(desktop, 'list_hypotheses', { research_id: researchId, limit: 10 });
  return (listed.hypotheses as Array<{ id: string }>).map((h) => h.id);
}

async function detail(id: string): Promise<{ title: string; title_given: boolean; summary: string; rationale: string; updated_at: string }> {
  return (await call(desktop, 'get_hypothesis', { hypothesis_id: id })).hypothesis as never;
}

describe('set_hypothesis_title', () => {
  it('renames a hypothesis and changes nothing else; a stale expected title is a conflict, not an overwrite', async () => {
    const [id] = await hypothesisIds();
    if (id === undefined) throw new Error('no hypothesis was generated');
    const before = await detail(id);
    expect(before.title.length).toBeGreaterThan(0);
    const seen = before.title_given ? before.title : null;

    const renamed = await call(desktop, 'set_hypothesis_title', { hypothesis_id: id, title: '  LOX-2 inhibition halts stellate activation  ', expected_title: seen });
    expect(renamed).toMatchObject({ hypothesis_id: id, title: 'LOX-2 inhibition halts stellate activation', previous_title: seen });
    const after = await detail(id);
    expect(after).toMatchObject({ title: 'LOX-2 inhibition halts stellate activation', title_given: true, summary: before.summary, rationale: before.rationale });
    // A second window still showing the old title does not overwrite the new one.
    const stale = await errorOf(desktop, 'set_hypothesis_title', { hypothesis_id: id, title: 'Something else', expected_title: seen });
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/was renamed meanwhile to “LOX-2 inhibition halts stellate activation”; nothing was changed/);
    expect((await detail(id)).title).toBe('LOX-2 inhibition halts stellate activation');

    // The panel's history: each rename with who and when, old → new, newest first; the refused
    // one and a rename to the same title are not in it.
    await call(desktop, 'set_hypothesis_title', { hypothesis_id: id, title: 'LOX-2 blockade', expected_title: 'LOX-2 inhibition halts stellate activation' });
    await call(desktop, 'set_hypothesis_title', { hypothesis_id: id, title: 'LOX-2 blockade', expected_title: 'LOX-2 blockade' });
    const history = (await call(desktop, 'get_hypothesis', { hypothesis_id: id })).title_history as Array<{ at: string; by: string; from: string | null; to: string }>;
    expect(history.map(({ by, from, to }) => ({ by, from, to }))).toEqual([
      { by: 'desktop', from: 'LOX-2 inhibition halts stellate activation', to: 'LOX-2 blockade' },
      { by: 'desktop', from: seen, to: 'LOX-2 inhibition halts stellate activation' },
    ]);
    expect(Date.parse(history[0]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(history[1]?.at ?? ''));
  }, 60_000);

  it('refuses an empty, multi-line or too long title with what to change, and changes nothing', async () => {
    const [id] = await hypothesisIds();
    if (id === undefined) throw new Error('no hypothesis was generated');
    const before = await detail(id);
    const seen = before.title_given ? before.title : null;
    const cases: Array<[string, RegExp]> = [
      ['   ', /A title cannot be empty/],
      ['Two\nlines', /A title is one line/],
      ['x'.repeat(101), /A title is at most 100 characters; this one has 101/],
    ];
    for (const [title, message] of cases) {
      const error = await errorOf(desktop, 'set_hypothesis_title', { hypothesis_id: id, title, expected_title: seen });
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(message);
    }
    expect((await errorOf(desktop, 'set_hypothesis_title', { hypothesis_id: 'hyp_missing', title: 'A title', expected_title: null })).code).toBe('resource_not_found');
    expect(await detail(id)).toEqual(before);
    expect((await errorOf(assistant, 'set_hypothesis_title', { hypothesis_id: id, title: 'A title', expected_title: seen })).code).toBe('insufficient_permissions');

    const audit = await call(desktop, 'query_audit_log', { action: 'tool:set_hypothesis_title', limit: 20 });
    const outcomes = (audit.rows as Array<{ outcome: string; client_id: string }>).map((e) => `${e.client_id}:${e.outcome}`);
    expect(outcomes.filter((o) => o === 'desktop:invalid_input')).toHaveLength(3);
    expect(outcomes).toContain('claude-desktop:denied');
  }, 60_000);
});
