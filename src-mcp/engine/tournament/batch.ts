// The state shared by the two pairing phases while one batch of pairs is assembled: who has
// played whom, who is already in this batch, and the current strengths.
import type { IndexedLog } from './matchLog.js';
import type { Rng } from './rng.js';

export interface BatchPair {
  readonly a: number;
  readonly b: number;
  readonly reason: 'swiss' | 'boundary';
}

export class Batch {
  readonly pairs: BatchPair[] = [];
  /** How many pairs of this batch each hypothesis is already in. */
  readonly load: Int32Array;
  /** A random rank per hypothesis, to break ties without favouring ids that sort first. */
  readonly tieBreak: Float64Array;
  private readonly meetings = new Map<number, number>();
  private readonly inBatch = new Set<number>();

  constructor(
    readonly n: number,
    readonly theta: Float64Array,
    readonly played: Int32Array,
    log: IndexedLog,
    readonly rng: Rng,
  ) {
    this.load = new Int32Array(n);
    this.tieBreak = Float64Array.from({ length: n }, () => rng.next());
    for (let j = 0; j < log.first.length; j++) {
      const key = this.key(log.first[j] as number, log.second[j] as number);
      this.meetings.set(key, (this.meetings.get(key) ?? 0) + 1);
    }
  }

  /** Matches already played between a and b, in either slot order. */
  met(a: number, b: number): number {
    return this.meetings.get(this.key(a, b)) ?? 0;
  }

  has(a: number, b: number): boolean {
    return this.inBatch.has(this.key(a, b));
  }

  add(a: number, b: number, reason: BatchPair['reason']): void {
    this.pairs.push({ a, b, reason });
    this.inBatch.add(this.key(a, b));
    this.load[a] = (this.load[a] as number) + 1;
    this.load[b] = (this.load[b] as number) + 1;
  }

  private key(a: number, b: number): number {
    return a < b ? a * this.n + b : b * this.n + a;
  }
}
