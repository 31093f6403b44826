// Named statements for full-text search over knowledge chunks. The knowledge layer asks for the
// chunks containing every one of a few words (see knowledge/search/query.ts); how an engine's index
// is asked is here, and only here:
// - SQLite: FTS5 (knowledge_fts), each word quoted so that nothing a caller types acts as FTS5
//   syntax (NEAR, column filters, *, ^ …), ranked by bm25() with the column weights of migration 0003;
// - PostgreSQL: the generated `search_vector` (GIN-indexed), the words as plainto_tsquery() reads
//   them (stemmed by the 'english' configuration, as FTS5's porter stems; no operator a caller
//   could type), ranked by ts_rank_cd() with the same title > headings > text weights.
// A word is matched as its stem, never as a prefix, on both engines.
import type { Db } from './database.js';
import type { ChunkContentType, DocumentRow } from './knowledgeDocuments.js';
import { engineOf } from './handle.js';
import { perEngine, type Dialect } from './dialect.js';
import { row, rows, scalar, scalars } from './sql.js';

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

/** What the search looks for: chunks in which every one of these words occurs (title, a heading or the text). */
export type WordMatch = readonly string[];

function quoted(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** The match parameter as the engine's index reads it. */
function matchParameter(db: Db, words: WordMatch): string {
  return engineOf(db) === 'postgres' ? words.join(' ') : words.map(quoted).join(' AND ');
}

/** The query as PostgreSQL reads the words (an AND of their stems; stop words of its own dropped). */
const TSQUERY = "plainto_tsquery('english', CAST(@match AS TEXT))";
// ts_rank_cd's weights are {D, C, B, A}: text (C) 1, headings (B) 2, title (A) 4, as bm25(4.0, 2.0, 1.0);
// normalisation 1 divides by 1 + log(length), as BM25 favours the shorter of two passages.
const TS_RANK = `ts_rank_cd('{0.1, 0.25, 0.5, 1.0}', c.search_vector, ${TSQUERY}, 1)`;

/** How each engine's index is joined, matched and ordered (one module's difference: not a dialect.ts fragment). */
function textIndex(d: Dialect): { index: string; chunks: string; matches: string; id: string; best: string; recent: string } {
  return d.engine === 'sqlite'
    ? {
        index: 'knowledge_fts',
        chunks: 'knowledge_fts JOIN knowledge_chunks c ON c.id = knowledge_fts.rowid',
        matches: 'knowledge_fts MATCH @match',
        id: 'knowledge_fts.rowid',
        // FTS5 delivers either order itself, so the LIMIT stops the scan early.
        best: 'knowledge_fts.rank',
        recent: 'knowledge_fts.rowid DESC',
      }
    : { index: 'knowledge_chunks c', chunks: 'knowledge_chunks c', matches: `c.search_vector @@ ${TSQUERY}`, id: 'c.id', best: `${TS_RANK} DESC, c.id DESC`, recent: 'c.id DESC' };
}

const MATCHING = (order: 'best' | 'recent') =>
  perEngine((d) => {
    const index = textIndex(d);
    return `SELECT ${index.id} AS id FROM ${index.chunks}
            WHERE ${index.matches}
              AND (CAST(@scope AS TEXT) IS NULL OR c.collection_id IN (${d.jsonArrayValues('CAST(@scope AS TEXT)')}))
            ORDER BY ${index[order]}
            LIMIT @limit`;
  });
const MATCHING_BY_ORDER = { best: MATCHING('best'), recent: MATCHING('recent') };

/**
 * Ids of chunks containing all of `words`, in the given collections (all when null), at most
 * `limit`, in order:
 * `best` — by relevance (FTS5's bm25(); ts_rank_cd on PostgreSQL). bm25() scores every match,
 * after counting every row of every phrase, so callers use it only for small match sets of
 * not-too-common terms.
 * `recent` — the most recently indexed matches; nothing is scored, so it stays cheap on any set.
 */
export async function matchingChunkIds(
  db: Db,
  query: { words: WordMatch; limit: number; order: 'best' | 'recent'; collectionIds: readonly string[] | null },
): Promise<number[]> {
  return scalars<number>(db, MATCHING_BY_ORDER[query.order], {
    match: matchParameter(db, query.words),
    limit: query.limit,
    scope: query.collectionIds === null ? null : JSON.stringify(query.collectionIds),
  });
}

const CANDIDATES = perEngine(
  (d) => `SELECT c.id AS chunkId, c.title, c.header_path AS headerPath, c.content,
                 c.seq, c.content_type AS contentType, d.id AS documentId, d.title AS documentTitle, d.source,
                 d.format, d.doi, d.pmid, d.arxiv_id AS arxivId, d.url, d.authors, d.year,
                 k.id AS collectionId, k.name AS collectionName
          FROM knowledge_chunks c
          JOIN knowledge_documents d ON d.id = c.document_id
          JOIN knowledge_collections k ON k.id = c.collection_id
          WHERE c.id IN (${d.engine === 'sqlite' ? d.jsonArrayValues('?') : 'SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(? AS json)) AS value'})`,
);

/** The chunks with these ids, with their document and collection, in the order of `ids`. */
export async function chunkCandidates(db: Db, ids: readonly number[]): Promise<ChunkCandidate[]> {
  const found = await rows<ChunkCandidate>(db, CANDIDATES, [JSON.stringify(ids)]);
  const byId = new Map(found.map((each) => [each.chunkId, each]));
  return ids.map((id) => byId.get(id)).filter((each): each is ChunkCandidate => each !== undefined);
}

const COUNT = perEngine((d) => {
  const index = textIndex(d);
  return `SELECT COUNT(*) AS n FROM (SELECT ${index.id} FROM ${index.index} WHERE ${index.matches} LIMIT @cap) AS matching`;
});

/** How many chunks contain all of `words`, counting no further than `cap` (walking a doclist is cheap; scoring is not). */
export async function countMatches(db: Db, words: WordMatch, cap: number): Promise<number> {
  return (await scalar<number>(db, COUNT, { match: matchParameter(db, words), cap })) ?? 0;
}

const RECENT = perEngine((d) => {
  const index = textIndex(d);
  return `SELECT COUNT(*) AS count, MIN(id) AS lowestRowid
          FROM (SELECT ${index.id} AS id FROM ${index.index} WHERE ${index.matches} ORDER BY ${index.recent} LIMIT @cap) AS newest`;
});

/**
 * The `cap` most recently indexed chunks containing all of `words`: how many there are (exact
 * when below `cap`) and the lowest chunk id among them. When the cap is reached, that id tells
 * how densely the matches fill the newest part of the index, from which the caller estimates the total.
 */
export async function recentMatches(db: Db, words: WordMatch, cap: number): Promise<{ count: number; lowestRowid: number | null }> {
  return (await row<{ count: number; lowestRowid: number | null }>(db, RECENT, { match: matchParameter(db, words), cap })) ?? { count: 0, lowestRowid: null };
}

const ROWID_RANGE = 'SELECT COALESCE((SELECT MIN(id) FROM knowledge_chunks), 0) AS low, COALESCE((SELECT MAX(id) FROM knowledge_chunks), 0) AS high';

/** Lowest and highest chunk id (each an index seek). */
export async function chunkRowidRange(db: Db): Promise<{ low: number; high: number }> {
  return (await row<{ low: number; high: number }>(db, ROWID_RANGE)) ?? { low: 0, high: 0 };
}

const TITLES = 'SELECT title FROM knowledge_documents ORDER BY updated_at DESC LIMIT ?';
const TITLES_IN = perEngine(
  (d) => `SELECT title FROM knowledge_documents WHERE collection_id IN (${d.jsonArrayValues('?')}) ORDER BY updated_at DESC LIMIT ?`,
);

/** Titles of documents in these collections (all collections when `collectionIds` is null), for spelling suggestions. */
export async function documentTitles(db: Db, collectionIds: readonly string[] | null, limit: number): Promise<string[]> {
  if (collectionIds === null) return scalars<string>(db, TITLES, [limit]);
  return scalars<string>(db, TITLES_IN, [JSON.stringify(collectionIds), limit]);
}
