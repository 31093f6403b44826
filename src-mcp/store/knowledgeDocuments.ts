// Named statements for knowledge-base documents and their chunks. Chunks are written only through
// saveDocument, which replaces a document's chunks wholesale; the search index follows (SQLite: FTS5 by trigger; PostgreSQL: the generated search_vector).
import type { Db } from './database.js';
import { engineOf } from './handle.js';
import { perEngine } from './dialect.js';
import { indexGeneration, noteIndexChanged } from './knowledgeGeneration.js';
import { execute, row, rows, scalar } from './sql.js';
import { readTransaction, writeTransaction } from './transactions.js';
import type { DocumentFormat } from '../../src-shared/schemas/knowledge.js';

export type { DocumentFormat } from '../../src-shared/schemas/knowledge.js';

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


export async function findDocumentBySource(db: Db, collectionId: string, source: string): Promise<DocumentRow | undefined> {
  const raw = await row<RawDocument>(db, 'SELECT * FROM knowledge_documents WHERE collection_id = ? AND source = ?', [collectionId, source]);
  return raw === undefined ? undefined : documentFromRaw(raw);
}

export async function findDocumentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  const raw = await row<RawDocument>(db, 'SELECT * FROM knowledge_documents WHERE id = ?', [id]);
  return raw === undefined ? undefined : documentFromRaw(raw);
}

// substr() instead of LIKE: paths may contain % and _, which LIKE would treat as wildcards.
const WITH_SOURCE_PREFIX = 'SELECT * FROM knowledge_documents WHERE collection_id = ? AND substr(source, 1, length(CAST(? AS TEXT))) = ?';

/** Documents whose source starts with `prefix` (the entries of one .bib file share `<path>#`). */
export async function documentsWithSourcePrefix(db: Db, collectionId: string, prefix: string): Promise<DocumentRow[]> {
  return (await rows<RawDocument>(db, WITH_SOURCE_PREFIX, [collectionId, prefix, prefix])).map(documentFromRaw);
}

const UPSERT_DOCUMENT = `INSERT INTO knowledge_documents (id, collection_id, source, origin, format, title, content_hash, size_bytes,
    doi, pmid, arxiv_id, url, authors, year, venue, chunk_count, added_by, created_at, updated_at)
  VALUES (@id, @collectionId, @source, @origin, @format, @title, @contentHash, @sizeBytes,
    @doi, @pmid, @arxivId, @url, @authors, @year, @venue, @chunkCount, @addedBy, @createdAt, @updatedAt)
  ON CONFLICT (id) DO UPDATE SET format = excluded.format, title = excluded.title,
    content_hash = excluded.content_hash, size_bytes = excluded.size_bytes, doi = excluded.doi,
    pmid = excluded.pmid, arxiv_id = excluded.arxiv_id, url = excluded.url, authors = excluded.authors,
    year = excluded.year, venue = excluded.venue, chunk_count = excluded.chunk_count, updated_at = excluded.updated_at`;
const INSERT_CHUNK = `INSERT INTO knowledge_chunks (document_id, collection_id, seq, title, header_path, content_type, content)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;
// PostgreSQL: a document's chunks in one statement from four arrays, one round trip instead of one
// per chunk (a paper has tens of them). SQLite runs the prepared one-row insert in-process, where a
// loop costs nothing.
const INSERT_CHUNKS_AT_ONCE = `INSERT INTO knowledge_chunks (document_id, collection_id, seq, title, header_path, content_type, content)
  SELECT ?, ?, chunk.seq, ?, chunk.header_path, chunk.content_type, chunk.content
  FROM unnest(CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[])) AS chunk(seq, header_path, content_type, content)`;

async function insertChunks(db: Db, document: DocumentRow, chunks: readonly ChunkInput[]): Promise<void> {
  if (engineOf(db) === 'postgres') {
    if (chunks.length === 0) return;
    const column = <K extends keyof ChunkInput>(key: K): Array<ChunkInput[K]> => chunks.map((chunk) => chunk[key]);
    await execute(db, INSERT_CHUNKS_AT_ONCE, [document.id, document.collectionId, document.title, column('seq'), column('headerPath'), column('contentType'), column('content')]);
    return;
  }
  for (const chunk of chunks) {
    await execute(db, INSERT_CHUNK, [document.id, document.collectionId, chunk.seq, document.title, chunk.headerPath, chunk.contentType, chunk.content]);
  }
}

/**
 * Inserts the document, or replaces it keeping its id (so citations of it stay valid), together
 * with all of its chunks. Called inside the caller's write transaction; a savepoint of its own
 * keeps a document and its chunks whole.
 */
export async function saveDocument(db: Db, document: DocumentRow, chunks: readonly ChunkInput[]): Promise<void> {
  await writeTransaction(db, async () => {
    await execute(db, 'DELETE FROM knowledge_chunks WHERE document_id = ?', [document.id]);
    await execute(db, UPSERT_DOCUMENT, { ...document, venue: document.venue ?? null, chunkCount: chunks.length });
    await insertChunks(db, document, chunks);
    await noteIndexChanged(db);
  });
}

export interface PassageRow {
  seq: number;
  headerPath: string;
  contentType: string;
  content: string;
}

const PASSAGES = 'SELECT seq, header_path AS headerPath, content_type AS contentType, content FROM knowledge_chunks WHERE document_id = ? ORDER BY seq LIMIT ?';

/** A document's first `limit` passages, in reading order. */
export async function documentPassages(db: Db, documentId: string, limit: number): Promise<PassageRow[]> {
  return rows<PassageRow>(db, PASSAGES, [documentId, limit]);
}

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await execute(db, 'DELETE FROM knowledge_documents WHERE id = ?', [id]);
  await noteIndexChanged(db);
}

export interface DocumentCursor {
  title: string;
  id: string;
}

const DOCUMENT_PAGE = `SELECT * FROM knowledge_documents
  WHERE collection_id = @collectionId
    AND (CAST(@afterTitle AS TEXT) IS NULL OR title > @afterTitle OR (title = @afterTitle AND id > @afterId))
  ORDER BY title, id LIMIT @limit`;

/** One page of a collection's documents, alphabetically by title; `(title, id)` is the cursor. */
export async function listDocuments(
  db: Db,
  query: { collectionId: string; limit: number; after?: DocumentCursor | undefined },
): Promise<{ documents: DocumentRow[]; next: DocumentCursor | null }> {
  const found = await rows<RawDocument>(db, DOCUMENT_PAGE, {
    collectionId: query.collectionId,
    afterTitle: query.after?.title ?? null,
    afterId: query.after?.id ?? null,
    limit: query.limit + 1,
  });
  const page = found.slice(0, query.limit).map(documentFromRaw);
  const last = page[page.length - 1];
  return { documents: page, next: found.length > query.limit && last !== undefined ? { title: last.title, id: last.id } : null };
}

export type IdentifierField = 'doi' | 'pmid' | 'arxiv_id' | 'url';

// `field` is one of four fixed column names (the type says so), never caller text: one text each.
const BY_IDENTIFIER: Record<IdentifierField, string> = {
  doi: 'SELECT * FROM knowledge_documents WHERE doi = ? ORDER BY id',
  pmid: 'SELECT * FROM knowledge_documents WHERE pmid = ? ORDER BY id',
  arxiv_id: 'SELECT * FROM knowledge_documents WHERE arxiv_id = ? ORDER BY id',
  url: 'SELECT * FROM knowledge_documents WHERE url = ? ORDER BY id',
};

/** Documents carrying this (already normalised) identifier, in any collection. */
export async function findDocumentsByIdentifier(db: Db, field: IdentifierField, value: string): Promise<DocumentRow[]> {
  return (await rows<RawDocument>(db, BY_IDENTIFIER[field], [value])).map(documentFromRaw);
}

const BY_TITLE = perEngine((d) => `SELECT * FROM knowledge_documents WHERE ${d.caseFolded('title')} = ${d.caseFolded('CAST(? AS TEXT)')} ORDER BY id`);

/** Titles compare ignoring case. */
export async function findDocumentsByTitle(db: Db, title: string): Promise<DocumentRow[]> {
  return (await rows<RawDocument>(db, BY_TITLE, [title])).map(documentFromRaw);
}

const chunkCounts = new WeakMap<Db, { generation: string; count: number }>();

/** Chunks in the index; counted again only after the index changed (the key and the count read in one snapshot). */
export async function totalChunks(db: Db): Promise<number> {
  return readTransaction(db, async () => {
    const generation = await indexGeneration(db);
    const cached = chunkCounts.get(db);
    if (cached?.generation === generation) return cached.count;
    const count = (await scalar<number>(db, 'SELECT COUNT(*) FROM knowledge_chunks')) ?? 0;
    chunkCounts.set(db, { generation, count });
    return count;
  });
}
