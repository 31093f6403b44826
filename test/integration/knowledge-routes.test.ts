// The GUI's knowledge routes against the BUILT server over stdio: every route's answer must fit the
// host contract (the router validates it), so a drift between tool output and contract fails here.
import type { CallToolResult } from '@modelcontextprotocol/client';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src-main/host/router.js';
import { fakeAssistants, APP_INFO, silentLogger } from '../unit/src-main/host/fakes.js';
import { writeCorpus } from '../unit/src-mcp/knowledge/helpers.js';
import { connectServer, tempDataDir } from '../support/server.js';
import { serversClosedAfterEach } from '../support/closedAfterEach.js';

const open = serversClosedAfterEach();

async function desktopRouter(dataDir: string, pickFolder?: () => Promise<string | null>) {
  const server = await connectServer({ dataDir, client: 'desktop' });
  open.push(server);
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const router = createRouter({
    callTool: async (name, args) => {
      calls.push({ name, args });
      return (await server.client.callTool({ name, arguments: args })) as CallToolResult;
    },
    appInfo: () => APP_INFO,
    assistants: fakeAssistants(),
    log: silentLogger,
    ...(pickFolder ? { pickFolder } : {}),
  });
  return { router, calls };
}

describe('knowledge routes', () => {
  it('serve the knowledge screens end to end with answers that fit the contract', async () => {
    const dataDir = tempDataDir();
    const folder = path.join(fs.realpathSync(dataDir), 'papers');
    fs.mkdirSync(folder);
    writeCorpus(folder);
    const { router, calls } = await desktopRouter(dataDir);
    const ok = async (route: string, input: unknown) => {
      const result = await router.invoke(route, input);
      expect(result, route).toMatchObject({ ok: true });
      return (result as { data: Record<string, unknown> }).data;
    };

    expect(await ok('knowledge.collections.list', {})).toEqual({ collections: [] });
    expect(await ok('knowledge.collections.create', { name: 'Papers', type: 'project-specific' })).toMatchObject({ collection: { name: 'Papers', collection_type: 'project-specific' } });
    const denied = await router.invoke('knowledge.ingest', { path: folder, collection: 'Papers', recursive: true });
    expect(denied).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.stringMatching(/Allowed folders/) } });
    expect(await ok('knowledge.roots.add', { path: folder })).toMatchObject({ changed: true, roots: [{ path: folder }] });
    expect(await ok('knowledge.ingest', { path: folder, collection: 'Papers', recursive: true })).toMatchObject({ status: 'complete', files_done: 6, added: 5 });
    // The GUI ingests in short slices so its progress bar moves.
    expect(calls.find((call) => call.name === 'ingest_documents')?.args).toMatchObject({ max_seconds: 2 });
    expect(await ok('knowledge.documents.list', { collection: 'Papers' })).toMatchObject({ collection: { document_count: 6 }, next_cursor: null });
    const search = await ok('knowledge.search', { query: 'organoid culture', collections: ['Papers'], top_k: 3 });
    expect(search.searched_collections).toEqual(['Papers']);
    expect((search.results as Array<{ metadata: { document_title: string } }>)[0]?.metadata.document_title).toBe('Liver organoid culture protocol');
    // A file deleted on disk leaves the collection at the next ingest, and the summary says so.
    fs.rmSync(path.join(folder, 'lab-notes.txt'));
    expect(await ok('knowledge.ingest', { path: folder, collection: 'Papers', recursive: true })).toMatchObject({ status: 'complete', removed: 1, unchanged: 4, added: 0 });
    expect(await ok('knowledge.collections.delete', { name: 'Papers' })).toMatchObject({ documents_removed: 5 });
    expect(await ok('knowledge.roots.remove', { path: folder })).toMatchObject({ changed: true, roots: [] });
    expect(await ok('knowledge.roots.list', {})).toMatchObject({ roots: [] });
  });

  it('a folder chosen in the native picker is still read only once it is allowed', async () => {
    const dataDir = tempDataDir();
    const folder = path.join(fs.realpathSync(dataDir), 'picked');
    fs.mkdirSync(folder);
    writeCorpus(folder);
    const { router } = await desktopRouter(dataDir, async () => folder);
    const picked = await router.invoke('knowledge.folders.pick', {});
    expect(picked).toEqual({ ok: true, data: { path: folder } });
    await router.invoke('knowledge.collections.create', { name: 'Picked', type: 'fundamental' });

    const denied = await router.invoke('knowledge.ingest', { path: folder, collection: 'Picked', recursive: true });
    expect(denied).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(await router.invoke('knowledge.roots.add', { path: folder })).toMatchObject({ ok: true });
    expect(await router.invoke('knowledge.ingest', { path: folder, collection: 'Picked', recursive: true })).toMatchObject({ ok: true, data: { added: 5 } });
  });

  it('allow the folder the scientist chose (a file’s own folder), link a new collection to its project, and word a missing path for the scientist', async () => {
    const dataDir = tempDataDir();
    const folder = path.join(fs.realpathSync(dataDir), 'papers');
    fs.mkdirSync(folder);
    writeCorpus(folder);
    const { router } = await desktopRouter(dataDir);
    const started = await router.invoke('projects.start', { goal: 'Find repurposable drugs that slow liver fibrosis progression' });
    const researchId = (started as { data: { research_id: string } }).data.research_id;
    expect(await router.invoke('knowledge.collections.create', { name: 'Fibrosis', type: 'project-specific', research_id: researchId })).toMatchObject({
      ok: true,
      data: { collection: { name: 'Fibrosis', linked_projects: [researchId] } },
    });

    const missing = await router.invoke('knowledge.roots.allowFor', { path: path.join(folder, 'nope') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('There is no file or folder at') } });
    const file = fs.readdirSync(folder).map((name) => path.join(folder, name)).find((entry) => fs.statSync(entry).isFile()) as string;
    expect(await router.invoke('knowledge.roots.allowFor', { path: file })).toMatchObject({ ok: true, data: { changed: true, roots: [{ path: folder }] } });
    expect(await router.invoke('knowledge.roots.allowFor', { path: folder })).toMatchObject({ ok: true, data: { changed: false } });
    // Allowed now: the ingest reads the folder (its first slice, at least).
    expect(await router.invoke('knowledge.ingest', { path: folder, collection: 'Fibrosis', recursive: true })).toMatchObject({ ok: true, data: { files_total: 6 } });
  });

  it('link an existing collection to a project and unlink it, audited, with failures worded for the scientist that change nothing', async () => {
    const dataDir = tempDataDir();
    const { router } = await desktopRouter(dataDir);
    const start = async (goal: string): Promise<string> => ((await router.invoke('projects.start', { goal })) as { data: { research_id: string } }).data.research_id;
    const first = await start('Find repurposable drugs that slow liver fibrosis progression');
    const second = await start('Explain why perovskite solar cells degrade under humid conditions');
    await router.invoke('knowledge.collections.create', { name: 'Fibrosis', type: 'fundamental' });
    const linked = (): Promise<unknown> => router.invoke('knowledge.collections.list', {}).then((r) => (r as { data: { collections: Array<{ linked_projects: string[] }> } }).data.collections[0]?.linked_projects);

    expect(await router.invoke('knowledge.collections.link', { name: 'Fibrosis', research_id: first, linked: true })).toMatchObject({ ok: true, data: { linked_projects: [first], changed: true } });
    expect(await router.invoke('knowledge.collections.link', { name: 'Fibrosis', research_id: second, linked: true })).toMatchObject({ ok: true, data: { changed: true } });
    expect(await router.invoke('knowledge.collections.link', { name: 'Fibrosis', research_id: first, linked: true })).toMatchObject({ ok: true, data: { changed: false, message: expect.stringContaining('nothing changed') } });
    expect(await router.invoke('knowledge.collections.link', { name: 'Fibrosis', research_id: first, linked: false })).toMatchObject({ ok: true, data: { linked_projects: [second], changed: true } });

    // A project that is gone, a collection that is gone: the scientist's words, nothing changed.
    expect(await router.invoke('knowledge.collections.link', { name: 'Fibrosis', research_id: 'res_000000000000', linked: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'The collection “Fibrosis” was not linked: that project no longer exists (it may have been deleted). Choose another project.' },
    });
    expect(await router.invoke('knowledge.collections.link', { name: 'Nope', research_id: first, linked: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'The collection “Nope” no longer exists (it may have been deleted meanwhile). Choose another collection.' },
    });
    expect(await linked()).toEqual([second]);

    // Each change is in the audit log as the app's call of manage_collections, with what it asked.
    const audit = (await router.invoke('audit.query', { action: 'tool:manage_collections' })) as { data: { rows: Array<{ arguments: string; outcome?: string }> } };
    const changes = audit.data.rows
      .map((row) => ({ action: (JSON.parse(row.arguments) as { action: string }).action, outcome: row.outcome }))
      .filter((row) => row.action === 'link' || row.action === 'unlink');
    // Newest first: the two refused links, the unlink, the link that changed nothing, the two links.
    expect(changes.map((row) => `${row.action}:${row.outcome}`)).toEqual(['link:error', 'link:error', 'unlink:ok', 'link:ok', 'link:ok', 'link:ok']);
  });

  it('validate input before calling the server', async () => {
    const { router, calls } = await desktopRouter(tempDataDir());
    expect(await router.invoke('knowledge.search', { query: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await router.invoke('knowledge.collections.create', { name: 'X', type: 'other' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(calls).toEqual([]);
  });
});
