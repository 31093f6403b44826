// One simulated tournament per task, so the benchmark can spread seeds over worker threads.
// A task is self-contained (its world, judge and strategies derive from its own seed), so the
// results do not depend on how tasks are scheduled across workers.
import { parentPort } from 'node:worker_threads';
import { deriveSeed } from '../src-mcp/engine/tournament/index.js';
import { createJudge, createWorld, type Judge } from './tournament-judge.js';
import { runRandomElo, runRoundRobin, runScheduler, type RunTrace } from './tournament-sim.js';

export interface SimTask {
  readonly index: number;
  readonly accuracy: number;
  readonly bias: number;
  readonly n: number;
  readonly k: number;
  readonly seed: number;
  readonly batch: number;
  readonly bootstrapSamples: number;
  readonly checkpoints: readonly number[];
  /** Only our scheduler, to see when it certifies (no baselines: they never stop). */
  readonly schedulerOnly?: boolean;
  /** Our scheduler alone, stopped by rankingStop with this threshold (see engine/tournament/stopRule.ts). */
  readonly stopThreshold?: number;
}

export interface SimOutcome {
  readonly index: number;
  readonly ours: RunTrace;
  readonly randomElo: RunTrace | null;
  readonly roundRobin: RunTrace | null;
  /** Wall time of our scheduler's run (fits, bootstraps, pairing), in milliseconds. */
  readonly oursMs: number;
}

const judges = new Map<string, Judge>();

export function runTask(task: SimTask): SimOutcome {
  const judgeKey = `${task.accuracy}/${task.bias}`;
  let judge = judges.get(judgeKey);
  if (judge === undefined) {
    judge = createJudge(task.accuracy, task.bias);
    judges.set(judgeKey, judge);
  }
  // The same world for both judges and all strategies at a given (n, seed): comparisons are paired.
  const world = createWorld(task.n, task.k, deriveSeed(task.seed, 'world', task.n));
  const config = {
    k: task.k,
    checkpoints: task.checkpoints,
    batch: task.batch,
    bootstrapSamples: task.bootstrapSamples,
    seed: deriveSeed(task.seed, 'run', task.n, task.accuracy),
    ...(task.stopThreshold === undefined ? {} : { stopRule: { threshold: task.stopThreshold } }),
  };
  const start = performance.now();
  const ours = runScheduler(world, judge, config);
  const oursMs = performance.now() - start;
  return {
    index: task.index,
    ours,
    randomElo: task.schedulerOnly === true ? null : runRandomElo(world, judge, config),
    roundRobin: task.schedulerOnly === true ? null : runRoundRobin(world, judge, config),
    oursMs,
  };
}

parentPort?.on('message', (task: SimTask) => {
  parentPort?.postMessage(runTask(task));
});
