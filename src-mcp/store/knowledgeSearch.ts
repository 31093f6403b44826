// Named statements for full-text search over knowledge chunks (FTS5, BM25). The match expression
// is built by the knowledge layer from quoted terms (see knowledge/search/query.ts); the SQL is here.
import type { Db } from './database.js';
import { cached as statement } from './statements.js';
import type { ChunkContentType, DocumentRow } from './knowledgeDocuments.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

/** A matching chunk with what its document says about the source (for citing it). */
export interface ChunkCandidate extends Pick<DocumentRow, 'source' | 'format' | 'doi' | 'pmid' | 'arxivId' | 'url' | 'authors' | 'year'> {
  chunkId: number;
  title: string;
  headerPath: string;
  content: string;
  seq: number;
  contentType: ChunkContentType;
  documentId: string;
  documentTitle: string;
  collectionId: string;
  collectionName: string;
}

/**
 * Ids of chunks matching an FTS5 expression, in the given collections (all when null), at most
 * `limit`, in order:
 * `best` — by FTS5's bm25(). It scores every match, after counting every row of every phrase,
 * so callers use it only for small match sets of not-too-common terms.
 * `recent` — the most recently indexed matches; nothing is scored, so it stays cheap on any set.
 * FTS5 delivers either order itself, so the LIMIT stops the scan early.
 */
export function matchingChunkIds(
  db: Db,
  query: { match: string; limit: number; order: 'best' | 'recent'; collectionIds: readonly string[] | null },
): Promise<number[]> {
  return onConnection(db, () => {
    const sql = `SELECT knowledge_fts.rowid AS id FROM knowledge_fts JOIN knowledge_chunks c ON c.id = knowledge_fts.rowid
                 WHERE knowledge_fts MATCH @match
                   AND (@scope IS NULL OR c.collection_id IN (SELECT value FROM json_each(@scope)))
                 ORDER BY ${query.order === 'best' ? 'knowledge_fts.rank' : 'knowledge_fts.rowid DESC'}
                 LIMIT @limit`;
    const rows = statement(db, sql).all({
      match: query.match,
      limit: query.limit,
      scope: query.collectionIds === null ? null : JSON.stringify(query.collectionIds),
    }) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  });
}

/** The chunks with these ids, with their document and collection, in the order of `ids`. */
export function chunkCandidates(db: Db, ids: readonly number[]): Promise<ChunkCandidate[]> {
  return onConnection(db, () => {
    const rows = statement(
      db,
      `SELECT c.id AS chunkId, c.title, c.header_path AS headerPath, c.content,
              c.seq, c.content_type AS contentType, d.id AS documentId, d.title AS documentTitle, d.source,
              d.format, d.doi, d.pmid, d.arxiv_id AS arxivId, d.url, d.authors, d.year,
              k.id AS collectionId, k.name AS collectionName
       FROM knowledge_chunks c
       JOIN knowledge_documents d ON d.id = c.document_id
       JOIN knowledge_collections k ON k.id = c.collection_id
       WHERE c.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as ChunkCandidate[];
    const byId = new Map(rows.map((row) => [row.chunkId, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is ChunkCandidate => row !== undefined);
  });
}

/** How many chunks match, counting no further than `cap` (walking a doclist is cheap; scoring is not). */
export function countMatches(db: Db, match: string, cap: number): Promise<number> {
  return onConnection(db, () => {
    const sql = 'SELECT COUNT(*) AS n FROM (SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH ? LIMIT ?)';
    return (statement(db, sql).get(match, cap) as { n: number }).n;
  });
}

/**
 * The `cap` most recently indexed matches: how many there are (exact when below `cap`) and the
 * lowest rowid among them. When the cap is reached, that rowid tells how densely the matches
 * fill the newest part of the index, from which the caller estimates the total.
 */
export function recentMatches(db: Db, match: string, cap: number): Promise<{ count: number; lowestRowid: number | null }> {
  return onConnection(db, () => {
    const sql = `SELECT COUNT(*) AS count, MIN(rowid) AS lowestRowid
                 FROM (SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH ? ORDER BY rowid DESC LIMIT ?)`;
    return statement(db, sql).get(match, cap) as { count: number; lowestRowid: number | null };
  });
}

/** Lowest and highest chunk rowid (each an index seek). */
export function chunkRowidRange(db: Db): Promise<{ low: number; high: number }> {
  return onConnection(db, () => {
    const sql = 'SELECT COALESCE((SELECT MIN(id) FROM knowledge_chunks), 0) AS low, COALESCE((SELECT MAX(id) FROM knowledge_chunks), 0) AS high';
    return statement(db, sql).get() as { low: number; high: number };
  });
}

/** Titles of documents in these collections (all collections when `collectionIds` is null), for spelling suggestions. */
export function documentTitles(db: Db, collectionIds: readonly string[] | null, limit: number): Promise<string[]> {
  return onConnection(db, () => {
    if (collectionIds === null) {
      return sqlite(db).prepare('SELECT title FROM knowledge_documents ORDER BY updated_at DESC LIMIT ?').pluck().all(limit) as string[];
    }
    return sqlite(db)
      .prepare(
        `SELECT title FROM knowledge_documents WHERE collection_id IN (SELECT value FROM json_each(?))
         ORDER BY updated_at DESC LIMIT ?`,
      )
      .pluck()
      .all(JSON.stringify(collectionIds), limit) as string[];
  });
}
