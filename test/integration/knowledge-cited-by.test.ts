// Which hypotheses cite a knowledge-base document (issue 18 item 1), over real stdio with both SDK
// generations: a search result's source leads to the hypotheses whose citations resolve to it (by
// document id or exact title, as the citation check resolves them), not to ones citing something
// else; a deleted project's hypotheses are left out; an unknown document says so; assistants do
// not see the tool.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { hypothesisDraft } from '../support/fakeAssistant.js';
import { describeToolFailure } from '../support/toolErrors.js';

type Structured = Record<string, unknown>;
interface CitedBy { document_id: string; found: boolean; total: number; hypotheses: Array<{ id: string; number: number; research_id: string; title: string }> }

const open: ConnectedServer<ToolClient, ServerProcess>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

describe.each(CLIENT_KINDS)('list_citing_hypotheses ($label)', ({ sdk, era }) => {
  it('finds the hypotheses whose citations resolve to each document', async () => {
    const dataDir = tempDataDir();
    const library = path.join(dataDir, 'library');
    fs.mkdirSync(library);
    fs.writeFileSync(path.join(library, 'r900.md'), '# Regulator R900 in hepatic stellate cells\n\nRegulator R900 drives stellate cell activation and collagen deposition.\n');
    fs.writeFileSync(path.join(library, 'matrix.md'), '# Matrix stiffness and fibrosis\n\nA stiffer extracellular matrix keeps stellate cells activated.\n');
    const desktop = await connectServer({ dataDir, client: 'desktop', sdk, era });
    const assistant = await connectServer({ dataDir, client: 'claude-desktop', sdk, era });
    open.push(desktop, assistant);
    const call = async (name: string, args: Structured): Promise<Structured> => {
      const result = await desktop.client.callTool({ name, arguments: args });
      if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
      return result.structuredContent as Structured;
    };
    await call('manage_knowledge_roots', { action: 'add', path: library });
    await call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' });
    await call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
    const found = (await call('query_knowledge_base', { query: 'stellate cell activation', top_k: 10 })).results as Array<{ metadata: { document_id: string; document_title: string } }>;
    const idOf = (title: string): string => found.find((r) => r.metadata.document_title === title)?.metadata.document_id as string;
    const r900 = idOf('Regulator R900 in hepatic stellate cells');
    const matrix = idOf('Matrix stiffness and fibrosis');
    expect(r900 && matrix).toBeTruthy();

    const researchId = (await call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis' })).research_id as string;
    // By exact title (its DOI is not in the knowledge base); by document id; citing neither.
    const byTitle = (await call('add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(900) })).hypothesis_id as string;
    const byId = (await call('add_hypothesis', { research_id: researchId, hypothesis: { ...hypothesisDraft(901), citations: [{ title: 'Our own matrix notes', document_id: matrix }] } })).hypothesis_id as string;
    await call('add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(902) });

    const listed = (await call('list_citing_hypotheses', { document_ids: [r900, matrix, 'doc_0000nothere'] })).documents as CitedBy[];
    expect(listed.map((d) => [d.document_id, d.found, d.total, d.hypotheses.map((h) => h.id)])).toEqual([
      [r900, true, 1, [byTitle]],
      [matrix, true, 1, [byId]],
      ['doc_0000nothere', false, 0, []],
    ]);
    expect(listed[0]?.hypotheses[0]).toMatchObject({ research_id: researchId, number: 1, title: expect.stringContaining('R900') });

    // A deleted project's hypotheses no longer cite anything.
    await call('trash_research', { research_id: researchId, trashed: true });
    const afterDelete = (await call('list_citing_hypotheses', { document_ids: [r900] })).documents as CitedBy[];
    expect(afterDelete[0]?.total).toBe(0);

    // Assistants neither see nor may call it.
    expect((await assistant.client.listTools()).tools.map((t) => t.name)).not.toContain('list_citing_hypotheses');
    expect((await assistant.client.callTool({ name: 'list_citing_hypotheses', arguments: { document_ids: [r900] } })).isError).toBe(true);
  }, 60_000);
});
