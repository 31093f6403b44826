// Arena mode and side-by-side comparison in the desktop app. The arena shows the scientist the
// pair the tournament's active pairing would judge next (no task is created: the scientist is
// the judge, and their vote goes through record_judgement as a human match). Compare gathers two
// hypotheses in full with their latest reviews and their head-to-head record.
import type { Db } from '../../store/database.js';
import { headToHead, matchLogLines, type MatchLogLine } from '../../store/leaderboardQueries.js';
import { reviewsOfHypothesis, type ReviewRow } from '../../store/reviews.js';
import { DomainError } from '../errors.js';
import { getHypothesis } from '../hypotheses.js';
import { buildProximityIndex } from '../proximity.js';
import { competitors } from '../ranking.js';
import { loadResearch } from '../projectRecord.js';
import { DEFAULT_BOOTSTRAP_SAMPLES, nextPairs, type Match } from '../tournament/index.js';
import type { Hypothesis } from '../types.js';

/** How many proposals the arena looks through to honour the pairs the scientist skipped. */
const MAX_PROPOSALS = 20;
/** Proposals beyond the skipped count: active pairing may propose one pair twice in a batch. */
const SPARE_PROPOSALS = 4;

export interface ArenaPair {
  first: Hypothesis;
  second: Hypothesis;
  /** `neighbours`: the pairing's proposals were all skipped, so two hypotheses adjacent in rank. */
  reason: 'swiss' | 'boundary' | 'neighbours';
}

/**
 * The next pair for the scientist: the first proposal of the tournament's pairing that is not
 * among `skipped` (unordered pairs), or the first proposal when every one was skipped. Slot
 * order is redrawn with `coin`, so that a human's own position bias averages out too.
 */
export async function arenaPair(db: Db, projectId: string, options: { skipped: ReadonlyArray<readonly [string, string]>; coin: () => boolean }): Promise<ArenaPair | null> {
  const project = await loadResearch(db, projectId);
  const playing = await competitors(db, projectId);
  if (playing.length < 2) return null;
  const ids = new Set(playing.map((h) => h.id));
  const matches = (await matchLogLines(db, projectId))
    .filter((m) => ids.has(m.firstId) && ids.has(m.secondId))
    .map((m): Match => ({ id: m.id, first: m.firstId, second: m.secondId, winner: m.winnerId, judge: m.judge }));
  const proximity = buildProximityIndex(new Map(playing.map((h) => [h.id, `${h.summary} ${h.rationale}`])));
  const proposals = nextPairs([...ids], matches, {
    k: project.settings.topK,
    seed: project.settings.seed,
    count: Math.min(MAX_PROPOSALS, options.skipped.length + SPARE_PROPOSALS),
    bootstrapSamples: DEFAULT_BOOTSTRAP_SAMPLES,
    similarity: (a, b) => proximity.similarity(a, b),
  });
  const skipped = new Set(options.skipped.map(([a, b]) => pairKey(a, b)));
  const byRank = [...playing].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.seq - b.seq).map((h) => h.id);
  const chosen =
    proposals.find((p) => !skipped.has(pairKey(p.first, p.second))) ??
    neighbours(byRank, skipped) ??
    // Every pair was skipped: start over with what the pairing wants most.
    proposals[0];
  if (chosen === undefined) return null;
  const [first, second] = options.coin() ? [chosen.first, chosen.second] : [chosen.second, chosen.first];
  return { first: await getHypothesis(db, first, projectId), second: await getHypothesis(db, second, projectId), reason: chosen.reason };
}

/** The closest pair in rank order that was not skipped: neighbours are the most telling comparisons. */
function neighbours(byRank: readonly string[], skipped: ReadonlySet<string>): { first: string; second: string; reason: 'neighbours' } | undefined {
  for (let gap = 1; gap < byRank.length; gap++) {
    for (let i = 0; i + gap < byRank.length; i++) {
      const first = byRank[i] as string;
      const second = byRank[i + gap] as string;
      if (!skipped.has(pairKey(first, second))) return { first, second, reason: 'neighbours' };
    }
  }
  return undefined;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export interface ComparedHypothesis {
  hypothesis: Hypothesis;
  latestReview: ReviewRow | null;
  reviewCount: number;
}

export interface Comparison {
  researchId: string;
  first: ComparedHypothesis;
  second: ComparedHypothesis;
  headToHead: { matches: MatchLogLine[]; firstWins: number; secondWins: number; human: number };
}

export async function compareHypotheses(db: Db, projectId: string, firstId: string, secondId: string): Promise<Comparison> {
  const project = await loadResearch(db, projectId);
  if (firstId === secondId) {
    throw new DomainError('invalid_input', 'Pick two different hypotheses to compare.', { field: 'second_id' });
  }
  const side = async (id: string): Promise<ComparedHypothesis> => {
    const hypothesis = await getHypothesis(db, id, project.id);
    const reviews = await reviewsOfHypothesis(db, hypothesis.id);
    return { hypothesis, latestReview: reviews[reviews.length - 1] ?? null, reviewCount: reviews.length };
  };
  const matches = await headToHead(db, firstId, secondId);
  return {
    researchId: project.id,
    first: await side(firstId),
    second: await side(secondId),
    headToHead: {
      matches,
      firstWins: matches.filter((m) => m.winnerId === firstId).length,
      secondWins: matches.filter((m) => m.winnerId === secondId).length,
      human: matches.filter((m) => m.judge === 'human').length,
    },
  };
}
