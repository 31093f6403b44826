// Regression (found by the fuzz test): searching on behalf of a project that no longer exists is an
// input error with a clear code, not an internal failure to record what the project read.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { connectServer, tempDataDir } from '../support/server.js';
import { serversClosedAfterEach } from '../support/closedAfterEach.js';
import { toolErrorOf } from '../support/toolErrors.js';

const open = serversClosedAfterEach();

describe('query_knowledge_base for a deleted project', () => {
  it('answers resource_not_found and records nothing', async () => {
    const dataDir = tempDataDir();
    const library = path.join(dataDir, 'library');
    fs.mkdirSync(library);
    fs.writeFileSync(path.join(library, 'fibrosis.md'), '# Stellate cells\n\nHepatic stellate cells drive fibrosis through collagen deposition.\n');
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    open.push(desktop);
    const call = async (name: string, args: Record<string, unknown>) => desktop.client.callTool({ name, arguments: args });
    await call('manage_knowledge_roots', { action: 'add', path: library });
    await call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' });
    expect((await call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true })).isError).toBeFalsy();
    const started = await call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis' });
    const researchId = (started.structuredContent as { research_id: string }).research_id;
    expect((await call('query_knowledge_base', { query: 'stellate fibrosis', research_id: researchId })).isError).toBeFalsy();
    await call('manage_research', { research_id: researchId, action: 'delete' });

    const result = await call('query_knowledge_base', { query: 'stellate fibrosis', research_id: researchId });
    expect(result.isError).toBe(true);
    expect(toolErrorOf(result).code).toBe('resource_not_found');
  });
});
