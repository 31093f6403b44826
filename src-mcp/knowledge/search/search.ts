// Knowledge-base search: full-text retrieval (FTS5's BM25 on SQLite, ts_rank_cd on PostgreSQL) at a bounded cost (retrieve, below), then
// re-ranking (rerank.ts), then query refinement advice (refine.ts).
import path from 'node:path';
import type { Db } from '../../store/database.js';
import { chunkCandidates, countMatches, matchingChunkIds, type ChunkCandidate } from '../../store/knowledgeSearch.js';
import type { ChunkContentType, DocumentFormat } from '../../store/knowledgeDocuments.js';
import { resolveSearchScope } from '../collections.js';
import type { Identifiers } from '../../engine/scholarlyIdentifiers.js';
import { analyseQuery, COMMON_SHARE, COUNT_BUDGET, matchExpression, RANK_BUDGET, type AnalysedQuery } from './query.js';
import { refineQuery, type QueryRefinement } from './refine.js';
import { relevanceLabel, rerank, type RankedChunk, type RelevanceLabel } from './rerank.js';

/** The default of seed 002's query_knowledge_base (docs/seed-mapping.md). */
export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 20;
/** A passage is cut after this many characters (the chunker aims at ~1,000). */
export const MAX_CONTENT_CHARS = 1200;
/** All passages of one answer together: keeps even top_k = 20 well under 10k tokens (~3k). */
export const TOTAL_CONTENT_CHARS = 12_000;
// Re-ranking looks at a few times top_k candidates: enough for it to reorder, cheap to score.
const MIN_CANDIDATES = 20;
const MAX_CANDIDATES = 60;
/** Matches re-ranked when there are too many to rank them all (see retrieve). */
const SAMPLE_SIZE = 40;

export interface SearchInput {
  query: string;
  collections?: readonly string[] | undefined;
  researchId?: string | undefined;
  topK?: number | undefined;
  documentContext?: string | undefined;
}

export interface SearchHit {
  chunkId: number;
  documentId: string;
  collection: string;
  content: string;
  /** Characters cut from the end of `content` (0 when it is the whole chunk). */
  omittedChars: number;
  highlights: Array<[number, number]>;
  relevanceScore: number;
  relevanceLabel: RelevanceLabel;
  /** File name (or the URL/identifier of added content): what a scientist recognises. */
  sourceDocument: string;
  source: string;
  format: DocumentFormat;
  headerPath: string;
  documentTitle: string;
  contentType: ChunkContentType;
  chunkSequenceId: number;
  identifiers: Identifiers;
  authors: string | null;
  year: string | null;
  matchedTerms: string[];
}

export interface SearchOutcome {
  hits: SearchHit[];
  refinement: QueryRefinement;
  /** Names of the collections searched; null when all were. */
  collections: string[] | null;
  scopeNote: string | null;
  terms: string[];
}

export async function searchKnowledge(db: Db, input: SearchInput): Promise<SearchOutcome> {
  const topK = Math.min(MAX_TOP_K, Math.max(1, Math.floor(input.topK ?? DEFAULT_TOP_K)));
  const scope = await resolveSearchScope(db, { names: input.collections, researchId: input.researchId });
  const collectionIds = scope.collections?.map((collection) => collection.id) ?? null;
  const query = await analyseQuery(db, input.query, input.documentContext);
  const { candidates, sampled } = query.terms.length === 0 ? { candidates: [] as ChunkCandidate[], sampled: false } : await retrieve(db, query, collectionIds, topK);
  const ranked = candidates.length === 0 ? [] : rerank(candidates, query);
  return {
    hits: ranked.slice(0, topK).map((item) => toHit(item, Math.min(MAX_CONTENT_CHARS, Math.floor(TOTAL_CONTENT_CHARS / topK)))),
    refinement: await refineQuery(db, query, ranked, collectionIds, sampled),
    collections: scope.collections?.map((collection) => collection.name) ?? null,
    scopeNote: scope.note,
    terms: query.terms.map((term) => term.word),
  };
}

/**
 * Candidates for re-ranking, within a bounded cost:
 * - terms in more than COMMON_SHARE of all chunks (and more than RANK_BUDGET) are left out of the
 *   match: BM25 gives them ~no weight, and rerank still counts and highlights them;
 * - every remaining term must match; when that finds fewer than top_k, the most common term is
 *   dropped and the rest must match, and so on down to the rarest term alone (a passage about the
 *   specific entity beats one that merely shares a common word), then the other terms alone;
 * - FTS5's bm25() picks the best of a match set only when that is cheap (see RANK_BUDGET and
 *   COUNT_BUDGET); otherwise the most recently added SAMPLE_SIZE matches are re-ranked, and when
 *   that happens to the query as asked, the result says it is a sample.
 */
async function retrieve(db: Db, query: AnalysedQuery, collectionIds: readonly string[] | null, topK: number): Promise<{ candidates: ChunkCandidate[]; sampled: boolean }> {
  const limit = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, topK * 4));
  // A term the index does not know (a typo) would empty every attempt; refine.ts reports it.
  const byRarity = query.terms.filter((term) => term.documentFrequency > 0).sort((a, b) => a.documentFrequency - b.documentFrequency);
  if (byRarity.length === 0) return { candidates: [], sampled: false };
  // Left out only when both common and costly: in a small library every term is cheap to rank.
  const selective = byRarity.filter((term) => term.documentFrequency <= Math.max(RANK_BUDGET, COMMON_SHARE * query.chunksInIndex));
  const matchTerms = selective.length > 0 ? selective : byRarity.slice(0, 1);
  let sampled = false;
  const ids: number[] = [];
  const seen = new Set<number>();
  // All terms; then without the most common one, and so on; then each other term alone.
  const attempts = [...matchTerms.map((_, index) => matchTerms.slice(0, matchTerms.length - index)), ...matchTerms.slice(1).map((term) => [term])];
  for (const terms of attempts) {
    if (ids.length >= topK) break;
    const match = matchExpression(terms);
    // An AND matches at most as often as its rarest term: no need to count when that is small.
    const fewMatches = (terms[0]?.documentFrequency ?? 0) <= RANK_BUDGET || await countMatches(db, match, RANK_BUDGET + 1) <= RANK_BUDGET;
    const cheapWeights = terms.reduce((sum, term) => sum + term.documentFrequency, 0) <= COUNT_BUDGET;
    const rankable = fewMatches && cheapWeights;
    // Too broad is about the question as asked (all its terms), not about a fallback.
    if (terms === attempts[0]) sampled = !fewMatches;
    const found = await matchingChunkIds(db, { words: match, limit: rankable ? limit : SAMPLE_SIZE, order: rankable ? 'best' : 'recent', collectionIds });
    for (const id of found) {
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    }
  }
  return { candidates: await chunkCandidates(db, ids), sampled };
}

function toHit(item: RankedChunk, maxChars: number): SearchHit {
  const { candidate } = item;
  const { content, omitted } = truncate(candidate.content, maxChars);
  return {
    chunkId: candidate.chunkId,
    documentId: candidate.documentId,
    collection: candidate.collectionName,
    content,
    omittedChars: omitted,
    highlights: item.highlights.filter(([, end]) => end <= content.length),
    relevanceScore: item.score,
    relevanceLabel: relevanceLabel(item.score),
    sourceDocument: displaySource(candidate),
    source: candidate.source,
    format: candidate.format,
    headerPath: candidate.headerPath,
    documentTitle: candidate.documentTitle,
    contentType: candidate.contentType,
    chunkSequenceId: candidate.seq,
    identifiers: { doi: candidate.doi, pmid: candidate.pmid, arxivId: candidate.arxivId, url: candidate.url },
    authors: candidate.authors,
    year: candidate.year,
    matchedTerms: item.matchedTerms,
  };
}

function truncate(text: string, maxChars: number): { content: string; omitted: number } {
  if (text.length <= maxChars) return { content: text, omitted: 0 };
  const space = text.lastIndexOf(' ', maxChars);
  const cut = space > maxChars * 0.8 ? space : maxChars;
  return { content: text.slice(0, cut), omitted: text.length - cut };
}

function displaySource(candidate: ChunkCandidate): string {
  if (!path.isAbsolute(candidate.source)) return candidate.source;
  return path.basename(candidate.source);
}
