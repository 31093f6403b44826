// Swiss pairing: every hypothesis with fewer than `rounds` matches plays an opponent of similar
// current strength that it has not met. A few such rounds place every hypothesis roughly (a new
// one included) at a cost of n/2 matches per round, far fewer than a round robin's n²/2; close
// opponents are where a comparison says the most about relative order.
import type { Batch } from './batch.js';

/** A logit of strength difference is worth less than avoiding one repeated meeting. */
const REPEAT_PENALTY = 2;
/** Preference, in logits, for an opponent that itself still needs placing. */
const UNDERPLAYED_PREFERENCE = 0.5;
/** Preference, in logits, for a fully similar opponent (similarity 1) over an unrelated one. */
const SIMILARITY_WEIGHT = 0.5;
/** Opponents are searched among this many neighbours by strength on each side first. */
const WINDOW = 24;

export function swissPairs(
  batch: Batch,
  rounds: number,
  count: number,
  similarity: ((a: number, b: number) => number) | undefined,
): void {
  const { n, theta, played, tieBreak, load } = batch;
  // Strongest first; random among equals, so an unplayed field is not paired in id order.
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (theta[b] as number) - (theta[a] as number) || (tieBreak[a] as number) - (tieBreak[b] as number),
  );
  const position = new Int32Array(n);
  order.forEach((item, at) => (position[item] = at));
  // The least played go first: they are the ones Swiss rounds exist for.
  const players = order
    .filter((i) => (played[i] as number) < rounds)
    .sort((a, b) => (played[a] as number) - (played[b] as number) || (tieBreak[a] as number) - (tieBreak[b] as number));

  for (const player of players) {
    if (batch.pairs.length >= count) return;
    if ((load[player] as number) > 0) continue;
    const opponent = bestOpponent(batch, player, order, position[player] as number, rounds, similarity);
    if (opponent !== null) batch.add(player, opponent, 'swiss');
  }
}

function bestOpponent(
  batch: Batch,
  player: number,
  order: readonly number[],
  at: number,
  rounds: number,
  similarity: ((a: number, b: number) => number) | undefined,
): number | null {
  const cost = (q: number): number => {
    let value = Math.abs((batch.theta[player] as number) - (batch.theta[q] as number));
    value += REPEAT_PENALTY * batch.met(player, q);
    if ((batch.played[q] as number) >= rounds) value += UNDERPLAYED_PREFERENCE;
    if (similarity !== undefined) value -= SIMILARITY_WEIGHT * similarity(player, q);
    return value;
  };
  const search = (from: number, to: number): number | null => {
    let best: number | null = null;
    let bestCost = Infinity;
    for (let at2 = Math.max(0, from); at2 < Math.min(order.length, to); at2++) {
      const q = order[at2] as number;
      if (q === player || (batch.load[q] as number) > 0) continue;
      const c = cost(q);
      if (c < bestCost || (c === bestCost && best !== null && (batch.tieBreak[q] as number) < (batch.tieBreak[best] as number))) {
        best = q;
        bestCost = c;
      }
    }
    return best;
  };
  // Near neighbours first (that is what Swiss means); the whole field only if all of them are taken.
  return search(at - WINDOW, at + WINDOW + 1) ?? search(0, order.length);
}
