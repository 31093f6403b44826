// Over real stdio (issue 15 item 1): an assistant that asks for more reasoning calls or a reopened
// project files a request the scientist decides in the app; the budget moves only when they do.
import { describe, expect, it } from 'vitest';
import { callOk as call, type ConnectedServer } from '../support/server.js';
import { pairPerTest } from '../support/pairPerTest.js';
import { toolErrorOf } from '../support/toolErrors.js';

let assistant: ConnectedServer;
let desktop: ConnectedServer;
pairPerTest((pair) => ({ assistant, desktop } = pair));

async function budgetOf(researchId: string): Promise<number> {
  return (await call(assistant, 'get_research_status', { research_id: researchId })).reasoning_call_budget as number;
}

describe('manage_research from an assistant', () => {
  it('cannot raise its own budget, paused or not: it files a change_request only the desktop decides', async () => {
    const started = await call(assistant, 'start_research', { goal: 'Identify drug repurposing candidates for acute myeloid leukaemia', hypothesis_count: 10 });
    const researchId = started.research_id as string;
    const budget = await budgetOf(researchId);

    const active = await call(assistant, 'manage_research', { research_id: researchId, action: 'resume', add_reasoning_calls: 10_000 });
    expect(active.checkpoint_id).toMatch(/^chk_/);
    await call(assistant, 'manage_research', { research_id: researchId, action: 'pause' });
    const paused = await call(assistant, 'manage_research', { research_id: researchId, action: 'resume', add_reasoning_calls: 10_000 });
    expect(paused).toMatchObject({ status: 'paused', checkpoint_id: active.checkpoint_id });
    expect(await budgetOf(researchId)).toBe(budget);

    const refused = await assistant.client.callTool({ name: 'decide', arguments: { checkpoint_id: active.checkpoint_id, action: 'approve' } });
    expect(refused.isError).toBe(true);
    expect(toolErrorOf(refused).code).toBe('insufficient_permissions');
    expect(await budgetOf(researchId)).toBe(budget);

    await call(desktop, 'decide', { checkpoint_id: active.checkpoint_id, action: 'approve' });
    expect(await budgetOf(researchId)).toBe(budget + 10_000);
    // The desktop app raises a budget directly.
    expect(await call(desktop, 'manage_research', { research_id: researchId, action: 'resume', add_reasoning_calls: 5 })).toMatchObject({ checkpoint_id: null });
    expect(await budgetOf(researchId)).toBe(budget + 10_005);
  }, 60_000);

  it('refuses reopening a project that is not completed', async () => {
    const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
    const result = await assistant.client.callTool({ name: 'manage_research', arguments: { research_id: started.research_id, action: 'reopen', add_reasoning_calls: 20 } });
    expect(result.isError).toBe(true);
    expect(toolErrorOf(result)).toMatchObject({ code: 'conflict', message: expect.stringContaining('only a completed project can be reopened') });
  }, 60_000);
});
