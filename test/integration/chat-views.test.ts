// The chat views on the server side (issue 34, MCP Apps): the four ui:// resources, the links from
// the tools that produce their data, the app-only tools listed only to a client that shows views
// (and refused to any other), and a decision made in a view applied under today's policy with its
// audit row — over real stdio, under both SDK client generations.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { CLIENT_KINDS, callError, callOk, connectServer, tempDataDir, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { removeTempDirs } from '../support/tempDirs.js';
import { CHAT_VIEW_NAMES, CHAT_VIEW_TITLES, DECIDE_IN_CHAT_TOOL, HYPOTHESIS_CARD_TOOL, VIEW_OF_TOOL, chatViewUri } from '../../src-shared/chatViews.js';

const APP_ONLY = [DECIDE_IN_CHAT_TOOL, HYPOTHESIS_CARD_TOOL];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});
afterAll(() => removeTempDirs());

async function connect(options: Parameters<typeof connectServer>[0]): Promise<ConnectedServer<ToolClient, ServerProcess>> {
  const server = await connectServer(options);
  closers.push(() => server.close());
  return server;
}

const DECIDER_SCOPES = ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write', 'checkpoints:decide'];

/** A project waiting at its research plan, and the desktop that can grant and read the audit log. */
async function projectAtPlan(dataDir: string, grant: boolean): Promise<{ desktop: ConnectedServer<ToolClient, ServerProcess>; researchId: string; checkpointId: string }> {
  const desktop = await connect({ dataDir, client: 'desktop' });
  if (grant) await callOk(desktop, 'set_client_policy', { client_id: 'claude-desktop', scopes: DECIDER_SCOPES, may_decide_checkpoints: true });
  const started = await callOk(desktop, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
  const researchId = String(started.research_id);
  const pending = (await callOk(desktop, 'list_checkpoints', { research_id: researchId })).checkpoints as Array<{ checkpoint_id: string; kind: string }>;
  expect(pending.map((c) => c.kind)).toEqual(['research_plan']);
  return { desktop, researchId, checkpointId: pending[0]!.checkpoint_id };
}

async function auditRowsEventually(desktop: ConnectedServer<ToolClient, ServerProcess>, action: string): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = (await callOk(desktop, 'query_audit_log', { action })).rows as Array<Record<string, unknown>>;
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(CLIENT_KINDS)('tools/list with and without MCP Apps ($label)', ({ sdk, era }) => {
  it('links the producing tools and lists the app-only tools only to a client that shows views', async () => {
    const dataDir = tempDataDir();
    const plain = await connect({ dataDir, client: 'claude-desktop', sdk, era });
    const apps = await connect({ dataDir, client: 'claude-desktop', sdk, era, showsApps: true });
    const plainTools = (await plain.client.listTools()).tools as Tool[];
    const appsTools = (await apps.client.listTools()).tools as Tool[];

    // Without the extension: no app-only tool, no _meta at all, the listing the model always had.
    expect(plainTools.map((t) => t.name)).not.toEqual(expect.arrayContaining([DECIDE_IN_CHAT_TOOL]));
    expect(plainTools.filter((t) => t._meta !== undefined).map((t) => t.name)).toEqual([]);

    // With it: the same tools plus the app-only ones, each producing tool linked to its view.
    const byName = new Map(appsTools.map((t) => [t.name, t]));
    expect(appsTools.map((t) => t.name).sort()).toEqual([...plainTools.map((t) => t.name), ...APP_ONLY.filter((name) => byName.has(name))].sort());
    expect(byName.get(HYPOTHESIS_CARD_TOOL)?._meta).toEqual({ ui: { resourceUri: chatViewUri('hypothesis'), visibility: ['app'] }, 'ui/resourceUri': chatViewUri('hypothesis') });
    for (const [tool, view] of Object.entries(VIEW_OF_TOOL)) {
      const listed = byName.get(tool);
      if (listed === undefined) continue; // not callable by this client's default policy (e.g. decide needs a grant)
      expect((listed._meta as { ui?: { resourceUri?: string } }).ui?.resourceUri, tool).toBe(chatViewUri(view));
    }
    // The schemas are the plain listing's: _meta is the only difference.
    for (const tool of plainTools) expect({ ...byName.get(tool.name), _meta: undefined }, tool.name).toEqual({ ...tool, _meta: undefined });
  });
});

describe('the view resources', () => {
  it('lists four ui:// views and serves each as one self-contained HTML file with an empty network policy', async () => {
    const server = await connect({ dataDir: tempDataDir(), client: 'claude-desktop', showsApps: true });
    const listed = (await server.client.listResources()).resources.filter((r) => r.uri.startsWith('ui://'));
    expect(listed.map((r) => r.uri).sort()).toEqual(CHAT_VIEW_NAMES.map(chatViewUri).sort());
    for (const resource of listed) expect(resource.mimeType).toBe('text/html;profile=mcp-app');
    for (const name of CHAT_VIEW_NAMES) {
      const { contents } = await server.client.readResource({ uri: chatViewUri(name) });
      const [content] = contents as Array<{ uri: string; mimeType: string; text: string; _meta?: { ui?: { csp?: unknown } } }>;
      expect(content?.mimeType).toBe('text/html;profile=mcp-app');
      expect(content?._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [] });
      const html = content?.text ?? '';
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(512 * 1024);
      expect(html).toMatch(/^<!doctype html>/i);
      // Each page is the one template filled in with this view's title and entry (scripts/build-apps.mjs).
      expect(html).toContain(`<title>Co-Scientist · ${CHAT_VIEW_TITLES[name]}</title>`);
      expect(html).not.toContain('%VIEW_');
      // Nothing loaded from anywhere: no script or stylesheet by address.
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/i);
      expect(html).toContain("connect-src 'none'");
    }
  });

  it('refuses a view to a client that may not read projects', async () => {
    const dataDir = tempDataDir();
    const desktop = await connect({ dataDir, client: 'desktop' });
    await callOk(desktop, 'set_client_policy', { client_id: 'no-reader', scopes: [], may_decide_checkpoints: false });
    const server = await connect({ dataDir, client: 'no-reader', showsApps: true });
    await expect(server.client.readResource({ uri: chatViewUri('leaderboard') })).rejects.toThrow(/insufficient_permissions: no-reader lacks research:read/);
  });
});

describe('decide_in_chat', () => {
  it('applies Approve where the scientist allowed decisions in chat, and writes who decided, through which assistant, in the chat', async () => {
    const dataDir = tempDataDir();
    const { desktop, researchId, checkpointId } = await projectAtPlan(dataDir, true);
    const assistant = await connect({ dataDir, client: 'claude-desktop', showsApps: true });
    const decided = await callOk(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'approve', decision_id: 'press-1' });
    expect(decided).toMatchObject({ applied: true, checkpoint: { status: 'decided', decision: { action: 'approve', decided_by: 'claude-desktop', decision_id: 'chat-view:press-1' } } });
    const status = await callOk(desktop, 'get_research_status', { research_id: researchId });
    expect(status.stage).not.toBe('plan');
    const audit = (await callOk(desktop, 'query_audit_log', { action: `tool:${DECIDE_IN_CHAT_TOOL}` })).rows as Array<Record<string, unknown>>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ client_id: 'claude-desktop', action: `tool:${DECIDE_IN_CHAT_TOOL}`, target: `checkpoint://${checkpointId}`, outcome: 'ok' });
    // The same press again (a retry) is one decision; another press on a decided checkpoint names who decided it.
    expect(await callOk(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'approve', decision_id: 'press-1' })).toMatchObject({ applied: false });
    const stale = await callError(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'reject', note: 'Too broad, focus on stellate cell signalling instead.', decision_id: 'press-2' });
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/already decided \(approve by claude-desktop at /);
  });

  it('validates an edit with the checkpoint\'s own schema and changes nothing when it is invalid', async () => {
    const dataDir = tempDataDir();
    const { desktop, checkpointId } = await projectAtPlan(dataDir, true);
    const assistant = await connect({ dataDir, client: 'claude-desktop', showsApps: true });
    const invalid = await callError(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'edit', data: { goal: 42 }, decision_id: 'press-1' });
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.message).toMatch(/The edited research_plan is not valid/);
    const pending = (await callOk(desktop, 'list_checkpoints', {})).checkpoints as unknown[];
    expect(pending).toHaveLength(1);
  });

  it('refuses an assistant without the in-chat grant, with what the scientist can do', async () => {
    const dataDir = tempDataDir();
    const { desktop, checkpointId } = await projectAtPlan(dataDir, false);
    const assistant = await connect({ dataDir, client: 'claude-desktop', showsApps: true });
    const refused = await callError(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'approve', decision_id: 'press-1' });
    expect(refused.code).toBe('insufficient_permissions');
    expect(refused.message).toMatch(/claude-desktop lacks the scope checkpoints:decide needed for decide_in_chat\. The scientist can grant it in the Co-Scientist app under Assistants/);
    // Granted the scope but not in-chat decisions: refused by today's policy, in its words.
    await callOk(desktop, 'set_client_policy', { client_id: 'claude-desktop', scopes: DECIDER_SCOPES, may_decide_checkpoints: false });
    const notAllowed = await callError(assistant, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'approve', decision_id: 'press-2' });
    expect(notAllowed.message).toMatch(/claude-desktop may not decide checkpoints for this project/);
    expect(((await callOk(desktop, 'list_checkpoints', {})).checkpoints as unknown[]).length).toBe(1);
  });

  it('refuses a client that did not declare MCP Apps, even with the grant: there the model would be the caller', async () => {
    const dataDir = tempDataDir();
    const { desktop, checkpointId } = await projectAtPlan(dataDir, true);
    const plain = await connect({ dataDir, client: 'claude-desktop' });
    const refused = await callError(plain, DECIDE_IN_CHAT_TOOL, { checkpoint_id: checkpointId, action: 'approve', decision_id: 'press-1' });
    expect(refused.code).toBe('insufficient_permissions');
    expect(refused.message).toMatch(/did not declare MCP Apps support/);
    expect(((await callOk(desktop, 'list_checkpoints', {})).checkpoints as unknown[]).length).toBe(1);
    // A refusal changed nothing, so its row is queued with the process's reads (readAudit.ts): wait for it.
    const denied = await auditRowsEventually(desktop, `tool:${DECIDE_IN_CHAT_TOOL}`);
    expect(denied).toMatchObject([{ client_id: 'claude-desktop', outcome: 'denied', error_code: 'insufficient_permissions' }]);
  });
});

describe(HYPOTHESIS_CARD_TOOL, () => {
  it('is refused to a client without MCP Apps, and names a missing hypothesis plainly', async () => {
    const dataDir = tempDataDir();
    const plain = await connect({ dataDir, client: 'claude-desktop' });
    expect((await callError(plain, HYPOTHESIS_CARD_TOOL, { hypothesis_id: 'hyp_000000000000' })).code).toBe('insufficient_permissions');
    const apps = await connect({ dataDir, client: 'claude-desktop', showsApps: true });
    const missing = await callError(apps, HYPOTHESIS_CARD_TOOL, { hypothesis_id: 'hyp_000000000000' });
    expect(missing.code).toBe('resource_not_found');
  });
});
