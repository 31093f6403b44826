// Named statements for knowledge-base documents and their chunks. Chunks are written only through
// saveDocument, which replaces a document's chunks wholesale; the FTS5 index follows by trigger.
import type { Db } from './database.js';
import { cached as statement } from './statements.js';
import { indexGeneration, noteIndexChanged } from './knowledgeGeneration.js';
import { sqlite } from './handle.js';
import type { DocumentFormat } from '../../src-shared/schemas/knowledge.js';

export type { DocumentFormat } from '../../src-shared/schemas/knowledge.js';
import { inUnit, onConnection } from './unitOfWork.js';

export type DocumentOrigin = 'file' | 'augmented';
export type ChunkContentType = 'prose' | 'code_block' | 'table';

export interface DocumentRow {
  id: string;
  collectionId: string;
  /** Real path of a file, `<path>#<key>` for a BibTeX entry, or the URL/identifier of added content. */
  source: string;
  origin: DocumentOrigin;
  format: DocumentFormat;
  title: string;
  contentHash: string;
  sizeBytes: number;
  doi: string | null;
  pmid: string | null;
  arxivId: string | null;
  url: string | null;
  authors: string | null;
  year: string | null;
  /** Journal, proceedings or publisher, where the source names one (a .bib entry's journal). */
  venue?: string | null;
  chunkCount: number;
  addedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChunkInput {
  seq: number;
  headerPath: string;
  contentType: ChunkContentType;
  content: string;
}

interface RawDocument {
  id: string;
  collection_id: string;
  source: string;
  origin: DocumentOrigin;
  format: DocumentFormat;
  title: string;
  content_hash: string;
  size_bytes: number;
  doi: string | null;
  pmid: string | null;
  arxiv_id: string | null;
  url: string | null;
  authors: string | null;
  year: string | null;
  venue: string | null;
  chunk_count: number;
  added_by: string;
  created_at: string;
  updated_at: string;
}

export function documentFromRaw(raw: RawDocument): DocumentRow {
  return {
    id: raw.id,
    collectionId: raw.collection_id,
    source: raw.source,
    origin: raw.origin,
    format: raw.format,
    title: raw.title,
    contentHash: raw.content_hash,
    sizeBytes: raw.size_bytes,
    doi: raw.doi,
    pmid: raw.pmid,
    arxivId: raw.arxiv_id,
    url: raw.url,
    authors: raw.authors,
    year: raw.year,
    venue: raw.venue,
    chunkCount: raw.chunk_count,
    addedBy: raw.added_by,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
  };
}


export function findDocumentBySource(db: Db, collectionId: string, source: string): Promise<DocumentRow | undefined> {
  return onConnection(db, () => {
    const raw = statement(db, 'SELECT * FROM knowledge_documents WHERE collection_id = ? AND source = ?').get(collectionId, source) as
      | RawDocument
      | undefined;
    return raw === undefined ? undefined : documentFromRaw(raw);
  });
}

export function findDocumentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  return onConnection(db, () => {
    const raw = sqlite(db).prepare('SELECT * FROM knowledge_documents WHERE id = ?').get(id) as RawDocument | undefined;
    return raw === undefined ? undefined : documentFromRaw(raw);
  });
}

/** Documents whose source starts with `prefix` (the entries of one .bib file share `<path>#`). */
export function documentsWithSourcePrefix(db: Db, collectionId: string, prefix: string): Promise<DocumentRow[]> {
  return onConnection(db, () => {
    // substr() instead of LIKE: paths may contain % and _, which LIKE would treat as wildcards.
    return (
      sqlite(db)
        .prepare('SELECT * FROM knowledge_documents WHERE collection_id = ? AND substr(source, 1, length(?)) = ?')
        .all(collectionId, prefix, prefix) as RawDocument[]
    ).map(documentFromRaw);
  });
}

/**
 * Inserts the document, or replaces it keeping its id (so citations of it stay valid), together
 * with all of its chunks. Must run inside a write transaction.
 */
export function saveDocument(db: Db, document: DocumentRow, chunks: readonly ChunkInput[]): Promise<void> {
  return inUnit(db, async () => {
    await noteIndexChanged(db);
    statement(db, 'DELETE FROM knowledge_chunks WHERE document_id = ?').run(document.id);
    statement(
      db,
      `INSERT INTO knowledge_documents (id, collection_id, source, origin, format, title, content_hash, size_bytes,
         doi, pmid, arxiv_id, url, authors, year, venue, chunk_count, added_by, created_at, updated_at)
       VALUES (@id, @collectionId, @source, @origin, @format, @title, @contentHash, @sizeBytes,
         @doi, @pmid, @arxivId, @url, @authors, @year, @venue, @chunkCount, @addedBy, @createdAt, @updatedAt)
       ON CONFLICT (id) DO UPDATE SET format = excluded.format, title = excluded.title,
         content_hash = excluded.content_hash, size_bytes = excluded.size_bytes, doi = excluded.doi,
         pmid = excluded.pmid, arxiv_id = excluded.arxiv_id, url = excluded.url, authors = excluded.authors,
         year = excluded.year, venue = excluded.venue, chunk_count = excluded.chunk_count, updated_at = excluded.updated_at`,
    ).run({ ...document, venue: document.venue ?? null, chunkCount: chunks.length });
    const insert = statement(
      db,
      `INSERT INTO knowledge_chunks (document_id, collection_id, seq, title, header_path, content_type, content)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const chunk of chunks) {
      insert.run(document.id, document.collectionId, chunk.seq, document.title, chunk.headerPath, chunk.contentType, chunk.content);
    }
  });
}

export interface PassageRow {
  seq: number;
  headerPath: string;
  contentType: string;
  content: string;
}

/** A document's first `limit` passages, in reading order. */
export function documentPassages(db: Db, documentId: string, limit: number): Promise<PassageRow[]> {
  return onConnection(db, () => {
    return (
      statement(db, 'SELECT seq, header_path, content_type, content FROM knowledge_chunks WHERE document_id = ? ORDER BY seq LIMIT ?').all(documentId, limit) as Array<{
        seq: number;
        header_path: string;
        content_type: string;
        content: string;
      }>
    ).map((raw) => ({ seq: raw.seq, headerPath: raw.header_path, contentType: raw.content_type, content: raw.content }));
  });
}

export function deleteDocument(db: Db, id: string): Promise<void> {
  return inUnit(db, async () => {
    await noteIndexChanged(db);
    sqlite(db).prepare('DELETE FROM knowledge_documents WHERE id = ?').run(id);
  });
}

export interface DocumentCursor {
  title: string;
  id: string;
}

/** One page of a collection's documents, alphabetically by title; `(title, id)` is the cursor. */
export function listDocuments(
  db: Db,
  query: { collectionId: string; limit: number; after?: DocumentCursor | undefined },
): Promise<{ documents: DocumentRow[]; next: DocumentCursor | null }> {
  return onConnection(db, () => {
    const rows = sqlite(db)
      .prepare(
        `SELECT * FROM knowledge_documents
         WHERE collection_id = @collectionId
           AND (@afterTitle IS NULL OR title > @afterTitle OR (title = @afterTitle AND id > @afterId))
         ORDER BY title, id LIMIT @limit`,
      )
      .all({
        collectionId: query.collectionId,
        afterTitle: query.after?.title ?? null,
        afterId: query.after?.id ?? null,
        limit: query.limit + 1,
      }) as RawDocument[];
    const page = rows.slice(0, query.limit).map(documentFromRaw);
    const last = page[page.length - 1];
    return { documents: page, next: rows.length > query.limit && last !== undefined ? { title: last.title, id: last.id } : null };
  });
}

export type IdentifierField = 'doi' | 'pmid' | 'arxiv_id' | 'url';

/** Documents carrying this (already normalised) identifier, in any collection. */
export function findDocumentsByIdentifier(db: Db, field: IdentifierField, value: string): Promise<DocumentRow[]> {
  return onConnection(db, () => {
    // `field` is one of four fixed column names (the type says so), never caller text.
    return (sqlite(db).prepare(`SELECT * FROM knowledge_documents WHERE ${field} = ? ORDER BY id`).all(value) as RawDocument[]).map(
      documentFromRaw,
    );
  });
}

export function findDocumentsByTitle(db: Db, title: string): Promise<DocumentRow[]> {
  return onConnection(db, () => {
    return (
      sqlite(db).prepare('SELECT * FROM knowledge_documents WHERE title = ? COLLATE NOCASE ORDER BY id').all(title) as RawDocument[]
    ).map(documentFromRaw);
  });
}

const chunkCounts = new WeakMap<Db, { generation: string; count: number }>();

/** Chunks in the index; counted again only after the index changed. */
export function totalChunks(db: Db): Promise<number> {
  return inUnit(db, async () => {
    const generation = await indexGeneration(db);
    const cached = chunkCounts.get(db);
    if (cached?.generation === generation) return cached.count;
    const count = (statement(db, 'SELECT COUNT(*) AS n FROM knowledge_chunks').get() as { n: number }).n;
    chunkCounts.set(db, { generation, count });
    return count;
  });
}
