// What the Audit view asks of query_audit_log (issue 18 item 11), over real stdio on a real
// database: a project filter, the app's own reads hidden on request (and counted, never removed
// from the chain or its verification), a count that reading the log does not move, and one row
// per submit_work.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/server.js';
import { storeScalar } from '../support/storeInspector.js';
import { openSession, runResearchToCompletion, type McpSession, type Structured } from '../e2e/web/support/researchRun.js';

const open: McpSession[] = [];

/** Audit rows of one client, read from the store as another process would. */
async function rowsOf(dataDir: string, clientId: string): Promise<number | undefined> {
  return storeScalar<number>(dataDir, 'SELECT COUNT(*) FROM audit_log WHERE client_id = ?', [clientId]);
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.close()));
});

interface Entry { id: number; client_id: string; action: string; target: string | null; arguments: string; outcome: string }
interface Page { rows: Entry[]; total: number; hidden_app_reads?: number }

async function sessions(): Promise<{ dataDir: string; assistant: McpSession; desktop: McpSession; query: (args: Structured) => Promise<Page> }> {
  const dataDir = tempDataDir('cosci-audit-view');
  const assistant = await openSession(dataDir, 'claude-desktop');
  const desktop = await openSession(dataDir, 'desktop');
  open.push(assistant, desktop);
  return { dataDir, assistant, desktop, query: async (args) => (await desktop.call('query_audit_log', { limit: 500, ...args })) as unknown as Page };
}

describe('the audit view’s filters', () => {
  it('narrows the log to one research project: its tool calls and resource reads, not the other project’s', async () => {
    const { assistant, query } = await sessions();
    const first = await assistant.call('start_research', { goal: 'Find repurposable drugs that slow liver fibrosis progression' });
    const second = await assistant.call('start_research', { goal: 'Explain why perovskite solar cells degrade under humid conditions' });
    await assistant.call('get_research_status', { research_id: first.research_id });
    await assistant.call('get_research_status', { research_id: second.research_id });
    await assistant.call('list_hypotheses', { research_id: first.research_id });
    await assistant.client.readResource({ uri: `research://projects/${String(first.research_id)}` });
    await assistant.call('list_research_projects', {});

    // The assistant's reads reach the log with its server's next batch, within FLUSH_MS (src-mcp/mcp/audit/readAudit.ts).
    // Polling asks more than once: the app's own queries (also about this project) are left out.
    let page: Page = { rows: [], total: 0 };
    const actions = async (): Promise<string[]> => {
      page = await query({ research_id: first.research_id, hide_app_reads: true });
      return page.rows.map((r) => r.action).reverse();
    };
    await expect.poll(actions, { timeout: 5_000 }).toEqual(['tool:start_research', 'tool:get_research_status', 'tool:list_hypotheses', 'resource:read']);
    expect(page.total).toBe(4);
    for (const row of page.rows) expect(`${row.target ?? ''} ${row.arguments}`).toContain(String(first.research_id));
    expect((await query({ research_id: 'res_does_not_exist' })).total).toBe(0);
  });

  it('hides the app’s own reads on request and says how many, keeps its writes and every assistant row, and leaves the chain whole', async () => {
    const { dataDir, assistant, desktop, query } = await sessions();
    const started = await assistant.call('start_research', { goal: 'Find repurposable drugs that slow liver fibrosis progression' });
    await assistant.call('get_research_status', { research_id: started.research_id });
    // The assistant's read reaches the log with its server's next batch (src-mcp/mcp/audit/readAudit.ts);
    // watched from outside, so that no query of the app's adds rows of its own.
    await expect.poll(() => rowsOf(dataDir, 'claude-desktop'), { timeout: 5_000 }).toBe(2);
    await desktop.call('get_research_status', { research_id: started.research_id });
    await desktop.call('list_research_projects', {});
    await desktop.call('set_client_policy', { client_id: 'cursor', scopes: ['research:read'] });

    const everything = await query({});
    const hidden = await query({ hide_app_reads: true });
    const readActions = ['tool:get_research_status', 'tool:list_research_projects', 'tool:query_audit_log'];
    const appReads = everything.rows.filter((r) => r.client_id === 'desktop' && readActions.includes(r.action));
    expect(appReads).toHaveLength(2);
    // `everything` is older than `hidden`: the first query's own row is one more app read.
    expect(hidden.hidden_app_reads).toBe(appReads.length + 1);
    expect(hidden.rows.map((r) => r.action)).toEqual(everything.rows.filter((r) => !appReads.includes(r)).map((r) => r.action));
    expect(hidden.rows.filter((r) => r.client_id === 'claude-desktop')).toHaveLength(2);
    expect(hidden.rows.some((r) => r.action === 'tool:set_client_policy')).toBe(true);
    expect(hidden.total).toBe(hidden.rows.length);

    // Reading the log again adds app reads only: the count of what the view shows stays put.
    await query({ hide_app_reads: true });
    await desktop.call('verify_audit_log', {});
    expect((await query({ hide_app_reads: true })).total).toBe(hidden.total);
    const verdict = await desktop.call('verify_audit_log', {});
    expect(verdict.ok).toBe(true);
    expect(verdict.rows).toBeGreaterThan(hidden.total + (hidden.hidden_app_reads ?? 0));
  });

  it('counts the app’s look at its collections and folders among its reads, but not its changes to them (issue 33 item 14)', async () => {
    const { desktop, assistant, query } = await sessions();
    await desktop.call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' });
    await desktop.call('manage_collections', { action: 'list' });
    await desktop.call('manage_collections', { action: 'info', collection_name: 'Fibrosis' });
    await desktop.call('manage_knowledge_roots', { action: 'list' });
    await assistant.call('manage_collections', { action: 'list' });

    let hidden: Page = { rows: [], total: 0 };
    let shown: string[] = [];
    const assistantRows = async (): Promise<string[]> => {
      hidden = await query({ hide_app_reads: true });
      shown = hidden.rows.map((r) => `${r.client_id} ${r.action} ${(JSON.parse(r.arguments) as { action?: string }).action ?? ''}`.trim());
      return shown.filter((row) => row.startsWith('claude-desktop '));
    };
    // An assistant's reads reach the log with its server's next batch; they are never hidden.
    await expect.poll(assistantRows, { timeout: 5_000 }).toEqual(['claude-desktop tool:manage_collections list']);
    // The app's create is a change: it stays; its list, info and folder list are reads: hidden.
    expect(shown.filter((row) => row.startsWith('desktop '))).toEqual(['desktop tool:manage_collections create']);
    expect(hidden.hidden_app_reads).toBeGreaterThanOrEqual(3);
    expect(hidden.total).toBe(hidden.rows.length);
  });

  it('logs each submit_work once: its row commits with its writes, no separate write-intent row', { timeout: 120_000 }, async () => {
    const { assistant, desktop, query } = await sessions();
    await runResearchToCompletion(assistant, desktop, { goal: 'Find repurposable drugs that slow liver fibrosis progression', hypotheses: 3 });
    const submits = await query({ client: 'claude-desktop', action: 'tool:submit_work' });
    expect(submits.total).toBeGreaterThan(3);
    expect(submits.rows.every((r) => r.outcome === 'ok')).toBe(true);
    expect((await query({ action: 'tool-write:submit_work' })).total).toBe(0);
    expect((await desktop.call('verify_audit_log', {})).ok).toBe(true);
  });
});
