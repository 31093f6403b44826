// Delete with undo, durably (issue 18, item 10): trash_research hides a project from every tool at
// once and keeps its rows; restoring brings it back exactly; a server started after the undo
// window purges it, one started inside the window keeps it restorable. Real servers over stdio on
// one real data folder; "restart" is closing every server and starting a new one.
import { afterEach, describe, expect, it } from 'vitest';
import { callError as errorOf, callOk as call, connectServer, tempDataDir, waitFor, type ConnectedServer, type Structured } from '../support/server.js';

let open: ConnectedServer[] = [];

afterEach(async () => {
  await Promise.all(open.map((server) => server.close()));
  open = [];
});

async function start(dataDir: string, client: string): Promise<ConnectedServer> {
  const server = await connectServer({ dataDir, client });
  open.push(server);
  return server;
}

async function restart(dataDir: string): Promise<{ assistant: ConnectedServer; desktop: ConnectedServer }> {
  await Promise.all(open.map((server) => server.close()));
  open = [];
  return { assistant: await start(dataDir, 'claude-desktop'), desktop: await start(dataDir, 'desktop') };
}

async function projectIds(server: ConnectedServer): Promise<string[]> {
  const listed = await call(server, 'list_research_projects', {});
  return (listed.projects as Array<{ id: string }>).map((p) => p.id);
}

async function setUp(): Promise<{ dataDir: string; assistant: ConnectedServer; desktop: ConnectedServer; kept: string; doomed: string }> {
  const dataDir = tempDataDir();
  const assistant = await start(dataDir, 'claude-desktop');
  const desktop = await start(dataDir, 'desktop');
  const kept = (await call(assistant, 'start_research', { goal: 'Explain why perovskite solar cells degrade under humidity', hypothesis_count: 3 })).research_id as string;
  const doomed = (await call(assistant, 'start_research', { goal: 'Identify drug repurposing candidates for acute myeloid leukaemia', hypothesis_count: 3 })).research_id as string;
  return { dataDir, assistant, desktop, kept, doomed };
}

describe('trash_research', () => {
  it('hides a project from every tool at once and restores it exactly as it was', async () => {
    const { assistant, desktop, kept, doomed } = await setUp();
    const before = await call(assistant, 'get_research_status', { research_id: doomed });

    const trashed = await call(desktop, 'trash_research', { research_id: doomed, trashed: true });
    expect(trashed).toMatchObject({ research_id: doomed, trashed: true });
    const purgeAfter = Date.parse(trashed.purge_after as string);
    expect(purgeAfter - Date.now()).toBeGreaterThan(1000);

    expect(await projectIds(assistant)).toEqual([kept]);
    expect((await errorOf(assistant, 'get_research_status', { research_id: doomed })).code).toBe('resource_not_found');
    expect((await errorOf(assistant, 'continue_research', { research_id: doomed })).code).toBe('resource_not_found');
    // A leaderboard page reads only the project's settings (engine/projectRecord.ts loadResearchSettings): that read hides it too.
    expect((await errorOf(desktop, 'get_leaderboard', { research_id: doomed })).code).toBe('resource_not_found');
    const overview = await call(desktop, 'list_project_overview', {});
    expect((overview.projects as Structured[]).map((p) => p.id)).toEqual([kept]);
    expect((overview.pending as Structured[]).map((c) => c.research_id)).toEqual([kept]);
    expect(overview.pending_total).toBe(1);
    const inbox = await call(desktop, 'list_checkpoints', { status: 'pending' });
    expect((inbox.checkpoints as Structured[]).map((c) => c.research_id)).toEqual([kept]);
    expect(overview.trashed).toEqual([{ research_id: doomed, goal: 'Identify drug repurposing candidates for acute myeloid leukaemia', purge_after: trashed.purge_after }]);
    // Trashing twice is refused as not found: it is already gone for everyone.
    expect((await errorOf(desktop, 'trash_research', { research_id: doomed, trashed: true })).code).toBe('resource_not_found');

    expect(await call(desktop, 'trash_research', { research_id: doomed, trashed: false })).toEqual({ research_id: doomed, trashed: false, purge_after: null });
    expect(await call(assistant, 'get_research_status', { research_id: doomed })).toEqual(before);
    expect((await projectIds(assistant)).sort()).toEqual([kept, doomed].sort());
    expect((await call(desktop, 'list_project_overview', {})).trashed).toEqual([]);

    const again = await errorOf(desktop, 'trash_research', { research_id: doomed, trashed: false });
    expect(again).toMatchObject({ code: 'conflict', message: `Research project ${doomed} is not deleted; there is nothing to restore.` });
    // An assistant cannot reach it at all.
    expect((await errorOf(assistant, 'trash_research', { research_id: kept, trashed: true })).code).toBe('insufficient_permissions');
    expect(await projectIds(assistant)).toHaveLength(2);
  }, 60_000);

  it('survives a restart inside the undo window, and a start after the window purges it for good', async () => {
    const { dataDir, desktop, kept, doomed } = await setUp();
    const trashed = await call(desktop, 'trash_research', { research_id: doomed, trashed: true });

    // Inside the window: still deleted, still restorable.
    let servers = await restart(dataDir);
    expect(await projectIds(servers.assistant)).toEqual([kept]);
    expect(((await call(servers.desktop, 'list_project_overview', {})).trashed as Structured[]).map((t) => t.research_id)).toEqual([doomed]);
    await call(servers.desktop, 'trash_research', { research_id: doomed, trashed: false });
    expect((await projectIds(servers.assistant)).sort()).toEqual([kept, doomed].sort());

    // Deleted again, and the app closed before the window ran out.
    const second = await call(servers.desktop, 'trash_research', { research_id: doomed, trashed: true });
    expect(Date.parse(second.purge_after as string)).toBeGreaterThanOrEqual(Date.parse(trashed.purge_after as string));
    await Promise.all(open.map((server) => server.close()));
    open = [];
    await waitFor(() => Date.now() > Date.parse(second.purge_after as string), 20_000, 'the undo window to run out');

    servers = await restart(dataDir);
    expect(await projectIds(servers.assistant)).toEqual([kept]);
    expect((await call(servers.desktop, 'list_project_overview', {})).trashed).toEqual([]);
    const restore = await errorOf(servers.desktop, 'trash_research', { research_id: doomed, trashed: false });
    expect(restore.code).toBe('resource_not_found');
    expect(restore.message).toMatch(/deleted for good when its undo window ran out/);
  }, 60_000);

  it('manage_research "delete" purges a trashed project at once', async () => {
    const { assistant, desktop, kept, doomed } = await setUp();
    await call(desktop, 'trash_research', { research_id: doomed, trashed: true });
    expect(await call(desktop, 'manage_research', { research_id: doomed, action: 'delete' })).toMatchObject({ status: 'deleted' });
    expect((await call(desktop, 'list_project_overview', {})).trashed).toEqual([]);
    expect((await errorOf(desktop, 'trash_research', { research_id: doomed, trashed: false })).code).toBe('resource_not_found');
    expect((await errorOf(desktop, 'manage_research', { research_id: doomed, action: 'delete' })).code).toBe('resource_not_found');
    expect(await projectIds(assistant)).toEqual([kept]);
  }, 60_000);
});
