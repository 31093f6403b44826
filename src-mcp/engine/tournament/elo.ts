// Elo, for display only: scientists expect an Elo number (docs/seed-mapping.md, seed 000 starts every hypothesis at
// 1000), but Elo depends on match order and forgets, so the ranking itself comes from the
// Bradley-Terry fit. Replaying the log in order makes it a pure function of the log.
import { indexLog, type IndexedLog } from './matchLog.js';
import type { EloOptions, Match } from './types.js';

export const ELO_INITIAL = 1000;
export const ELO_K = 32;

/** Elo per hypothesis after replaying the log in order. Matches outside `ids` are skipped. */
export function eloRatings(ids: readonly string[], matches: readonly Match[], options: EloOptions = {}): Map<string, number> {
  const log = indexLog(ids, matches);
  const ratings = replayElo(log, options);
  return new Map(log.ids.map((id, i) => [id, ratings[i] as number]));
}

/**
 * The same replay on an indexed log, indexed by canonical position. `afterMatch` sees the ratings
 * after each match j between positions f and s (the Elo history chart records its points there).
 */
export function replayElo(log: IndexedLog, options: EloOptions = {}, afterMatch?: (j: number, f: number, s: number, ratings: Float64Array) => void): Float64Array {
  const k = options.k ?? ELO_K;
  const ratings = new Float64Array(log.ids.length).fill(options.initial ?? ELO_INITIAL);
  for (let j = 0; j < log.first.length; j++) {
    const f = log.first[j] as number;
    const s = log.second[j] as number;
    const expectedFirst = 1 / (1 + 10 ** (((ratings[s] as number) - (ratings[f] as number)) / 400));
    const delta = k * (log.weight[j] as number) * ((log.firstWon[j] as number) - expectedFirst);
    ratings[f] = (ratings[f] as number) + delta;
    ratings[s] = (ratings[s] as number) - delta;
    afterMatch?.(j, f, s, ratings);
  }
  return ratings;
}
