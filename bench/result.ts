// The shape every benchmark returns, so run.ts and report.ts need no knowledge of any one of them.
import type { LatencySummary } from './stats.js';

export type Percentile = 'p50' | 'p95' | 'p99' | 'max';

export interface BenchResult {
  /** Short name shown in the table, e.g. "Cold start". */
  name: string;
  /** What exactly was measured, e.g. "spawn → initialize result, existing database". */
  detail: string;
  summary: LatencySummary;
  /** The statistics that are meaningful for this sample size (p99 of 20 runs is just the max). */
  reported: readonly Percentile[];
}
