// Provider failures during background runs, against fake APIs on 127.0.0.1: rate limits honoured,
// server errors retried, malformed and schema-violating answers repaired once, slow answers timed
// out and retried, a refused key stopping the run with a clear status (no retry storm), failures
// recorded on the task, and budgets that pause the project.
import { describe, expect, it } from 'vitest';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { callOk, configureProvider, startFakeProvider, waitForStatus, type FakeProviderOptions, type ProviderSetup } from '../support/fakeProviders.js';
import { storeRows, storeSummaries } from '../support/storeInspector.js';
import { serversAndFakesClosedAfterEach } from '../support/closedAfterEach.js';

const { open, fakes } = serversAndFakesClosedAfterEach();

const KEY = 'sk-test-abcdef0123456789';
type Structured = Record<string, unknown>;

async function setup(fake: Omit<FakeProviderOptions, 'summaries' | 'apiKey'>, provider: Partial<ProviderSetup> = {}) {
  const dataDir = tempDataDir();
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  open.push(desktop);
  const server = await startFakeProvider({ ...fake, apiKey: KEY, summaries: storeSummaries(dataDir) });
  fakes.push(server);
  await configureProvider(desktop, { protocol: fake.protocol, url: server.url, apiKey: KEY, ...provider });
  return { dataDir, desktop, fake: server };
}

async function run(desktop: ConnectedServer, extra: Structured = {}): Promise<{ researchId: string; status: Structured }> {
  const started = await callOk(desktop, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 2, pause_at: [], ...extra });
  const researchId = started.research_id as string;
  const status = await waitForStatus(desktop, researchId, (s) => s.status === 'completed' || s.status === 'paused', 45_000, 'the run to end');
  return { researchId, status };
}

describe('provider failures in background runs', () => {
  it('waits as long as a 429 retry-after asks, then continues', async () => {
    const { desktop, fake } = await setup({ protocol: 'anthropic', script: (_r, i) => (i === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } } : undefined) });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    const [limited, retried] = fake.requests;
    expect(limited?.status).toBe(429);
    expect(retried?.item?.task_id).toBe(limited?.item?.task_id);
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  }, 60_000);

  it('retries server errors with backoff', async () => {
    const { desktop, fake } = await setup({ protocol: 'openai', script: (_r, i) => (i < 2 ? { kind: 'status', status: i === 0 ? 500 : 503 } : undefined) });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    expect(fake.requests.slice(0, 3).map((r) => r.status)).toEqual([500, 503, 200]);
    expect(new Set(fake.requests.slice(0, 3).map((r) => r.item?.task_id)).size).toBe(1);
  }, 60_000);

  it('repairs a malformed answer once, sending the problem back', async () => {
    const { dataDir, desktop, fake } = await setup({ protocol: 'anthropic', script: (_r, i) => (i === 0 ? { kind: 'text', text: 'Here are some hypotheses about fibrosis, in prose.' } : undefined) });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    const repair = fake.requests[1];
    expect(repair?.repair).toBe(true);
    expect(repair?.item?.task_id).toBe(fake.requests[0]?.item?.task_id);
    expect(repair?.text).toContain('Here are some hypotheses about fibrosis, in prose.');
    expect(repair?.text).toMatch(/not a valid JSON object/);
    const outcomes = await storeRows<{ outcome: string }>(dataDir, 'SELECT outcome FROM reasoning_usage WHERE task_id = ? ORDER BY id', [repair?.item?.task_id]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['rejected', 'submitted']);
  }, 60_000);

  it('repairs a schema-violating answer with the validation errors', async () => {
    const { desktop, fake } = await setup({ protocol: 'openai', script: (_r, i) => (i === 0 ? { kind: 'json', value: { hypotheses: [{ summary: 42 }] } } : undefined) });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    expect(fake.requests[1]?.repair).toBe(true);
    expect(fake.requests[1]?.text).toMatch(/does not match the generate output schema: hypotheses\.0\.summary/);
  }, 60_000);

  it('records a clear failure on the task and pauses the project when answers stay unusable', async () => {
    const { dataDir, desktop, fake } = await setup({ protocol: 'anthropic', script: () => ({ kind: 'text', text: 'no' }) });
    const { researchId, status } = await run(desktop);
    expect(status.status).toBe('paused');
    expect(status.stop_reason).toMatch(/^provider_failed: the generate task tsk_\w+ failed 3 times in a row/);
    // Three runs of the task, each an answer and one repair; then nothing more.
    expect(fake.requests.length).toBe(6);
    const [task] = await storeRows<{ status: string; error: string }>(dataDir, 'SELECT status, error FROM tasks WHERE project_id = ?', [researchId]);
    expect(task?.status).toBe('queued');
    expect(task?.error).toMatch(/answered twice with results that could not be accepted; last problem: The answer is not a valid JSON object/);
  }, 60_000);

  it('times out a slow answer and retries it', async () => {
    const { desktop, fake } = await setup({ protocol: 'openai', script: (_r, i) => (i === 0 ? { kind: 'slow', ms: 3000 } : undefined) }, { timeoutSeconds: 0.5 });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    const [slow, retried] = fake.requests;
    expect(retried?.item?.task_id).toBe(slow?.item?.task_id);
    // The client hung up on the slow answer long before it came (at 3 s), and asked again.
    expect(slow?.status).toBe(0);
    expect((slow?.closedAt ?? Infinity) - (slow?.at ?? 0)).toBeLessThan(3000);
    expect(retried?.status).toBe(200);
  }, 60_000);

  it('stops at a rejected key with a clear status and no retry storm, and continues once the key is fixed', async () => {
    const { desktop, fake } = await setup({ protocol: 'anthropic' }, { apiKey: 'sk-wrong-key-000000000', concurrency: 4 });
    const { researchId, status } = await run(desktop);
    expect(status.status).toBe('paused');
    expect(status.stop_reason).toMatch(/^provider_rejected: anthropic rejected the API key \(HTTP 401/);
    expect(fake.requests.length).toBe(1);
    const listed = await callOk(desktop, 'configure_providers', { action: 'list' });
    expect((listed.providers as Array<{ availability: string }>)[0]?.availability).toBe('rejected');

    await callOk(desktop, 'configure_providers', { action: 'set', provider: { name: 'anthropic', kind: 'anthropic', base_url: fake.url, models: { generation: 'gen-model' }, concurrency: 4 }, api_key: KEY });
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'resume' });
    const resumed = await waitForStatus(desktop, researchId, (s) => s.status === 'completed' || s.status === 'paused', 45_000, 'the resumed run');
    expect(resumed.status).toBe('completed');
  }, 60_000);

  it('falls back to json_object for OpenAI-compatible servers that refuse json_schema', async () => {
    const { desktop, fake } = await setup({ protocol: 'openai', refuseJsonSchema: true });
    const { status } = await run(desktop);
    expect(status.status).toBe('completed');
    const formats = fake.requests.map((r) => (r.body.response_format as { type: string }).type);
    expect(formats[0]).toBe('json_schema');
    expect(formats.slice(1).every((type) => type === 'json_object')).toBe(true);
  }, 60_000);

  it('pauses the project when its token budget is spent', async () => {
    const { dataDir, desktop } = await setup({ protocol: 'openai' });
    const started = await callOk(desktop, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 2, pause_at: ['research_plan'] });
    const researchId = started.research_id as string;
    // Set while the plan waits for the scientist, before any work starts.
    await callOk(desktop, 'configure_providers', { action: 'project', research_id: researchId, max_tokens: 4000 });
    const [plan] = (await callOk(desktop, 'list_checkpoints', { research_id: researchId, status: 'pending' })).checkpoints as Array<{ checkpoint_id: string }>;
    await callOk(desktop, 'decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
    const status = await waitForStatus(desktop, researchId, (s) => s.status === 'paused', 30_000, 'the budget to pause the project');
    expect(status.stop_reason).toMatch(/^budget_exhausted: \d+ of the 4000 provider tokens of this project are used/);
    const reasoning = status.reasoning as { input_tokens: number; output_tokens: number; calls: number; max_tokens: number };
    expect(reasoning.max_tokens).toBe(4000);
    expect(reasoning.input_tokens + reasoning.output_tokens).toBeGreaterThanOrEqual(4000);
    expect(await storeRows(dataDir, "SELECT id FROM tasks WHERE project_id = ? AND status = 'leased'", [researchId])).toEqual([]);
  }, 60_000);
});
