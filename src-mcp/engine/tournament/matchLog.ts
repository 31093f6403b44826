// Turns (hypothesis ids, match log) into the compact, canonical form every algorithm works on:
// ids sorted by code unit (never by locale, which varies between machines), matches as typed
// arrays of indices. Sorting here is what makes results independent of the order the caller
// listed the ids in.
import { DomainError } from '../errors.js';
import { JUDGE_KINDS, type JudgeKind, type Match } from './types.js';
import { compareCodeUnits } from '../../../src-shared/codeUnitOrder.js';

export interface IndexedLog {
  /** The ranked hypotheses in canonical (code-unit) order; index i everywhere means ids[i]. */
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Per kept match, in log order. */
  readonly first: Int32Array;
  readonly second: Int32Array;
  readonly firstWon: Uint8Array;
  readonly weight: Float64Array;
  /** Index into JUDGE_KINDS. */
  readonly judge: Uint8Array;
  /** Matches skipped because a side is not among the ranked ids. */
  readonly ignored: number;
}

/** Validates and indexes the log. Malformed matches are errors; matches outside the ranked set are skipped. */
export function indexLog(ids: readonly string[], matches: readonly Match[]): IndexedLog {
  const sorted = [...ids].sort(compareCodeUnits);
  const indexOf = new Map<string, number>();
  sorted.forEach((id, i) => {
    if (typeof id !== 'string' || id === '') {
      throw new DomainError('invalid_input', 'Every hypothesis id in a tournament must be a non-empty string.');
    }
    if (indexOf.has(id)) {
      throw new DomainError('invalid_input', `Hypothesis ${id} is listed twice; list each hypothesis once.`, { hypothesis_id: id });
    }
    indexOf.set(id, i);
  });

  const kept: number[] = [];
  let ignored = 0;
  matches.forEach((match, position) => {
    validateMatch(match, position);
    if (indexOf.has(match.first) && indexOf.has(match.second)) kept.push(position);
    else ignored++;
  });

  const m = kept.length;
  const log = {
    ids: sorted,
    indexOf,
    first: new Int32Array(m),
    second: new Int32Array(m),
    firstWon: new Uint8Array(m),
    weight: new Float64Array(m),
    judge: new Uint8Array(m),
    ignored,
  };
  kept.forEach((position, j) => {
    const match = matches[position] as Match;
    log.first[j] = indexOf.get(match.first) as number;
    log.second[j] = indexOf.get(match.second) as number;
    log.firstWon[j] = match.winner === match.first ? 1 : 0;
    log.weight[j] = match.weight ?? 1;
    log.judge[j] = JUDGE_KINDS.indexOf(match.judge);
  });
  return log;
}

function validateMatch(match: Match, position: number): void {
  const label = `Match ${match.id ?? `#${position}`}`;
  if (match.first === match.second) {
    throw new DomainError('invalid_input', `${label} compares ${match.first} with itself; a match needs two different hypotheses.`, {
      match_id: match.id,
    });
  }
  if (match.winner !== match.first && match.winner !== match.second) {
    throw new DomainError(
      'invalid_input',
      `${label} names ${match.winner} as winner, but it compared ${match.first} and ${match.second}; the winner must be one of them.`,
      { match_id: match.id },
    );
  }
  if (!JUDGE_KINDS.includes(match.judge as JudgeKind)) {
    throw new DomainError('invalid_input', `${label} has judge "${String(match.judge)}"; use "model" or "human".`, {
      match_id: match.id,
    });
  }
  const weight = match.weight ?? 1;
  if (!Number.isFinite(weight) || weight <= 0) {
    throw new DomainError('invalid_input', `${label} has weight ${weight}; a weight must be a positive finite number.`, {
      match_id: match.id,
    });
  }
}

/**
 * Matches aggregated by (first slot, second slot, judge kind): the sufficient statistics of the
 * Bradley-Terry likelihood. Fitting on these instead of raw matches makes every iteration cost
 * O(distinct pairs), and a bootstrap replicate only recounts them.
 */
export interface PairTable {
  readonly size: number;
  readonly first: Int32Array;
  readonly second: Int32Array;
  /** Index into JUDGE_KINDS: which position-bias term applies. */
  readonly judge: Uint8Array;
  /** Weighted wins of the first slot and weighted matches, for the observed log. */
  readonly firstWins: Float64Array;
  readonly total: Float64Array;
  /** For each match of the log, the row it counts in (what a bootstrap replicate needs). */
  readonly rowOfMatch: Int32Array;
}

export function aggregatePairs(log: IndexedLog): PairTable {
  const n = log.ids.length;
  const rowOfKey = new Map<number, number>();
  const m = log.first.length;
  const rowOfMatch = new Int32Array(m);
  const first: number[] = [];
  const second: number[] = [];
  const judge: number[] = [];
  for (let j = 0; j < m; j++) {
    const f = log.first[j] as number;
    const s = log.second[j] as number;
    const kind = log.judge[j] as number;
    // n ≤ 2^24 keeps the key exact in a double.
    const key = (f * n + s) * JUDGE_KINDS.length + kind;
    let row = rowOfKey.get(key);
    if (row === undefined) {
      row = first.length;
      rowOfKey.set(key, row);
      first.push(f);
      second.push(s);
      judge.push(kind);
    }
    rowOfMatch[j] = row;
  }
  const size = first.length;
  const firstWins = new Float64Array(size);
  const total = new Float64Array(size);
  for (let j = 0; j < m; j++) {
    const row = rowOfMatch[j] as number;
    const w = log.weight[j] as number;
    total[row] = (total[row] as number) + w;
    if (log.firstWon[j] === 1) firstWins[row] = (firstWins[row] as number) + w;
  }
  return {
    size,
    first: Int32Array.from(first),
    second: Int32Array.from(second),
    judge: Uint8Array.from(judge),
    firstWins,
    total,
    rowOfMatch,
  };
}

/** Matches played and won per hypothesis (unweighted counts, as a scientist would count them). */
export function playedAndWon(log: IndexedLog): { played: Int32Array; won: Int32Array } {
  const n = log.ids.length;
  const played = new Int32Array(n);
  const won = new Int32Array(n);
  for (let j = 0; j < log.first.length; j++) {
    const f = log.first[j] as number;
    const s = log.second[j] as number;
    played[f] = (played[f] as number) + 1;
    played[s] = (played[s] as number) + 1;
    const winner = log.firstWon[j] === 1 ? f : s;
    won[winner] = (won[winner] as number) + 1;
  }
  return { played, won };
}
