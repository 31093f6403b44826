// Query refinement (the reference design's `query_refinement`): tells the model whether the query
// was good, too broad, or needs clarifying, with keywords to try — so it can ask a sharper
// question instead of building on weak passages.
import type { Db } from '../../store/database.js';
import { documentTitles } from '../../store/knowledgeSearch.js';
import { indexGeneration } from '../../store/knowledgeGeneration.js';
import { sharedTokenizer } from '../../store/knowledgeTokenizer.js';
import type { AnalysedQuery } from './query.js';
import { words } from './query.js';
import type { RankedChunk } from './rerank.js';

export type RefinementStatus = 'optimal' | 'too_broad' | 'clarification_needed';

export interface QueryRefinement {
  status: RefinementStatus;
  suggestions: string[];
  message: string;
}

/** A term in at least this share of all chunks hardly narrows anything down. */
const BROAD_SHARE = 0.1;
/** Below this many chunks, "broad" is meaningless: everything is a large share of little. */
const BROAD_MIN_CHUNKS = 50;
const WEAK_SCORE = 0.35;
const MAX_SUGGESTIONS = 5;

export async function refineQuery(
  db: Db,
  query: AnalysedQuery,
  ranked: readonly RankedChunk[],
  scope: readonly string[] | null,
  sampled: boolean,
): Promise<QueryRefinement> {
  if (query.terms.length === 0) {
    return {
      status: 'clarification_needed',
      suggestions: [],
      message: 'The query has no topic words (only common words or punctuation). Ask about specific entities, methods or outcomes, e.g. "TGF-beta signalling in hepatic stellate cells".',
    };
  }
  if (ranked.length === 0) {
    const unknown = query.terms.filter((term) => term.documentFrequency === 0).map((term) => term.word);
    return {
      status: 'clarification_needed',
      suggestions: await spellingSuggestions(db, unknown, scope),
      message:
        unknown.length > 0
          ? `No passage matches: ${unknown.map((word) => `"${word}"`).join(', ')} ${unknown.length === 1 ? 'does' : 'do'} not occur in the searched collections. Check the spelling, use a synonym, or search other collections.`
          : 'No passage contains these terms together. Use fewer or more general terms, or search other collections.',
    };
  }
  const related = relatedKeywords(ranked, query);
  const broad =
    query.terms.length <= 2 &&
    query.chunksInIndex >= BROAD_MIN_CHUNKS &&
    query.terms.every((term) => term.documentFrequency / query.chunksInIndex >= BROAD_SHARE);
  if (broad || sampled) {
    const rarest = Math.min(...query.terms.map((term) => term.documentFrequency));
    const extent = `about ${Math.round((rarest / query.chunksInIndex) * 100)}%`;
    return {
      status: 'too_broad',
      suggestions: related,
      message: `"${query.text.trim()}" matches ${sampled ? 'too many passages to rank them all' : `${extent} of all passages`}, so these results are only a sample. Narrow it with specifics${related.length > 0 ? `, e.g. ${related.slice(0, 3).join(', ')}` : ''}.`,
    };
  }
  const top = ranked[0] as RankedChunk;
  if (top.score < WEAK_SCORE) {
    const missing = query.terms.map((term) => term.word).filter((word) => !top.matchedTerms.includes(word));
    return {
      status: 'clarification_needed',
      suggestions: related,
      message: `The best passages match the query only partly${missing.length > 0 ? ` (no passage ties in ${missing.map((word) => `"${word}"`).join(', ')})` : ''}. Treat them as background, or rephrase with the terms the sources use.`,
    };
  }
  return {
    status: 'optimal',
    suggestions: related,
    message: `Found ${ranked.length} relevant passage${ranked.length === 1 ? '' : 's'}; the top one matches ${top.matchedTerms.length} of ${query.terms.length} query terms.`,
  };
}

/** Words that recur in the headings and titles of the best results but are not in the query. */
function relatedKeywords(ranked: readonly RankedChunk[], query: AnalysedQuery): string[] {
  const queryStems = new Set(query.terms.flatMap((term) => term.stems));
  const tokenizer = sharedTokenizer();
  const counts = new Map<string, number>();
  for (const item of ranked.slice(0, 10)) {
    const text = `${item.candidate.documentTitle} ${item.candidate.headerPath}`;
    const found = [...new Set(words(text).filter((word) => word.length >= 4 && !/^\d+$/.test(word)))];
    const stems = tokenizer.stems(found);
    found.forEach((word, index) => {
      if ((stems[index] ?? []).some((stem) => queryStems.has(stem))) return;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    });
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_SUGGESTIONS)
    .map(([word]) => word);
}

/** Title words within two edits of an unknown query word: "fibrossis" → "fibrosis". */
async function spellingSuggestions(db: Db, unknown: readonly string[], scope: readonly string[] | null): Promise<string[]> {
  if (unknown.length === 0) return [];
  const vocabulary = await titleVocabulary(db, scope);
  const suggestions: string[] = [];
  for (const word of unknown) {
    const close = [...vocabulary]
      .map((candidate) => ({ candidate, distance: editDistance(word, candidate, 2) }))
      .filter(({ distance }) => distance <= 2)
      .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate));
    for (const { candidate } of close.slice(0, 2)) if (!suggestions.includes(candidate)) suggestions.push(candidate);
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

const vocabularies = new WeakMap<Db, { key: string; words: ReadonlySet<string> }>();

/** Words of recent document titles in scope, kept until the index changes. */
async function titleVocabulary(db: Db, scope: readonly string[] | null): Promise<ReadonlySet<string>> {
  const key = `${await indexGeneration(db)}:${scope === null ? '*' : [...scope].sort().join(',')}`;
  const cached = vocabularies.get(db);
  if (cached?.key === key) return cached.words;
  const vocabulary = new Set((await documentTitles(db, scope, 2000)).flatMap((title) => words(title).filter((word) => word.length >= 4)));
  vocabularies.set(db, { key, words: vocabulary });
  return vocabulary;
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
