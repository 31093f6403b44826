// Comparison work items over a shared set (issue 13): the active scheduler proposes a long list of
// informative pairs; we keep, in its priority order, those that fall inside a small set of
// hypotheses, so a judge reads each hypothesis once and gives many verdicts among them. The
// scheduler still chooses every pair and its slot order; the set's display order is shuffled with
// a seeded draw and recorded in the task, like the slot order of each pair.
import { createRng, deriveSeed, type Leaderboard, type ProposedPair } from './tournament/index.js';

/**
 * Hypotheses one comparison item shows: up to 10 core claims, read once. A larger set catches more
 * of the scheduler's proposals per item, so each hypothesis is shown fewer times per verdict: 10
 * instead of 8 cost ~1k fewer tokens at 20 hypotheses (~1.5k in the longest projects) at the same
 * top-5 recall over 40 scripted projects (docs/benchmarks.md, context cost).
 */
export const SET_SIZE = 10;
/** Judgements one comparison item asks for at most (the result schema's maxItems). */
export const MAX_PAIRS_PER_SET = 30;
/** Pairs the scheduler is asked for, per hypothesis, to fill a set from. */
export const PROPOSALS_PER_HYPOTHESIS = 2;
/** A debate costs several turns: at most one per item, and only where the top is undecided. */
export const MAX_DEBATES_PER_ITEM = 1;
/** Matches each side must have played before a debate is worth it (before that, plain verdicts place them). */
const DEBATE_MIN_MATCHES = 4;

export interface SetPair {
  pair_id: string;
  first: string;
  second: string;
  debate: boolean;
}

export interface ComparisonSetPayload {
  /** The set in display order; `slot` is the letter the item shows. */
  members: Array<{ slot: string; id: string }>;
  pairs: SetPair[];
}

/** Keeps the highest-priority proposals that fit inside one set of at most `maxMembers` hypotheses. */
export function pairsWithinSet(proposals: readonly ProposedPair[], maxMembers = SET_SIZE, maxPairs = MAX_PAIRS_PER_SET): ProposedPair[] {
  const members = new Set<string>();
  const seen = new Set<string>();
  const chosen: ProposedPair[] = [];
  for (const pair of proposals) {
    if (chosen.length >= maxPairs) break;
    const key = [pair.first, pair.second].sort().join('|');
    if (seen.has(key) || pair.first === pair.second) continue;
    const added = (members.has(pair.first) ? 0 : 1) + (members.has(pair.second) ? 0 : 1);
    if (members.size + added > maxMembers) continue;
    members.add(pair.first);
    members.add(pair.second);
    seen.add(key);
    chosen.push(pair);
  }
  return chosen;
}

/**
 * Top contenders whose order is undecided: both in the current top-k and their 95% intervals
 * overlap. Only those are judged through a debate, at most MAX_DEBATES_PER_ITEM per item.
 */
function undecidedTopPair(board: Leaderboard, k: number, a: string, b: string): boolean {
  const top = board.entries.slice(0, k);
  const ea = top.find((e) => e.id === a);
  const eb = top.find((e) => e.id === b);
  if (ea === undefined || eb === undefined || ea.matches < DEBATE_MIN_MATCHES || eb.matches < DEBATE_MIN_MATCHES) return false;
  return ea.ci95[0] <= eb.ci95[1] && eb.ci95[0] <= ea.ci95[1];
}

export function comparisonSetPayload(pairs: readonly ProposedPair[], board: Leaderboard, options: { k: number; seed: number; firstPairNumber: number }): ComparisonSetPayload {
  const ids = [...new Set(pairs.flatMap((pair) => [pair.first, pair.second]))];
  const rng = createRng(deriveSeed(options.seed, 'comparison-set', options.firstPairNumber));
  for (let i = ids.length - 1; i > 0; i -= 1) {
    const j = rng.int(i + 1);
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  let debates = 0;
  return {
    members: ids.map((id, index) => ({ slot: String.fromCharCode(65 + index), id })),
    pairs: pairs.map((pair, index) => {
      const debate = debates < MAX_DEBATES_PER_ITEM && undecidedTopPair(board, options.k, pair.first, pair.second);
      if (debate) debates += 1;
      return { pair_id: `p${options.firstPairNumber + index}`, first: pair.first, second: pair.second, debate };
    }),
  };
}
