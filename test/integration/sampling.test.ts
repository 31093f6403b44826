// Sampling (architecture.md, *Reasoners*, second choice): a 2025-era client that declares `sampling` lends its
// model, where the project opted in — the server sends each work item as sampling/createMessage,
// validates and stores the answer itself. Without the capability (or on a 2026-era connection, or
// when sampling fails) the assistant gets the work item as before.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { callOk as call, connectServer, databaseEnvFor, SERVER_ENTRY, tempDataDir, type ConnectedServer, type Era, type Structured } from '../support/server.js';
import { fakeResult } from '../support/fakeAssistant.js';
import { workItemIn } from '../support/fakeProviders.js';
import { inspectStore, storeScalar, storeSummaries } from '../support/storeInspector.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

type Answer = 'result' | 'fail';

async function assistantClient(dataDir: string, options: { sampling: boolean; era?: Era; answer?: Answer }, asked: string[]): Promise<Client> {
  const client = new Client(
    { name: 'sampling-assistant', version: '1.0.0' },
    { capabilities: options.sampling ? { sampling: {} } : {}, ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
  );
  if (options.sampling) {
    const summaries = storeSummaries(dataDir);
    client.setRequestHandler('sampling/createMessage', async (request) => {
      const prompt = request.params.messages.map((m) => ('text' in m.content ? String(m.content.text) : '')).join('\n');
      asked.push(prompt);
      if (options.answer === 'fail') throw new Error('The user declined the sampling request.');
      const item = workItemIn(prompt);
      if (item === null) throw new Error('no work item in the prompt');
      return { role: 'assistant', model: 'client-model', stopReason: 'endTurn', content: { type: 'text', text: JSON.stringify(fakeResult(item, await summaries())) } };
    });
  }
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'claude-desktop', '--data-dir', dataDir], env: await databaseEnvFor(dataDir), stderr: 'pipe' }));
  closers.push(() => client.close());
  return client;
}

async function desktopFor(dataDir: string): Promise<ConnectedServer> {
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  closers.push(() => desktop.close());
  return desktop;
}

const GOAL = 'Find novel therapeutic targets for liver fibrosis';

/** Approves the plan in the app and asks for the first step of the work. */
async function firstStep(client: Client, desktop: ConnectedServer, reasonerOrder: string[] | undefined): Promise<{ researchId: string; next: Structured }> {
  const started = await call(client, 'start_research', { goal: GOAL, hypothesis_count: 2, ...(reasonerOrder === undefined ? {} : { reasoner_order: reasonerOrder }) });
  const researchId = started.research_id as string;
  const plan = (await call(client, 'continue_research', { research_id: researchId })).checkpoints as Array<{ checkpoint_id: string }>;
  await call(desktop.client, 'decide', { checkpoint_id: plan[0]?.checkpoint_id, action: 'approve' });
  return { researchId, next: await call(client, 'continue_research', { research_id: researchId }) };
}

describe('sampling', () => {
  it('runs every work item through the client\'s model where the project opted in', async () => {
    const dataDir = tempDataDir();
    const desktop = await desktopFor(dataDir);
    const asked: string[] = [];
    const client = await assistantClient(dataDir, { sampling: true }, asked);
    const first = await firstStep(client, desktop, ['sampling', 'delegated']);
    const { researchId } = first;
    let { next } = first;
    for (let step = 0; step < 50 && next.state !== 'completed'; step += 1) {
      // The assistant is never handed a work item: its client's model did them all.
      expect(next.state).toBe('awaiting_decision');
      const [checkpoint] = next.checkpoints as Array<{ checkpoint_id: string }>;
      await call(desktop.client, 'decide', { checkpoint_id: checkpoint?.checkpoint_id, action: 'approve' });
      next = await call(client, 'continue_research', { research_id: researchId });
    }
    expect(next.state).toBe('completed');
    await inspectStore(dataDir, async (store) => {
      const reasoners = await store.scalars("SELECT DISTINCT reasoner FROM tasks WHERE status = 'done'");
      expect(reasoners).toEqual(['sampling:claude-desktop:client-model']);
      const done = await store.scalar("SELECT COUNT(*) FROM tasks WHERE status = 'done'");
      expect(asked.length).toBe(done);
      expect(await store.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'reasoner:sampling'")).toBe(done);
      const roles = await store.rows<{ role: string }>("SELECT role, COUNT(*) AS calls FROM reasoning_usage WHERE reasoner = 'sampling:claude-desktop' GROUP BY role ORDER BY role");
      expect(roles.map((r) => r.role)).toEqual(['generation', 'judging', 'review']);
    });
  }, 90_000);

  it('falls back to delegation when the client\'s sampling fails, and records why on the task', async () => {
    const dataDir = tempDataDir();
    const desktop = await desktopFor(dataDir);
    const asked: string[] = [];
    const client = await assistantClient(dataDir, { sampling: true, answer: 'fail' }, asked);
    const { researchId, next } = await firstStep(client, desktop, ['sampling', 'delegated']);
    expect(next.state).toBe('work');
    expect(next.message).toMatch(/Sampling stopped \(.*declined the sampling request.*\); do this work item yourself/);
    const taskId = (next.work_item as { task_id: string }).task_id;
    const again = await call(client, 'continue_research', { research_id: researchId });
    expect((again.work_item as { task_id: string }).task_id).toBe(taskId);
    // Not asked again in this session.
    expect(asked).toHaveLength(1);
    expect(await storeScalar(dataDir, 'SELECT error FROM tasks WHERE id = ?', [taskId])).toMatch(/declined the sampling request/);
  }, 30_000);

  const delegated: Array<[string, { sampling: boolean; era?: Era }, string[] | undefined]> = [
    ['a client without the sampling capability', { sampling: false }, ['sampling', 'delegated']],
    ['a 2026-era client (sampling is skipped there)', { sampling: true, era: 'modern' }, ['sampling', 'delegated']],
    ['a project that did not opt in (the default order)', { sampling: true }, undefined],
  ];
  it.each(delegated)('delegates to %s', async (_label, options, order) => {
    const dataDir = tempDataDir();
    const desktop = await desktopFor(dataDir);
    const asked: string[] = [];
    const client = await assistantClient(dataDir, options, asked);
    const { next } = await firstStep(client, desktop, order);
    expect(next.state).toBe('work');
    expect((next.work_item as { kind: string }).kind).toBe('generate');
    expect(asked).toEqual([]);
  }, 30_000);
});
