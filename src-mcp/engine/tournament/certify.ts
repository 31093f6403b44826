// The stop condition of ranking (architecture.md, *Workflow, tasks and checkpoints* "ranking certified"): the top-k is certified
// when every member is in the top-k in at least `certifyThreshold` of the bootstrap replicates.
// Certification is about the set, not the order inside it: the engine's debates settle that.
import { leaderboard } from './leaderboard.js';
import type { Leaderboard, LeaderboardOptions, Match } from './types.js';

export interface Certification {
  readonly certified: boolean;
  readonly k: number;
  readonly threshold: number;
  /** The current top-k by rank, with their P(in top-k). */
  readonly members: ReadonlyArray<{ readonly id: string; readonly pTopK: number }>;
  /**
   * What still needs matches: members below the threshold, and outsiders that are in the top-k
   * in more than 1 − threshold of the replicates. Empty when certified.
   */
  readonly contested: readonly string[];
}

/** Certifies an already computed leaderboard (no second bootstrap). */
export function certifyTopK(board: Leaderboard): Certification;
/** Computes the leaderboard for the log and certifies it. */
export function certifyTopK(ids: readonly string[], matches: readonly Match[], options?: LeaderboardOptions): Certification;
export function certifyTopK(
  source: Leaderboard | readonly string[],
  matches: readonly Match[] = [],
  options: LeaderboardOptions = {},
): Certification {
  const board = isIdList(source) ? leaderboard(source, matches, options) : source;
  const members = board.entries.slice(0, board.k);
  const contested = board.entries
    .filter((entry, position) => (position < board.k ? !entry.certifiedTopK : entry.pTopK > 1 - board.certifyThreshold))
    .map((entry) => entry.id);
  return {
    certified: board.certified,
    k: board.k,
    threshold: board.certifyThreshold,
    members: members.map((entry) => ({ id: entry.id, pTopK: entry.pTopK })),
    contested: board.certified ? [] : contested,
  };
}

function isIdList(source: Leaderboard | readonly string[]): source is readonly string[] {
  return Array.isArray(source);
}
