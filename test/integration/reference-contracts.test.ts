// The reference contracts, call by call (issue 32 §2), over real stdio under both SDK generations:
// what a paused project says about who paused it, why and who resumes it; what rank_hypotheses
// says before there is anything to rank; what a completed project tells an assistant about
// reopening it; a near-duplicate discarded and shown as such; one meaning for "evolved" and
// "superseded", and no superseded parent as a top hypothesis.
import { openFolderStore } from '../support/storeEngine.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_KINDS, callError, callOk, connectServer, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { reachCheckpoint, startProject } from '../support/engineDriver.js';
import { fakeResult, type WorkItemLike } from '../support/fakeAssistant.js';
import { closeDatabase } from '../../src-mcp/store/database.js';

type Server = ConnectedServer<ToolClient, ServerProcess>;

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('\n');
}

describe.each(CLIENT_KINDS)('reference contracts ($label)', ({ sdk, era }) => {
  let dataDir: string;
  /** A project the engine ran to completion, its report approved. */
  let completedId: string;
  let assistant: Server;
  let desktop: Server;

  beforeAll(async () => {
    const { dataDir: folder, db } = await openFolderStore();
    const driver = await startProject(db, { budget: 3 });
    await driver.approve(await reachCheckpoint(driver, 'final_report'));
    await driver.step();
    completedId = driver.projectId;
    dataDir = folder;
    await closeDatabase(db);
    assistant = await connectServer({ dataDir, client: 'claude-desktop', sdk, era });
    desktop = await connectServer({ dataDir, client: 'desktop' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([assistant?.close(), desktop?.close()]);
  });

  it('a pause says who paused, why, and who can resume; the rule it states is the one applied', async () => {
    const started = await callOk(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
    const researchId = started.research_id as string;
    // Past the plan: a pending checkpoint would be reported before the pause.
    const plan = (await callOk(assistant, 'continue_research', { research_id: researchId })).checkpoints as Array<{ checkpoint_id: string }>;
    await callOk(desktop, 'decide', { checkpoint_id: plan[0]?.checkpoint_id, action: 'approve' });
    const paused = await assistant.client.callTool({ name: 'manage_research', arguments: { research_id: researchId, action: 'pause', reason: 'The user is away until Monday' } });
    expect(textOf(paused)).toContain('paused by the assistant "claude-desktop": The user is away until Monday');

    const next = await callOk(assistant, 'continue_research', { research_id: researchId });
    expect(next.state).toBe('paused');
    const message = next.message as string;
    expect(message).toContain('the assistant "claude-desktop"');
    expect(message).toContain('The user is away until Monday');
    expect(message).not.toContain('by the scientist');
    expect(message).toContain('manage_research (action "resume")');
    const status = await callOk(assistant, 'get_research_status', { research_id: researchId });
    expect(status.stop_reason).toBe('paused by the assistant "claude-desktop": The user is away until Monday');

    // As stated: the same assistant may resume it.
    expect(await callOk(assistant, 'manage_research', { research_id: researchId, action: 'resume' })).toMatchObject({ status: 'active' });
    expect((await callOk(assistant, 'get_research_status', { research_id: researchId })).stop_reason).toBeNull();

    // The scientist's pause is told as theirs, without a reason when they gave none.
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'pause' });
    const theirs = await callOk(assistant, 'continue_research', { research_id: researchId });
    expect(theirs.message).toContain('The project is paused: paused by the scientist (no reason given).');
  }, 60_000);

  it('rank_hypotheses before two hypotheses are reviewed says plainly that there is nothing to rank', async () => {
    const started = await callOk(assistant, 'start_research', { goal: 'Explain why perovskite solar cells degrade under humidity', hypothesis_count: 3 });
    const result = await assistant.client.callTool({ name: 'rank_hypotheses', arguments: { research_id: started.research_id } });
    expect(result.isError).not.toBe(true);
    const text = textOf(result);
    expect(text).toContain('Nothing to rank yet');
    expect(text).not.toMatch(/top-0|not yet settled/);
    expect(result.structuredContent).toMatchObject({ matches: 0, leaderboard: [], position_bias: null, position_bias_ci95: null });
  }, 60_000);

  it('work asked of a completed project says the assistant can request a reopen itself', async () => {
    const refused = await callError(assistant, 'generate_hypotheses', { research_id: completedId, count: 2 });
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('manage_research (action "reopen"');
    expect(refused.message).not.toContain('ask the scientist to reopen');
    // …and it can, as said: the request waits for the scientist.
    const requested = await callOk(assistant, 'manage_research', { research_id: completedId, action: 'reopen', add_reasoning_calls: 20, add_hypotheses: 2 });
    expect(requested).toMatchObject({ status: 'completed', checkpoint_id: expect.any(String) });
  }, 60_000);

  it('a near-duplicate is discarded and shown as such; "evolved" and "superseded" each mean one thing; no superseded parent is a top hypothesis', async () => {
    const started = await callOk(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 4 });
    const researchId = started.research_id as string;
    const listed = async (args: Record<string, unknown> = {}) => {
      const result = await assistant.client.callTool({ name: 'list_hypotheses', arguments: { research_id: researchId, limit: 200, ...args } });
      return { rows: (result.structuredContent as { hypotheses: Array<Record<string, unknown>> }).hypotheses, text: textOf(result) };
    };
    const lineOf = (text: string, id: unknown) => text.split('\n').find((line) => line.includes(`**${String(id)}**`)) ?? '';
    let copied: { original: string; copy: string } | null = null;
    let sawSafetyFlag = false;
    let next = await callOk(assistant, 'continue_research', { research_id: researchId });
    for (let step = 0; step < 200 && next.state !== 'completed'; step += 1) {
      if (next.state === 'awaiting_decision') {
        const checkpoint = (next.checkpoints as Array<{ checkpoint_id: string }>)[0];
        await callOk(desktop, 'decide', { checkpoint_id: checkpoint?.checkpoint_id, action: 'approve' });
        next = await callOk(assistant, 'continue_research', { research_id: researchId });
        continue;
      }
      const item = next.work_item as WorkItemLike & { task_id: string };
      const summaries = new Map((await listed()).rows.map((h) => [h.id as string, h.summary as string]));
      const result = fakeResult(item, summaries);
      if (item.kind === 'generate' && copied === null) {
        // A word-for-word copy of the first hypothesis of the batch, and one the safety screen flags.
        const drafts = result.hypotheses as Array<Record<string, unknown>>;
        drafts[1] = { ...drafts[0] };
        drafts[2] = { ...drafts[2], summary: `Increase the transmissibility of H5N1 influenza virus between mammals. ${String(drafts[2]?.summary)}` };
      }
      const submitted = await assistant.client.callTool({ name: 'submit_work', arguments: { task_id: item.task_id, result } });
      expect(submitted.isError).not.toBe(true);
      if (item.kind === 'generate' && copied === null) {
        expect(textOf(submitted)).toMatch(/discarded as near-duplicates \(stored as rejected, out of the run\): H\d+ \(of H\d+\)/);
        const { rows, text } = await listed();
        const copy = rows.find((h) => h.near_duplicate_of !== null);
        expect(copy).toMatchObject({ status: 'rejected', awaiting_approval: false });
        const original = rows.find((h) => h.id === copy?.near_duplicate_of);
        copied = { original: original?.id as string, copy: copy?.id as string };
        expect(lineOf(text, copy?.id)).toContain(`[rejected, near-duplicate of H${String(original?.number)}, discarded`);
        const flagged = rows.find((h) => h.safety_flag !== null);
        expect(lineOf(text, flagged?.id)).toContain(`safety flag: ${String(flagged?.safety_flag)}`);
        sawSafetyFlag = true;
        for (const h of rows.filter((row) => (row.unverified_citations as number) > 0)) expect(lineOf(text, h.id)).toMatch(/\d+ unverified citations?/);
      }
      next = (submitted.structuredContent as { next: Record<string, unknown> }).next;
    }
    expect(next.state).toBe('completed');
    expect(sawSafetyFlag).toBe(true);

    // The copy never played, was never ranked, and the budget was filled without it.
    const { rows, text } = await listed();
    expect(rows.find((h) => h.id === copied?.copy)).toMatchObject({ status: 'rejected', rank: null, matches_played: 0 });
    expect(rows.filter((h) => h.origin === 'generated' && h.status !== 'rejected')).toHaveLength(4);
    const board = await callOk(assistant, 'rank_hypotheses', { research_id: researchId, method: 'direct_comparison', top_n: 50 });
    expect((board.leaderboard as Array<{ id: string }>).map((e) => e.id)).not.toContain(copied?.copy);

    // One meaning per word: "evolved" lists what evolution produced, "superseded" what it replaced; no row reads "evolved".
    expect(rows.map((h) => h.status)).not.toContain('evolved');
    expect(text).not.toMatch(/\[evolved/);
    const evolved = await listed({ status: 'evolved' });
    expect(evolved.rows.length).toBeGreaterThan(0);
    for (const h of evolved.rows) {
      expect(h.origin).toBe('evolved');
      expect(lineOf(evolved.text, h.id)).toMatch(/evolved from H\d+/);
    }
    const superseded = await listed({ status: 'superseded' });
    expect(superseded.rows.length).toBeGreaterThan(0);
    for (const h of superseded.rows) {
      expect(h.status).toBe('superseded');
      expect(lineOf(superseded.text, h.id)).toContain('[superseded');
    }
    const parents = new Set(superseded.rows.map((h) => h.id));
    const status = await callOk(assistant, 'get_research_status', { research_id: researchId });
    expect(parents.has((status.top_hypothesis as { id: string }).id)).toBe(false);
    const summary = await callOk(assistant, 'get_results', { research_id: researchId });
    const tops = (summary.results as { top_hypotheses: Array<{ id: string; status: string }> }).top_hypotheses;
    expect(tops.length).toBeGreaterThan(0);
    for (const top of tops) expect(parents.has(top.id), `${top.id} is superseded`).toBe(false);
  }, 120_000);
});
