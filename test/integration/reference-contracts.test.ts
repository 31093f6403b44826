// The reference contracts, call by call (issue 32 §2), over real stdio under both SDK generations:
// what a paused project says about who paused it, why and who resumes it; what rank_hypotheses
// says before there is anything to rank; and what a completed project tells an assistant about
// reopening it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_KINDS, callError, callOk, connectServer, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { freshDb, reachCheckpoint, startProject } from '../support/engineDriver.js';
import { closeDatabase } from '../../src-mcp/store/database.js';
import { sqlite } from '../../src-mcp/store/handle.js';

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
    const db = freshDb();
    const driver = startProject(db, { budget: 3 });
    driver.approve(reachCheckpoint(driver, 'final_report'));
    driver.step();
    completedId = driver.projectId;
    dataDir = sqlite(db).name.replace(/[\\/]co-scientist\.db$/, '');
    closeDatabase(db);
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
});
