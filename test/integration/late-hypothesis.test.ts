// A hypothesis the scientist adds while the final report waits (issue 15 item 3), over real stdio:
// an assistant (v1 SDK, as most assistants embed) does the work, the desktop (v2 SDK) decides. The
// waiting report is withdrawn with its reason, the newcomer is reviewed and plays matches, and only
// a fresh report — one that knows about it — can be approved.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assistantAndDesktop, callError as errorOf, callOk as call, type AssistantAndDesktop, type ConnectedServer, type ServerProcess, type Structured, type ToolClient } from '../support/server.js';
import { fakeResult, hypothesisDraft, type WorkItemLike } from '../support/fakeAssistant.js';

interface Next {
  state: string;
  work_item: WorkItemLike | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string; payload: Structured }>;
}

let assistant: ConnectedServer<ToolClient, ServerProcess>;
let desktop: ConnectedServer;
let pair: AssistantAndDesktop<ToolClient, ServerProcess>;
beforeEach(async () => {
  pair = await assistantAndDesktop({ assistantSdk: 'v1' });
  ({ assistant, desktop } = pair);
});
afterEach(async () => {
  await pair.close();
});

async function summaries(researchId: string): Promise<Map<string, string>> {
  const listed = await call(assistant, 'list_hypotheses', { research_id: researchId, limit: 200 });
  return new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
}

/** The assistant works until the project waits for the scientist; returns the kinds of work it did and the checkpoints. */
async function workUntilDecision(researchId: string): Promise<{ did: Array<{ kind: string; ids: string[] }>; checkpoints: Next['checkpoints'] }> {
  const did: Array<{ kind: string; ids: string[] }> = [];
  let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
  for (let step = 0; step < 60 && next.state === 'work'; step += 1) {
    const item = next.work_item as WorkItemLike;
    did.push({ kind: item.kind, ids: JSON.stringify(item).match(/hyp_[A-Za-z0-9_-]+/g) ?? [] });
    next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries(researchId)) })).next as Next;
  }
  expect(next.state).toBe('awaiting_decision');
  return { did, checkpoints: next.checkpoints };
}

async function decideOnly(researchId: string, kind: string, action: 'approve' | 'reject', note?: string): Promise<void> {
  const { checkpoints } = await workUntilDecision(researchId);
  expect(checkpoints.map((c) => c.kind)).toEqual([kind]);
  await call(desktop, 'decide', { checkpoint_id: checkpoints[0]?.checkpoint_id, action, ...(note === undefined ? {} : { note }) });
}

describe('a hypothesis added while the final report waits', () => {
  it('withdraws the report, gets reviewed and ranked, and a fresh report follows; a completed project says reopen first', async () => {
    const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
    const researchId = started.research_id as string;
    await decideOnly(researchId, 'research_plan', 'approve');
    await decideOnly(researchId, 'hypothesis_batch', 'approve');
    // No evolution this time: straight to the final report.
    await decideOnly(researchId, 'evolution_plan', 'reject', 'No evolution this time, write the report now.');
    const { checkpoints: [waiting] } = await workUntilDecision(researchId);
    expect(waiting?.kind).toBe('final_report');
    const reportId = waiting?.checkpoint_id as string;

    const added = await call(desktop, 'add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(900, 'the scientist\'s late idea') });
    const newcomer = added.hypothesis_id as string;
    expect(added).toMatchObject({ number: 4, status: 'pending', awaiting_approval: false });

    // The old report takes no decision any more, and says why.
    const stale = await errorOf(desktop, 'decide', { checkpoint_id: reportId, action: 'approve' });
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/withdrawn .*H4 was added while this report waited/);
    const pending = await call(desktop, 'list_checkpoints', { research_id: researchId });
    expect(pending.checkpoints).toEqual([]);

    // The assistant is handed the newcomer's review, then comparisons that include it, then a new report.
    const { did, checkpoints: [fresh] } = await workUntilDecision(researchId);
    expect(did[0]).toMatchObject({ kind: 'review', ids: expect.arrayContaining([newcomer]) });
    expect(did.some((d) => d.kind === 'compare' && d.ids.includes(newcomer))).toBe(true);
    // Same cycle: no second meta-review, no new iteration (the evolution plan had been declined).
    expect(new Set(did.map((d) => d.kind))).toEqual(new Set(['review', 'compare']));
    expect(await call(assistant, 'get_research_status', { research_id: researchId })).toMatchObject({ iteration: 1, stage: 'report' });
    expect(fresh?.kind).toBe('final_report');
    expect(fresh?.checkpoint_id).not.toBe(reportId);
    expect(fresh?.payload.replaces).toMatchObject({ checkpoint_id: reportId, reason: expect.stringContaining('H4 was added') });

    const detail = await call(desktop, 'get_hypothesis', { hypothesis_id: newcomer });
    expect((detail.reviews as unknown[]).length).toBeGreaterThan(0);
    expect((detail.matches as unknown[]).length).toBeGreaterThan(0);
    expect(detail.hypothesis).toMatchObject({ status: 'in_tournament' });

    // The timeline keeps the withdrawn report with its reason.
    const timeline = await call(desktop, 'get_project_timeline', { research_id: researchId });
    const withdrawn = (timeline.entries as Array<{ id: string; status: string | null; note: string | null }>).find((e) => e.id === reportId);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', note: expect.stringContaining('H4 was added') });

    await call(desktop, 'decide', { checkpoint_id: fresh?.checkpoint_id, action: 'approve' });
    expect(await call(assistant, 'get_research_status', { research_id: researchId })).toMatchObject({ status: 'completed' });
    const history = await call(desktop, 'list_decision_history', {});
    expect((history.decisions as Array<{ checkpoint_id: string }>).map((d) => d.checkpoint_id)).not.toContain(reportId);

    // Completed: nothing added silently; the error says to reopen first.
    const late = await errorOf(desktop, 'add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(901, 'too late') });
    expect(late).toMatchObject({ code: 'conflict', message: expect.stringContaining('reopen it') });
    const listed = await call(desktop, 'list_hypotheses', { research_id: researchId, limit: 200 });
    expect((listed.hypotheses as unknown[]).length).toBe(4);
  }, 120_000);
});
