// A search query as the index sees it: topic words (stop words dropped), their index stems and
// frequencies, and the words a match asks for. How each engine's index reads them (FTS5 quoting,
// a tsquery) is the store's (store/knowledgeSearch.ts).
import type { Db } from '../../store/database.js';
import { chunkRowidRange, recentMatches, type WordMatch } from '../../store/knowledgeSearch.js';
import { indexGeneration } from '../../store/knowledgeGeneration.js';
import { totalChunks } from '../../store/knowledgeDocuments.js';
import { sharedTokenizer } from '../../store/knowledgeTokenizer.js';
import { STOPWORDS } from './stopwords.js';

export const MAX_QUERY_TERMS = 12;
/** A term in more than this share of all chunks barely discriminates (its BM25 weight is ~0). */
export const COMMON_SHARE = 0.25;
/** Most matches FTS5's bm25() may score in one query (~3 µs each). */
export const RANK_BUDGET = 1000;
/**
 * Most rows bm25() may count first: before scoring, it counts every row containing each phrase of
 * the query, to weigh them (~40 ns per row). A common word alone would cost milliseconds.
 */
export const COUNT_BUDGET = 40_000;
const MAX_CONTEXT_WORDS = 40;
export const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

export interface QueryTerm {
  word: string;
  stems: readonly string[];
  /** Chunks containing the term: exact up to RANK_BUDGET, estimated above (see estimateFrequency). */
  documentFrequency: number;
  /** Inverse document frequency: rare terms say more about a passage than common ones. */
  weight: number;
}

export interface AnalysedQuery {
  text: string;
  terms: QueryTerm[];
  chunksInIndex: number;
  /** Stems of the main words of document_context, to favour passages on the same subject. */
  contextStems: ReadonlySet<string>;
}

export function words(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).filter((word) => !STOPWORDS.has(word) && word.length > 1);
}

export async function analyseQuery(db: Db, text: string, documentContext: string | undefined): Promise<AnalysedQuery> {
  const tokenizer = sharedTokenizer();
  const unique = [...new Set(words(text))].slice(0, MAX_QUERY_TERMS);
  const stems = tokenizer.stems(unique);
  const chunksInIndex = await totalChunks(db);
  const frequencies = await termFrequencies(db);
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const [index, word] of unique.entries()) {
    const termStems = stems[index] ?? [];
    const key = termStems.join(' ');
    // "cell" and "cells" are one term to the index; keep the first spelling.
    if (termStems.length === 0 || seen.has(key)) continue;
    seen.add(key);
    let documentFrequency = frequencies.get(word);
    if (documentFrequency === undefined) {
      documentFrequency = await estimateFrequency(db, [word], chunksInIndex);
      frequencies.set(word, documentFrequency);
    }
    terms.push({ word, stems: termStems, documentFrequency, weight: Math.log(1 + (chunksInIndex + 1) / (documentFrequency + 1)) });
  }
  const queryStems = new Set(terms.flatMap((term) => term.stems));
  return { text, terms, chunksInIndex, contextStems: contextStemsOf(documentContext, queryStems) };
}

/** The most frequent topic words of the context (long ones: short words rarely carry the subject). */
function contextStemsOf(documentContext: string | undefined, exclude: ReadonlySet<string>): ReadonlySet<string> {
  if (documentContext === undefined) return new Set();
  const counts = new Map<string, number>();
  for (const word of words(documentContext.slice(0, 8000))) if (word.length >= 4) counts.set(word, (counts.get(word) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_CONTEXT_WORDS).map(([word]) => word);
  return new Set(sharedTokenizer().stems(top).flat().filter((stem) => !exclude.has(stem)));
}

/**
 * How many chunks match: exact when at most RANK_BUDGET do; otherwise estimated from how densely
 * the newest RANK_BUDGET matches fill their stretch of the index (~2% error), because counting
 * every match of a common word (tens of thousands) would cost more than the whole search.
 */
async function estimateFrequency(db: Db, match: WordMatch, chunksInIndex: number): Promise<number> {
  const cap = RANK_BUDGET + 1;
  const recent = await recentMatches(db, match, cap);
  if (recent.count < cap || recent.lowestRowid === null) return recent.count;
  const range = await chunkRowidRange(db);
  const span = Math.max(1, range.high - recent.lowestRowid + 1);
  const live = chunksInIndex / Math.max(1, range.high - range.low + 1);
  return Math.min(chunksInIndex, Math.max(cap, Math.round((recent.count / (span * live)) * chunksInIndex)));
}

const frequencyCaches = new WeakMap<Db, { key: string; counts: Map<string, number> }>();

/** Term counts stay valid until chunks are added or removed (by this or another process). */
async function termFrequencies(db: Db): Promise<Map<string, number>> {
  const key = await indexGeneration(db);
  let cache = frequencyCaches.get(db);
  if (cache?.key !== key) {
    cache = { key, counts: new Map() };
    frequencyCaches.set(db, cache);
  }
  return cache.counts;
}

/** Every term must occur (in the title, a heading or the text). */
export function matchExpression(terms: readonly QueryTerm[]): WordMatch {
  return terms.map((term) => term.word);
}
