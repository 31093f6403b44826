// Re-ingesting a folder keeps the collection in step with the disk (real files, real SQLite with the
// production migrations): documents of deleted or moved files go, with their passages and index
// rows; documents of files that still exist, of other folders and of other collections stay.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { augmentKnowledge } from '../../../../src-mcp/knowledge/augment.js';
import { createCollection } from '../../../../src-mcp/knowledge/collections.js';
import { ingestDocuments, type IngestReport } from '../../../../src-mcp/knowledge/ingest.js';
import { allowRoot } from '../../../../src-mcp/knowledge/roots.js';
import { fileOfDocument } from '../../../../src-mcp/knowledge/sync.js';
import { eventsAfter } from '../../../../src-mcp/store/events.js';
import { expectIndexInStep, fixture, indexedMatches, NO_HOOKS, writeCorpus, type Fixture } from './helpers.js';
import { row, scalar, scalars } from '../../../../src-mcp/store/sql.js';

async function ingest(f: Fixture, folder: string, collection = 'Fibrosis', recursive = true): Promise<IngestReport> {
  return await ingestDocuments(f.db, f.actor, { path: folder, collection, recursive }, NO_HOOKS);
}

const count = async (f: Fixture, sql: string, ...params: unknown[]): Promise<number> => (await scalar<number>(f.db, sql, params)) ?? 0;
const sources = async (f: Fixture, collection = 'Fibrosis'): Promise<string[]> =>
  (await scalars(f.db, 'SELECT d.source FROM knowledge_documents d JOIN knowledge_collections c ON c.id = d.collection_id WHERE c.name = ? ORDER BY d.source', [collection])) as string[];

async function corpus(f: Fixture): Promise<void> {
  writeCorpus(f.library);
  await createCollection(f.db, f.actor, { name: 'Fibrosis' });
  const first = await ingest(f, f.library);
  expect(first).toMatchObject({ added: 5, removed: 0 });
}

describe('re-ingesting a folder after files were deleted', () => {
  it('removes the documents of deleted files and of a deleted subfolder, with their passages and index rows', async () => {
    const f = await fixture();
    await corpus(f);
    expect(await indexedMatches(f.db, 'stellate')).toBeGreaterThan(0);
    const html = path.join(f.library, 'protocols', 'culture.html');
    const htmlChunks = await count(f, 'SELECT COUNT(*) FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id WHERE d.source = ?', html);
    expect(htmlChunks).toBeGreaterThan(0);
    const chunksBefore = await count(f, 'SELECT COUNT(*) FROM knowledge_chunks');
    const eventsBefore = (await eventsAfter(f.db, 0, 1000)).length;

    fs.rmSync(path.join(f.library, 'stellate-cells.md'));
    fs.rmSync(path.join(f.library, 'protocols'), { recursive: true });
    fs.rmSync(path.join(f.library, 'references.bib'));
    const report = await ingest(f, f.library);

    // stellate-cells.md, culture.html and both entries of references.bib.
    expect(report).toMatchObject({ status: 'complete', removed: 4, added: 0, updated: 0, unchanged: 2, filesTotal: 3 });
    expect(await sources(f)).toEqual([path.join(f.library, 'lab-notes.txt'), path.join(f.library, 'review.pdf')]);
    expect(await count(f, 'SELECT COUNT(*) FROM knowledge_chunks WHERE document_id NOT IN (SELECT id FROM knowledge_documents)')).toBe(0);
    expect(await count(f, 'SELECT COUNT(*) FROM knowledge_chunks')).toBeLessThan(chunksBefore - htmlChunks);
    // The full-text index follows the table: the removed text no longer matches and the index is consistent.
    expect(await indexedMatches(f.db, 'pronase')).toBe(0);
    expect(await indexedMatches(f.db, 'organoid')).toBe(0);
    await expectIndexInStep(f.db);
    // One event for the removal, so the GUI refreshes; the collection's stats follow.
    const events = (await eventsAfter(f.db, 0, 1000)).slice(eventsBefore);
    expect(events.map((event) => event.kind)).toEqual(['knowledge.documents.removed']);
    expect(events[0]?.data).toMatchObject({ documents_removed: 4, folder: f.library });
  });

  it('treats a renamed file as removed and added, and a file moved out of the folder as removed', async () => {
    const f = await fixture();
    await corpus(f);
    fs.renameSync(path.join(f.library, 'lab-notes.txt'), path.join(f.library, 'notebook.txt'));
    fs.renameSync(path.join(f.library, 'stellate-cells.md'), path.join(f.outside, 'stellate-cells.md'));

    const report = await ingest(f, f.library);

    expect(report).toMatchObject({ removed: 2, added: 1, unchanged: 3 });
    expect(await sources(f)).toContain(path.join(f.library, 'notebook.txt'));
    expect((await sources(f)).some((source) => source.endsWith('lab-notes.txt') || source.endsWith('stellate-cells.md'))).toBe(false);
  });

  it('re-ingests a changed file under the same document id and leaves unchanged ones alone', async () => {
    const f = await fixture();
    await corpus(f);
    const notes = path.join(f.library, 'lab-notes.txt');
    const before = (await row(f.db, 'SELECT id, content_hash FROM knowledge_documents WHERE source = ?', [notes])) as { id: string; content_hash: string };
    fs.appendFileSync(notes, '\nDay 9: galectin-3 staining confirmed the activated phenotype.\n');

    const report = await ingest(f, f.library);

    expect(report).toMatchObject({ updated: 1, unchanged: 4, added: 0, removed: 0 });
    const after = (await row(f.db, 'SELECT id, content_hash FROM knowledge_documents WHERE source = ?', [notes])) as { id: string; content_hash: string };
    expect(after.id).toBe(before.id);
    expect(after.content_hash).not.toBe(before.content_hash);
    expect(await indexedMatches(f.db, 'galectin')).toBe(1);
  });

  it('keeps what is out of scope: subfolders of a flat ingest, sibling folders, other collections, augmented text', async () => {
    const f = await fixture();
    await corpus(f);
    // A sibling whose name starts like the folder's: its documents are not "inside" the folder.
    const sibling = `${f.library}-old`;
    fs.mkdirSync(sibling);
    fs.writeFileSync(path.join(sibling, 'old.md'), '# Old notes\n\nCollagen.\n');
    await allowRoot(f.db, f.actor, sibling);
    await ingest(f, sibling);
    await createCollection(f.db, f.actor, { name: 'Copy' });
    await ingest(f, f.library, 'Copy');
    await augmentKnowledge(f.db, f.actor, { content: 'Galectin-3 notes.', source: `${f.library}/not-a-file.md`, collection: 'Fibrosis' });

    fs.rmSync(path.join(f.library, 'protocols'), { recursive: true });
    fs.rmSync(path.join(f.library, 'stellate-cells.md'));
    const flat = await ingest(f, f.library, 'Fibrosis', false);

    // Only the direct file is in scope of a flat ingest; the deleted subfolder waits for a recursive one.
    expect(flat.removed).toBe(1);
    expect(await sources(f)).toContain(path.join(f.library, 'protocols', 'culture.html'));
    expect(await sources(f)).toContain(path.join(sibling, 'old.md'));
    expect(await sources(f)).toContain(`${f.library}/not-a-file.md`);
    expect(await sources(f, 'Copy')).toHaveLength(6);

    const recursive = await ingest(f, f.library);
    expect(recursive.removed).toBe(1);
    expect(await sources(f)).not.toContain(path.join(f.library, 'protocols', 'culture.html'));
    expect(await sources(f, 'Copy')).toHaveLength(6);
  });

  it('removes nothing when a single file is ingested, nor when a partial ingest continues from its cursor', async () => {
    const f = await fixture();
    await corpus(f);
    fs.rmSync(path.join(f.library, 'stellate-cells.md'));
    const single = await ingestDocuments(f.db, f.actor, { path: path.join(f.library, 'lab-notes.txt'), collection: 'Fibrosis', recursive: false }, NO_HOOKS);
    expect(single.removed).toBe(0);

    const first = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, { clientRoots: [], timeBudgetMs: 0 });
    expect(first).toMatchObject({ status: 'partial', removed: 1 });
    fs.rmSync(path.join(f.library, 'review.pdf'));
    const next = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true, cursor: first.nextCursor ?? '' }, NO_HOOKS);
    // The continuation only finishes the files; the next full ingest picks up the later deletion.
    expect(next.removed).toBe(0);
    expect((await ingest(f, f.library)).removed).toBe(1);
  });
});

describe('fileOfDocument', () => {
  it('finds the .bib file of an entry even when the path or the key contains "#"', () => {
    expect(fileOfDocument({ source: '/papers/refs.bib#smith2020', format: 'bibtex' })).toBe('/papers/refs.bib');
    expect(fileOfDocument({ source: '/papers/#2 lab/refs.bib#key#with#hash', format: 'bibtex' })).toBe('/papers/#2 lab/refs.bib');
    expect(fileOfDocument({ source: '/papers/notes#1.md', format: 'markdown' })).toBe('/papers/notes#1.md');
  });
});
