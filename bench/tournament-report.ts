// The tournament simulator's results as Markdown: mean top-k recall per strategy at each
// checkpoint of judge calls, our scheduler's certification, and the targets of the issue.
import type { RunTrace } from './tournament-sim.js';
import type { SimOutcome } from './tournament-worker.js';

export interface SimConfigSummary {
  readonly accuracy: number;
  readonly n: number;
  readonly outcomes: readonly SimOutcome[];
}

export interface RecallTableContext {
  readonly seeds: number;
  readonly bias: number;
  readonly k: number;
  readonly bootstrapSamples: number;
  readonly checkpointMultiples: readonly number[];
  readonly slopes: ReadonlyMap<number, number>;
  readonly wallSeconds: number;
  readonly workers: number;
}

/** Top-k recall ≥ 0.80 with the 87% judge: at n = 50 within 3n calls, at n = 100 within 5n. */
const TARGETS = [
  { accuracy: 0.87, n: 50, multiple: 3, recall: 0.8 },
  { accuracy: 0.87, n: 100, multiple: 5, recall: 0.8 },
];

const STRATEGIES: ReadonlyArray<{ label: string; pick: (o: SimOutcome) => RunTrace | null; certifies: boolean }> = [
  { label: 'ours: active pairing + BT, certification stop', pick: (o) => o.ours, certifies: true },
  { label: 'random pairs + Elo (K = 32)', pick: (o) => o.randomElo, certifies: false },
  { label: 'round robin (cyclic) + BT', pick: (o) => o.roundRobin, certifies: false },
];

/** Our scheduler alone on a longer budget: how often and how soon certification stops it. */
export interface CertificationRuns {
  readonly n: number;
  readonly accuracy: number;
  readonly budgetMultiple: number;
  readonly outcomes: readonly SimOutcome[];
}

export function renderRecallTable(configs: readonly SimConfigSummary[], longRuns: CertificationRuns, context: RecallTableContext): string {
  const multiples = context.checkpointMultiples;
  const slopes = [...context.slopes].map(([accuracy, slope]) => `${percent(accuracy)} → s = ${slope.toFixed(3)}`).join(', ');
  const header = [
    'Judge',
    'n',
    'Strategy',
    ...multiples.map((m) => `Recall @ ${m === 1 ? '' : m}n`),
    `Certified by ${multiples[multiples.length - 1]}n`,
    'Calls to certify',
    'Recall when certified',
  ];
  const rows: string[][] = [];
  for (const config of configs) {
    for (const strategy of STRATEGIES) {
      const traces = config.outcomes.map(strategy.pick).filter((t): t is RunTrace => t !== null);
      const isOurs = strategy.certifies;
      const certified = traces.filter((t) => t.certifiedAt !== null);
      rows.push([
        percent(config.accuracy),
        String(config.n),
        strategy.label,
        ...multiples.map((_, c) => mean(traces.map((t) => t.recall[c] as number)).toFixed(3)),
        isOurs ? `${certified.length}/${traces.length}` : '—',
        isOurs && certified.length > 0 ? mean(certified.map((t) => t.certifiedAt as number)).toFixed(0) : '—',
        isOurs && certified.length > 0 ? mean(certified.map((t) => t.recallAtCertification as number)).toFixed(3) : '—',
      ]);
    }
  }
  const table = [header, header.map((_, i) => (i < 3 ? '---' : '---:')), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const all = [...configs.flatMap((c) => c.outcomes), ...longRuns.outcomes];
  const oursMs = all.map((o) => o.oursMs);
  return [
    '### Tournament simulator',
    '',
    `Top-${context.k} recall (share of the true top-${context.k} in the reported top-${context.k}) against judge calls, ` +
      `mean of ${context.seeds} simulated tournaments per row (the same worlds for every strategy and judge). ` +
      'Qualities are standard normal; the judge picks the first slot with probability σ(s·(q_first − q_second) + β), ' +
      `β = ${context.bias} logits of first-slot bias, and s calibrated by bisection so that its accuracy over random pairs ` +
      `in random slot order is the stated one (${slopes}). Our scheduler judges batches of n/10 pairs from \`nextPairs\`, ` +
      `refits \`leaderboard\` (${context.bootstrapSamples} bootstrap replicates) after each batch and stops once the ` +
      `top-${context.k} is certified (every member P(in top-${context.k}) ≥ 0.9); later checkpoints then report the ` +
      'certified top-k without spending more calls. Random-pair Elo replays K = 32 in match order; the round robin plays ' +
      'all pairs in circle-method order and ranks by the Bradley-Terry fit. Sources: `bench/tournament*.ts`.',
    '',
    ...table,
    '',
    ...TARGETS.map((target) => targetLine(configs, target, multiples)),
    certificationLine(longRuns),
    `- Simulator: ${all.length} tournaments in ${context.wallSeconds.toFixed(0)} s ` +
      `on ${context.workers} worker thread(s); our scheduler's run (all fits, bootstraps and pairing) took ` +
      `${mean(oursMs).toFixed(0)} ms on average, at most ${Math.max(...oursMs).toFixed(0)} ms.`,
    '',
  ].join('\n');
}

function certificationLine(runs: CertificationRuns): string {
  const certified = runs.outcomes.filter((o) => o.ours.certifiedAt !== null);
  const calls = certified.map((o) => o.ours.certifiedAt as number).sort((a, b) => a - b);
  const label = `- Certification: our scheduler alone at n = ${runs.n}, ${percent(runs.accuracy)} judge, budget ${runs.budgetMultiple}n`;
  if (certified.length === 0) return `${label}: certified in none of ${runs.outcomes.length} runs.`;
  return (
    `${label}: certified in ${certified.length}/${runs.outcomes.length} runs, after ${mean(calls).toFixed(0)} calls on average ` +
    `(median ${calls[Math.floor((calls.length - 1) / 2)]}, i.e. ${(mean(calls) / runs.n).toFixed(1)}n), with top-5 recall ` +
    `${mean(certified.map((o) => o.ours.recallAtCertification as number)).toFixed(3)} when certified.`
  );
}

function targetLine(configs: readonly SimConfigSummary[], target: (typeof TARGETS)[number], multiples: readonly number[]): string {
  const config = configs.find((c) => c.accuracy === target.accuracy && c.n === target.n);
  const column = multiples.indexOf(target.multiple);
  const label = `- Target: top-5 recall ≥ ${target.recall.toFixed(2)} within ${target.multiple}n calls at n = ${target.n}, ${percent(target.accuracy)} judge`;
  if (config === undefined || column < 0) return `${label}: not measured in this run.`;
  const values = config.outcomes.map((o) => o.ours.recall[column] as number);
  const value = mean(values);
  const verdict = value >= target.recall ? 'met' : 'NOT met';
  return `${label}: ${value.toFixed(3)} ± ${standardError(values).toFixed(3)} (standard error), ${verdict}.`;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function standardError(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

function percent(accuracy: number): string {
  return `${Math.round(accuracy * 100)}%`;
}
