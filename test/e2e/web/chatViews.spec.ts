// The chat views (issue 34) in Chromium inside a host made of the SDK's own AppBridge, fed real
// tool results from the real server over stdio: the leaderboard shows the project's rows and opens
// a card; Approve / Edit / Reject change the server's state and write the audit row; an assistant
// without the in-chat grant is refused in the view; a stale checkpoint says who decided it; axe in
// light and dark; the checkpoint view by keyboard alone; hostile host messages refused.
import { expect, test, type Page } from '@playwright/test';
import { makeTempDir, removeTempDirs } from '../../support/tempDirs.js';
import { callOk, connectServer, type ConnectedServer, type ServerProcess, type ToolClient } from '../../support/server.js';
import { runScriptedProject } from '../../support/scriptedAssistant.js';
import { fakeResult, type WorkItemLike } from '../../support/fakeAssistant.js';
import { ChatHost, appsClient, type Theme } from './chatViews/chatHost.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';

test.setTimeout(180_000);
test.afterAll(() => removeTempDirs());

const ASSISTANT = 'claude-desktop';
const DECIDER_SCOPES = ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write', 'checkpoints:decide'];

interface Stage {
  dataDir: string;
  desktop: ConnectedServer<ToolClient, ServerProcess>;
  assistant: ConnectedServer<ToolClient, ServerProcess>;
  close(): Promise<void>;
}

/** `grant`: the scope and in-chat decisions; `scope-only`: the scope, but the scientist did not allow decisions from this assistant. */
async function stage(options: { grant: boolean | 'scope-only' }): Promise<Stage> {
  const dataDir = makeTempDir('cosci-chat-views-');
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  if (options.grant !== false) await callOk(desktop, 'set_client_policy', { client_id: ASSISTANT, scopes: DECIDER_SCOPES, may_decide_checkpoints: options.grant === true });
  const assistant = await appsClient(dataDir, ASSISTANT);
  return { dataDir, desktop, assistant, close: async () => void (await Promise.all([desktop.close(), assistant.close()])) };
}

const stagedForTest: Stage[] = [];
test.afterEach(async () => {
  await Promise.all(stagedForTest.splice(0).map((s) => s.close()));
});

/** A stage of one test's own, closed after it whatever the test did. */
async function testStage(options: { grant: boolean | 'scope-only' }): Promise<Stage> {
  const s = await stage(options);
  stagedForTest.push(s);
  return s;
}

async function startProject(s: Stage, goal: string): Promise<string> {
  return String((await callOk(s.desktop, 'start_research', { goal, hypothesis_count: 3 })).research_id);
}

/** Every tool this client's host may let a view call: what the server lists to it. */
async function appTools(s: Stage): Promise<string[]> {
  return (await s.assistant.client.listTools()).tools.map((tool) => tool.name);
}

async function openView(page: Page, s: Stage, name: Parameters<ChatHost['open']>[0], theme: Theme = 'light'): Promise<ChatHost> {
  const host = new ChatHost(page, s.assistant);
  await host.open(name, theme, await appTools(s));
  return host;
}

/** A project whose plan waits for a decision, and the checkpoint view fed the list that shows it. */
async function openWaitingPlan(page: Page, s: Stage): Promise<ChatHost> {
  await startProject(s, 'Find novel therapeutic targets for liver fibrosis');
  const host = await openView(page, s, 'checkpoint');
  await host.feed('list_checkpoints', {});
  return host;
}

/** The assistant does the project's work items (the deterministic fake reasoner) until a checkpoint waits. */
async function workUntilDecision(s: Stage, researchId: string): Promise<Array<{ checkpoint_id: string; kind: string; payload: Record<string, unknown> }>> {
  const summaries = async () => new Map(((await callOk(s.assistant, 'list_hypotheses', { research_id: researchId, limit: 200 })).hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
  let next = await callOk(s.assistant, 'continue_research', { research_id: researchId });
  for (let step = 0; step < 200 && next.state === 'work'; step += 1) {
    const item = next.work_item as WorkItemLike;
    next = (await callOk(s.assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries()) })).next as Record<string, unknown>;
  }
  expect(next.state).toBe('awaiting_decision');
  return next.checkpoints as Array<{ checkpoint_id: string; kind: string; payload: Record<string, unknown> }>;
}

/** A 4-hypothesis project the assistant worked until it waits at `kind` (the only checkpoint waiting). */
async function projectWaitingAt(s: Stage, kind: 'final_report' | 'evolution_plan'): Promise<{ researchId: string; checkpoint: { checkpoint_id: string; kind: string; payload: Record<string, unknown> } }> {
  const researchId = String((await callOk(s.desktop, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 4, pause_at: [kind] })).research_id);
  const waiting = await workUntilDecision(s, researchId);
  expect(waiting.map((c) => c.kind)).toEqual([kind]);
  return { researchId, checkpoint: waiting[0]! };
}

async function auditRows(s: Stage, action: string): Promise<Array<Record<string, unknown>>> {
  return (await callOk(s.desktop, 'query_audit_log', { action })).rows as Array<Record<string, unknown>>;
}

async function expectNoSeriousFindings(page: Page, host: ChatHost, view: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await host.setTheme(theme);
    await expect.poll(() => host.viewFrame().evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const found = await seriousAxeFindings(page, `${view} (${theme})`);
    expect(found, describeFindings(found)).toEqual([]);
  }
}

test.describe('leaderboard and hypothesis card', () => {
  let s: Stage;
  let researchId: string;
  test.beforeAll(async () => {
    s = await stage({ grant: false });
    await runScriptedProject({ hypotheses: 10, seed: 3, dataDir: s.dataDir });
    researchId = String(((await callOk(s.desktop, 'list_research_projects', {})).projects as Array<{ id: string }>)[0]!.id);
  });
  test.afterAll(async () => s.close());

  test('shows the project\'s rows, opens a row\'s card, and passes axe in light and dark', async ({ page }) => {
    const host = await openView(page, s, 'leaderboard');
    const result = await host.feed('list_hypotheses', { research_id: researchId, limit: 20 });
    const listed = (result.structuredContent as { hypotheses: Array<{ id: string; number: number; rank: number | null; elo_score: number }> }).hypotheses;
    const rows = host.view.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(listed.length);
    await expect(rows.first()).toHaveAttribute('data-id', listed[0]!.id);
    // The desktop's row (common/leaderboard/BoardRow), with the chat's columns: the same cells,
    // names and test ids as the desktop board, and none of its desktop-only columns.
    await expect(rows.first().getByTestId('row-number')).toHaveText(`H${listed[0]!.number}`);
    await expect(rows.first().getByTestId('row-elo')).toHaveText(String(Math.round(listed[0]!.elo_score)));
    await expect(rows.first().getByTestId('ci-bar')).toHaveAttribute('aria-label', /^Bradley-Terry score \d+, 95% interval /);
    await expect(rows.first().getByRole('cell')).toHaveCount(6);
    await expect(host.view.getByTestId('compare-toggle')).toHaveCount(0);
    await expectNoSeriousFindings(page, host, 'leaderboard');

    await rows.first().getByTestId('row-open').click();
    const card = host.view.getByTestId('hypothesis-card');
    await expect(card).toContainText(`H${listed[0]!.number}`);
    await expect(card.getByTestId('card-review').first()).toBeVisible();
    await expect(card.getByTestId('card-citation').first()).toContainText(/\(\d{4}\)/);
    expect(await host.calls()).toContain('show_hypothesis_card');
    await expectNoSeriousFindings(page, host, 'leaderboard with a card');
  });

  test('a tool result is not copied to the console: the view logs nothing at debug level', async ({ page }) => {
    // The SDK's transport logs each message whole at debug level; with a console attached (devtools,
    // a host's inspector) that copies every result again (see viewApp.ts). The harness's own bridge
    // (the host page) logs as it likes: only the view's frame (about:srcdoc) is looked at.
    const debugLines: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'debug' && message.location().url === 'about:srcdoc') debugLines.push(message.text());
    });
    const host = await openView(page, s, 'leaderboard');
    await host.feed('list_hypotheses', { research_id: researchId, limit: 20 });
    await expect(host.view.getByTestId('leaderboard-row').first()).toBeVisible();
    expect(debugLines).toEqual([]);
  });

  test('from rank_hypotheses: the certification and the titles it asks for', async ({ page }) => {
    const host = await openView(page, s, 'leaderboard');
    const result = await host.feed('rank_hypotheses', { research_id: researchId, method: 'direct_comparison', top_n: 10 });
    const ranked = result.structuredContent as { certified: boolean; k: number; leaderboard: unknown[] };
    await expect(host.view.getByTestId('leaderboard-row')).toHaveCount(ranked.leaderboard.length);
    await expect(host.view.getByTestId('leaderboard-certification')).toContainText(ranked.certified ? `Top-${ranked.k} certified` : `Top-${ranked.k} not certified`);
    // Titles and numbers from list_hypotheses, merged into the ranking's rows.
    await expect(host.view.getByTestId('row-number').first()).toHaveText(/^H\d+$/);
    const first = host.view.getByTestId('leaderboard-row').first();
    await expect(first.getByTestId('row-open')).not.toHaveText((await first.getAttribute('data-id'))!);
  });

  test('the hypothesis card view and the status view, in light and dark', async ({ page }) => {
    const first = ((await callOk(s.assistant, 'list_hypotheses', { research_id: researchId, limit: 1 })).hypotheses as Array<{ id: string; number: number }>)[0]!;
    const cardHost = await openView(page, s, 'hypothesis', 'dark');
    await cardHost.feed('show_hypothesis_card', { hypothesis_id: first.id });
    await expect(cardHost.view.getByTestId('hypothesis-card')).toContainText(`H${first.number}`);
    await expect(cardHost.view.getByTestId('card-lineage')).toBeVisible();
    await expectNoSeriousFindings(page, cardHost, 'hypothesis card');

    const statusPage = await page.context().newPage();
    const statusHost = await openView(statusPage, s, 'status');
    await statusHost.feed('get_research_status', { research_id: researchId });
    await expect(statusHost.view.getByTestId('status-next')).toContainText('complete');
    // Who decided what: the scripted run's decisions, made by the desktop app.
    await expect(statusHost.view.getByTestId('status-decisions')).toContainText('approve by desktop');
    await expectNoSeriousFindings(statusPage, statusHost, 'project status');
  });
});

test.describe('checkpoint decisions', () => {
  test('Approve, Edit and Reject on real checkpoints change the server\'s state and write the audit rows', async ({ page }) => {
    const s = await testStage({ grant: true });
    const ids = [await startProject(s, 'Find novel therapeutic targets for liver fibrosis'), await startProject(s, 'Explain why some tumours resist checkpoint inhibitors'), await startProject(s, 'Identify drivers of antibiotic tolerance in biofilms')];
    const host = await openView(page, s, 'checkpoint');
    await host.feed('list_checkpoints', {});
    const panels = host.view.getByTestId('checkpoint');
    await expect(panels).toHaveCount(3);
    await expectNoSeriousFindings(page, host, 'checkpoint');
    const panelOf = (researchId: string) => panels.filter({ hasText: researchId });

    await panelOf(ids[0]!).getByTestId('approve').click();
    await expect(panelOf(ids[0]!).getByTestId('decided')).toContainText(`approve by ${ASSISTANT}`);
    await expect(panelOf(ids[0]!).getByTestId('decided')).toContainText('(in the chat)');

    await panelOf(ids[1]!).getByTestId('edit').click();
    const goal = panelOf(ids[1]!).getByTestId('field-goal');
    await goal.fill('Explain why some solid tumours resist PD-1 checkpoint inhibitors');
    await panelOf(ids[1]!).getByTestId('edit-submit').click();
    await expect(panelOf(ids[1]!).getByTestId('decided')).toContainText(`edit by ${ASSISTANT}`);

    await panelOf(ids[2]!).getByTestId('reject').click();
    await panelOf(ids[2]!).getByTestId('reject-note').fill('Too broad: focus on persister cells in Pseudomonas biofilms instead.');
    await panelOf(ids[2]!).getByTestId('reject-submit').click();
    await expect(panelOf(ids[2]!).getByTestId('decided')).toContainText(`reject by ${ASSISTANT}`);

    const decided = (await callOk(s.desktop, 'list_checkpoints', { status: 'decided' })).checkpoints as Array<{ research_id: string; decision: { action: string; decided_by: string; decision_id: string } }>;
    const byProject = new Map(decided.map((c) => [c.research_id, c.decision]));
    expect(ids.map((id) => byProject.get(id)?.action)).toEqual(['approve', 'edit', 'reject']);
    for (const id of ids) expect(byProject.get(id)).toMatchObject({ decided_by: ASSISTANT, decision_id: expect.stringMatching(/^chat-view:/) });
    const edited = await callOk(s.desktop, 'get_research_status', { research_id: ids[1]! });
    expect(edited.goal).toBe('Explain why some solid tumours resist PD-1 checkpoint inhibitors');
    const rows = await auditRows(s, 'tool:decide_in_chat');
    expect(rows.map((row) => [row.client_id, row.outcome, row.target]).sort()).toEqual(ids.map(() => [ASSISTANT, 'ok', expect.stringMatching(/^checkpoint:\/\//)]));
  });

  test('the final report\'s hypotheses are picked by checkbox, by keyboard, and the edit sends the picked ids', async ({ page }) => {
    const s = await testStage({ grant: true });
    const { researchId, checkpoint } = await projectWaitingAt(s, 'final_report');
    const report = checkpoint.payload as { top_hypothesis_ids: string[]; top_hypotheses: Array<{ id: string; seq: number }> };
    expect(report.top_hypothesis_ids.length).toBeGreaterThanOrEqual(2);

    const host = await openView(page, s, 'checkpoint');
    await host.feed('list_checkpoints', {});
    const panel = host.view.getByTestId('checkpoint');
    await panel.getByTestId('edit').click();
    // The report's own hypotheses, by number, title and id, each checked as the report has it: no id to type.
    const picks = panel.getByTestId('hypothesis-pick');
    await expect(picks).toHaveCount(report.top_hypotheses.length);
    for (const [index, h] of report.top_hypotheses.entries()) {
      await expect(picks.nth(index)).toHaveAttribute('data-id', h.id);
      await expect(picks.nth(index)).toContainText(`H${h.seq} · `);
      await expect(picks.nth(index)).toContainText(h.id);
      await expect(picks.nth(index).getByRole('checkbox')).toBeChecked();
    }
    await expect(panel.getByTestId('field-top_hypothesis_ids').getByRole('textbox')).toHaveCount(0);
    await expectNoSeriousFindings(page, host, 'checkpoint edit with the hypothesis picker');

    // Keyboard alone: the first pick's checkbox by its name, Space to drop it, then send.
    const dropped = report.top_hypotheses[0]!;
    await panel.getByRole('checkbox', { name: new RegExp(`^H${dropped.seq} · `) }).focus();
    await page.keyboard.press('Space');
    await expect(picks.first().getByRole('checkbox')).not.toBeChecked();
    await expect(panel.getByTestId('edit-submit')).toContainText('(1)');
    await panel.getByTestId('edit-submit').click();
    await expect(panel.getByTestId('decided')).toContainText(`edit by ${ASSISTANT}`);

    const history = (await callOk(s.desktop, 'list_decision_history', {})).decisions as Array<{ checkpoint_id: string; action: string; data: { top_hypothesis_ids?: string[] } | null }>;
    const decided = history.find((d) => d.checkpoint_id === checkpoint.checkpoint_id);
    expect(decided?.action).toBe('edit');
    expect(decided?.data?.top_hypothesis_ids).toEqual(report.top_hypothesis_ids.filter((id) => id !== dropped.id));
    expect((await callOk(s.desktop, 'get_research_status', { research_id: researchId })).status).toBe('completed');
  });

  test('an evolution plan names its hypotheses by number and title, and the edit chooses a partner from them', async ({ page }) => {
    const s = await testStage({ grant: true });
    const { researchId, checkpoint } = await projectWaitingAt(s, 'evolution_plan');
    const proposals = checkpoint.payload.proposals as Array<{ hypothesis_id: string; strategy: string; partner_id?: string }>;
    const combine = proposals.findIndex((p) => p.strategy === 'combine');
    expect(combine).toBeGreaterThanOrEqual(0);
    const listed = (await callOk(s.desktop, 'list_hypotheses', { research_id: researchId, limit: 50 })).hypotheses as Array<{ id: string; number: number; status: string }>;
    const numberOf = new Map(listed.map((h) => [h.id, h.number]));
    // The new partner: a hypothesis the plan does not name, so choosing it is a real change.
    const named = new Set(proposals.flatMap((p) => [p.hypothesis_id, ...(p.partner_id === undefined ? [] : [p.partner_id])]));
    const other = listed.find((h) => !named.has(h.id) && h.status !== 'rejected' && h.id !== proposals[combine]!.hypothesis_id);
    expect(other).toBeDefined();

    const host = await openView(page, s, 'checkpoint');
    await host.feed('list_checkpoints', {});
    const panel = host.view.getByTestId('checkpoint');
    // Each proposal names its target (and a combination its partner) as "H<n> · title", with the id beside it.
    const rows = panel.getByTestId('proposal-evolution');
    await expect(rows).toHaveCount(proposals.length);
    for (const [index, p] of proposals.entries()) {
      await expect(rows.nth(index)).toContainText(`of H${numberOf.get(p.hypothesis_id)} · `);
      if (p.partner_id !== undefined) await expect(rows.nth(index)).toContainText(`with H${numberOf.get(p.partner_id)} · `);
    }
    // The titles come from the view's own call through its host, not from the checkpoint the model reads.
    expect(await host.calls()).toContain('list_hypotheses');

    await panel.getByTestId('edit').click();
    const partner = panel.getByTestId(`field-proposals.${combine}.partner_id`);
    await expect(partner.locator('option:checked')).toHaveText(new RegExp(`^H${numberOf.get(proposals[combine]!.partner_id!)} · `));
    await expect(panel.getByRole('textbox', { name: /partner/i })).toHaveCount(0);
    await partner.selectOption(other!.id);
    await expectNoSeriousFindings(page, host, 'checkpoint edit with hypothesis choices');
    await panel.getByTestId('edit-submit').click();
    await expect(panel.getByTestId('decided')).toContainText(`edit by ${ASSISTANT}`);

    const history = (await callOk(s.desktop, 'list_decision_history', {})).decisions as Array<{ checkpoint_id: string; action: string; data: { proposals?: Array<{ partner_id?: string }> } | null }>;
    const decided = history.find((d) => d.checkpoint_id === checkpoint.checkpoint_id);
    expect(decided?.data?.proposals?.[combine]?.partner_id).toBe(other!.id);
  });

  test('titles that cannot be fetched leave the evolution plan readable by id', async ({ page }) => {
    const s = await testStage({ grant: true });
    const { checkpoint } = await projectWaitingAt(s, 'evolution_plan');
    const proposals = checkpoint.payload.proposals as Array<{ hypothesis_id: string }>;
    // A host that does not let the view call list_hypotheses.
    const host = new ChatHost(page, s.assistant);
    await host.open('checkpoint', 'light', (await appTools(s)).filter((name) => name !== 'list_hypotheses'));
    await host.feed('list_checkpoints', {});
    const panel = host.view.getByTestId('checkpoint');
    await expect(panel.getByTestId('titles-unavailable')).toContainText('shown by id');
    await expect(panel.getByTestId('proposal-evolution').first()).toContainText(proposals[0]!.hypothesis_id);
    await expect(panel.getByTestId('approve')).toBeEnabled();
  });

  test('continue_research stopping at a checkpoint shows it, decidable in the view', async ({ page }) => {
    const s = await testStage({ grant: true });
    const researchId = await startProject(s, 'Find novel therapeutic targets for liver fibrosis');
    const host = await openView(page, s, 'checkpoint');
    const next = await host.feed('continue_research', { research_id: researchId });
    expect((next.structuredContent as { state: string }).state).toBe('awaiting_decision');
    await expect(host.view.getByTestId('proposal-goal')).toContainText('liver fibrosis');
    await host.view.getByTestId('approve').click();
    await expect(host.view.getByTestId('decided')).toContainText(`approve by ${ASSISTANT}`);
  });

  test('an assistant without the in-chat grant gets the refusal in the view, and nothing changes', async ({ page }) => {
    const s = await testStage({ grant: 'scope-only' });
    const host = await openWaitingPlan(page, s);
    await host.view.getByTestId('approve').click();
    await expect(host.view.getByTestId('decision-refused')).toContainText(`${ASSISTANT} may not decide checkpoints for this project. Ask the user to approve, edit or reject it in the Co-Scientist app`);
    await expect(host.view.getByTestId('approve')).toBeEnabled();
    expect(((await callOk(s.desktop, 'list_checkpoints', {})).checkpoints as unknown[]).length).toBe(1);
  });

  test('a checkpoint decided elsewhere says who decided it, before and after a press', async ({ page }) => {
    const s = await testStage({ grant: true });
    const host = await openWaitingPlan(page, s);
    const [pending] = (await callOk(s.desktop, 'list_checkpoints', {})).checkpoints as Array<{ checkpoint_id: string }>;
    await callOk(s.desktop, 'decide', { checkpoint_id: pending!.checkpoint_id, action: 'approve' });
    // The view still shows it pending (its result is older): the press is refused with who decided.
    await host.view.getByTestId('approve').click();
    await expect(host.view.getByTestId('decision-refused')).toContainText(/already decided \(approve by desktop at /);
    // A fresh look shows it decided, plainly.
    await host.feed('list_checkpoints', { status: 'decided' });
    await expect(host.view.getByTestId('decided')).toContainText('Already decided: approve by desktop');
    await expect(host.view.getByTestId('approve')).toHaveCount(0);
  });

  test('keyboard alone: reach Reject, write the note, send it', async ({ page }) => {
    const s = await testStage({ grant: true });
    const host = await openWaitingPlan(page, s);
    await expect(host.view.getByTestId('approve')).toBeVisible();
    const focused = () => host.viewFrame().evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
    for (let presses = 0; presses < 10 && (await focused()) !== 'reject'; presses += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe('reject');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('reject-note');
    await page.keyboard.type('Too broad: focus on stellate cell signalling in early fibrosis instead.');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('reject-submit');
    await page.keyboard.press('Enter');
    await expect(host.view.getByTestId('decided')).toContainText(`reject by ${ASSISTANT}`);
  });
});

test.describe('hostile or broken host messages', () => {
  test('are refused without breaking the view', async ({ page }) => {
    const s = await testStage({ grant: false });
    await runScriptedProject({ hypotheses: 4, seed: 5, dataDir: s.dataDir });
    const researchId = String(((await callOk(s.desktop, 'list_research_projects', {})).projects as Array<{ id: string }>)[0]!.id);
    const host = await openView(page, s, 'leaderboard');
    await host.feed('list_hypotheses', { research_id: researchId });
    const rows = host.view.getByTestId('leaderboard-row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);

    // A method the view does not have.
    expect(await host.post({ jsonrpc: '2.0', id: 9001, method: 'co-scientist/delete-everything', params: {} })).toMatchObject({ id: 9001, error: { code: -32601 } });
    // A tool the view does not offer (a view offers none): the host may not make it decide anything.
    expect(await host.post({ jsonrpc: '2.0', id: 9002, method: 'tools/call', params: { name: 'decide_in_chat', arguments: { checkpoint_id: 'chk_x', action: 'approve' } } })).toMatchObject({ id: 9002, error: expect.anything() });
    // A tool result with fields missing: refused by name, the rows stay.
    await host.send({ content: [], structuredContent: { hypotheses: [{ id: 'hyp_1' }] } });
    await expect(host.view.getByTestId('view-notice')).toContainText('This result could not be shown: row 1 lacks number');
    await expect(rows).toHaveCount(count);
    // A notification without its params, and garbage that is not JSON-RPC at all.
    expect(await host.post({ jsonrpc: '2.0', method: 'ui/notifications/tool-result' })).toBeNull();
    expect(await host.post({ hello: 'world' })).toBeNull();
    await expect(rows).toHaveCount(count);
    // The view still works: a good result replaces the notice.
    await host.feed('list_hypotheses', { research_id: researchId, limit: 2 });
    await expect(rows).toHaveCount(Math.min(2, count));
    await expect(host.view.getByTestId('view-notice')).toHaveCount(0);
  });
});
