// The knowledge-base tools of the BUILT server over real stdio, with the v2 SDK client in both
// protocol eras and the v1 SDK client: every result validates against its outputSchema; allowed
// folders, scopes and desktop-only rules hold.
import Ajv from 'ajv/dist/2020.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_KINDS, connectServer, databaseEnvFor, SERVER_ENTRY, tempDataDir, type ConnectedServer, type ConnectOptions, type ServerProcess, type ToolClient } from '../support/server.js';
import { expectErrorEnvelope, toolErrorOf } from '../support/toolErrors.js';
import { storeScalar } from '../support/storeInspector.js';
import { writeCorpus } from '../unit/src-mcp/knowledge/helpers.js';

const KNOWLEDGE_TOOLS = ['augment_knowledge', 'ingest_documents', 'manage_collections', 'manage_knowledge_roots', 'query_knowledge_base'];
const ajv = new Ajv({ strict: false, allErrors: true });
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function connect(options: ConnectOptions): Promise<ConnectedServer<ToolClient, ServerProcess>> {
  const server = await connectServer(options);
  open.push(server);
  return server;
}

type Call = (name: string, args: Record<string, unknown>, onprogress?: (progress: { progress: number; total?: number }) => void) => Promise<{
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: unknown;
  _meta?: Record<string, unknown>;
}>;

/** Calls a tool and checks its structuredContent against the advertised schema (errors: the `_meta` error envelope, no structuredContent). */
async function checkedCaller(client: ToolClient): Promise<Call> {
  const { tools } = await client.listTools();
  const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
  return async (name, args, onprogress) => {
    const result = (await client.callTool({ name, arguments: args }, onprogress ? { onprogress } : {})) as Awaited<ReturnType<Call>>;
    if (!result.isError) {
      const validate = validators.get(name);
      expect(validate?.(result.structuredContent), `${name}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
    } else {
      expectErrorEnvelope(result, name);
    }
    return result;
  };
}

function corpusDir(dataDir: string): string {
  const dir = path.join(fs.realpathSync(dataDir), 'library');
  fs.mkdirSync(dir);
  writeCorpus(dir);
  return dir;
}

const textOf = (result: Awaited<ReturnType<Call>>): string => ((result.content ?? []) as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n');

describe.each(CLIENT_KINDS)('knowledge tools over stdio ($label)', ({ sdk, era }) => {
  it('shows assistants four knowledge tools and the desktop a fifth, each fully described', async () => {
    const dataDir = tempDataDir();
    const assistant = await connect({ dataDir, era, sdk });
    const desktop = await connect({ dataDir, era, sdk, client: 'desktop' });
    const names = async (server: { client: ToolClient }) =>
      (await server.client.listTools()).tools.filter((tool) => KNOWLEDGE_TOOLS.includes(tool.name));
    expect((await names(assistant)).map((tool) => tool.name).sort()).toEqual(KNOWLEDGE_TOOLS.filter((name) => name !== 'manage_knowledge_roots'));
    const tools = await names(desktop);
    expect(tools.map((tool) => tool.name).sort()).toEqual(KNOWLEDGE_TOOLS);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(120);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(tool.name === 'query_knowledge_base');
    }
  });

  it('runs the whole flow: allow a folder, create, ingest with progress, search, link, augment, inspect', async () => {
    const dataDir = tempDataDir();
    const library = corpusDir(dataDir);
    const desktop = await checkedCaller((await connect({ dataDir, era, sdk, client: 'desktop' })).client);
    const assistant = await connect({ dataDir, era, sdk });
    const call = await checkedCaller(assistant.client);

    expect((await desktop('manage_knowledge_roots', { action: 'add', path: library })).structuredContent).toMatchObject({ changed: true, roots: [{ path: library, added_by: 'desktop' }] });
    expect((await call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' })).isError).toBeFalsy();

    const progress: number[] = [];
    const ingested = await call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true }, (p) => progress.push(p.progress));
    expect(ingested.structuredContent).toMatchObject({ status: 'complete', files_total: 6, files_done: 6, added: 5, failed: 1, next_cursor: null });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(6);
    const again = await call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
    expect(again.structuredContent).toMatchObject({ added: 0, updated: 0, unchanged: 5, chunks_written: 0 });

    const started = await call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis' });
    const researchId = (started.structuredContent as { research_id: string }).research_id;
    expect((await call('manage_collections', { action: 'link', collection_name: 'fibrosis', research_id: researchId })).structuredContent).toMatchObject({ changed: true });

    const found = await call('query_knowledge_base', { query: 'TGF-beta stellate cell activation', research_id: researchId, top_k: 3 });
    const search = found.structuredContent as {
      results: Array<{ content: string; header_path: string; highlights: Array<{ start: number; end: number }>; metadata: { document_title: string } }>;
      query_refinement: { status: string };
      searched_collections: string[];
    };
    expect(search.searched_collections).toEqual(['Fibrosis']);
    expect(search.results[0]).toMatchObject({ header_path: 'Mechanisms > TGF-beta signalling', relevance_label: 'Highly Relevant', metadata: { document_title: 'Hepatic stellate cells in liver fibrosis' } });
    expect(search.query_refinement.status).toBe('optimal');
    const { start, end } = search.results[0]?.highlights[0] ?? { start: 0, end: 0 };
    expect(search.results[0]?.content.slice(start, end).toLowerCase()).toMatch(/tgf|beta|stellate|activation|cell/);
    const text = ((found.content as Array<{ text: string }>)[0]?.text ?? '');
    expect(text).toContain('Mechanisms > TGF-beta signalling');
    expect(text).toMatch(/\*\*(TGF|beta|stellate)\*\*/);

    // The largest answer a client can ask for stays well under 10k tokens (~4 characters each).
    const largest = await call('query_knowledge_base', { query: 'fibrosis cells collagen', top_k: 20 });
    expect(JSON.stringify(largest.structuredContent).length + textOf(largest).length).toBeLessThan(30_000);

    const augmented = await call('augment_knowledge', { content: 'Galectin-3 inhibition reduced fibrosis in a phase 2 trial.', source: 'https://doi.org/10.1000/GAL3', collection: 'Fibrosis', title: 'Galectin-3 trial' });
    expect(augmented.structuredContent).toMatchObject({ status: 'added', identifiers: { doi: '10.1000/gal3' } });
    const info = await call('manage_collections', { action: 'info', collection_name: 'Fibrosis', limit: 3 });
    expect(info.structuredContent).toMatchObject({ collection: { document_count: 7, linked_projects: [researchId] }, next_cursor: expect.any(String) });
    expect((await call('manage_collections', { action: 'list' })).structuredContent).toMatchObject({ collections: [{ name: 'Fibrosis', document_count: 7 }] });
  });

  it('refuses what an assistant may not do, with codes and advice', async () => {
    const dataDir = tempDataDir();
    const library = corpusDir(dataDir);
    const call = await checkedCaller((await connect({ dataDir, era, sdk })).client);
    await call('manage_collections', { action: 'create', collection_name: 'Mine' });

    const outside = await call('ingest_documents', { path: library, collection: 'Mine' });
    expect(toolErrorOf(outside)).toMatchObject({ code: 'insufficient_permissions', message: expect.stringMatching(/Allowed folders/) });
    const roots = await call('manage_knowledge_roots', { action: 'add', path: library });
    expect(toolErrorOf(roots)).toMatchObject({ code: 'insufficient_permissions', message: expect.stringMatching(/only be used from the Co-Scientist desktop app/) });
    const badArgs = await call('query_knowledge_base', { query: 'x', top_k: 50 });
    expect(toolErrorOf(badArgs).code).toBe('invalid_input');
    expect(toolErrorOf(await call('manage_collections', { action: 'info' })).message).toMatch(/collection_name is required/);

    const reader = await checkedCaller((await connect({ dataDir, era, sdk, client: null })).client);
    expect((await reader('manage_collections', { action: 'list' })).isError).toBeFalsy();
    expect(toolErrorOf(await reader('manage_collections', { action: 'create', collection_name: 'Theirs' }))).toMatchObject({ code: 'insufficient_permissions', message: expect.stringMatching(/knowledge:write/) });
    // Deleting is the scientist's alone, whatever scopes an assistant holds: the collection stays.
    expect(toolErrorOf(await call('manage_collections', { action: 'delete', collection_name: 'Mine' }))).toMatchObject({ code: 'insufficient_permissions', message: expect.stringMatching(/only be used from the Co-Scientist desktop app/) });
    expect((await call('manage_collections', { action: 'info', collection_name: 'Mine' })).isError).toBeFalsy();
    expect((await reader('query_knowledge_base', { query: 'fibrosis' })).structuredContent).toMatchObject({ results: [], query_refinement: { status: 'clarification_needed' } });
  });
});

describe('MCP roots (2025-era clients that declare them)', () => {
  it("lets a client ingest from its own roots without the app's allowed folders", async () => {
    const dataDir = tempDataDir();
    const library = corpusDir(dataDir);
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--data-dir', dataDir, '--client', 'cursor'], env: await databaseEnvFor(dataDir), stderr: 'pipe' });
    const client = new Client({ name: 'roots-client', version: '1.0.0' }, { capabilities: { roots: {} } });
    client.setRequestHandler('roots/list', () => ({ roots: [{ uri: pathToFileURL(library).href, name: 'library' }] }));
    await client.connect(transport);
    open.push(client);
    const call = await checkedCaller(client);
    await call('manage_collections', { action: 'create', collection_name: 'Workspace' });
    const result = await call('ingest_documents', { path: path.join(library, 'stellate-cells.md'), collection: 'Workspace' });
    expect(result.structuredContent).toMatchObject({ status: 'complete', added: 1 });
    expect(toolErrorOf(await call('ingest_documents', { path: dataDir, collection: 'Workspace' })).code).toBe('insufficient_permissions');
    // In the folder's store on this run's engine (its PostgreSQL database on a PostgreSQL run).
    expect(await storeScalar(dataDir, 'SELECT COUNT(*) FROM knowledge_collections WHERE name = ?', ['Workspace'])).toBe(1);
  });
});
