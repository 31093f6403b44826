// The tournament benchmark (architecture.md, *Tournament*): how fast the ranking core is, and how well our
// scheduler finds the true top-5 per judge call compared with random-pair Elo and a round robin.
//
// Timing rows go into the shared results table; the simulator's recall table follows it as an
// appendix (see bench/tournament-judge.ts for the simulated world and the judge calibration).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRng, DEFAULT_STOP_THRESHOLD, fitBradleyTerry, leaderboard, nextPairs, type Match } from '../src-mcp/engine/tournament/index.js';
import type { BenchResult } from './result.js';
import { summarize } from './stats.js';
import { createJudge, createWorld, randomLog } from './tournament-judge.js';
import { renderRecallTable, type SimConfigSummary } from './tournament-report.js';
import { renderStopRule } from './tournament-stop-report.js';
import { runTask, type SimOutcome, type SimTask } from './tournament-worker.js';

export interface TournamentBenchOptions {
  /** Simulated tournaments per (judge, n). */
  readonly seeds: number;
  readonly sizes: readonly number[];
  readonly accuracies: readonly number[];
  /** The simulated judge's first-slot bias, in logits. */
  readonly bias: number;
  readonly k: number;
  /** Bootstrap replicates per scheduler leaderboard (the default leaderboard uses 200). */
  readonly bootstrapSamples: number;
  /** Checkpoints as multiples of n; the last is the budget. */
  readonly checkpointMultiples: readonly number[];
  /** A longer run of our scheduler alone, to see when certification stops it. */
  readonly certification: { readonly n: number; readonly accuracy: number; readonly budgetMultiple: number };
  /** Our scheduler stopped by the ranking stop rule (certified or settled) at these sizes, on the same worlds as the table. */
  readonly stopRule: { readonly sizes: readonly number[]; readonly accuracy: number; readonly threshold: number; readonly budgetMultiple: number };
}

export const TOURNAMENT_DEFAULTS: TournamentBenchOptions = {
  seeds: 30,
  sizes: [20, 50, 100],
  accuracies: [0.87, 0.74],
  bias: 0.3,
  k: 5,
  bootstrapSamples: 100,
  checkpointMultiples: [1, 2, 3, 5],
  certification: { n: 20, accuracy: 0.87, budgetMultiple: 20 },
  stopRule: { sizes: [50, 100], accuracy: 0.87, threshold: DEFAULT_STOP_THRESHOLD, budgetMultiple: 6 },
};

export async function benchTournament(
  options: TournamentBenchOptions = TOURNAMENT_DEFAULTS,
): Promise<{ results: BenchResult[]; appendix: string }> {
  // Timings first, while no simulator worker competes for the cores.
  const results = timingBenchmarks();
  const tasks: SimTask[] = [];
  for (const accuracy of options.accuracies) {
    for (const n of options.sizes) {
      for (let seed = 0; seed < options.seeds; seed++) {
        tasks.push({
          index: tasks.length,
          accuracy,
          bias: options.bias,
          n,
          k: options.k,
          seed,
          // Batches of n/10 pairs: what an engine judging in parallel would ask for.
          batch: Math.max(2, Math.round(n / 10)),
          bootstrapSamples: options.bootstrapSamples,
          checkpoints: options.checkpointMultiples.map((multiple) => multiple * n),
        });
      }
    }
  }
  const { certification } = options;
  const certificationTasks: SimTask[] = [];
  for (let seed = 0; seed < options.seeds; seed++) {
    certificationTasks.push({
      index: tasks.length + certificationTasks.length,
      accuracy: certification.accuracy,
      bias: options.bias,
      n: certification.n,
      k: options.k,
      seed,
      batch: Math.max(2, Math.round(certification.n / 10)),
      bootstrapSamples: options.bootstrapSamples,
      checkpoints: [certification.budgetMultiple * certification.n],
      schedulerOnly: true,
    });
  }
  const { stopRule } = options;
  const stopTasks: SimTask[] = [];
  for (const n of stopRule.sizes) {
    for (let seed = 0; seed < options.seeds; seed++) {
      stopTasks.push({
        index: tasks.length + certificationTasks.length + stopTasks.length,
        accuracy: stopRule.accuracy,
        bias: options.bias,
        n,
        k: options.k,
        seed,
        batch: Math.max(2, Math.round(n / 10)),
        bootstrapSamples: options.bootstrapSamples,
        // Recall at the engine's fixed budget (comparisonBudget: 5n) and at the 6n.
        checkpoints: [5 * n, stopRule.budgetMultiple * n],
        schedulerOnly: true,
        stopThreshold: stopRule.threshold,
      });
    }
  }
  const workers = Math.max(1, Math.min(os.availableParallelism(), 4));
  const start = performance.now();
  const outcomes = await runPool([...tasks, ...certificationTasks, ...stopTasks], workers);
  const wallSeconds = (performance.now() - start) / 1000;
  const configs: SimConfigSummary[] = [];
  for (const accuracy of options.accuracies) {
    for (const n of options.sizes) {
      const chosen = tasks.filter((t) => t.accuracy === accuracy && t.n === n).map((t) => outcomes[t.index] as SimOutcome);
      configs.push({ accuracy, n, outcomes: chosen });
    }
  }
  const slopes = new Map(options.accuracies.map((a) => [a, createJudge(a, options.bias).slope]));
  const longRuns = { ...certification, outcomes: certificationTasks.map((t) => outcomes[t.index] as SimOutcome) };
  const stopRuns = stopRule.sizes.map((n) => ({
    n,
    ...stopRule,
    outcomes: stopTasks.filter((t) => t.n === n).map((t) => outcomes[t.index] as SimOutcome),
    fixed: configs.find((c) => c.n === n && c.accuracy === stopRule.accuracy)?.outcomes ?? [],
  }));
  return { results, appendix: renderRecallTable(configs, longRuns, { ...options, slopes, wallSeconds, workers }) + renderStopRule(stopRuns, options.checkpointMultiples) };
}

/**
 * Worker threads do not inherit the tsx loader that runs the benchmarks (`node --import tsx`), so
 * each worker registers it before importing the TypeScript worker module.
 */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./tournament-worker.ts', import.meta.url).href)}); })`;

/** Runs tasks on `workers` threads (in-process when 1); results are indexed by task, not by arrival. */
async function runPool(tasks: readonly SimTask[], workers: number): Promise<SimOutcome[]> {
  const outcomes: SimOutcome[] = new Array<SimOutcome>(tasks.length);
  if (workers <= 1) {
    for (const task of tasks) outcomes[task.index] = runTask(task);
    return outcomes;
  }
  let next = 0;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const pool = Array.from({ length: workers }, () => new Worker(WORKER_BOOTSTRAP, { eval: true }));
    const feed = (worker: Worker): void => {
      const task = tasks[next++];
      if (task !== undefined) worker.postMessage(task);
    };
    for (const worker of pool) {
      worker.on('message', (outcome: SimOutcome) => {
        outcomes[outcome.index] = outcome;
        done++;
        if (done % 40 === 0) process.stderr.write(`bench: tournament simulator ${done}/${tasks.length}\n`);
        if (done === tasks.length) {
          void Promise.all(pool.map((w) => w.terminate())).then(() => resolve());
        } else {
          feed(worker);
        }
      });
      worker.on('error', reject);
      feed(worker);
    }
  });
  return outcomes;
}

/** Latency of the calls the engine makes after every batch of matches, and of a large plain fit. */
function timingBenchmarks(): BenchResult[] {
  const judge = createJudge(0.87, 0.3);
  const log = (n: number, m: number, seed: number): { ids: readonly string[]; matches: Match[] } => {
    const world = createWorld(n, 5, seed);
    return { ids: world.ids, matches: randomLog(world, judge, m, createRng(seed + 1)) };
  };
  const time = (repetitions: number, make: (i: number) => () => void): bigint[] => {
    make(-1)(); // Warm-up: the first call includes JIT compilation.
    const samples: bigint[] = [];
    for (let i = 0; i < repetitions; i++) {
      const operation = make(i);
      const start = process.hrtime.bigint();
      operation();
      samples.push(process.hrtime.bigint() - start);
    }
    return samples;
  };
  const row = (name: string, detail: string, samples: bigint[]): BenchResult => ({
    name,
    detail,
    summary: summarize(samples),
    reported: ['p50', 'p95', 'max'],
  });
  const small = (m: number) => (i: number) => log(100, m, 500 + i);
  /** The full leaderboard (200 bootstrap replicates) of 100 hypotheses after `m` matches, one of `logs` logs per sample. */
  const leaderboardRow = (name: string, m: number, logs: number): BenchResult =>
    row(
      name,
      `leaderboard with 200 bootstrap replicates, 100 hypotheses, ${m.toLocaleString('en-US')} matches (${logs} logs)`,
      time(logs, (i) => {
        const { ids, matches } = small(m)(i);
        return () => leaderboard(ids, matches, { seed: i });
      }),
    );
  return [
    row(
      'Tournament: BT fit',
      'fitBradleyTerry, 100 hypotheses, 3,000 matches (20 logs)',
      time(20, (i) => {
        const { ids, matches } = small(3000)(i);
        return () => fitBradleyTerry(ids, matches);
      }),
    ),
    leaderboardRow('Tournament: leaderboard', 3000, 10),
    leaderboardRow('Tournament: leaderboard at 5n', 500, 20),
    row(
      'Tournament: next pairs',
      'nextPairs, batch of 10, 100 hypotheses, 500 matches, leaderboard given (20 logs)',
      time(20, (i) => {
        const { ids, matches } = small(500)(i);
        const board = leaderboard(ids, matches, { seed: i });
        return () => nextPairs(ids, matches, { seed: i, count: 10, board });
      }),
    ),
    row(
      'Tournament: large BT fit',
      'fitBradleyTerry, 10,000 hypotheses, 100,000 random matches (3 logs)',
      time(3, (i) => {
        const { ids, matches } = log(10_000, 100_000, 900 + i);
        return () => fitBradleyTerry(ids, matches);
      }),
    ),
  ];
}
