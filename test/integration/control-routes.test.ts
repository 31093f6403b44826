// The app's routes for assistants' permissions and project exports against the BUILT server over
// stdio (issue 18 item 13): answers fit the host contract, a permission change keeps the rate
// limit, is audited and is enforced on the assistant's own server; exports come from the server's
// export code, the large ones read whole from their resource.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantState } from '../../src-shared/routes/index.js';
import { createRouter, type Assistants } from '../../src-main/host/router.js';
import { fakeAssistants, APP_INFO, silentLogger } from '../unit/src-main/host/fakes.js';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { openSession, runResearchToCompletion, type McpSession } from '../e2e/web/support/researchRun.js';
import { toolErrorOf } from '../support/toolErrors.js';
import { fileNameDate } from '../../src-main/host/exportFileName.js';

const servers: ConnectedServer[] = [];
const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all([...servers.splice(0).map((server) => server.close()), ...sessions.splice(0).map((session) => session.close())]);
});

async function desktopRouter(dataDir: string, assistants: Assistants = fakeAssistants()) {
  const server = await connectServer({ dataDir, client: 'desktop' });
  servers.push(server);
  const router = createRouter({
    callTool: async (name, args) => (await server.client.callTool({ name, arguments: args })) as CallToolResult,
    readResource: async (uri) => {
      const read = await server.client.readResource({ uri });
      return read.contents.map((part) => ('text' in part ? part.text : '')).join('');
    },
    appInfo: () => APP_INFO,
    assistants,
    log: silentLogger,
  });
  const ok = async (route: string, input: unknown): Promise<Record<string, unknown>> => {
    const result = await router.invoke(route, input);
    expect(result, `${route}: ${JSON.stringify(result).slice(0, 400)}`).toMatchObject({ ok: true });
    return (result as { data: Record<string, unknown> }).data;
  };
  return { router, ok };
}

async function session(dataDir: string, client: string): Promise<McpSession> {
  const opened = await openSession(dataDir, client);
  sessions.push(opened);
  return opened;
}

describe('assistant permission routes', () => {
  it('show each assistant’s scopes; a change keeps its rate limit, is audited, and its server refuses what was revoked', async () => {
    const dataDir = tempDataDir('cosci-control');
    const assistant = await session(dataDir, 'cursor');
    const project = (await assistant.call('start_research', { goal: 'Find repurposable drugs that slow liver fibrosis progression' })) as { research_id: string };
    const { ok } = await desktopRouter(dataDir);
    const before = ((await ok('assistants.policies', {})).policies as Array<Record<string, unknown>>).find((p) => p.client_id === 'cursor');
    expect(before).toMatchObject({ source: 'default', scopes: expect.arrayContaining(['research:write']) });

    const after = await ok('assistants.setPolicy', { client_id: 'cursor', scopes: ['research:read'], may_decide_checkpoints: false });
    expect(after).toMatchObject({ client_id: 'cursor', scopes: ['research:read'], rate_per_minute: before?.rate_per_minute, burst: before?.burst, source: 'stored' });
    const refused = await assistant.client.callTool({ name: 'start_research', arguments: { goal: 'Find repurposable drugs that slow liver fibrosis progression' } });
    expect(toolErrorOf(refused)).toMatchObject({ code: 'insufficient_permissions' });
    // The status poll, whose reads start while the policy is read (mcp/access/accessVerdict.ts): a
    // revocation holds from its next call, and shows nothing it read; a grant holds too.
    expect(await assistant.call('get_research_status', { research_id: project.research_id })).toMatchObject({ research_id: project.research_id });
    await ok('assistants.setPolicy', { client_id: 'cursor', scopes: ['knowledge:read'], may_decide_checkpoints: false });
    const status = await assistant.client.callTool({ name: 'get_research_status', arguments: { research_id: project.research_id } });
    expect(toolErrorOf(status)).toMatchObject({ code: 'insufficient_permissions', details: { missing: ['research:read'] } });
    expect(status.structuredContent).toBeUndefined();
    await ok('assistants.setPolicy', { client_id: 'cursor', scopes: ['research:read'], may_decide_checkpoints: false });
    expect(await assistant.call('get_research_status', { research_id: project.research_id })).toMatchObject({ research_id: project.research_id });
    const audit = await ok('audit.query', { action: 'policy:update' });
    expect(audit.total).toBe(3);
  });

  it('list every assistant the host registered or found, with its default permissions before its first call, and save a change to one', async () => {
    const dataDir = tempDataDir('cosci-control');
    const state = (id: AssistantState['id'], installed: boolean, registered: boolean): AssistantState => ({
      id, name: id, variant: 'standard', config_path: `/home/x/${id}.json`, installed, detected: installed ? `/usr/bin/${id}` : null, registered,
      state: registered ? 'registered' : installed ? 'installed' : 'not_installed', problem: null, next_step: null, lab_server: null, can_use_lab: false,
    });
    // Found but not connected; connected though its app was not found; neither (not listed); and found under two variants.
    const machine = [state('claude-desktop', true, false), state('windsurf', false, true), state('zed', false, false), state('cursor', true, false), state('cursor', true, true)];
    const { ok } = await desktopRouter(dataDir, fakeAssistants({ list: async () => ({ ok: true, data: machine }) }));
    // (The app itself, "desktop", is listed too; its own view leaves it out.)
    const listed = ((await ok('assistants.policies', {})).policies as Array<{ client_id: string; source: string; calls: number; scopes: string[] }>).filter((p) => p.client_id !== 'desktop');
    expect(listed.map((p) => p.client_id)).toEqual(['claude-desktop', 'cursor', 'windsurf']);
    for (const policy of listed) expect(policy).toMatchObject({ source: 'default', calls: 0, scopes: expect.arrayContaining(['research:write']) });

    // Set before windsurf ever called: its server enforces it from the first call.
    await ok('assistants.setPolicy', { client_id: 'windsurf', scopes: ['research:read'], may_decide_checkpoints: false });
    const windsurf = await session(dataDir, 'windsurf');
    const refused = await windsurf.client.callTool({ name: 'start_research', arguments: { goal: 'Find repurposable drugs that slow liver fibrosis progression' } });
    expect(toolErrorOf(refused)).toMatchObject({ code: 'insufficient_permissions' });

    // Where the machine cannot be inspected, those that called or have a stored policy are still listed.
    const { ok: blind } = await desktopRouter(dataDir, fakeAssistants({ list: async () => ({ ok: false, error: { code: 'REGISTRATION_REFUSED', message: 'unsupported' } }) }));
    expect(((await blind('assistants.policies', {})).policies as Array<{ client_id: string }>).map((p) => p.client_id).filter((id) => id !== 'desktop')).toEqual(['windsurf']);
  });

  it('refuse a malformed change before calling the server', async () => {
    const { router } = await desktopRouter(tempDataDir('cosci-control'));
    expect(await router.invoke('assistants.setPolicy', { client_id: 'cursor', scopes: 'admin', may_decide_checkpoints: false })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await router.invoke('assistants.setPolicy', { client_id: 'cursor', scopes: ['bogus:scope'], may_decide_checkpoints: false })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('Unknown scope') },
    });
  });
});

describe('project export route', () => {
  it('exports a completed project in every format, reading the large ones from their resource; an unfinished one is refused with the server’s reason', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('cosci-control');
    const assistant = await session(dataDir, 'claude-desktop');
    const desktop = await session(dataDir, 'desktop');
    const researchId = await runResearchToCompletion(assistant, desktop, { goal: 'Find repurposable drugs that slow liver fibrosis progression', hypotheses: 6 });
    const running = String((await assistant.call('start_research', { goal: 'Explain why perovskite solar cells degrade under humid conditions' })).research_id);
    const { router, ok } = await desktopRouter(dataDir);

    const json = await ok('projects.export', { research_id: researchId, format: 'json' });
    expect(json).toMatchObject({ file_name: `find-repurposable-drugs-that-slow-liver-fibrosis-progression-${fileNameDate(new Date())}.json`, media_type: 'application/json' });
    // Over the tool's inline limit (32 KB), so this came through the export resource.
    expect(Buffer.byteLength(json.content as string)).toBeGreaterThan(32 * 1024);
    expect((JSON.parse(json.content as string) as { hypotheses: unknown[] }).hypotheses.length).toBeGreaterThanOrEqual(6);
    for (const format of ['report', 'markdown', 'bibtex', 'nih_aims'] as const) {
      expect(await ok('projects.export', { research_id: researchId, format }), format).toMatchObject({ research_id: researchId, format, content: expect.any(String) });
    }

    // Nothing to build aims from yet: the server's reason, for the app to show.
    expect(await router.invoke('projects.export', { research_id: running, format: 'nih_aims' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('no hypotheses') } });
    const unfinished = await router.invoke('projects.export', { research_id: running, format: 'markdown' });
    expect(unfinished).toMatchObject({ ok: false, error: { message: expect.stringContaining('complete') } });
  });
});
