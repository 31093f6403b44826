// Synthetic tournaments with known truth: strengths θ (logits) and a Bradley-Terry judge with a
// first-slot bias β, so that tests can check what the fit recovers.
import { createRng, type Match } from '../../../../../src-mcp/engine/tournament/index.js';

export interface Synthetic {
  ids: string[];
  /** True strength per id, in logits. */
  theta: Map<string, number>;
  matches: Match[];
}

export interface SyntheticOptions {
  n: number;
  matches: number;
  seed: number;
  /** Spread of the true strengths (sd, logits). */
  spread?: number;
  /** True first-slot bias in logits. */
  bias?: number;
  judge?: 'model' | 'human';
}

export function ids(n: number, prefix = 'hyp_'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
}

export function synthetic(options: SyntheticOptions): Synthetic {
  const rng = createRng(options.seed);
  const list = ids(options.n);
  const theta = new Map(list.map((id) => [id, rng.normal() * (options.spread ?? 1)]));
  return { ids: list, theta, matches: simulateMatches(list, theta, options.matches, rng.int(2 ** 31), options.bias ?? 0, options.judge) };
}

/** Random pairs in random slot order, judged by P(first wins) = σ(θ_first − θ_second + bias). */
export function simulateMatches(
  list: readonly string[],
  theta: ReadonlyMap<string, number>,
  count: number,
  seed: number,
  bias = 0,
  judge: 'model' | 'human' = 'model',
  idPrefix = 'm',
): Match[] {
  const rng = createRng(seed);
  const n = list.length;
  const matches: Match[] = [];
  for (let j = 0; j < count; j++) {
    const a = rng.int(n);
    const b = (a + 1 + rng.int(n - 1)) % n;
    const first = list[a] as string;
    const second = list[b] as string;
    const p = 1 / (1 + Math.exp(-((theta.get(first) as number) - (theta.get(second) as number) + bias)));
    matches.push({ id: `${idPrefix}${j}`, first, second, winner: rng.next() < p ? first : second, judge });
  }
  return matches;
}

/** A match where `winner` beat `loser`, shown in the given order. */
export function beat(winner: string, loser: string, id: string, winnerFirst = true): Match {
  return winnerFirst
    ? { id, first: winner, second: loser, winner, judge: 'model' }
    : { id, first: loser, second: winner, winner, judge: 'model' };
}

export function spearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (values: readonly number[]): number[] => {
    const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
    const rank = new Array<number>(values.length);
    order.forEach((i, position) => (rank[i] = position));
    return rank;
  };
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += ((rx[i] as number) - (ry[i] as number)) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}
