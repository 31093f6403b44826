// Second-stage ranking of the BM25 candidates. BM25 alone favours short chunks that repeat one
// term; scientists expect the passage that covers the whole question, under a heading about it,
// with the terms close together. The score is a weighted sum of explainable features in [0, 1]:
//
//   coverage   0.40  share of the query's (IDF-weighted) terms found in the chunk, title or heading
//   bm25       0.20  the chunk's BM25 (title 4x, headings 2x, text 1x) relative to the best candidate
//   proximity  0.15  how close together the matched terms are (1 = adjacent, like a phrase)
//   structure  0.15  share of the terms in the document title or the section headings
//   phrase     0.05  the query's words appear verbatim, in order
//   context    0.05  share of document_context words found (only when a context was given)
//
// Terms are matched, and BM25 computed, here rather than by FTS5: very common terms are left out
// of the FTS5 query for speed (search.ts) but still count, and are still highlighted; and the
// same BM25 then applies whether FTS5 ranked the candidates or they are a sample.
import type { ChunkCandidate } from '../../store/knowledgeSearch.js';
import { sharedTokenizer } from '../../store/knowledgeTokenizer.js';
import type { AnalysedQuery } from './query.js';
import { WORD } from './query.js';

const WEIGHTS = { coverage: 0.4, bm25: 0.2, proximity: 0.15, structure: 0.15, phrase: 0.05, context: 0.05 };
// Okapi BM25 with the usual constants; chunks are cut to ~1,000 characters, about 160 words.
const K1 = 1.2;
const B = 0.75;
const AVERAGE_WORDS = 160;
const FIELD_WEIGHTS = { title: 4, header: 2, content: 1 };

/** BM25 of one chunk from its matches per field (term indices) and its length in words. */
function bm25(query: AnalysedQuery, fields: { title: readonly number[]; header: readonly number[]; content: readonly number[] }, words: number): number {
  const frequency = new Map<number, number>();
  for (const field of ['title', 'header', 'content'] as const) {
    for (const term of fields[field]) frequency.set(term, (frequency.get(term) ?? 0) + FIELD_WEIGHTS[field]);
  }
  let score = 0;
  for (const [term, tf] of frequency) {
    const df = query.terms[term]?.documentFrequency ?? 0;
    const idf = Math.log(1 + (query.chunksInIndex - df + 0.5) / (df + 0.5));
    score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * words) / AVERAGE_WORDS));
  }
  return score;
}

export interface RankedChunk {
  candidate: ChunkCandidate;
  /** [start, end) character ranges of matched terms in the content. */
  highlights: Array<[number, number]>;
  score: number;
  /** Query terms the chunk contains (in title, heading or text). */
  matchedTerms: string[];
}

interface Word {
  text: string;
  start: number;
}

interface Match {
  start: number;
  end: number;
  /** Index of the word among the text's words (for proximity). */
  position: number;
  term: number;
}

/** The words of a text, lowercased, with their offsets: tokenized once, used for every feature. */
function wordsOf(text: string): Word[] {
  return Array.from(text.matchAll(WORD), (token) => ({ text: token[0].toLowerCase(), start: token.index }));
}

/** Every word whose index stem is one of the query's, with the term it matches. */
function matchesIn(words: readonly Word[], termOfStem: ReadonlyMap<string, number>): Match[] {
  const tokenizer = sharedTokenizer();
  const matches: Match[] = [];
  words.forEach((word, position) => {
    for (const stem of tokenizer.stemsOf(word.text)) {
      const term = termOfStem.get(stem);
      if (term !== undefined) {
        matches.push({ start: word.start, end: word.start + word.text.length, position, term });
        return;
      }
    }
  });
  return matches;
}

function weightShare(terms: Iterable<number>, query: AnalysedQuery): number {
  const total = query.terms.reduce((sum, term) => sum + term.weight, 0);
  if (total === 0) return 0;
  let found = 0;
  for (const index of new Set(terms)) found += query.terms[index]?.weight ?? 0;
  return found / total;
}

/** Distinct matched terms / smallest word window holding one of each (1 = side by side). */
function proximity(matches: readonly Match[], termCount: number): number {
  const need = new Set(matches.map((match) => match.term)).size;
  if (need === 0) return 0;
  if (termCount === 1) return 1;
  if (need === 1) return 0;
  const inWindow = new Map<number, number>();
  let best = Infinity;
  let left = 0;
  for (const match of matches) {
    inWindow.set(match.term, (inWindow.get(match.term) ?? 0) + 1);
    while (inWindow.size === need) {
      const first = matches[left] as Match;
      best = Math.min(best, match.position - first.position + 1);
      const count = (inWindow.get(first.term) ?? 1) - 1;
      if (count === 0) inWindow.delete(first.term);
      else inWindow.set(first.term, count);
      left += 1;
    }
  }
  return Number.isFinite(best) ? Math.min(1, need / best) : 0;
}

function normalisedWords(text: string): string {
  return (text.toLowerCase().match(WORD) ?? []).join(' ');
}

export function rerank(candidates: readonly ChunkCandidate[], query: AnalysedQuery): RankedChunk[] {
  const tokenizer = sharedTokenizer();
  const texts = candidates.map((candidate) => ({ content: wordsOf(candidate.content), title: wordsOf(candidate.title), header: wordsOf(candidate.headerPath) }));
  // One tokenizer batch for every word of every candidate; matching then runs from memory.
  tokenizer.prime(texts.flatMap((text) => [...text.content, ...text.title, ...text.header].map((word) => word.text)));
  const termOfStem = new Map<string, number>();
  query.terms.forEach((term, index) => term.stems.forEach((stem) => termOfStem.set(stem, index)));
  const phrase = query.terms.length > 1 ? normalisedWords(query.text) : '';

  const matched = candidates.map((_, index) => {
    const words = texts[index] as { content: Word[]; title: Word[]; header: Word[] };
    const content = matchesIn(words.content, termOfStem);
    const title = matchesIn(words.title, termOfStem).map((match) => match.term);
    const header = matchesIn(words.header, termOfStem).map((match) => match.term);
    const length = words.content.length + words.title.length + words.header.length;
    return { words, content, title, header, bm25: bm25(query, { title, header, content: content.map((match) => match.term) }, length) };
  });
  const bestBm25 = Math.max(...matched.map((item) => item.bm25), 1e-9);

  const ranked = candidates.map((candidate, index): RankedChunk => {
    const { words, content: inContent, title: inTitle, header: inHeader, bm25: score } = matched[index] as (typeof matched)[number];
    const found = new Set([...inContent.map((match) => match.term), ...inTitle, ...inHeader]);
    let context = 0;
    if (query.contextStems.size > 0) {
      const stems = new Set(words.content.flatMap((word) => tokenizer.stemsOf(word.text)));
      context = [...query.contextStems].filter((stem) => stems.has(stem)).length / query.contextStems.size;
    }
    const features = {
      coverage: weightShare(found, query),
      bm25: score / bestBm25,
      proximity: proximity(inContent, query.terms.length),
      structure: Math.max(weightShare(inTitle, query), weightShare(inHeader, query)),
      phrase: phrase !== '' && words.content.map((word) => word.text).join(' ').includes(phrase) ? 1 : 0,
      context,
    };
    const weightSum = query.contextStems.size > 0 ? 1 : 1 - WEIGHTS.context;
    const raw = (Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>).reduce((sum, key) => sum + WEIGHTS[key] * features[key], 0);
    return {
      candidate,
      highlights: inContent.map((match): [number, number] => [match.start, match.end]),
      score: Math.round(Math.min(1, Math.max(0, raw / weightSum)) * 1000) / 1000,
      matchedTerms: [...found].sort((a, b) => a - b).map((term) => query.terms[term]?.word ?? ''),
    };
  });
  // Ties keep retrieval order (FTS5's BM25 order when it ranked them).
  return ranked
    .map((item, order) => ({ item, order }))
    .sort((a, b) => b.item.score - a.item.score || a.order - b.order)
    .map(({ item }) => item);
}

export type RelevanceLabel = 'Highly Relevant' | 'Relevant' | 'Somewhat Relevant' | 'Marginally Relevant';

export function relevanceLabel(score: number): RelevanceLabel {
  if (score >= 0.75) return 'Highly Relevant';
  if (score >= 0.5) return 'Relevant';
  if (score >= 0.3) return 'Somewhat Relevant';
  return 'Marginally Relevant';
}
