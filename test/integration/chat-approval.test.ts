// Approval in chat: where the client supports elicitation and the scientist allowed it, a pending
// checkpoint is offered inline — over 2025-era elicitation/create and 2026-era input_required.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SERVER_ENTRY, connectServer, databaseEnvFor, tempDataDir, type ConnectedServer, type Era } from '../support/server.js';
import { describeToolFailure } from '../support/toolErrors.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

async function elicitingClient(dataDir: string, era: Era, answer: Record<string, unknown>, asked: string[]): Promise<Client> {
  const client = new Client(
    { name: 'eliciting-assistant', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
  );
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(String(request.params.message));
    return { action: 'accept' as const, content: answer as Record<string, string> };
  });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'claude-desktop', '--data-dir', dataDir], env: await databaseEnvFor(dataDir), stderr: 'pipe' }));
  closers.push(() => client.close());
  return client;
}

async function structured(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name}: ${describeToolFailure(result)}`);
  return result.structuredContent as Record<string, unknown>;
}

async function allowChatDecisions(desktop: ConnectedServer): Promise<void> {
  await structured(desktop.client, 'set_client_policy', {
    client_id: 'claude-desktop',
    scopes: ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write', 'checkpoints:decide'],
    may_decide_checkpoints: true,
  });
}

/** A fresh data folder whose desktop client (closed after the test) lets claude-desktop decide checkpoints in chat. */
async function folderAllowingChatDecisions(): Promise<{ dataDir: string; desktop: ConnectedServer }> {
  const dataDir = tempDataDir();
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  closers.push(() => desktop.close());
  await allowChatDecisions(desktop);
  return { dataDir, desktop };
}

/** The assistant starts the project every test here decides on; its plan then waits for a decision. */
async function startLiverProject(assistant: Client): Promise<Record<string, unknown>> {
  return structured(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
}

/**
 * The liver project, started in a folder that allows chat decisions by an assistant whose user
 * answers every question with `answer`; `asked` collects the questions.
 */
async function projectDecidedInChat(era: Era, answer: Record<string, unknown>): Promise<{ desktop: ConnectedServer; assistant: Client; asked: string[]; started: Record<string, unknown> }> {
  const { dataDir, desktop } = await folderAllowingChatDecisions();
  const asked: string[] = [];
  const assistant = await elicitingClient(dataDir, era, answer, asked);
  return { desktop, assistant, asked, started: await startLiverProject(assistant) };
}

describe.each<Era>(['legacy', 'modern'])('approval in chat (%s era)', (era) => {
  it('offers the pending plan to the user and applies their approval', async () => {
    const { desktop, assistant, asked, started } = await projectDecidedInChat(era, { decision: 'approve' });
    const next = await structured(assistant, 'continue_research', { research_id: started.research_id });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/research plan/);
    expect(next.state).toBe('work');
    const history = await structured(desktop.client, 'list_checkpoints', { research_id: started.research_id, status: 'decided' });
    expect(history.checkpoints).toMatchObject([{ kind: 'research_plan', decision: { action: 'approve', decided_by: 'claude-desktop' } }]);
  });

  it('rejects with the user\'s note', async () => {
    const { assistant, started } = await projectDecidedInChat(era, { decision: 'reject', note: 'Focus on epigenetic regulators rather than TGF-beta signalling.' });
    const next = await structured(assistant, 'continue_research', { research_id: started.research_id });
    // The rejected plan is re-opened with the note as a constraint; it waits again (the user was asked once).
    expect(next.state).toBe('awaiting_decision');
    const checkpoints = next.checkpoints as Array<{ kind: string; payload: { plan: { constraints: string[] } } }>;
    expect(checkpoints[0]?.payload.plan.constraints.join(' ')).toContain('epigenetic regulators');
  });
});

describe.each<Era>(['legacy', 'modern'])('an answer that does not fit the approval form (%s era)', (era) => {
  it('decides nothing: the checkpoint keeps waiting for the scientist', async () => {
    const { desktop, assistant, asked, started } = await projectDecidedInChat(era, { decision: 'maybe later' });
    const next = await assistant.callTool({ name: 'continue_research', arguments: { research_id: started.research_id } });
    expect(asked).toHaveLength(1);
    if (next.isError !== true) expect((next.structuredContent as { state: string }).state).toBe('awaiting_decision');
    const decided = await structured(desktop.client, 'list_checkpoints', { research_id: started.research_id, status: 'decided' });
    expect(decided.checkpoints).toEqual([]);
    const pending = await structured(desktop.client, 'list_checkpoints', { research_id: started.research_id, status: 'pending' });
    expect(pending.checkpoints).toMatchObject([{ kind: 'research_plan' }]);
  });
});

describe('approval in chat is not offered', () => {
  it('to a client the scientist did not allow, even if it can ask its user', async () => {
    const dataDir = tempDataDir();
    const asked: string[] = [];
    const assistant = await elicitingClient(dataDir, 'legacy', { decision: 'approve' }, asked);
    const started = await startLiverProject(assistant);
    const next = await structured(assistant, 'continue_research', { research_id: started.research_id });
    expect(asked).toHaveLength(0);
    expect(next.state).toBe('awaiting_decision');
    expect(next.message).toMatch(/Co-Scientist app/);
  });
});
