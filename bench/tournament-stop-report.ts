// The ranking stop rule in the tournament simulator (issue 17): how often it ends comparisons
// within 6n judge calls, the top-k recall it stops with, and the calls it saves against the
// engine's fixed comparison budget (5n), paired with the certification-only scheduler on the same
// worlds and seeds (both make identical choices until the rule stops).
import type { SimOutcome } from './tournament-worker.js';

export interface StopRuleRuns {
  readonly n: number;
  readonly accuracy: number;
  readonly threshold: number;
  readonly budgetMultiple: number;
  readonly outcomes: readonly SimOutcome[];
  /** The certification-only scheduler on the same worlds (the recall table's row), for the paired comparison. */
  readonly fixed: readonly SimOutcome[];
}

/** The engine's comparison budget per competitor (engine/ranking.ts comparisonBudget). */
const FIXED_BUDGET_MULTIPLE = 5;

export function renderStopRule(runs: readonly StopRuleRuns[], checkpointMultiples: readonly number[]): string {
  const fixedColumn = checkpointMultiples.indexOf(FIXED_BUDGET_MULTIPLE);
  const rows = runs.map((run) => {
    const budget = FIXED_BUDGET_MULTIPLE * run.n;
    const stops = run.outcomes.map((o) => o.ours.stoppedAt ?? null);
    const within = stops.filter((s) => s !== null && s <= run.budgetMultiple * run.n).length;
    const spent = stops.map((s) => Math.min(s ?? budget, budget));
    const recallRule = mean(run.outcomes.map((o) => o.ours.recall[0] as number));
    const recallFixed = fixedColumn < 0 || run.fixed.length === 0 ? Number.NaN : mean(run.fixed.map((o) => o.ours.recall[fixedColumn] as number));
    const saved = budget - mean(spent);
    return `| ${run.n} | ${Math.round(run.accuracy * 100)}% | ${run.threshold} | ${within}/${run.outcomes.length} (${pct(within / run.outcomes.length)}) | ${(mean(spent) / run.n).toFixed(2)}n | ${recallRule.toFixed(3)} | ${Number.isNaN(recallFixed) ? '—' : recallFixed.toFixed(3)} | ${saved.toFixed(0)} (${pct(saved / budget)}) |`;
  });
  return [
    '',
    '### Ranking stop rule',
    '',
    'Our scheduler stopped by `rankingStop` (engine/tournament/stopRule.ts): certified, or the expected change of the top-5 ' +
      '(Σ over its members of 1 − P(in top-5)) at most the threshold with the same top-5 as the fit without the last 0.4n matches. ' +
      `Budget ${FIXED_BUDGET_MULTIPLE}n as in the engine (\`comparisonBudget\`); "stopped within 6n" counts rule stops. The fixed-budget ` +
      'column is the certification-only scheduler of the table above on the same worlds, at 5n. Targets: stopped within 6n in ≥ 50% of runs at n = 50 with recall ≥ 0.85.',
    '',
    '| n | Judge | Threshold | Stopped by the rule within 6n | Mean calls (≤ 5n) | Recall at stop | Recall, fixed 5n budget | Calls saved vs 5n |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}
