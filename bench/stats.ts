// Latency statistics over raw samples. Samples are kept in nanoseconds (process.hrtime.bigint)
// and converted to milliseconds only for reporting, so short calls keep their resolution.

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile (no interpolation): the value of a sample that was actually observed. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) throw new Error('percentile of no samples');
  const rank = Math.max(1, Math.ceil((p / 100) * sortedMs.length));
  return sortedMs[Math.min(rank, sortedMs.length) - 1] as number;
}

/** The nearest-rank median of unsorted values (a round's figure, a ratio): percentile 50, so an observed value. */
export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

export function summarize(samplesNs: readonly bigint[]): LatencySummary {
  const sorted = samplesNs.map((ns) => Number(ns) / 1e6).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    mean: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
  };
}

/** Times one asynchronous operation in nanoseconds. */
export async function timed<T>(operation: () => Promise<T>): Promise<{ value: T; ns: bigint }> {
  const start = process.hrtime.bigint();
  const value = await operation();
  return { value, ns: process.hrtime.bigint() - start };
}
