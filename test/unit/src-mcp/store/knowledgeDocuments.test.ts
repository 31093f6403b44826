// A document's chunks are stored whole and in order, on both engines: PostgreSQL inserts them in
// one statement from arrays (knowledgeDocuments.ts), so text that array literals must escape
// (quotes, backslashes, braces, commas, NULL-looking words, newlines, non-Latin scripts) has to
// come back exactly; saving again replaces every chunk, none left over.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db } from '../../../../src-mcp/store/database.js';
import { insertCollection } from '../../../../src-mcp/store/knowledgeCollections.js';
import { documentPassages, saveDocument, type ChunkInput, type DocumentRow } from '../../../../src-mcp/store/knowledgeDocuments.js';
import { scalar } from '../../../../src-mcp/store/sql.js';
import { openTestStore } from '../../../support/storeEngine.js';

const AT = '2026-11-29T00:00:00.000Z';
const AWKWARD = ['plain prose', 'a "quoted" {braced, comma} word', 'back\\slash and NULL', 'NULL', '', 'line one\nline two\ttab', 'Ζωή · 生命 · جزيء 🧬'];

function chunksOf(texts: readonly string[]): ChunkInput[] {
  return texts.map((content, seq) => ({ seq, headerPath: seq % 2 === 0 ? `Intro > ${content.slice(0, 5)}` : '', contentType: seq === 3 ? 'table' : 'prose', content }));
}

describe("a document's chunks", () => {
  let db: Db | undefined;
  afterEach(async () => {
    if (db) await closeDatabase(db);
    db = undefined;
  });

  it('come back whole and in order, and a second save replaces them all', async () => {
    db = await openTestStore('cosci-chunks-');
    await insertCollection(db, { id: 'col_1', name: 'Papers', kind: 'fundamental', description: '', createdBy: 'test', createdAt: AT, updatedAt: AT });
    const document: DocumentRow = {
      id: 'doc_1', collectionId: 'col_1', source: '/papers/a.md', origin: 'file', format: 'markdown', title: 'On "awkward" text', contentHash: 'h1', sizeBytes: 10,
      doi: null, pmid: null, arxivId: null, url: null, authors: null, year: null, venue: null, chunkCount: 0, addedBy: 'test', createdAt: AT, updatedAt: AT,
    };
    const first = chunksOf(AWKWARD);
    await saveDocument(db, document, first);
    expect(await documentPassages(db, 'doc_1', 100)).toEqual(first.map(({ seq, headerPath, contentType, content }) => ({ seq, headerPath, contentType, content })));

    const second = chunksOf(['only this one']);
    await saveDocument(db, { ...document, contentHash: 'h2' }, second);
    expect(await documentPassages(db, 'doc_1', 100)).toEqual([{ seq: 0, headerPath: 'Intro > only ', contentType: 'prose', content: 'only this one' }]);
    expect(await scalar<number>(db, 'SELECT chunk_count FROM knowledge_documents WHERE id = ?', ['doc_1'])).toBe(1);

    await saveDocument(db, { ...document, contentHash: 'h3' }, []);
    expect(await documentPassages(db, 'doc_1', 100)).toEqual([]);
  });
});
