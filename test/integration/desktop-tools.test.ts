// The desktop-only tools of the control room over real stdio: hidden from and refused to
// assistants, working for the desktop client, every answer valid against its outputSchema. An
// assistant's server does the research work; the desktop's server looks, decides and adds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Ajv, { type ValidateFunction } from 'ajv/dist/2020.js';
import { assistantAndDesktop, callError as errorOf, callOk, type AssistantAndDesktop, type ConnectedServer, type Structured } from '../support/server.js';
import { fakeResult, hypothesisDraft, type WorkItemLike } from '../support/fakeAssistant.js';

const DESKTOP_TOOLS = ['list_project_overview', 'archive_research', 'trash_research', 'get_project_timeline', 'list_decision_history', 'get_hypothesis', 'add_hypothesis', 'add_review', 'set_hypothesis_title'];

interface Next {
  state: string;
  work_item: WorkItemLike | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string; payload: Structured }>;
}

const ajv = new Ajv({ strict: false, allErrors: true });
let pair: AssistantAndDesktop;
let assistant: ConnectedServer;
let desktop: ConnectedServer;
let validators: Map<string, ValidateFunction>;

beforeEach(async () => {
  pair = await assistantAndDesktop();
  ({ assistant, desktop } = pair);
  const { tools } = await desktop.client.listTools();
  validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
});
afterEach(async () => {
  await pair.close();
});

/** Calls a tool, fails the test on a tool error, and checks the answer against the tool's outputSchema. */
async function call(server: ConnectedServer, name: string, args: Structured): Promise<Structured> {
  const structured = await callOk(server, name, args);
  const validate = validators.get(name);
  if (validate !== undefined) expect(validate(structured), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return structured;
}

async function summaries(researchId: string): Promise<Map<string, string>> {
  const listed = await call(assistant, 'list_hypotheses', { research_id: researchId, limit: 200 });
  return new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
}

/** The assistant works until the project waits for the scientist; returns the pending checkpoints. */
async function workUntilDecision(researchId: string): Promise<Next['checkpoints']> {
  let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
  for (let step = 0; step < 40 && next.state === 'work'; step += 1) {
    const item = next.work_item as WorkItemLike;
    next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries(researchId)) })).next as Next;
  }
  expect(next.state).toBe('awaiting_decision');
  return next.checkpoints;
}

async function startProject(budget = 3): Promise<string> {
  const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: budget });
  return started.research_id as string;
}

describe('desktop-only tools', () => {
  it('are listed to the desktop alone and refused to an assistant, with an explanation', async () => {
    const assistantTools = (await assistant.client.listTools()).tools.map((tool) => tool.name);
    const desktopTools = (await desktop.client.listTools()).tools;
    for (const name of DESKTOP_TOOLS) {
      expect(assistantTools, name).not.toContain(name);
      const tool = desktopTools.find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool?.description?.length ?? 0).toBeGreaterThan(80);
      const error = await errorOf(assistant, name, { research_id: 'res_x', hypothesis_id: 'hyp_x' });
      expect(error.code).toBe('insufficient_permissions');
      expect(error.message).toMatch(/only be used from the Co-Scientist desktop app/);
    }
  });

  it('overview, timeline, decisions and archive follow a project through its checkpoints', async () => {
    const researchId = await startProject();
    let overview = await call(desktop, 'list_project_overview', {});
    expect(overview).toMatchObject({ pending_total: 1, projects: [{ id: researchId, archived_at: null, pending_checkpoints: 1 }] });
    const [plan] = overview.pending as Array<{ checkpoint_id: string; kind: string; goal: string }>;
    expect(plan).toMatchObject({ kind: 'research_plan', goal: 'Find novel therapeutic targets for liver fibrosis' });

    await call(desktop, 'decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
    const [batch] = await workUntilDecision(researchId);
    expect(batch?.kind).toBe('hypothesis_batch');
    // Who did the work is known while the project waits for the scientist, not only while work is open.
    expect((await call(desktop, 'list_project_overview', {})).projects).toMatchObject([{ id: researchId, open_work: [], last_worker: expect.stringMatching(/^(delegated|sampling):claude-desktop$/) }]);
    const ids = batch?.payload.hypothesis_ids as string[];
    await call(desktop, 'decide', { checkpoint_id: batch?.checkpoint_id, action: 'reject', note: 'Too close to known TGF-beta biology; focus on epigenetic regulators instead.' });

    const timeline = await call(desktop, 'get_project_timeline', { research_id: researchId });
    const entries = timeline.entries as Array<{ source: string; kind: string; status: string | null; by: string | null; decision: string | null; note: string | null; facts: Structured }>;
    expect(entries.map((e) => `${e.source}:${e.kind}`)).toEqual(['event:project.created', 'checkpoint:research_plan', 'task:generate', 'checkpoint:hypothesis_batch', 'task:generate']);
    expect(entries[1]).toMatchObject({ decision: 'approve', by: 'desktop' });
    // The rejection's note feeds the next generation, which waits for an assistant.
    expect(entries[4]).toMatchObject({ status: 'queued', by: null, facts: { count: 3, iteration: 1 } });
    expect(entries.find((e) => e.source === 'task' && e.status === 'done')).toMatchObject({ by: 'delegated:claude-desktop', facts: { count: 3, iteration: 1 } });
    expect(entries.find((e) => e.kind === 'hypothesis_batch')).toMatchObject({ decision: 'reject', note: expect.stringContaining('epigenetic') });
    expect(timeline).toMatchObject({ plan: { hypothesis_budget: 3 }, meta_review: null, reasoning_calls_used: 1, pause_at: ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report'] });

    // Paging: two entries at a time give the same stream, without gaps or repeats.
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: Structured = await call(desktop, 'get_project_timeline', { research_id: researchId, limit: 2, ...(cursor ? { cursor } : {}) });
      paged.push(...(page.entries as unknown[]));
      cursor = page.next_cursor as string | null;
    } while (cursor !== null);
    expect(paged).toEqual(entries);

    const history = await call(desktop, 'list_decision_history', {});
    const decisions = history.decisions as Array<{ kind: string; action: string; decided_by: string; note: string | null; payload: Structured }>;
    expect(decisions.map((d) => `${d.kind}:${d.action}:${d.decided_by}`)).toEqual(['hypothesis_batch:reject:desktop', 'research_plan:approve:desktop']);
    expect(decisions[0]?.payload.hypothesis_ids).toEqual(ids);

    const archived = await call(desktop, 'archive_research', { research_id: researchId, archived: true });
    expect(archived).toMatchObject({ archived: true, archived_at: expect.any(String) });
    // Settings rewritten by other engine code (resuming with more budget) keep the archive flag.
    await call(desktop, 'manage_research', { research_id: researchId, action: 'resume', add_reasoning_calls: 5 });
    overview = await call(desktop, 'list_project_overview', {});
    expect((overview.projects as Structured[])[0]).toMatchObject({ archived_at: archived.archived_at });
    expect(await call(desktop, 'archive_research', { research_id: researchId, archived: false })).toMatchObject({ archived: false, archived_at: null });
    const restored = await call(desktop, 'get_project_timeline', { research_id: researchId, limit: 200 });
    expect((restored.entries as Array<{ kind: string }>).filter((e) => e.kind.startsWith('project.') && e.kind.endsWith('archived')).map((e) => e.kind)).toEqual(['project.archived', 'project.unarchived']);
  }, 60_000);

  it('shows a hypothesis in full, takes the scientist\'s own hypothesis and review, and queues asked-for work for an assistant', async () => {
    const researchId = await startProject();
    const [plan] = await workUntilDecision(researchId);
    await call(desktop, 'decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
    const [batch] = await workUntilDecision(researchId);
    await call(desktop, 'decide', { checkpoint_id: batch?.checkpoint_id, action: 'approve' });
    const first = (batch?.payload.hypothesis_ids as string[])[0] as string;

    const added = await call(desktop, 'add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(900, 'the scientist\'s own idea') });
    expect(added).toMatchObject({ number: 4, awaiting_approval: false, safety_flag: null, status: 'pending' });
    const tooShort = await errorOf(desktop, 'add_hypothesis', { research_id: researchId, hypothesis: { ...hypothesisDraft(901), summary: 'Far too short a summary for a hypothesis.' } });
    expect(tooShort).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('50-100 words') });

    const review = await call(desktop, 'add_review', {
      hypothesis_id: first,
      scores: { plausibility: 0.9, novelty: 0.4, testability: 0.8, safety: 1, overall: 0.7 },
      strengths: ['Existing inhibitors make it quick to test'],
      weaknesses: ['Mechanism overlaps published work'],
    });
    expect(review).toMatchObject({ hypothesis_id: first, research_id: researchId, judge: 'human' });

    // The desktop asks for a review: the task waits for an assistant instead of being leased to the app.
    const queued = await call(desktop, 'review_hypothesis', { hypothesis_id: first, review_type: 'deep_verification' });
    const queuedItem = queued.work_item as { task_id: string; lease_expires_at: string | null };
    expect(queuedItem.lease_expires_at).toBeNull();
    const asked = await call(assistant, 'review_hypothesis', { hypothesis_id: first, review_type: 'full' });
    expect((asked.work_item as { lease_expires_at: string | null }).lease_expires_at).not.toBeNull();

    let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
    const seen: string[] = [];
    for (let step = 0; step < 40 && next.work_item?.task_id !== queuedItem.task_id; step += 1) {
      if (next.state === 'awaiting_decision') {
        for (const c of next.checkpoints) await call(desktop, 'decide', { checkpoint_id: c.checkpoint_id, action: 'approve' });
        next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
        continue;
      }
      const item = next.work_item as WorkItemLike;
      seen.push(item.kind);
      next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries(researchId)) })).next as Next;
    }
    expect(next.work_item?.task_id, `the assistant did ${seen.join(', ')} but never got the queued review`).toBe(queuedItem.task_id);
    await call(assistant, 'submit_work', { task_id: queuedItem.task_id, result: fakeResult(next.work_item as WorkItemLike, await summaries(researchId)) });
    // On to the tournament: the project next waits at its evolution plan, after the matches.
    expect((await workUntilDecision(researchId)).map((c) => c.kind)).toEqual(['evolution_plan']);

    const detail = await call(desktop, 'get_hypothesis', { hypothesis_id: first });
    const h = detail.hypothesis as Structured;
    expect(h).toMatchObject({ id: first, number: 1, research_id: researchId, origin: 'generated', gate: 'approved', testable_predictions: [expect.stringContaining('hydroxyproline')] });
    expect(h.citations).toEqual([expect.objectContaining({ doi: expect.stringMatching(/^10\.1000\/r\d+$/), verified: false, document_id: null })]);
    const reviews = detail.reviews as Array<{ judge: string; reviewer: string; type: string; scores: Structured }>;
    expect(reviews.map((r) => `${r.judge}:${r.type}`)).toEqual(expect.arrayContaining(['human:full', 'model:deep_verification']));
    expect(reviews.find((r) => r.judge === 'human')).toMatchObject({ reviewer: 'desktop', scores: { plausibility: 0.9 } });
    const matches = detail.matches as Array<{ opponent: { id: string; number: number } | null; won: boolean; rationale: string; judge: string }>;
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) expect(match).toMatchObject({ opponent: { id: expect.stringMatching(/^hyp_/) }, judge: 'model', rationale: expect.stringContaining('winner') });
    expect(h.matches_played).toBe(matches.length);

    const mine = await call(desktop, 'get_hypothesis', { hypothesis_id: added.hypothesis_id });
    expect(mine.hypothesis).toMatchObject({ origin: 'human', method: 'human', created_by: 'desktop', reasoner: null });
  }, 90_000);
});

describe('start_research pause_at', () => {
  it('lets the desktop skip checkpoints (recorded as the policy\'s decision) but not an assistant', async () => {
    const started = await call(desktop, 'start_research', { goal: 'Explain why perovskite solar cells degrade under humidity', hypothesis_count: 2, pause_at: ['final_report'] });
    const overview = await call(desktop, 'list_project_overview', {});
    expect(overview.pending_total).toBe(0);
    const timeline = await call(desktop, 'get_project_timeline', { research_id: started.research_id });
    expect(timeline.pause_at).toEqual(['final_report']);
    expect((timeline.entries as Array<{ kind: string; by: string | null }>).find((e) => e.kind === 'research_plan')).toMatchObject({ by: 'policy:auto-approve' });

    const refused = await errorOf(assistant, 'start_research', { goal: 'Explain why perovskite solar cells degrade under humidity', pause_at: ['final_report'] });
    expect(refused.code).toBe('insufficient_permissions');
    expect(refused.message).toMatch(/research_plan, hypothesis_batch, evolution_plan/);
    const allowed = await call(assistant, 'start_research', { goal: 'Explain why perovskite solar cells degrade under humidity', pause_at: ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review'] });
    expect(allowed.next_step).toMatch(/research plan waits/);
  }, 30_000);
});
