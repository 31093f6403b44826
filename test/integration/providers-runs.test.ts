// Background runs with a reasoning provider (architecture.md, *Reasoners*): the desktop's server, activated with
// a provider, works through a whole project — generation, reviews, the tournament, evolution — while
// the scientist only answers checkpoints; assistants are told the work happens in the background,
// and get work items again once the app is closed. Fake APIs on 127.0.0.1 speak each wire protocol.
import { describe, expect, it } from 'vitest';
import { connectServer, tempDataDir, waitFor } from '../support/server.js';
import { callOk, configureProvider, startFakeProvider, waitForStatus, type Protocol } from '../support/fakeProviders.js';
import { storeRows, storeSummaries } from '../support/storeInspector.js';
import { serversAndFakesClosedAfterEach } from '../support/closedAfterEach.js';

const { open, fakes } = serversAndFakesClosedAfterEach();

const GOAL = 'Find novel therapeutic targets for liver fibrosis';

async function desktopWithProvider(protocol: Protocol, options: { latencyMs?: number; concurrency?: number } = {}) {
  const dataDir = tempDataDir();
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  open.push(desktop);
  const fake = await startFakeProvider({ protocol, apiKey: 'sk-test-0123456789', summaries: storeSummaries(dataDir), latencyMs: options.latencyMs ?? 0 });
  fakes.push(fake);
  await configureProvider(desktop, { protocol, url: fake.url, apiKey: 'sk-test-0123456789', concurrency: options.concurrency ?? 2, prices: { 'gen-model': { input_per_1k: 0.003, output_per_1k: 0.015 } } });
  return { dataDir, desktop, fake };
}

describe.each<Protocol>(['anthropic', 'openai'])('background run with an %s provider', (protocol) => {
  it('completes the whole project on its own while the scientist answers checkpoints', async () => {
    const { dataDir, desktop, fake } = await desktopWithProvider(protocol, { latencyMs: 100 });
    const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(assistant);
    // start_research returns at once: the plan waits for the scientist, nothing blocks on the provider.
    const started = await callOk(desktop, 'start_research', { goal: GOAL, hypothesis_count: 3 });
    const researchId = started.research_id as string;
    const decided: string[] = [];
    const assistantStates = new Set<string>();
    for (;;) {
      const status = await waitForStatus(desktop, researchId, (s) => s.status === 'completed' || (s.pending_checkpoints as unknown[]).length > 0, 60_000, 'a checkpoint or the end');
      if (status.status === 'completed') break;
      const checkpoint = (status.pending_checkpoints as Array<{ checkpoint_id: string; kind: string }>)[0] as { checkpoint_id: string; kind: string };
      await callOk(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
      decided.push(checkpoint.kind);
      // The assistant is not handed the provider's work: it is told to wait (or sees the next checkpoint).
      const next = await callOk(assistant, 'continue_research', { research_id: researchId });
      expect(next.work_item).toBeNull();
      assistantStates.add(next.state as string);
      if (next.state === 'busy') expect(next.message).toMatch(/in the background/);
    }
    expect(decided).toEqual(['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report']);
    expect(assistantStates.has('busy')).toBe(true);

    // Every task records the reasoner and model that did it; every call is accounted per role.
    const tasks = await storeRows<{ kind: string; reasoner: string }>(dataDir, "SELECT kind, reasoner FROM tasks WHERE status = 'done'");
    expect(new Set(tasks.map((t) => t.kind))).toEqual(new Set(['generate', 'review', 'compare', 'evolve', 'meta_review']));
    for (const task of tasks) {
      const model = task.kind === 'compare' ? 'judge-model' : task.kind === 'review' || task.kind === 'meta_review' ? 'review-model' : 'gen-model';
      expect(task.reasoner).toBe(`provider:${protocol}:${model}`);
    }
    const status = await callOk(assistant, 'get_research_status', { research_id: researchId });
    const reasoning = status.reasoning as { calls: number; input_tokens: number; cost_usd: number | null; by_role: Array<{ role: string; calls: number; cost_usd: number | null }> };
    expect(reasoning.calls).toBe(fake.requests.length);
    expect(reasoning.by_role.map((r) => r.role)).toEqual(['generation', 'judging', 'review']);
    expect(reasoning.input_tokens).toBeGreaterThan(0);
    // Only the generation model has a price: the estimate covers exactly its calls.
    expect(reasoning.by_role.find((r) => r.role === 'generation')?.cost_usd).toBeGreaterThan(0);
    expect(reasoning.by_role.find((r) => r.role === 'judging')?.cost_usd).toBeNull();
    const audited = await storeRows<{ arguments: string }>(dataDir, "SELECT arguments FROM audit_log WHERE action = 'reasoner:provider'");
    expect(audited.length).toBe(tasks.length);
    expect(audited.every((row) => (JSON.parse(row.arguments) as { reasoner: string }).reasoner.startsWith(`provider:${protocol}:`))).toBe(true);
  }, 90_000);
});

describe('background runs', () => {
  it('show their progress live: the app is notified of every step, and its timeline names reasoner and model', async () => {
    const { desktop } = await desktopWithProvider('anthropic');
    const updates: string[] = [];
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    await desktop.client.subscribeResource({ uri: 'research://projects' });
    const started = await callOk(desktop, 'start_research', { goal: GOAL, hypothesis_count: 2, pause_at: [] });
    const researchId = started.research_id as string;
    const before = updates.length;
    // Only the background runner writes from here on (the status polls below read).
    await waitForStatus(desktop, researchId, (s) => s.status === 'completed', 60_000, 'the run to complete');
    await waitFor(() => updates.length - before >= 5, 5_000, 'live updates from the background run');
    const timeline = await callOk(desktop, 'get_project_timeline', { research_id: researchId, limit: 200 });
    const tasks = (timeline.entries as Array<{ source: string; kind: string; by: string | null }>).filter((e) => e.source === 'task');
    expect(tasks.length).toBeGreaterThan(5);
    for (const task of tasks) expect(task.by).toMatch(/^provider:anthropic:(gen|review|judge)-model$/);
  }, 60_000);

  it('stops calling the provider when the project is paused or deleted, and hands paused work back', async () => {
    const { desktop, fake } = await desktopWithProvider('anthropic', { latencyMs: 60_000, concurrency: 3 });
    const started = await callOk(desktop, 'start_research', { goal: GOAL, hypothesis_count: 3, pause_at: [] });
    const researchId = started.research_id as string;
    await waitFor(() => fake.inFlight() > 0, 10_000, 'a provider call in flight');
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'pause' });
    // The call is cancelled (its connection closed), not waited for.
    await waitFor(() => fake.inFlight() === 0, 5_000, 'the call to be cancelled');
    const requestsWhilePaused = fake.requests.length;
    // Its task goes back to the queue, for whoever works on the project next.
    const queuedAgain = async (): Promise<boolean> => {
      const timeline = await callOk(desktop, 'get_project_timeline', { research_id: researchId });
      return (timeline.entries as Array<{ source: string; status: string }>).filter((e) => e.source === 'task').every((e) => e.status === 'queued');
    };
    for (const deadline = Date.now() + 5_000; !(await queuedAgain()); ) {
      if (Date.now() > deadline) throw new Error('the cancelled task was not handed back to the queue');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fake.requests.length).toBe(requestsWhilePaused);
    // Resumed, the same work is picked up again.
    const cancelled = new Set(fake.requests.map((r) => r.item?.task_id));
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'resume' });
    await waitFor(() => fake.requests.length > requestsWhilePaused, 10_000, 'the provider to be called again');
    expect(cancelled.has(fake.requests[requestsWhilePaused]?.item?.task_id)).toBe(true);
    // Deleted, its calls are cancelled too.
    await waitFor(() => fake.inFlight() > 0, 10_000, 'a provider call in flight again');
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'delete' });
    await waitFor(() => fake.inFlight() === 0, 5_000, 'the call of the deleted project to be cancelled');
  }, 30_000);

  it('leaves delegated work to assistants once the app is closed', async () => {
    const { dataDir, desktop } = await desktopWithProvider('openai', { latencyMs: 60_000 });
    const started = await callOk(desktop, 'start_research', { goal: GOAL, hypothesis_count: 2, pause_at: [] });
    const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(assistant);
    const busy = await callOk(assistant, 'continue_research', { research_id: started.research_id as string });
    expect(busy).toMatchObject({ state: 'busy', work_item: null });
    await desktop.close();
    // The desktop's server handed its task back on the way out: the assistant does the thinking as before.
    const next = await callOk(assistant, 'continue_research', { research_id: started.research_id as string });
    expect(next.state).toBe('work');
    expect((next.work_item as { kind: string }).kind).toBe('generate');
  }, 30_000);
});
